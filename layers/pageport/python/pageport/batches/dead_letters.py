"""Dead letters: a worker message that exhausted its receives fails its job, through the
operation that owns its kind. Fenced (attempt, nonce, processing) and idempotent."""

from __future__ import annotations

import json

from pydantic import ValidationError

from pageport import metrics
from pageport.batches import registry
from pageport.db import Connection
from pageport.logging import logger

DEAD_LETTER_MESSAGE = "The worker could not finish this job. Please try again."


def handle_dead_letter(conn: Connection, body: str) -> bool:
    """Returns whether a job changed. Unknown or malformed messages are logged and dropped:
    retrying them could never succeed."""
    try:
        message = json.loads(body)
        kind = message.get("kind") if isinstance(message, dict) else None
    except ValueError:
        kind = None
    operation = registry.operation_for_message_kind(kind) if isinstance(kind, str) else None
    if operation is None:
        logger.error("dropping an unrecognised dead letter", extra={"kind": kind})
        return False
    try:
        with conn.transaction(), conn.cursor() as cur:
            changed = operation.dead_letter(cur, message, DEAD_LETTER_MESSAGE)
    except ValidationError:
        logger.error("dropping a malformed dead letter", extra={"kind": kind})
        return False
    logger.info("dead letter handled", extra={"kind": kind, "changed": changed})
    metrics.dead_letter_handled(operation.type)
    if changed:  # only the copy that failed the job counts it (the handling is idempotent)
        metrics.job_finished(operation.type, "failed", "DeadLettered")
    return changed
