"""Single creates are durable: the worker message is committed with the job, the route's own send
is bounded in time, and what it could not send the scheduled dispatcher sends, exactly once.

Faults are injected at the SQS boundary only: a loopback socket that accepts and never answers
(SQS hanging), or botocore's own event hook raising the network error it raises on a timeout."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from botocore.exceptions import ReadTimeoutError
from pageport import aws as pageport_aws
from pageport import queues
from pageport.batches.dispatch import LEASE, Dispatcher
from pageport.storage import ArtifactStore

from devstack.apigw import invoke
from tests.conftest import drain
from tests.support import completed_page_import, create_code2des

VIEWPORT = {"width": 1440, "height": 900}


@contextmanager
def hanging_sqs(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """SQS that accepts connections and never answers (a black-holed endpoint)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    port = server.getsockname()[1]
    with monkeypatch.context() as patch:
        patch.setenv("AWS_ENDPOINT_URL", f"http://127.0.0.1:{port}")
        try:
            yield
        finally:
            server.close()


@contextmanager
def sqs_read_timeout() -> Iterator[list[str]]:
    """The fast client's SendMessageBatch times out on the wire (botocore's own error)."""
    calls: list[str] = []

    def hook(request: Any, **_: Any) -> None:
        calls.append(request.url)
        raise ReadTimeoutError(endpoint_url=request.url)

    events = queues.fast_sqs().meta.events
    events.register("before-send.sqs.SendMessageBatch", hook, unique_id="tests-sqs-timeout")
    try:
        yield calls
    finally:
        events.unregister("before-send.sqs.SendMessageBatch", unique_id="tests-sqs-timeout")


def _outbox(db: Any, job_id: str) -> dict[str, Any]:
    row = db.execute(
        """SELECT i.*, b.type FROM batch_item i JOIN batch b ON b.id = i.batch_id WHERE i.job_id = %s""",
        (job_id,),
    ).fetchone()
    assert row is not None
    return dict(row)


def _after_lease() -> datetime:
    return datetime.now(UTC) + LEASE + timedelta(seconds=1)


def _dispatch_later(db: Any) -> None:
    """The scheduled dispatcher, once the fast path's lease is over."""
    Dispatcher(db, pageport_aws.sqs(), clock=_after_lease).run()


def test_create_writes_the_message_in_its_transaction_and_sends_it_at_once(db, aws, tenant):
    response = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-imports",
        subject=tenant.subject,
        body={"url": "https://example.com/", "viewport": VIEWPORT},
    )
    assert response.status == 201
    job_id = response.body["pageImportId"]
    item = _outbox(db, job_id)
    assert item["type"] == "page_import" and item["message"]["pageImportId"] == job_id
    assert item["dispatched_at"] is not None and item["dispatch_attempts"] == 1
    (message,) = drain(aws.queues["capture"])
    assert message == item["message"]
    # The one-item batch is the job's outbox, not something the API returns.
    assert item["batch_id"].rpartition(":")[2] not in str(response.body)  # nor its client-id part


def test_sqs_hanging_answers_201_in_time_and_the_dispatcher_sends_once(db, aws, tenant, monkeypatch):
    with hanging_sqs(monkeypatch):
        started = time.monotonic()
        response = invoke(
            "POST",
            f"/projects/{tenant.project_id}/page-imports",
            subject=tenant.subject,
            body={"url": "https://example.com/hangs", "viewport": VIEWPORT},
        )
        elapsed = time.monotonic() - started
    # The route Lambda has 15 s; the shared client alone could wait 20 s x 3 tries.
    assert elapsed < 10, elapsed
    assert response.status == 201 and response.body["status"] == "0"
    job_id = response.body["pageImportId"]
    item = _outbox(db, job_id)
    assert item["dispatched_at"] is None and item["dispatch_attempts"] == 1 and item["error_message"] is None
    assert drain(aws.queues["capture"]) == []

    _dispatch_later(db)
    _dispatch_later(db)  # a second tick finds nothing left to send
    messages = drain(aws.queues["capture"])
    assert [m["pageImportId"] for m in messages] == [job_id]
    row = db.execute("SELECT status, nonce FROM page_import WHERE id = %s", (job_id,)).fetchone()
    assert row["status"] == "0" and messages[0]["nonce"] == row["nonce"]
    assert _outbox(db, job_id)["dispatched_at"] is not None


def test_read_timeout_on_code2des_send_leaves_it_for_the_dispatcher(db, aws, tenant):
    page_import_id = completed_page_import(db, tenant, ArtifactStore.default())
    drain(aws.queues["capture"])
    with sqs_read_timeout() as calls:
        response = create_code2des(tenant, page_import_id)
    assert calls, "the fast path tried to send"
    assert response.status == 201 and response.body["status"] == "0"
    code2des_id = response.body["code2desId"]
    assert drain(aws.queues["convert"]) == []
    assert _outbox(db, code2des_id)["dispatched_at"] is None

    _dispatch_later(db)
    _dispatch_later(db)
    messages = drain(aws.queues["convert"])
    assert [m["code2desId"] for m in messages] == [code2des_id]


def test_a_sent_single_job_is_not_sent_again_by_the_dispatcher(db, aws, tenant):
    response = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-imports",
        subject=tenant.subject,
        body={"url": "https://example.com/once", "viewport": VIEWPORT},
    )
    assert response.status == 201
    _dispatch_later(db)
    assert len(drain(aws.queues["capture"])) == 1


def test_three_failed_sends_fail_the_job_with_a_safe_message(db, aws, tenant):
    with sqs_read_timeout():
        response = invoke(
            "POST",
            f"/projects/{tenant.project_id}/page-imports",
            subject=tenant.subject,
            body={"url": "https://example.com/never", "viewport": VIEWPORT},
        )
    assert response.status == 201
    job_id = response.body["pageImportId"]
    broken = Dispatcher(db, queues.fast_sqs(), clock=_after_lease)
    with sqs_read_timeout():
        broken.run()  # try 2
        broken.clock = lambda: _after_lease() + LEASE + timedelta(seconds=1)
        broken.run()  # try 3: terminal
    item = _outbox(db, job_id)
    assert item["dispatch_attempts"] == 3 and item["error_message"] is not None
    row = db.execute("SELECT status, error_message FROM page_import WHERE id = %s", (job_id,)).fetchone()
    assert row["status"] == "2" and "Traceback" not in row["error_message"]
    assert drain(aws.queues["capture"]) == []


def test_the_fast_paths_budget_hands_back_what_it_never_tried(db, aws, tenant):
    import uuid

    from pageport.batches import service
    from pageport.services.tenancy import Scope

    from tests.integration.dispatch.fakes import RecordingSqs

    scope = Scope(tenant.organization_id, tenant.project_id, tenant.subject)
    requests = [{"url": f"https://example.com/{i}", "viewport": VIEWPORT} for i in range(25)]
    batch_id = service.create_batch(db, scope, str(uuid.uuid4()), "page_import", requests, allow_private=False).batch.id

    def slow(call: int, entries: list[dict[str, Any]]) -> None:
        time.sleep(0.3)  # the first SendMessageBatch outlasts the budget

    recorder = RecordingSqs(fail_call=slow)
    key = f"{tenant.organization_id}:{batch_id}"  # the stored id (batches/ids.py)
    report = Dispatcher(db, recorder, send_budget_s=0.2).run(batch_id=key)
    assert report.claimed == 25 and report.sent == 10 and recorder.calls == 1
    items = db.execute("SELECT dispatched_at, dispatch_attempts, lease_until FROM batch_item").fetchall()
    sent = [i for i in items if i["dispatched_at"] is not None]
    untried = [i for i in items if i["dispatched_at"] is None]
    assert len(sent) == 10 and len(untried) == 15
    assert all(i["dispatch_attempts"] == 0 and i["lease_until"] is None for i in untried)  # not a try
    # The schedule, right away (no lease to wait out), sends the rest.
    Dispatcher(db, recorder).run()
    assert len(recorder.sent) == 25 and len({body for _, body, _ in recorder.sent}) == 25
