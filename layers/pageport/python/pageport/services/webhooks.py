"""Worker webhooks: fenced, verified, idempotent completion of a job-table kind's jobs. Each such
kind names its descriptor (table and prefix), manifest and success columns
(`pageport.kinds.<kind>.webhook.JOB_KIND`).

Order of checks: the row's id, attempt and nonce (constant time); the manifest's location and
identity; the artifacts' SHA-256; then one UPDATE that applies only while the row is still
processing and not deleted. A replay of what was applied answers 200 and changes nothing;
anything else that does not match answers 409 and changes nothing.
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from pageport import metrics
from pageport.db import Connection, Cursor, read, shared_connection
from pageport.errors import Conflict
from pageport.kinds import Kind
from pageport.logging import logger
from pageport.models.manifests import ArtifactRef
from pageport.services.tenancy import BACKEND_WEBHOOK
from pageport.storage import ArtifactMissing, ArtifactStore, sha256_hex

MAX_MANIFEST_BYTES = 1024 * 1024
MAX_ERROR_MESSAGE = 1000
_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class WebhookMismatch(Conflict):
    code = "webhook_mismatch"
    default_message = "The webhook does not match the job."


@dataclass(frozen=True, slots=True)
class WebhookCall:
    job_id: str
    attempt: int
    nonce: str
    outcome: Literal["succeeded", "failed"]
    manifest_url: str
    warning_count: int | None = None


@dataclass(frozen=True, slots=True)
class WebhookResult:
    applied: bool  # False: a replay of what was already applied


@dataclass(frozen=True, slots=True)
class JobKind:
    """What differs between the job tables; the protocol itself is shared."""

    descriptor: Kind  # names the job table and the S3 prefix its attempts write under
    manifest_model: type[BaseModel]  # repeats the fence: `job_id`, attempt, nonce
    # Verified success columns (artifacts checked against their hashes).
    success_columns: Callable[[Any, WebhookCall, ArtifactStore], dict[str, Any]]

    @property
    def table(self) -> str:
        return self.descriptor.job_table or ""


PayloadT = TypeVar("PayloadT", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class WebhookEndpoint(Generic[PayloadT]):
    """What a kind's webhook module offers the shared webhook handler (functions/webhook), as
    `ENDPOINT` in `kinds/<kind>/webhook.py`: its job table, the body it accepts, the call it is."""

    kind: JobKind
    payload_model: type[PayloadT]
    to_call: Callable[[PayloadT], WebhookCall]


def safe_error_message(text: str | None) -> str:
    cleaned = _UNSAFE.sub(" ", text or "").strip()
    return (cleaned or "The job failed.")[:MAX_ERROR_MESSAGE]


def verified(store: ArtifactStore, ref: ArtifactRef | None, prefix: str) -> ArtifactRef:
    if ref is None or not ref.key.startswith(prefix) or ".." in ref.key:
        raise WebhookMismatch("The manifest does not name the job's artifacts.")
    try:
        data = store.get(ref.key)
    except ArtifactMissing:
        raise WebhookMismatch("An artifact named by the manifest is missing.") from None
    if not hmac.compare_digest(sha256_hex(data), ref.sha256):
        raise WebhookMismatch("An artifact does not match its SHA-256.")
    return ref


def job_prefix(kind: JobKind, call: WebhookCall) -> str:
    return f"{kind.descriptor.s3_prefix}{call.job_id}/{call.attempt}/"


def _failure_columns(manifest: Any, call: WebhookCall, kind: JobKind, store: ArtifactStore) -> dict[str, Any]:
    columns: dict[str, Any] = {"status": "2", "error_message": safe_error_message(manifest.error_message)}
    if manifest.failure is not None:
        columns["result_url"] = store.url(verified(store, manifest.failure, job_prefix(kind, call)).key)
    return columns


def _read_manifest(kind: JobKind, call: WebhookCall, store: ArtifactStore) -> Any:
    expected_key = job_prefix(kind, call) + "manifest.json"
    try:
        key = store.key_of(call.manifest_url)
    except ArtifactMissing:
        raise WebhookMismatch("The manifest is not in the artifact bucket.") from None
    if key != expected_key:
        raise WebhookMismatch("The manifest is not where this job writes it.")
    try:
        manifest: BaseModel = kind.manifest_model.model_validate_json(store.get(key, max_bytes=MAX_MANIFEST_BYTES))
    except (ArtifactMissing, ValidationError):
        raise WebhookMismatch("The manifest is missing or malformed.") from None
    same = (
        getattr(manifest, "job_id", None) == call.job_id
        and getattr(manifest, "attempt", None) == call.attempt
        and hmac.compare_digest(str(getattr(manifest, "nonce", "")).encode(), call.nonce.encode())
        and getattr(manifest, "outcome", None) == call.outcome
    )
    if not same:
        raise WebhookMismatch("The manifest does not repeat the job's identity.")
    return manifest


def _fence_row(executor: Connection | Cursor, table: str, job_id: str) -> dict[str, Any] | None:
    row: dict[str, Any] | None = executor.execute(
        f"SELECT id, attempt, nonce, status, deleted_at, result_url, error_message FROM {table} WHERE id = %s",  # noqa: S608 - table from JobKind
        (job_id,),
    ).fetchone()
    return row


def apply_webhook(conn: Connection | None, kind: JobKind, call: WebhookCall, store: ArtifactStore) -> WebhookResult:
    """Apply a worker's report, fenced by attempt and nonce. With `conn` None it runs on the
    container's shared connection, whose first statement (the fence read, which writes nothing)
    is retried on a fresh connection if the proxy had closed the old one while it idled."""
    table = kind.table
    if conn is None:
        row = read(lambda cur: _fence_row(cur, table, call.job_id))
        conn = shared_connection()
    else:
        row = _fence_row(conn, table, call.job_id)
    if (
        row is None
        or row["attempt"] != call.attempt
        or not hmac.compare_digest(row["nonce"].encode(), call.nonce.encode())
    ):
        raise WebhookMismatch()
    manifest = _read_manifest(kind, call, store)
    if call.outcome == "succeeded":
        columns = kind.success_columns(manifest, call, store)
    else:
        columns = _failure_columns(manifest, call, kind, store)

    assignments = ", ".join(f"{column} = %({column})s" for column in columns)
    updated = conn.execute(
        f"""UPDATE {table} SET {assignments}, updated_at = now(), updated_by = %(actor)s
            WHERE id = %(id)s AND attempt = %(attempt)s AND nonce = %(nonce)s
              AND status = '0' AND deleted_at IS NULL
            RETURNING id""",  # noqa: S608 - identifiers from JobKind and our own column names
        {**columns, "actor": BACKEND_WEBHOOK, "id": call.job_id, "attempt": call.attempt, "nonce": call.nonce},
    ).fetchone()
    if updated is not None:
        logger.info("webhook applied", extra={"job_id": call.job_id, "table": table, "outcome": call.outcome})
        # A kind's job table is named after the kind. Counted once: a replay is not applied.
        if call.outcome == "succeeded":
            metrics.job_finished(table, "completed")
        else:
            metrics.job_finished(table, "failed", "WorkerFailed")
        return WebhookResult(applied=True)

    current = conn.execute(
        f"SELECT * FROM {table} WHERE id = %s",  # noqa: S608 - table from JobKind
        (call.job_id,),
    ).fetchone()
    replay = (
        current is not None
        and current["deleted_at"] is None
        and all(current[column] == value for column, value in columns.items())
    )
    if replay:
        return WebhookResult(applied=False)
    raise WebhookMismatch("The job is no longer processing.")
