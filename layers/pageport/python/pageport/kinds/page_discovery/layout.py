"""Where artifacts live in the bucket (design.md). Shared by the API and the workers, and
free of database imports so a worker never loads the PostgreSQL driver."""

from __future__ import annotations


def discovery_prefix(batch_item_id: str) -> str:
    return f"discovery/{batch_item_id}/"


def discovery_status_key(batch_item_id: str) -> str:
    return discovery_prefix(batch_item_id) + "status.json"


def discovery_pages_key(batch_item_id: str) -> str:
    return discovery_prefix(batch_item_id) + "pages.json"
