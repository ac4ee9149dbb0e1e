"""What the table-backed operations (page_import, code2des) share: their child status lives in
a job table with the same fence columns, so grouping, locking and failing are one SQL shape."""

from __future__ import annotations

import functools
import hmac
from collections.abc import Mapping, Sequence
from typing import Any, cast

from psycopg import sql
from pydantic import BaseModel

from pageport import cancellations
from pageport.batches import dispatch
from pageport.batches.registry import ItemRef, Validated
from pageport.batches.status import ItemFacts
from pageport.db import Cursor
from pageport.errors import ValidationFailed
from pageport.kinds import Kind
from pageport.models.messages import JobFence
from pageport.services.jobs import fail_processing
from pageport.services.tenancy import BACKEND_DEAD_LETTER, Scope
from pageport.services.validation import parse_model
from pageport.storage import ArtifactStore


def grouped_facts_sql(table: str, batch_id: sql.Composable) -> sql.Composed:
    """The batch's live items grouped by their facts, `batch_id` being the SQL that names the
    batch (a placeholder here, a parameter in the status read's function)."""
    # A batch's children are made in its creating transaction, so their UUIDv7 ids are adjacent
    # in 0007's bytewise btree: one range scan between the lowest and highest child id reads
    # them (and at most the few jobs created in the same milliseconds), and a hash join pairs
    # them with the items. Its cost follows the batch's size and never the job table's:
    # per-item probes cost a descent each, and through a hash index they landed on pages
    # spread over the whole index (1.5x slower on a million-job history than on a small
    # database). MATERIALIZED: the planner may not fold the range back into per-item probes.
    # The join must be a hash join: batch_view_v1 turns nested loops off, which a parameter's
    # row estimate (one item, where most batches are single creates) could otherwise pick.
    # Grouped by the status enum itself, not its text, which sorts through the collation.
    return sql.SQL(
        """WITH items AS MATERIALIZED (
               SELECT i.cancelled_at IS NOT NULL AS cancelled, i.error_message IS NOT NULL AS dispatch_failed,
                      i.dispatched_at IS NOT NULL AS accepted, i.job_id
               FROM batch_item i WHERE i.batch_id = {} AND i.deleted_at IS NULL),
           children AS MATERIALIZED (
               SELECT j.id, j.status FROM {} j
               WHERE j.id COLLATE "C" >= (SELECT min(s.job_id COLLATE "C") FROM items s)
                 AND j.id COLLATE "C" <= (SELECT max(s.job_id COLLATE "C") FROM items s)
                 AND j.deleted_at IS NULL)
           SELECT it.cancelled, it.dispatch_failed, it.accepted, c.status AS child_status, count(*) AS n
           FROM items it LEFT JOIN children c ON c.id = it.job_id
           GROUP BY 1, 2, 3, 4"""
    ).format(batch_id, sql.Identifier(table))


@functools.cache
def _grouped_facts_query(table: str) -> bytes:
    # Rendered once per table: composing it on every read cost a third of a primary-key lookup.
    return grouped_facts_sql(table, sql.Placeholder()).as_bytes(None)


def grouped_facts(cur: Cursor, table: str, batch_id: str) -> list[tuple[ItemFacts, int]]:
    rows = cur.execute(_grouped_facts_query(table), (batch_id,)).fetchall()
    # psycopg reads an enum it has no adapter for as its label (a str), as ItemFacts expects.
    return [(ItemFacts(r["cancelled"], r["dispatch_failed"], r["accepted"], r["child_status"]), r["n"]) for r in rows]


def child_statuses(cur: Cursor, table: str, items: Sequence[ItemRef], *, lock: bool) -> dict[str, str | None]:
    job_ids = [item.job_id for item in items if item.job_id]
    query = sql.SQL("SELECT id, status::text AS status FROM {} WHERE id = ANY(%s) AND deleted_at IS NULL").format(
        sql.Identifier(table)
    )
    if lock:
        query = query + sql.SQL(" ORDER BY id FOR UPDATE")
    found = {row["id"]: row["status"] for row in cur.execute(query, (job_ids,)).fetchall()}
    return {item.id: found.get(item.job_id) if item.job_id else None for item in items}


def dead_letter(cur: Cursor, table: str, job_id: str, attempt: int, nonce: str, message: str, *, actor: str) -> bool:
    """Fail one job fenced exactly like a webhook; a second delivery finds nothing to change."""
    row = cur.execute(
        sql.SQL("SELECT nonce FROM {} WHERE id = %s AND attempt = %s FOR UPDATE").format(sql.Identifier(table)),
        (job_id, attempt),
    ).fetchone()
    if row is None or not hmac.compare_digest(row["nonce"].encode(), nonce.encode()):
        return False
    result = cur.execute(
        sql.SQL(
            """UPDATE {} SET status = '2', error_message = %s, updated_at = now(), updated_by = %s
               WHERE id = %s AND attempt = %s AND status = '0' AND deleted_at IS NULL"""
        ).format(sql.Identifier(table)),
        (message, actor, job_id, attempt),
    )
    return result.rowcount == 1


def canonical(model_dump: Mapping[str, Any]) -> dict[str, Any]:
    """Drop absent optionals so equal requests hash equally however they were spelled."""
    return {key: value for key, value in model_dump.items() if value is not None}


def enqueue_created(cur: Cursor, scope: Scope, kind: Kind, job_id: str, request: BaseModel, message: BaseModel) -> str:
    """A single create's worker message, durable in its creating transaction (the outbox's
    one-item batch, batches/dispatch.enqueue_job); returns that batch's id for `send_now`."""
    request_json = canonical(request.model_dump(mode="json", by_alias=True))
    return dispatch.enqueue_job(
        cur, scope, kind.name, job_id, request_json, message.model_dump(mode="json", by_alias=True)
    )


class JobTableOperation:
    """Base for operations whose children live in a job table (`table`) with fence columns.
    A subclass that names its kind (`class Op(JobTableOperation, kind=KIND)`) takes its batch
    type, queue, message kind and table from the descriptor."""

    request_model: type[BaseModel]
    message_model: type[BaseModel]  # its worker message, which names its job's fence
    # Below the `type[...]` annotations, which would otherwise read this `type` (the batch type).
    type: str
    queue: str
    message_kind: str
    table: str
    s3_prefix: str

    def __init_subclass__(cls, kind: Kind | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if kind is not None:
            cls.type = kind.name
            cls.queue = kind.queue
            cls.message_kind = kind.queue
            cls.table = kind.job_table or ""
            cls.s3_prefix = kind.s3_prefix

    def normalize(self, request: Any, *, allow_private: bool) -> BaseModel:
        return request  # type: ignore[no-any-return]

    def validate(self, raw: Sequence[Any], *, allow_private: bool) -> Validated:
        valid: dict[int, dict[str, Any]] = {}
        errors: list[tuple[int, ValidationFailed]] = []
        for index, entry in enumerate(raw):
            try:
                request = self.normalize(parse_model(self.request_model, entry), allow_private=allow_private)
                valid[index] = canonical(request.model_dump(mode="json", by_alias=True))
            except ValidationFailed as exc:
                errors.append((index, exc))
        return Validated(valid, errors)

    def refuse(
        self, cur: Cursor, scope: Scope, requests: Mapping[int, Mapping[str, Any]]
    ) -> list[tuple[int, ValidationFailed]]:
        return []  # validate() said all there is to say

    def grouped_facts(self, cur: Cursor, batch_id: str) -> list[tuple[ItemFacts, int]]:
        return grouped_facts(cur, self.table, batch_id)

    def grouped_facts_sql(self, batch_id: sql.Composable) -> sql.Composable | None:
        return grouped_facts_sql(self.table, batch_id)

    def child_statuses(self, cur: Cursor, items: Sequence[ItemRef], *, lock: bool = False) -> dict[str, str | None]:
        return child_statuses(cur, self.table, items, lock=lock)

    def fail_children(self, cur: Cursor, items: Sequence[ItemRef], message: str, *, actor: str) -> set[str]:
        # The caller holds the child rows (child_statuses(lock=True)): none can finish meanwhile.
        fail_processing(cur, self.table, [item.job_id for item in items if item.job_id], message, actor=actor)
        return {item.id for item in items}

    def announce_cancelled(self, items: Sequence[ItemRef]) -> None:
        job_ids = [item.job_id for item in items if item.job_id]
        if job_ids:
            cancellations.mark_cancelled(ArtifactStore.default(), self.s3_prefix, job_ids)

    def dead_letter(self, cur: Cursor, message: Mapping[str, Any], safe_message: str) -> bool:
        parsed = cast(JobFence, self.message_model.model_validate(message))
        return dead_letter(
            cur, self.table, parsed.job_id, parsed.attempt, parsed.nonce, safe_message, actor=BACKEND_DEAD_LETTER
        )
