"""A discovery item's `status.json`: published by its worker as it goes and, when the item is
cancelled or dead-lettered, by the backend. A terminal status ("1" completed, "2" failed) is
final. Every write is a compare-and-swap on the version it read (S3 If-Match, or If-None-Match
for the first), so neither writer can replace a terminal status the other wrote a moment before."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from pageport.kinds.page_discovery.layout import discovery_status_key
from pageport.storage import ArtifactMissing, ArtifactStore, ConditionalWriteLost, ObjectVersion

TERMINAL = ("1", "2")
MAX_STATUS_BYTES = 64 * 1024
# Only the worker and the backend write an item's status: losing this many races in a row
# means something else is writing it.
_MAX_TRIES = 5


class StatusContended(Exception):
    """The status kept changing under every write."""


def read_status(store: ArtifactStore, item_id: str) -> dict[str, Any] | None:
    """The published status document; None if none yet (or unreadable: still processing)."""
    return _read(store, item_id)[0]


def status_of(document: Mapping[str, Any] | None) -> str | None:
    status = document.get("status") if document else None
    return str(status) if status is not None else None


def publish_status(
    store: ArtifactStore, item_id: str, document: Callable[[dict[str, Any] | None], Mapping[str, Any]]
) -> str | None:
    """Write `document(current)` as the item's status unless the current one is terminal.

    Returns None once written, or the terminal status that was found instead."""
    key = discovery_status_key(item_id)
    for _ in range(_MAX_TRIES):
        current, version = _read(store, item_id)
        if (status := status_of(current)) in TERMINAL:
            return status
        body = json.dumps(document(current)).encode()
        try:
            store.put(key, body, "application/json", only_if_absent=version is None, replacing=version)
        except ConditionalWriteLost:
            continue  # written by the other side since it was read: look again
        return None
    raise StatusContended(key)


def _read(store: ArtifactStore, item_id: str) -> tuple[dict[str, Any] | None, ObjectVersion | None]:
    try:
        data, version = store.get_versioned(discovery_status_key(item_id), max_bytes=MAX_STATUS_BYTES)
    except ArtifactMissing:
        return None, None
    try:
        document = json.loads(data)
    except ValueError:
        return None, version  # unreadable: not terminal, and replaced by the next write
    return (document if isinstance(document, dict) else None), version
