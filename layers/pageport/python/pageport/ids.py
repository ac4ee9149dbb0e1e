"""Backend ids: UUIDv7 (time-ordered, so primary-key inserts stay append-mostly)."""

from __future__ import annotations

import secrets
import uuid

import uuid6


def new_id() -> str:
    value: uuid.UUID = uuid6.uuid7()
    return str(value)


def new_nonce() -> str:
    """The per-job webhook fence: unguessable, never shown by a user route."""
    return secrets.token_urlsafe(32)
