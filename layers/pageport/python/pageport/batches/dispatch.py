"""The outbox dispatcher: leased claims with row locks, at most three deliveries.

Each round claims in its own short transaction (`FOR UPDATE SKIP LOCKED`, a 90 s lease,
`dispatch_attempts + 1`), commits, sends with SendMessageBatch (<= 10 entries, <= 1 MiB,
every entry's result checked), then marks `dispatched_at` only where its own lease still
holds. No transaction is ever open across an SQS call. A failed entry keeps its lease and is
re-sent, with the same stored message, by a later round after the lease; the third failure is
terminal. Each send adds credentials minted for that job alone (workers/scoped.py): they are
never stored, and a later send mints fresh ones.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

from pageport import kinds, metrics
from pageport.batches import ids, registry
from pageport.db import Connection, Cursor
from pageport.ids import new_id
from pageport.logging import logger
from pageport.parallel import run_all
from pageport.queues import fast_sqs, queue_url
from pageport.services.tenancy import BACKEND_DISPATCHER, Scope

if TYPE_CHECKING:
    from mypy_boto3_sqs import SQSClient

LEASE = timedelta(seconds=90)
MAX_ATTEMPTS = 3
MAX_ENTRIES = 10
MAX_REQUEST_BYTES = 1024 * 1024
TERMINAL_MESSAGE = "We could not queue this item after 3 attempts."
# Stop claiming with this much Lambda time left: a round (claim, send, record) fits in it.
STOP_MARGIN_MS = 10_000
# A creating route's own sends start within this many seconds of its first claim; the last one
# takes at most the fast client's timeouts (queues.fast_sqs: 2 s + 3 s), so the route answers
# within ~11 s of it, inside its 15 s. A 500-item batch is 50 sends: ~1 s when SQS is healthy.
FAST_PATH_BUDGET_S = 6.0


@dataclass(frozen=True, slots=True)
class Claimed:
    id: str
    batch_type: str
    job_id: str | None
    body: str
    attempts: int
    lease_until: datetime


@dataclass
class DispatchReport:
    claimed: int = 0
    sent: int = 0
    failed_sends: int = 0
    terminal: int = 0
    rounds: int = 0
    sent_ids: list[str] = field(default_factory=list)


def message_body(message: Any) -> str:
    """The stored message as sent, byte-identical on every try."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class Outgoing:
    item: Claimed
    body: str  # the stored message, with the job's freshly minted credentials


def _chunks(entries: Sequence[Outgoing]) -> Iterator[list[Outgoing]]:
    chunk: list[Outgoing] = []
    size = 0
    for entry in entries:
        entry_size = len(entry.body.encode())
        if chunk and (len(chunk) == MAX_ENTRIES or size + entry_size > MAX_REQUEST_BYTES):
            yield chunk
            chunk, size = [], 0
        chunk.append(entry)
        size += entry_size
    if chunk:
        yield chunk


class Dispatcher:
    def __init__(
        self,
        conn: Connection,
        sqs: SQSClient,
        *,
        claim_size: int = 100,
        lease: timedelta = LEASE,
        clock: Callable[[], datetime] | None = None,
        send_budget_s: float | None = None,
    ) -> None:
        self.conn = conn
        self.sqs = sqs
        self.claim_size = claim_size
        self.lease = lease
        self.clock = clock  # None: the database's clock
        # A request's fast path: no send starts after this many seconds; what it did not try is
        # handed back (lease and attempt undone) for the schedule.
        self.send_budget_s = send_budget_s
        self._started = time.monotonic()

    def _out_of_budget(self) -> bool:
        return self.send_budget_s is not None and time.monotonic() - self._started >= self.send_budget_s

    def _now(self) -> datetime | None:
        return self.clock() if self.clock else None

    def run(
        self,
        *,
        remaining_ms: Callable[[], int] | None = None,
        batch_id: str | None = None,
        max_rounds: int | None = None,
    ) -> DispatchReport:
        """Claim, send and record until nothing is claimable (or time is short)."""
        report = DispatchReport()
        while max_rounds is None or report.rounds < max_rounds:
            if remaining_ms is not None and remaining_ms() < STOP_MARGIN_MS:
                break
            if self._out_of_budget():
                break
            report.terminal += self._expire_exhausted(batch_id)
            claimed = self._claim(batch_id)
            if not claimed:
                break
            report.rounds += 1
            report.claimed += len(claimed)
            sent, failed, untried = self._send(claimed)
            self._record(sent, failed, report)
            if untried:
                self._release(untried)
                break
        return report

    def _claim(self, batch_id: str | None) -> list[Claimed]:
        with self.conn.transaction(), self.conn.cursor() as cur:
            rows = cur.execute(
                """WITH candidates AS (
                       SELECT i.id FROM batch_item i JOIN batch b ON b.id = i.batch_id
                       WHERE i.dispatched_at IS NULL AND i.cancelled_at IS NULL AND i.error_message IS NULL
                         AND i.deleted_at IS NULL AND b.deleted_at IS NULL AND i.message IS NOT NULL
                         AND i.dispatch_attempts < %(max)s
                         AND (i.lease_until IS NULL OR i.lease_until < COALESCE(%(now)s, now()))
                         AND (%(batch)s::text IS NULL OR i.batch_id = %(batch)s)
                       ORDER BY i.id
                       LIMIT %(n)s
                       FOR UPDATE OF i SKIP LOCKED)
                   UPDATE batch_item i
                   SET lease_until = COALESCE(%(now)s, now()) + %(lease)s,
                       dispatch_attempts = i.dispatch_attempts + 1, updated_at = now(), updated_by = %(actor)s
                   FROM candidates c, batch b
                   WHERE i.id = c.id AND b.id = i.batch_id
                   RETURNING i.id, b.type, i.job_id, i.message, i.dispatch_attempts, i.lease_until""",
                {
                    "max": MAX_ATTEMPTS,
                    "now": self._now(),
                    "batch": batch_id,
                    "n": self.claim_size,
                    "lease": self.lease,
                    "actor": BACKEND_DISPATCHER,
                },
            ).fetchall()
        return [
            Claimed(
                r["id"], r["type"], r["job_id"], message_body(r["message"]), r["dispatch_attempts"], r["lease_until"]
            )
            for r in sorted(rows, key=lambda r: r["id"])
        ]

    def _send(self, claimed: Sequence[Claimed]) -> tuple[list[Claimed], list[Claimed], list[Claimed]]:
        by_queue: dict[str, list[Claimed]] = defaultdict(list)
        for item in claimed:
            by_queue[registry.operation(item.batch_type).queue].append(item)
        sent: list[Claimed] = []
        failed: list[Claimed] = []
        untried: list[Claimed] = []
        for queue, items in by_queue.items():
            outgoing, unminted = _with_credentials(items, kinds.by_queue(queue))
            failed.extend(unminted)
            for chunk in _chunks(outgoing):
                if self._out_of_budget():
                    untried.extend(entry.item for entry in chunk)
                    continue
                ok_ids = self._send_chunk(queue, chunk)
                for entry in chunk:
                    (sent if entry.item.id in ok_ids else failed).append(entry.item)
        return sent, failed, untried

    def _release(self, untried: Sequence[Claimed]) -> None:
        """Hand back claims that were never tried: no lease, and the attempt not counted."""
        with self.conn.transaction(), self.conn.cursor() as cur:
            cur.execute(
                """UPDATE batch_item i SET lease_until = NULL, dispatch_attempts = i.dispatch_attempts - 1,
                          updated_at = now(), updated_by = %(actor)s
                   FROM unnest(%(ids)s::text[], %(leases)s::timestamptz[], %(attempts)s::int[])
                        AS mine(id, lease_until, attempts)
                   WHERE i.id = mine.id AND i.lease_until = mine.lease_until
                     AND i.dispatch_attempts = mine.attempts AND i.dispatched_at IS NULL""",
                {
                    "actor": BACKEND_DISPATCHER,
                    "ids": [item.id for item in untried],
                    "leases": [item.lease_until for item in untried],
                    "attempts": [item.attempts for item in untried],
                },
            )

    def _send_chunk(self, queue: str, chunk: Sequence[Outgoing]) -> set[str]:
        bodies = {str(index): entry.body for index, entry in enumerate(chunk)}
        entries = {str(index): entry.item for index, entry in enumerate(chunk)}
        try:
            response = self.sqs.send_message_batch(
                QueueUrl=queue_url(queue),
                Entries=[{"Id": key, "MessageBody": body} for key, body in bodies.items()],
            )
        except Exception:
            # The whole call failed: every entry keeps its lease and is tried again later.
            logger.exception("SendMessageBatch failed", extra={"queue": queue, "entries": len(chunk)})
            return set()
        for failure in response.get("Failed", []):
            logger.warning(
                "SQS refused an entry",
                extra={"queue": queue, "item_id": entries[failure["Id"]].id, "code": failure.get("Code")},
            )
        return {entries[ok["Id"]].id for ok in response.get("Successful", []) if ok["Id"] in entries}

    def _record(self, sent: Sequence[Claimed], failed: Sequence[Claimed], report: DispatchReport) -> None:
        exhausted = [item for item in failed if item.attempts >= MAX_ATTEMPTS]
        with self.conn.transaction(), self.conn.cursor() as cur:
            if sent:
                marked = cur.execute(
                    """UPDATE batch_item i SET dispatched_at = COALESCE(%(now)s, now()), lease_until = NULL,
                              updated_at = now(), updated_by = %(actor)s
                       FROM unnest(%(ids)s::text[], %(leases)s::timestamptz[], %(attempts)s::int[])
                            AS mine(id, lease_until, attempts)
                       WHERE i.id = mine.id AND i.lease_until = mine.lease_until
                         AND i.dispatch_attempts = mine.attempts AND i.dispatched_at IS NULL
                         AND i.lease_until > COALESCE(%(now)s, now())
                       RETURNING i.id, EXTRACT(EPOCH FROM i.dispatched_at - i.created_at) * 1000 AS lag_ms""",
                    {
                        "now": self._now(),
                        "actor": BACKEND_DISPATCHER,
                        "ids": [s.id for s in sent],
                        "leases": [s.lease_until for s in sent],
                        "attempts": [s.attempts for s in sent],
                    },
                ).fetchall()
                for row in marked:  # the items this round sent first (a lapsed lease's copy is not)
                    metrics.dispatch_lag(float(row["lag_ms"]))
                report.sent += len(sent)
                report.sent_ids.extend(s.id for s in sent)
                if len(marked) < len(sent):
                    # Our lease lapsed first: a later round re-sends, and the consumer's fence drops the copy.
                    logger.warning("lease lapsed before marking", extra={"unmarked": len(sent) - len(marked)})
            report.failed_sends += len(failed)
            if exhausted:
                report.terminal += self._fail_terminally(cur, [(i.id, i.batch_type) for i in exhausted], own=exhausted)

    def _expire_exhausted(self, batch_id: str | None) -> int:
        """Items whose three tries all ended without a record (say, a crash after sending):
        once the last lease is over they fail terminally instead of waiting forever."""
        with self.conn.transaction(), self.conn.cursor() as cur:
            rows = cur.execute(
                """SELECT i.id, b.type FROM batch_item i JOIN batch b ON b.id = i.batch_id
                   WHERE i.dispatched_at IS NULL AND i.cancelled_at IS NULL AND i.error_message IS NULL
                     AND i.deleted_at IS NULL AND i.dispatch_attempts >= %(max)s
                     AND (i.lease_until IS NULL OR i.lease_until < COALESCE(%(now)s, now()))
                     AND (%(batch)s::text IS NULL OR i.batch_id = %(batch)s)
                   FOR UPDATE OF i SKIP LOCKED""",
                {"max": MAX_ATTEMPTS, "now": self._now(), "batch": batch_id},
            ).fetchall()
            return self._fail_terminally(cur, [(r["id"], r["type"]) for r in rows], own=None) if rows else 0

    def _fail_terminally(self, cur: Cursor, items: Sequence[tuple[str, str]], *, own: Sequence[Claimed] | None) -> int:
        lease_guard = ""
        params: dict[str, Any] = {"msg": TERMINAL_MESSAGE, "actor": BACKEND_DISPATCHER, "ids": [i for i, _ in items]}
        if own is not None:
            lease_guard = "AND i.lease_until = ANY(%(leases)s)"
            params["leases"] = [item.lease_until for item in own]
        failed = cur.execute(
            f"""UPDATE batch_item i SET error_message = %(msg)s, lease_until = NULL, updated_at = now(),
                       updated_by = %(actor)s
                WHERE i.id = ANY(%(ids)s) AND i.dispatched_at IS NULL AND i.error_message IS NULL
                  AND i.cancelled_at IS NULL {lease_guard}
                RETURNING i.id, i.message""",  # noqa: S608 - fixed fragment
            params,
        ).fetchall()
        types = dict(items)
        for row in failed:
            # The child job fails too, fenced by attempt, nonce and processing state.
            if registry.operation(types[row["id"]]).dead_letter(cur, row["message"], TERMINAL_MESSAGE):
                metrics.job_finished(types[row["id"]], "failed", "PublishFailed")
        if failed:
            logger.warning("items failed dispatch terminally", extra={"count": len(failed)})
        return len(failed)


def _with_credentials(items: Sequence[Claimed], kind: kinds.Kind) -> tuple[list[Outgoing], list[Claimed]]:
    """Each item's body with credentials minted for its job (of `kind`, whose queue it goes to),
    at once (one STS call each). An item STS refused (or whose message names no valid prefix)
    is a failed send, logged with its cause: it keeps its lease, is tried again later and fails
    terminally after the third try. Anything else is a bug and is raised."""
    from botocore.exceptions import BotoCoreError, ClientError

    from pageport.workers import scoped

    if not scoped.mints(kind):
        return [Outgoing(item, item.body) for item in items], []

    def mint(item: Claimed) -> Outgoing | None:
        try:
            return Outgoing(item, scoped.with_credentials(item.body, kind))
        except (BotoCoreError, ClientError, ValueError, KeyError):
            logger.exception("could not mint a job's credentials", extra={"item_id": item.id})
            return None

    minted = run_all([partial(mint, item) for item in items])
    outgoing = [entry for entry in minted if entry is not None]
    return outgoing, [item for item, entry in zip(items, minted, strict=True) if entry is None]


def enqueue_job(
    cur: Cursor, scope: Scope, type_: str, job_id: str, request: Mapping[str, Any], message: Mapping[str, Any]
) -> str:
    """A single job's worker message, durable in the caller's (creating) transaction: a one-item
    batch of the job's type, so the one outbox protocol (claim, lease, three tries, terminal
    failure of the child, cancel, sweep) carries it. Returns the batch id, which no route shows."""
    batch_id = ids.stored(scope.organization_id, new_id())
    request_hash = hashlib.sha256(message_body({"type": type_, "requests": [request]}).encode()).hexdigest()
    cur.execute(
        """INSERT INTO batch (id, organization_id, project_id, type, request_hash, created_by, updated_by)
           VALUES (%s, %s, %s, %s, %s, %s, %s)""",
        (batch_id, scope.organization_id, scope.project_id, type_, request_hash, scope.subject, scope.subject),
    )
    cur.execute(
        """INSERT INTO batch_item (id, batch_id, position, request, job_id, message, created_by, updated_by)
           VALUES (%s, %s, 0, %s::jsonb, %s, %s::jsonb, %s, %s)""",
        (new_id(), batch_id, json.dumps(request), job_id, json.dumps(message), scope.subject, scope.subject),
    )
    return batch_id


def send_now(conn: Connection, batch_id: str, *, sqs: SQSClient | None = None) -> DispatchReport | None:
    """The fast path after commit: send the batch's messages with the dispatcher's protocol,
    bounded in time. Never raises: whatever is not sent stays in the outbox, and the scheduled
    dispatcher sends it. None if the attempt itself failed (say, the database went away)."""
    try:
        return Dispatcher(conn, sqs or fast_sqs(), send_budget_s=FAST_PATH_BUDGET_S).run(
            batch_id=batch_id, max_rounds=5
        )
    except Exception:
        logger.exception("fast-path dispatch failed; the scheduled dispatcher will send", extra={"batch_id": batch_id})
        return None
