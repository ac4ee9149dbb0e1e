"""Which copy of a message writes an attempt's results.

SQS delivers at least once, sometimes to two workers at once. Both may do the work, so the
writes decide: the first result object whose bytes differ between copies (capture.json,
result.json, failure.json, a discovery's pages.json) is a claim, written only if absent
(S3 If-None-Match). A copy that loses writes nothing the winner's results name; it raises
AttemptInProgress, which hands its message back to SQS to look again later.

A copy runs no longer than its Lambda's timeout, so a claim older than that (the
`claim_expires_after_s` setting) was left by a copy that stopped before finishing: the next
copy takes it over (If-Match on the version it saw). SQS redelivers a message only after its
visibility timeout, 6x the worker's (infra/messaging.py), so a redelivered copy always finds
an orphaned claim expired.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from pageport.logging import logger
from pageport.models.manifests import ArtifactRef
from pageport.settings import get_settings
from pageport.storage import ArtifactStore, ConditionalWriteLost, ObjectVersion


class AttemptInProgress(Exception):
    """Another copy of this message holds the attempt and has not finished it: raised so SQS
    redelivers this copy later, when that one has finished or stopped."""


def claim(store: ArtifactStore, key: str, data: bytes, content_type: str) -> ArtifactRef:
    """Write `data` at `key` unless another live copy has: then raise AttemptInProgress."""
    try:
        return store.put(key, data, content_type, only_if_absent=True)
    except ConditionalWriteLost:
        held = store.head(key)
    if held is None or not _expired(held):
        raise AttemptInProgress(key)
    logger.warning("taking over a claim left by a copy that stopped", extra={"key": key})
    try:
        return store.put(key, data, content_type, replacing=held)
    except ConditionalWriteLost:  # another copy took it over first
        raise AttemptInProgress(key) from None


def yield_to_live_claim(store: ArtifactStore, key: str) -> None:
    """Before reporting a failure: if another copy holds a live success claim at `key`, its
    success must not be beaten by this copy's failure, so this copy hands its message back."""
    held = store.head(key)
    if held is not None and not _expired(held):
        raise AttemptInProgress(key)


def _expired(version: ObjectVersion) -> bool:
    return datetime.now(UTC) - version.last_modified >= timedelta(seconds=get_settings().claim_expires_after_s)
