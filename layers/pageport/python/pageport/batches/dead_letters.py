"""Dead letters: a worker message that exhausted its receives fails its job, through the
operation that owns its kind. Fenced (attempt, nonce, processing) and idempotent. Unless its
attempt had finished and only its report was lost (an outage outlasting the receives): then the
report is recorded instead (batches/lost_reports.py).

A dead letter that names no job we can fail (not JSON, no or an unknown `kind`, or a body its
operation refuses) is never dropped: it is kept whole (body, attributes, message attributes,
message id and source queue) under `dead-letters/` in the artifact bucket, counted
(`DeadLettersKept`, alarmed in infra/monitoring.py) and left for a person to look at. Its key is
its message id (SQS keeps it across the DLQ move and redeliveries), written only if absent, so a
redelivered copy is not kept twice. Until it is kept the record fails and SQS keeps it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from pageport import metrics
from pageport.batches import registry
from pageport.db import Connection
from pageport.logging import logger
from pageport.storage import DEAD_LETTER_PREFIX, ArtifactStore, ConditionalWriteLost, sha256_hex
from pageport.workers.scoped import CREDENTIALS_FIELD

# A letter of any kind fails its job through that kind's entry: all registered at INIT.
registry.load()

DEAD_LETTER_MESSAGE = "The worker could not finish this job. Please try again."
_SAFE_ID = re.compile(r"[A-Za-z0-9-]{1,128}")


@dataclass(frozen=True, slots=True)
class DeadLetter:
    """One DLQ record as the SQS event source hands it over."""

    body: str
    message_id: str = ""
    source_arn: str = ""
    attributes: Mapping[str, Any] = field(default_factory=dict)
    message_attributes: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> DeadLetter:
        return cls(
            body=str(record.get("body", "")),
            message_id=str(record.get("messageId", "")),
            source_arn=str(record.get("eventSourceARN", "")),
            attributes=dict(record.get("attributes") or {}),
            message_attributes=dict(record.get("messageAttributes") or {}),
        )

    def without_credentials(self) -> DeadLetter:
        """The letter as its job's message: the S3 credentials its sender minted for the worker
        are no part of the job (its model refuses them) and are never kept."""
        try:
            message = json.loads(self.body)
        except ValueError:
            return self
        if not isinstance(message, dict) or CREDENTIALS_FIELD not in message:
            return self
        del message[CREDENTIALS_FIELD]
        return replace(self, body=json.dumps(message, separators=(",", ":")))

    @property
    def key(self) -> str:
        """By message id (a UUID); by the body's SHA-256 if the id is not a safe key."""
        name = self.message_id if _SAFE_ID.fullmatch(self.message_id) else "sha256-" + sha256_hex(self.body.encode())
        return f"{DEAD_LETTER_PREFIX}{name}.json"


def handle_dead_letter(
    connect: Callable[[], Connection], letter: DeadLetter, store: ArtifactStore | None = None
) -> bool:
    """Returns whether a job changed. A letter naming no job it can fail is kept (keep_dead_letter)
    without touching the database (`connect` is called only for a letter that names a job)."""
    letter = letter.without_credentials()
    try:
        message = json.loads(letter.body)
        kind = message.get("kind") if isinstance(message, dict) else None
    except ValueError:
        kind = None
    operation = registry.operation_for_message_kind(kind) if isinstance(kind, str) else None
    if operation is None:
        keep_dead_letter(letter, "unrecognised", store)
        return False
    from pageport.batches.lost_reports import record_if_finished  # its imports only when a letter comes

    recorded = record_if_finished(connect, str(kind), message, store or ArtifactStore.default())
    if recorded is not None:
        return recorded
    try:
        conn = connect()
        with conn.transaction(), conn.cursor() as cur:
            changed = operation.dead_letter(cur, message, DEAD_LETTER_MESSAGE)
    except ValidationError:
        keep_dead_letter(letter, "malformed", store)
        return False
    logger.info("dead letter handled", extra={"kind": kind, "changed": changed})
    metrics.dead_letter_handled(operation.type)
    if changed:  # only the copy that failed the job counts it (the handling is idempotent)
        metrics.job_finished(operation.type, "failed", "DeadLettered")
    return changed


def keep_dead_letter(letter: DeadLetter, reason: str, store: ArtifactStore | None = None) -> str:
    """Store the whole letter under dead-letters/ (once) and count it; returns its key. Raises
    (and SQS keeps the record) if S3 cannot take it."""
    store = store or ArtifactStore.default()
    document = {
        "reason": reason,
        "messageId": letter.message_id,
        "sourceQueueArn": letter.source_arn,
        "attributes": dict(letter.attributes),
        "messageAttributes": dict(letter.message_attributes),
        "body": letter.body,
        "keptAt": datetime.now(UTC).isoformat().replace("+00:00", "Z"),
    }
    data = json.dumps(document, sort_keys=True, default=str).encode()
    log = {"key": letter.key, "reason": reason, "source_queue": letter.source_arn.rsplit(":", 1)[-1]}
    try:
        store.put(letter.key, data, "application/json", only_if_absent=True)
    except ConditionalWriteLost:
        logger.info("dead letter already kept (a redelivery)", extra=log)
        return letter.key
    logger.error("dead letter kept for inspection: no job to fail", extra=log)
    metrics.dead_letter_kept()
    return letter.key
