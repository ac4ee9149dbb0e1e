"""Pydantic models shared by every kind: API field types (`api`), table rows (`rows`), worker
message basics (`messages`), artifact references (`manifests`), sign-in and admin bodies. Each
kind's own bodies are in `pageport.kinds.<kind>.models`, the batch bodies in `pageport.batches.models`."""
