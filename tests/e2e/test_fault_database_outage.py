"""Fault: the local stack's PostgreSQL stopped in the middle of a 30-page batch, for 20 s and for
90 s, then started again. The outage costs a wait and nothing else: every page completes, each
captured once (a report that could not be recorded is sent again, never the capture redone),
and a read during the outage is a 503 with Retry-After, never a 500."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections import Counter
from typing import Any

import pytest

from tests.e2e.conftest import DevStack, FaultBatch
from tests.support.embedded_database import EmbeddedDatabase

PAGES = 30


def _raw_get(stack: DevStack, path: str, token: str) -> tuple[int, dict[str, str], Any]:
    request = urllib.request.Request(stack.base_url + path, headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers.items()), json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers.items()), json.loads(exc.read() or b"null")


@pytest.mark.parametrize("away_s", [20, 90])
def test_a_database_outage_mid_batch_costs_a_wait_not_a_page(make_stack: Any, site: str, away_s: int) -> None:
    stack: DevStack = make_stack("--allow-private-targets").start()
    batch = FaultBatch.start(stack, site, PAGES, "ada")
    batch.wait_completed(5)

    database = EmbeddedDatabase(stack.data_dir / "postgres")
    socket_dir = database.stop()
    stopped = time.monotonic()
    time.sleep(2)
    status, headers, answer = _raw_get(stack, batch.path, batch.token)
    assert status == 503, answer
    assert headers.get("Retry-After") == "5" and answer["error"]["code"] == "service_unavailable"
    time.sleep(max(0.0, away_s - (time.monotonic() - stopped)))
    database.start(socket_dir)

    assert batch.wait_end()["completed"] == PAGES
    records = stack.log_records()
    captured = Counter(str(r.get("page_import_id")) for r in records if r.get("message") == "capture succeeded")
    assert len(captured) == PAGES and set(captured.values()) == {1}, captured
    assert not [r for r in records if r.get("level") == "ERROR"]
    # The outage was logged, once per process and minute, not once per request.
    outage_lines = [r for r in records if r.get("message") == "the database is unreachable"]
    assert 0 < len(outage_lines) <= 6 * (1 + away_s // 60)
