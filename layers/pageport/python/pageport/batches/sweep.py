"""The sweep: no job stays processing forever.

Run on the dispatcher's schedule. A job still processing past the stage's deadline (counted from
its current attempt's last change) is failed with a safe message, fenced by id, attempt and
nonce, so a late webhook for that attempt finds no processing row and is refused, and a newer
attempt is never touched. Kinds with a job table are swept there (batch items derive their
status from it); kinds without one (page_discovery: the status is the worker's `status.json`)
are swept through their batch items and their registry entry's `fail_children`, the way cancel
and dead-lettering fail them. The stage config refuses a deadline shorter than the longest
legitimate wait (infra/config.py `longest_legitimate_wait_s`), so only lost work is failed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import NamedTuple

from psycopg import sql

from pageport import kinds, metrics
from pageport.batches import registry
from pageport.batches.registry import ItemRef
from pageport.db import Connection
from pageport.kinds import Kind
from pageport.logging import logger

# The sweep fails children of every kind through its entry: all registered at INIT.
registry.load()

SWEEP_MESSAGE = "This job did not finish in time. Please try again."
BACKEND_SWEEP = "backend:sweep"
# Items without a job table stay "processing" in the database after they finish (their status is
# in S3): only batches this far past the deadline are still read (every tick reads each one's
# status), so each tick's work is bounded. The schedule runs every minute: a day is 1,440 chances.
PUBLISHED_STATUS_WINDOW = timedelta(days=1)
BATCH_LIMIT = 500
# Stop with this much Lambda time left (the dispatcher sends first, then sweeps).
_STOP_MARGIN_MS = 5_000


class Fence(NamedTuple):
    """What a job's current attempt is (a row's id, attempt, nonce): the sweep fails exactly that
    attempt."""

    id: str
    attempt: int
    nonce: str


@dataclass
class SweepReport:
    failed_jobs: dict[str, int] = field(default_factory=dict)  # kind -> jobs failed
    failed_items: int = 0


def stale_jobs(
    conn: Connection, kind: Kind, deadline: timedelta, *, now: datetime | None = None, limit: int = BATCH_LIMIT
) -> list[Fence]:
    """Jobs of `kind` processing since before `deadline` ago, oldest first."""
    assert kind.job_table is not None
    rows = conn.execute(
        sql.SQL(
            """SELECT id, attempt, nonce FROM {}
               WHERE status = '0' AND deleted_at IS NULL AND updated_at < COALESCE(%s, now()) - %s
               ORDER BY updated_at LIMIT %s"""
        ).format(sql.Identifier(kind.job_table)),
        (now, deadline, limit),
    ).fetchall()
    return [Fence(row["id"], row["attempt"], row["nonce"]) for row in rows]


def fail_fenced(conn: Connection, kind: Kind, fences: Sequence[Fence], message: str = SWEEP_MESSAGE) -> list[str]:
    """Fail exactly these attempts if they are still processing; returns the ids failed."""
    if not fences:
        return []
    assert kind.job_table is not None
    with conn.transaction():
        rows = conn.execute(
            sql.SQL(
                """UPDATE {} t SET status = '2', error_message = %s, updated_at = now(), updated_by = %s
                   FROM unnest(%s::text[], %s::int[], %s::text[]) AS f(id, attempt, nonce)
                   WHERE t.id = f.id AND t.attempt = f.attempt AND t.nonce = f.nonce
                     AND t.status = '0' AND t.deleted_at IS NULL
                   RETURNING t.id"""
            ).format(sql.Identifier(kind.job_table)),
            (
                message,
                BACKEND_SWEEP,
                [f.id for f in fences],
                [f.attempt for f in fences],
                [f.nonce for f in fences],
            ),
        ).fetchall()
    return [row["id"] for row in rows]


def _sweep_published(
    conn: Connection,
    kind: Kind,
    deadline: timedelta,
    now: datetime | None,
    remaining_ms: Callable[[], int] | None,
    page_size: int,
) -> int:
    """Items of a kind without a job table whose published status is still not terminal, page
    by page through the window (finished ones stay in it: their status is not in the table)."""
    op = registry.operation(kind.name)
    failed = 0
    after: tuple[datetime, str] | None = None
    while remaining_ms is None or remaining_ms() >= _STOP_MARGIN_MS:
        with conn.transaction(), conn.cursor() as cur:
            rows = cur.execute(
                """SELECT i.id, i.job_id, i.message, b.created_at FROM batch b JOIN batch_item i ON i.batch_id = b.id
                   WHERE b.type = %(type)s AND b.deleted_at IS NULL
                     AND b.created_at < COALESCE(%(now)s, now()) - %(deadline)s
                     AND b.created_at >= COALESCE(%(now)s, now()) - %(deadline)s - %(window)s
                     AND (%(after_at)s::timestamptz IS NULL OR (b.created_at, i.id) > (%(after_at)s, %(after_id)s))
                     AND i.deleted_at IS NULL AND i.cancelled_at IS NULL AND i.error_message IS NULL
                   ORDER BY b.created_at, i.id LIMIT %(n)s""",
                {
                    "type": kind.name,
                    "now": now,
                    "deadline": deadline,
                    "window": PUBLISHED_STATUS_WINDOW,
                    "after_at": after[0] if after else None,
                    "after_id": after[1] if after else None,
                    "n": page_size,
                },
            ).fetchall()
            items = [ItemRef(row["id"], row["job_id"], row["message"]) for row in rows]
            statuses = op.child_statuses(cur, items)
            stuck = [item for item in items if statuses.get(item.id) not in ("1", "2")]
            # A compare-and-swap: a worker that publishes its final status first keeps it.
            failed += len(op.fail_children(cur, stuck, SWEEP_MESSAGE, actor=BACKEND_SWEEP)) if stuck else 0
        if len(rows) < page_size:
            break
        after = (rows[-1]["created_at"], rows[-1]["id"])
    return failed


def sweep(
    conn: Connection,
    deadline: timedelta,
    *,
    now: datetime | None = None,
    remaining_ms: Callable[[], int] | None = None,
    page_size: int = BATCH_LIMIT,
) -> SweepReport:
    """Fail every job (and table-less batch item) processing for longer than `deadline`."""
    report = SweepReport()
    for kind in kinds.all_kinds():
        if remaining_ms is not None and remaining_ms() < _STOP_MARGIN_MS:
            break  # the next tick goes on
        if kind.job_table is not None:
            failed = fail_fenced(conn, kind, stale_jobs(conn, kind, deadline, now=now, limit=page_size))
            if failed:
                report.failed_jobs[kind.name] = len(failed)
                for _ in failed:
                    metrics.job_finished(kind.name, "failed", "DeadlinePassed")
                logger.warning("jobs failed past the deadline", extra={"kind": kind.name, "ids": failed})
        else:
            report.failed_items += _sweep_published(conn, kind, deadline, now, remaining_ms, page_size)
    if report.failed_items:
        logger.warning("batch items failed past the deadline", extra={"count": report.failed_items})
    return report
