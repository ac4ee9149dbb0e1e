"""Pydantic models: API bodies (`api`), table rows (`rows`), worker messages and webhooks
(`messages`), and artifact manifests (`manifests`)."""
