"""Fault: SQS refuses every send for a while. Items are retried with the same body on each
dispatcher try; an outage shorter than three tries loses nothing, a longer one fails the items
terminally with their child jobs (a safe message, nothing sent). Injected at the SQS boundary:
botocore's own hook raises the connection error it raises when SQS is unreachable."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from botocore.exceptions import EndpointConnectionError
from pageport import aws as pageport_aws
from pageport.batches import service
from pageport.batches.dispatch import LEASE, MAX_ATTEMPTS, TERMINAL_MESSAGE, Dispatcher
from pageport.services.tenancy import Scope

from devstack.apigw import invoke
from tests.conftest import drain


@contextmanager
def sqs_down() -> Iterator[list[int]]:
    """Every SendMessageBatch of the shared client fails before it reaches SQS."""
    refused: list[int] = []

    def hook(request: Any, **_: Any) -> None:
        refused.append(1)
        raise EndpointConnectionError(endpoint_url=request.url)

    events = pageport_aws.sqs().meta.events
    events.register("before-send.sqs.SendMessageBatch", hook, unique_id="tests-sqs-down")
    try:
        yield refused
    finally:
        events.unregister("before-send.sqs.SendMessageBatch", unique_id="tests-sqs-down")


class Ticks:
    """The schedule's ticks, each one lease after the last (so every try may claim again)."""

    def __init__(self) -> None:
        self.now = datetime.now(UTC)

    def tick(self, db: Any) -> None:
        self.now += LEASE + timedelta(seconds=1)
        now = self.now
        Dispatcher(db, pageport_aws.sqs(), clock=lambda: now).run()


def _batch(db: Any, tenant: Any, n: int) -> str:
    scope = Scope(tenant.organization_id, tenant.project_id, tenant.subject)
    requests = [{"url": f"https://example.com/{i}", "viewport": {"width": 800, "height": 600}} for i in range(n)]
    return service.create_batch(db, scope, str(uuid.uuid4()), "page_import", requests, allow_private=False).batch.id


def _items(db: Any, batch_id: str) -> list[dict[str, Any]]:
    return db.execute(
        """SELECT i.*, p.status AS child_status, p.error_message AS child_error
           FROM batch_item i JOIN page_import p ON p.id = i.job_id WHERE split_part(i.batch_id, ':', 2) = %s""",
        (batch_id,),
    ).fetchall()


def test_an_outage_of_two_tries_is_retried_and_loses_nothing(db, aws, tenant):
    batch_id = _batch(db, tenant, 25)
    ticks = Ticks()
    with sqs_down() as refused:
        ticks.tick(db)
        ticks.tick(db)
    assert len(refused) >= 2 * 3  # 25 items: three SendMessageBatch calls per try (and botocore retries)
    assert all(item["dispatch_attempts"] == 2 and item["dispatched_at"] is None for item in _items(db, batch_id))
    ticks.tick(db)  # SQS is back
    items = _items(db, batch_id)
    assert all(item["dispatched_at"] is not None and item["error_message"] is None for item in items)
    assert all(item["child_status"] == "0" for item in items)
    bodies = drain(aws.queues["capture"])
    assert sorted(b["pageImportId"] for b in bodies) == sorted(item["job_id"] for item in items)  # each once


def test_an_outage_of_three_tries_fails_items_and_children(db, aws, tenant):
    batch_id = _batch(db, tenant, 12)
    ticks = Ticks()
    with sqs_down():
        for _ in range(MAX_ATTEMPTS):
            ticks.tick(db)
        ticks.tick(db)  # a fourth tick claims nothing: three tries is the limit
    items = _items(db, batch_id)
    assert len(items) == 12
    for item in items:
        assert item["dispatch_attempts"] == MAX_ATTEMPTS and item["dispatched_at"] is None
        assert item["error_message"] == TERMINAL_MESSAGE
        assert item["child_status"] == "2" and item["child_error"] == TERMINAL_MESSAGE
    ticks.tick(db)  # SQS back: a failed item is never sent late
    assert drain(aws.queues["capture"]) == []
    scope = Scope(tenant.organization_id, tenant.project_id, tenant.subject)
    with db.cursor() as cur:
        view = service.get_batch(cur, scope, batch_id)
    assert view.status == "2" and view.counts.failed == 12 and view.counts.processing == 0


def test_a_single_create_during_an_outage_answers_201_then_fails_after_three_tries(db, aws, tenant, monkeypatch):
    # The route's fast path uses its own bounded client: point it at a closed loopback port.
    monkeypatch.setenv("AWS_ENDPOINT_URL", "http://127.0.0.1:9")
    response = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-imports",
        subject=tenant.subject,
        body={"url": "https://example.com/", "viewport": {"width": 800, "height": 600}},
    )
    monkeypatch.delenv("AWS_ENDPOINT_URL")
    assert response.status == 201 and response.body["status"] == "0"
    job_id = response.body["pageImportId"]
    ticks = Ticks()
    with sqs_down():
        ticks.tick(db)  # try 2
        ticks.tick(db)  # try 3: terminal
    row = db.execute("SELECT status, error_message FROM page_import WHERE id = %s", (job_id,)).fetchone()
    assert row == {"status": "2", "error_message": TERMINAL_MESSAGE}
    got = invoke("GET", f"/projects/{tenant.project_id}/page-imports/{job_id}", subject=tenant.subject)
    assert got.body["status"] == "2" and got.body["errorMessage"] == TERMINAL_MESSAGE
    assert drain(aws.queues["capture"]) == []
