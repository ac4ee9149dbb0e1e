"""Fault: PostgreSQL stops for 10 s in the middle of a dispatch round and starts again.

A server of its own (embedded, in a temp dir) so stopping it disturbs no other test. The stop
happens at the SQS boundary, while a round's messages are being sent: they reach SQS, but the
round cannot record them. The dispatcher loop (the schedule's stand-in, reconnecting like the
local stack's task and Lambda's `retrying`) fails while the database is down, then recovers and
sends the rest. Nothing is sent twice while a lease holds; after the lease, the unrecorded round
is sent once more (the consumers' fences drop such copies: design.md)."""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from pageport.batches import service
from pageport.batches.dispatch import LEASE, Dispatcher
from pageport.db import Connection, _pgserver, connect
from pageport.migrations import apply_migrations
from pageport.services.tenancy import Scope

from tests.conftest import make_tenant
from tests.integration.dispatch.fakes import RecordingSqs

DOWN_S = 10.0
ITEMS = 300
CLAIM = 100


class Postgres:
    def __init__(self, data_dir: Path) -> None:
        self.pgserver = _pgserver()  # what the local stack and the tests' server use
        self.data_dir = data_dir
        self.server = self.pgserver.get_server(data_dir, cleanup_mode="stop")
        self.url: str = self.server.get_uri()

    def stop(self) -> None:
        self.server.cleanup()

    def start(self) -> None:
        self.server = self.pgserver.get_server(self.data_dir, cleanup_mode="stop")


@pytest.fixture
def postgres() -> Iterator[Postgres]:
    root = Path(tempfile.mkdtemp(prefix="pageport-fault-pg-"))
    server = Postgres(root / "data")
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)


class DispatchLoop:
    """Ticks until every item is recorded as sent, on a connection it re-opens when lost."""

    def __init__(self, url: str, sqs: RecordingSqs) -> None:
        self.url = url
        self.sqs = sqs
        self.conn: Connection | None = None
        self.failed_ticks = 0

    def tick(self) -> None:
        try:
            if self.conn is None or self.conn.closed or self.conn.broken:
                self.conn = connect(self.url)
            Dispatcher(self.conn, self.sqs, claim_size=CLAIM).run()
        except Exception:
            self.failed_ticks += 1
            if self.conn is not None:
                self.conn.close()
            self.conn = None


def _undispatched(url: str) -> int:
    with connect(url) as conn:
        row = conn.execute("SELECT count(*) AS n FROM batch_item WHERE dispatched_at IS NULL").fetchone()
    assert row is not None
    return int(row["n"])


def test_dispatch_survives_postgres_down_for_ten_seconds(aws, postgres: Postgres) -> None:
    apply_migrations(postgres.url)
    with connect(postgres.url) as setup:
        tenant = make_tenant(setup, "fault")
        scope = Scope(tenant.organization_id, tenant.project_id, tenant.subject)
        requests = [
            {"url": f"https://example.com/{i}", "viewport": {"width": 800, "height": 600}} for i in range(ITEMS)
        ]
        service.create_batch(setup, scope, str(uuid.uuid4()), "page_import", requests, allow_private=False)

    stopped = threading.Event()
    down: dict[str, float] = {}

    def outage(call: int, entries: list[dict[str, Any]]) -> str | None:
        if call == 3 and not stopped.is_set():  # mid-round: this round's sends go out, its record cannot
            down["at"] = time.monotonic()
            postgres.stop()
            stopped.set()
        return None

    recorder = RecordingSqs(fail_call=outage)
    loop = DispatchLoop(postgres.url, recorder)

    def restart() -> None:
        stopped.wait()
        time.sleep(DOWN_S)
        postgres.start()
        down["back"] = time.monotonic()

    restarter = threading.Thread(target=restart)
    restarter.start()
    deadline = time.monotonic() + DOWN_S + 60
    while time.monotonic() < deadline:
        loop.tick()
        if "back" in down and loop.failed_ticks and loop.conn is not None and _undispatched(postgres.url) == CLAIM:
            break
        time.sleep(0.2)
    restarter.join()

    assert down["back"] - down["at"] >= DOWN_S
    assert loop.failed_ticks >= 1  # it did see the outage
    counts = Counter(body for _, body, _ in recorder.sent)
    assert len(counts) == ITEMS  # every item reached SQS...
    assert max(counts.values()) == 1  # ...once: the interrupted round's leases still hold
    # The interrupted round is the one left unrecorded, under its lease.
    with connect(postgres.url) as conn:
        left = conn.execute(
            """SELECT count(*) AS n, bool_and(lease_until > now()) AS leased, max(dispatch_attempts) AS tries
               FROM batch_item WHERE dispatched_at IS NULL"""
        ).fetchone()
        assert left == {"n": CLAIM, "leased": True, "tries": 1}

        # After the lease the dispatcher sends the unrecorded round once more, and records it.
        later = datetime.now(UTC) + LEASE + timedelta(seconds=1)
        Dispatcher(conn, recorder, clock=lambda: later).run()
        Dispatcher(conn, recorder, clock=lambda: later).run()
    counts = Counter(body for _, body, _ in recorder.sent)
    assert Counter(counts.values()) == {1: ITEMS - CLAIM, 2: CLAIM}
    assert _undispatched(postgres.url) == 0
