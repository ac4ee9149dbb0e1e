"""Batch use cases: create (idempotent by client id and request hash), read with derived
status, list items, cancel, retry, discovery results, dead letters. No HTTP shapes here.

Every function here takes and gives a batch's client id; rows are keyed by its stored id
(batches/ids.py: unique per tenant)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from psycopg import sql
from pydantic import BaseModel
from pydantic_core import to_json

from pageport import metrics
from pageport.batches import batch_view, ids, registry
from pageport.batches.registry import (
    CANCELLED_MESSAGE,
    BatchOperation,
    ItemRef,
    PublishedResult,
    PublishesResults,
    indexed_errors,
)
from pageport.batches.status import PROCESSING, Counts, ItemFacts, batch_status, count, item_status
from pageport.db import Connection, Cursor, copy_rows, reading
from pageport.errors import Conflict, NotFound
from pageport.ids import new_id
from pageport.logging import logger
from pageport.services.tenancy import Scope
from pageport.storage import ArtifactStore


@dataclass(frozen=True, slots=True)
class BatchView:
    id: str
    project_id: int
    type: str
    status: str
    counts: Counts
    request_hash: str
    retry_of: str | None
    created_at: datetime
    updated_at: datetime
    created_by: str


@dataclass(frozen=True, slots=True)
class ItemView:
    id: str
    position: int
    status: str
    job_id: str | None
    request: dict[str, Any]
    error_message: str | None
    dispatched_at: datetime | None
    cancelled_at: datetime | None


@dataclass(frozen=True, slots=True)
class Created:
    batch: BatchView
    created: bool  # False: an idempotent replay of an existing batch
    item_ids: list[str]


def sha256_json(value: Any) -> str:
    canonical = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def retry_hash(source_batch_id: str) -> str:
    return hashlib.sha256(source_batch_id.encode()).hexdigest()


_BATCH_SELECT = (
    sql.SQL(
        """SELECT b.*, {} AS retry_of FROM batch b
           WHERE b.id = %s AND b.organization_id = %s AND b.project_id = %s AND b.deleted_at IS NULL"""
    )
    .format(sql.SQL(batch_view.RETRY_OF_SQL))
    .as_bytes(None)
)


def _batch_row(cur: Cursor, scope: Scope, batch_id: str) -> dict[str, Any]:
    """The batch this project calls `batch_id` (its row: `id` is the stored id)."""
    key = ids.stored(scope.organization_id, batch_id)
    row = cur.execute(_BATCH_SELECT, (key, scope.organization_id, scope.project_id)).fetchone()
    if row is None:
        raise NotFound("Batch not found.")
    return row


def get_batch(cur: Cursor, scope: Scope, batch_id: str) -> BatchView:
    """The batch with its derived status, in one statement (batch_view) for table-backed
    operations, whatever the batch's size."""
    key = ids.stored(scope.organization_id, batch_id)
    row = cur.execute(batch_view.CALL, (key, scope.organization_id, scope.project_id)).fetchone()
    if row is None:
        raise NotFound("Batch not found.")
    if row["facts"] is not None:
        groups = batch_view.decode_facts(row["facts"])
    else:  # facts the database does not hold (or an operation newer than the function)
        groups = registry.operation(row["type"]).grouped_facts(cur, row["id"])
    counts = count(groups)
    return BatchView(
        id=ids.shown(row["id"]),
        project_id=row["project_id"],
        type=row["type"],
        status=batch_status(counts),
        counts=counts,
        request_hash=row["request_hash"],
        retry_of=ids.shown(row["retry_of"]) if row["retry_of"] else None,
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        created_by=row["created_by"],
    )


def _existing(cur: Cursor, scope: Scope, batch_id: str, request_hash: str) -> Created | None:
    """An earlier batch under this client id in this organization: the same request replays, anything
    else conflicts. (Another tenant's batch of the same id is another batch: ids.py.)"""
    row = cur.execute(
        "SELECT organization_id, project_id, request_hash, deleted_at FROM batch WHERE id = %s",
        (ids.stored(scope.organization_id, batch_id),),
    ).fetchone()
    if row is None:
        return None
    same = (row["organization_id"], row["project_id"], row["request_hash"]) == (
        scope.organization_id,
        scope.project_id,
        request_hash,
    )
    if not same or row["deleted_at"] is not None:
        raise Conflict("This batch id is already used for a different request.", code="batch_id_conflict")
    return Created(get_batch(cur, scope, batch_id), created=False, item_ids=[])


_ITEM_COLUMNS = ("id", "batch_id", "position", "request", "job_id", "message", "created_by", "updated_by")


def _json(value: Mapping[str, Any] | BaseModel) -> str:
    """JSON text for a jsonb column (a model by alias, as a worker reads it), serialized by
    pydantic-core: a quarter of json.dumps's time per small document, 1,000 of them a batch."""
    if isinstance(value, BaseModel):
        return value.model_dump_json(by_alias=True)
    return to_json(value).decode()


def _insert(
    cur: Cursor,
    scope: Scope,
    op: BatchOperation,
    batch_id: str,
    request_hash: str,
    requests: Sequence[Mapping[str, Any]],
    *,
    retry_of: str | None = None,
) -> Created | None:
    """Batch, items, child rows and messages in the caller's transaction, in a constant number
    of statements (the rows themselves with COPY). None when the id is taken, possibly by a
    concurrent request that created it first (this waits for it to commit or roll back)."""
    key = ids.stored(scope.organization_id, batch_id)
    inserted = cur.execute(
        """INSERT INTO batch (id, organization_id, project_id, type, request_hash, created_by, updated_by)
           VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING RETURNING created_at, updated_at""",
        (key, scope.organization_id, scope.project_id, op.type, request_hash, scope.subject, scope.subject),
    ).fetchone()
    if inserted is None:
        return None
    item_ids = [new_id() for _ in requests]
    prepared = op.prepare(cur, scope, requests, item_ids)
    subject = scope.subject
    copy_rows(
        cur,
        "batch_item",
        _ITEM_COLUMNS,
        (
            (
                item_id,
                key,
                position,
                _json(request),
                item.job_id,
                _json(item.message),
                subject,
                subject,
            )
            for position, (item_id, request, item) in enumerate(zip(item_ids, requests, prepared, strict=True))
        ),
    )
    # What get_batch would read back now, known without reading: every item of a batch just
    # written is queued (not sent, its child processing). tests/integration/batches checks it.
    counts = count([(ItemFacts(False, False, False, PROCESSING), len(item_ids))])
    view = BatchView(
        id=batch_id,
        project_id=scope.project_id,
        type=op.type,
        status=batch_status(counts),
        counts=counts,
        request_hash=request_hash,
        retry_of=retry_of,
        created_at=inserted["created_at"],
        updated_at=inserted["updated_at"],
        created_by=scope.subject,
    )
    return Created(view, created=True, item_ids=item_ids)


def create_batch(
    conn: Connection, scope: Scope, batch_id: str, type_: str, raw_requests: Sequence[Any], *, allow_private: bool
) -> Created:
    op = registry.operation(type_)
    validated = op.validate(raw_requests, allow_private=allow_private)  # before anything is stored
    if validated.errors:
        # Name every bad item at once: the checks prepare() makes against the database are
        # asked ahead for the valid rest. (Otherwise prepare() makes them, once, and refuses.)
        with reading(conn) as cur:
            refused = op.refuse(cur, scope, validated.valid)
        raise indexed_errors(sorted([*validated.errors, *refused], key=lambda error: error[0]))
    requests = [validated.valid[index] for index in sorted(validated.valid)]
    request_hash = sha256_json({"type": type_, "requests": requests})
    with conn.transaction(), conn.cursor() as cur:
        # The insert itself finds an earlier batch under this id (no look-up ahead of it).
        created = _insert(cur, scope, op, batch_id, request_hash, requests)
        if created is None:
            replay = _existing(cur, scope, batch_id, request_hash)
            assert replay is not None
            return replay
    metrics.job_created(op.type, len(created.item_ids))  # committed; a replay creates nothing
    return created


def _item_refs(rows: Sequence[Mapping[str, Any]]) -> list[ItemRef]:
    return [ItemRef(row["id"], row["job_id"], row["message"]) for row in rows]


def _item_views(cur: Cursor, op: BatchOperation, rows: Sequence[Mapping[str, Any]]) -> list[ItemView]:
    children = op.child_statuses(cur, _item_refs(rows))
    return [
        ItemView(
            id=row["id"],
            position=row["position"],
            job_id=row["job_id"],
            request=row["request"],
            error_message=row["error_message"],
            dispatched_at=row["dispatched_at"],
            cancelled_at=row["cancelled_at"],
            status=item_status(
                ItemFacts(
                    row["cancelled_at"] is not None,
                    row["error_message"] is not None,
                    row["dispatched_at"] is not None,
                    children[row["id"]],
                )
            ),
        )
        for row in rows
    ]


def list_items(
    cur: Cursor, scope: Scope, batch_id: str, *, limit: int, after_position: int | None
) -> tuple[list[ItemView], int | None]:
    batch = _batch_row(cur, scope, batch_id)
    rows = cur.execute(
        """SELECT * FROM batch_item WHERE batch_id = %s AND deleted_at IS NULL AND position > %s
           ORDER BY position LIMIT %s""",
        (batch["id"], -1 if after_position is None else after_position, limit + 1),
    ).fetchall()
    page = rows[:limit]
    views = _item_views(cur, registry.operation(batch["type"]), page)
    return views, (page[-1]["position"] if len(rows) > limit else None)


def cancel_batch(conn: Connection, scope: Scope, batch_id: str) -> BatchView:
    """Cancel every item not yet terminal. Job children are locked while deciding, so a webhook
    cannot complete one in between; a discovery that completes meanwhile stays completed.
    Never-sent items are never sent: the dispatcher claims only uncancelled items. Sent ones
    (and ones claimed moments before, whose send may be under way) are announced to the workers
    once this commits, so their messages are dropped unrun (pageport.cancellations); a worker
    that started before that finds its result refused, as its child is failed here. Idempotent."""
    batch, sent_and_stopped = _cancel_items(conn, scope, batch_id)
    if sent_and_stopped:
        try:
            registry.operation(batch["type"]).announce_cancelled(sent_and_stopped)
        except Exception:  # the cancel stands: an unannounced job only runs and is refused, as before
            logger.warning("cancel not announced to the workers", extra={"batch_id": batch_id}, exc_info=True)
    with conn.transaction(), conn.cursor() as cur:
        return get_batch(cur, scope, batch_id)


def _cancel_items(conn: Connection, scope: Scope, batch_id: str) -> tuple[Mapping[str, Any], list[ItemRef]]:
    """The batch, and its items cancelled now whose message was sent or is being sent."""
    with conn.transaction(), conn.cursor() as cur:
        batch = _batch_row(cur, scope, batch_id)
        op = registry.operation(batch["type"])
        rows = cur.execute(
            """SELECT * FROM batch_item
               WHERE batch_id = %s AND deleted_at IS NULL AND cancelled_at IS NULL AND error_message IS NULL
               ORDER BY id FOR UPDATE""",
            (batch["id"],),
        ).fetchall()
        refs = _item_refs(rows)
        children = op.child_statuses(cur, refs, lock=True)
        open_items = [ref for ref in refs if children[ref.id] not in ("1", "2")]
        if not open_items:
            return batch, []
        stopped = op.fail_children(cur, open_items, CANCELLED_MESSAGE, actor=scope.subject)
        cur.execute(
            """UPDATE batch_item SET cancelled_at = now(), lease_until = NULL, updated_at = now(), updated_by = %s
               WHERE id = ANY(%s)""",
            (scope.subject, [ref.id for ref in open_items if ref.id in stopped]),
        )
    # Sent, or tried: a send that failed (or whose record was lost) may still have reached SQS.
    sent = {row["id"] for row in rows if row["dispatched_at"] is not None or row["dispatch_attempts"] > 0}
    return batch, [ref for ref in open_items if ref.id in stopped and ref.id in sent]


def retry_batch(conn: Connection, scope: Scope, source_id: str, new_id_: str) -> Created:
    """A new batch of the source's failed items that its operation says can run again."""
    request_hash = retry_hash(ids.stored(scope.organization_id, source_id))
    with conn.transaction(), conn.cursor() as cur:
        source = _batch_row(cur, scope, source_id)
        replay = _existing(cur, scope, new_id_, request_hash)
        if replay is not None:
            return replay
        op = registry.operation(source["type"])
        rows = cur.execute(
            "SELECT * FROM batch_item WHERE batch_id = %s AND deleted_at IS NULL ORDER BY position",
            (source["id"],),
        ).fetchall()
        failed = [view for view in _item_views(cur, op, rows) if view.status == "2"]
        allowed = op.retryable(cur, scope, [view.request for view in failed])
        requests = [view.request for view, ok in zip(failed, allowed, strict=True) if ok]
        if not requests:
            raise Conflict("Nothing in this batch can be retried.", code="nothing_to_retry")
        created = _insert(cur, scope, op, new_id_, request_hash, requests, retry_of=source_id)
        if created is None:
            replay = _existing(cur, scope, new_id_, request_hash)
            assert replay is not None
            return replay
        return created


def discovery_result(cur: Cursor, scope: Scope, batch_id: str, store: ArtifactStore) -> PublishedResult:
    batch = _batch_row(cur, scope, batch_id)
    op = registry.operation(batch["type"])
    if not isinstance(op, PublishesResults):
        raise NotFound("This batch is not a page discovery.")
    return op.published_result(cur, batch["id"], store)


def dispatch_new(conn: Connection, scope: Scope, created: Created) -> BatchView:
    """The fast path: a request that created a batch sends its own items right after commit,
    with the dispatcher's protocol, and answers with the status that follows. A replay sends
    nothing; the schedule sweeps whatever the fast path does not finish."""
    if not created.created:
        return created.batch
    from pageport.batches.dispatch import send_now

    # Bounded in time and never raising: the rows are committed and the schedule sends the rest.
    send_now(conn, ids.stored(scope.organization_id, created.batch.id))
    with conn.cursor() as cur:
        return get_batch(cur, scope, created.batch.id)
