"""A dead letter whose work was done: the attempt finished and stored its manifest (written last),
but its report could not be recorded before the message ran out of receives (the database away
longer than the worker's retries and SQS's redeliveries: about 26 minutes for a capture on AWS,
docs/outages.md). That is the platform's failure, not the job's: the report is recorded now, as
the kind's webhook records it (the fence and every artifact's hash checked), instead of the job
being failed. If the database is still away, the letter waits in its DLQ for the next try."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, cast

from pydantic import ValidationError

from pageport import kinds
from pageport.db import Connection
from pageport.logging import logger
from pageport.services.webhooks import WebhookCall, WebhookEndpoint, WebhookMismatch, apply_webhook
from pageport.storage import ArtifactMissing, ArtifactStore
from pageport.workers.attempts import MAX_MANIFEST_BYTES, JobManifest


def record_if_finished(
    connect: Callable[[], Connection], message_kind: str, message: Mapping[str, Any], store: ArtifactStore
) -> bool | None:
    """The platform lost the report, not the job: a letter whose attempt finished (its manifest,
    written last, is stored) is recorded as its webhook would record it, artifacts verified,
    instead of failing the job. Returns whether the job changed; None when the attempt did not
    finish (or names no job-table kind): then the letter fails its job."""
    kind = next((k for k in kinds.all_kinds() if k.queue == message_kind), None)
    prefix = message.get("artifactPrefix")
    if kind is None or kind.webhook is None or not isinstance(prefix, str) or not prefix:
        return None
    key = prefix + "manifest.json"
    endpoint: WebhookEndpoint[Any] = importlib.import_module(f"{kind.package}.webhook").ENDPOINT
    try:
        read = endpoint.kind.manifest_model.model_validate_json(store.get(key, max_bytes=MAX_MANIFEST_BYTES))
        manifest = cast(JobManifest, read)  # every job-table kind's manifest repeats its fence
        job_id = kind.s3_access(message).job_id
        call = WebhookCall(
            job_id,
            int(message.get("attempt", 0)),
            str(message.get("nonce", "")),
            manifest.outcome,
            store.url(key),
            manifest.reported_warning_count,
        )
    except (ArtifactMissing, ValidationError, KeyError, TypeError, ValueError):
        return None
    try:
        result = apply_webhook(connect(), endpoint.kind, call, store)
    except WebhookMismatch:
        # Not this job's finished attempt (moved on, or its artifacts fail their checks): the
        # letter fails the job as any other would (a fenced no-op if the job moved on).
        return None
    logger.warning(
        "dead letter of a finished attempt: its report was recorded, not the job failed",
        extra={"kind": kind.name, "job_id": job_id, "outcome": call.outcome, "applied": result.applied},
    )
    return result.applied
