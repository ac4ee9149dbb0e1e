"""The dispatcher under concurrency and faults: real PostgreSQL, fake and moto SQS, a clock."""

from __future__ import annotations

import json
import threading
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest
from pageport import aws as pageport_aws
from pageport.batches import service
from pageport.batches.dispatch import MAX_ATTEMPTS, TERMINAL_MESSAGE, Dispatcher
from pageport.cancellations import marker_key
from pageport.db import connect
from pageport.kinds.page_import.viewport import Viewport
from pageport.services.tenancy import Scope
from pageport.storage import ArtifactStore

from tests.conftest import drain
from tests.integration.dispatch.fakes import Crash, RecordingSqs, SenderView
from tests.support import finish_capture, message_from_queue_body, page_import_webhook


class Clock:
    def __init__(self) -> None:
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def _queued_batch(db, tenant, n: int) -> str:
    """A committed batch whose items nobody has sent yet (no fast path here)."""
    scope = Scope(tenant.organization_id, tenant.project_id, tenant.subject)
    requests = [
        {"url": f"https://example.com/{i}", "viewport": Viewport(width=800, height=600).to_json_dict()}
        for i in range(n)
    ]
    created = service.create_batch(db, scope, str(uuid.uuid4()), "page_import", requests, allow_private=False)
    return created.batch.id


def _items(db, batch_id):
    """The items of the batch a project calls `batch_id` (stored as `<project>:<id>`: batches/ids.py)."""
    return db.execute(
        "SELECT * FROM batch_item WHERE split_part(batch_id, ':', 2) = %s ORDER BY position", (batch_id,)
    ).fetchall()


@pytest.fixture
def queues(aws):
    return aws


def test_four_concurrent_dispatchers_send_every_item_exactly_once(db, queues, tenant):
    batch_id = _queued_batch(db, tenant, 2000)
    recorder = RecordingSqs()
    barrier = threading.Barrier(4)
    errors: list[BaseException] = []

    def run(name: str) -> None:
        conn = connect()
        try:
            barrier.wait()
            Dispatcher(conn, SenderView(recorder, name), claim_size=50).run()
        except BaseException as exc:
            errors.append(exc)
        finally:
            conn.close()

    threads = [threading.Thread(target=run, args=(f"d{i}",)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    bodies = Counter(body for _, body, _ in recorder.sent)
    assert len(bodies) == 2000 and max(bodies.values()) == 1  # none sent twice
    senders = Counter(sender for _, _, sender in recorder.sent)
    assert len(senders) >= 2, senders  # the work was really shared
    items = _items(db, batch_id)
    assert all(item["dispatched_at"] is not None and item["dispatch_attempts"] == 1 for item in items)
    assert {json.loads(b)["pageImportId"] for b in bodies} == {item["job_id"] for item in items}


def test_a_failed_send_is_resent_after_the_lease_with_an_identical_body(db, queues, tenant):
    batch_id = _queued_batch(db, tenant, 3)
    clock = Clock()
    flaky = RecordingSqs(fail_call=lambda call, entries: "raise" if call == 1 else None)
    first = Dispatcher(db, flaky, clock=clock).run()
    assert first.failed_sends == 3 and first.sent == 0
    assert all(i["dispatched_at"] is None and i["lease_until"] is not None for i in _items(db, batch_id))
    assert Dispatcher(db, flaky, clock=clock).run().claimed == 0  # leased
    clock.advance(91)
    second = Dispatcher(db, flaky, clock=clock).run()
    assert second.sent == 3
    stored = {item["id"]: item for item in _items(db, batch_id)}
    assert all(item["dispatch_attempts"] == 2 and item["dispatched_at"] for item in stored.values())
    from pageport.batches.dispatch import message_body

    assert sorted(body for _, body, _ in flaky.sent) == sorted(message_body(i["message"]) for i in stored.values())


def test_partial_batch_failure_resends_only_the_failed_entries(db, queues, tenant):
    batch_id = _queued_batch(db, tenant, 5)
    clock = Clock()
    refused = RecordingSqs(refuse_entry=lambda call, entry: call == 1 and entry["Id"] in ("1", "3"))
    Dispatcher(db, refused, clock=clock).run()
    items = _items(db, batch_id)
    assert [i["dispatched_at"] is not None for i in items] == [True, False, True, False, True]
    clock.advance(91)
    report = Dispatcher(db, refused, clock=clock).run()
    assert report.claimed == 2 and report.sent == 2
    assert len(refused.sent) == 5 and len({b for _, b, _ in refused.sent}) == 5
    assert all(i["dispatched_at"] for i in _items(db, batch_id))


def test_three_failed_tries_fail_the_item_and_its_child_job(db, queues, tenant):
    batch_id = _queued_batch(db, tenant, 2)
    clock = Clock()
    down = RecordingSqs(fail_call=lambda call, entries: "raise")
    for _ in range(MAX_ATTEMPTS):
        report = Dispatcher(db, down, clock=clock).run()
        assert report.claimed == 2
        clock.advance(91)
    items = _items(db, batch_id)
    assert all(i["error_message"] == TERMINAL_MESSAGE and i["dispatch_attempts"] == 3 for i in items)
    children = db.execute("SELECT status, error_message, updated_by FROM page_import").fetchall()
    assert all(
        c == {"status": "2", "error_message": TERMINAL_MESSAGE, "updated_by": "backend:dead-letter"} for c in children
    )
    assert Dispatcher(db, down, clock=clock).run().claimed == 0
    scope = Scope(tenant.organization_id, tenant.project_id, tenant.subject)
    view = service.get_batch(db.cursor(), scope, batch_id)
    assert view.status == "2" and view.counts.failed == 2


def test_crash_between_send_and_mark_resends_and_the_consumer_fence_drops_the_copy(db, queues, tenant):
    batch_id = _queued_batch(db, tenant, 1)
    clock = Clock()
    crashing = RecordingSqs(fail_call=lambda call, entries: "crash" if call == 1 else None)
    with pytest.raises(Crash):
        Dispatcher(db, crashing, clock=clock).run()
    (item,) = _items(db, batch_id)
    assert item["dispatched_at"] is None and item["dispatch_attempts"] == 1
    clock.advance(91)
    Dispatcher(db, crashing, clock=clock).run()
    (first_copy, second_copy) = [body for _, body, _ in crashing.sent]
    assert first_copy == second_copy
    store = ArtifactStore.default()
    message = message_from_queue_body(json.loads(first_copy))
    assert finish_capture(store, message).body == {"applied": True}
    # The second copy finds the attempt finished and reports its manifest again
    # (attempts.resend_if_finished): a replay that changes nothing.
    manifest_url = store.url(message.artifact_prefix + "manifest.json")
    second = message_from_queue_body(json.loads(second_copy))
    assert page_import_webhook(second, manifest_url).body == {"applied": False}
    assert db.execute("SELECT status FROM page_import").fetchone() == {"status": "1"}


def test_connection_killed_mid_claim_loses_nothing(db, queues, tenant, database_url):
    batch_id = _queued_batch(db, tenant, 30)
    victim = connect(database_url)
    pid = victim.info.backend_pid
    # Hold the batch table so the victim's claim blocks inside its transaction, then kill it there.
    blocker = connect(database_url)
    blocker.execute("BEGIN")
    blocker.execute("LOCK TABLE batch IN ACCESS EXCLUSIVE MODE")
    outcome: list[BaseException] = []

    def claim() -> None:
        try:
            Dispatcher(victim, RecordingSqs()).run()
        except BaseException as exc:
            outcome.append(exc)

    thread = threading.Thread(target=claim)
    thread.start()
    for _ in range(200):
        waiting = db.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone()
        if waiting and waiting["wait_event_type"] == "Lock":
            break
        threading.Event().wait(0.02)
    db.execute("SELECT pg_terminate_backend(%s)", (pid,))
    thread.join(10)
    blocker.execute("ROLLBACK")
    blocker.close()
    assert outcome, "the killed dispatcher should have failed"
    reason = str(outcome[0]).lower()
    assert "terminat" in reason or "closed" in reason
    assert all(i["lease_until"] is None and i["dispatch_attempts"] == 0 for i in _items(db, batch_id))
    recorder = RecordingSqs()
    assert Dispatcher(db, recorder).run().sent == 30


def test_connection_killed_after_claim_is_recovered_after_the_lease(db, queues, tenant, database_url):
    batch_id = _queued_batch(db, tenant, 12)
    clock = Clock()
    victim = connect(database_url)
    killer = RecordingSqs(
        fail_call=lambda call, entries: (
            (db.execute("SELECT pg_terminate_backend(%s)", (victim.info.backend_pid,)) and None) if call == 1 else None
        )
    )
    with pytest.raises(Exception, match=r"(?i)terminat|closed|connection"):
        Dispatcher(victim, killer, clock=clock).run()
    clock.advance(91)
    Dispatcher(db, killer, clock=clock).run()
    assert all(i["dispatched_at"] for i in _items(db, batch_id))
    assert len({b for _, b, _ in killer.sent}) == 12


def test_cancelled_items_are_never_sent(db, queues, tenant):
    batch_id = _queued_batch(db, tenant, 4)
    scope = Scope(tenant.organization_id, tenant.project_id, tenant.subject)
    service.cancel_batch(db, scope, batch_id)
    recorder = RecordingSqs()
    assert Dispatcher(db, recorder).run().claimed == 0
    assert recorder.sent == []
    # Never tried, so no worker needs telling (pageport.cancellations marks only sent items).
    listed = pageport_aws.s3().list_objects_v2(Bucket=ArtifactStore.default().bucket, Prefix="cancellations/")
    assert listed["KeyCount"] == 0


def test_a_cancelled_item_whose_send_may_have_reached_sqs_is_marked(db, queues, tenant):
    """A send that failed may still have reached SQS: its item is announced like a sent one."""
    batch_id = _queued_batch(db, tenant, 2)
    Dispatcher(db, RecordingSqs(fail_call=lambda call, entries: "raise")).run()  # tried: may have reached SQS
    scope = Scope(tenant.organization_id, tenant.project_id, tenant.subject)
    service.cancel_batch(db, scope, batch_id)
    store = ArtifactStore.default()
    assert all(store.exists(marker_key("page-imports/", item["job_id"])) for item in _items(db, batch_id))


def test_stops_claiming_when_lambda_time_is_short(db, queues, tenant):
    _queued_batch(db, tenant, 3)
    recorder = RecordingSqs()
    report = Dispatcher(db, recorder).run(remaining_ms=lambda: 5_000)
    assert report.claimed == 0 and recorder.sent == []


def test_real_sqs_delivery_with_moto(db, queues, tenant):
    batch_id = _queued_batch(db, tenant, 25)
    report = Dispatcher(db, pageport_aws.sqs(), claim_size=7).run()
    assert report.sent == 25 and report.rounds == 4
    messages = drain(queues.queues["capture"])
    assert sorted(m["pageImportId"] for m in messages) == sorted(i["job_id"] for i in _items(db, batch_id))


def test_large_messages_are_split_under_one_mebibyte(db, queues, tenant):
    from pageport.batches.dispatch import Claimed, _chunks

    now = datetime.now(UTC)
    items = [Claimed(str(i), "page_import", None, "x" * 300_000, 1, now) for i in range(7)]
    chunks = list(_chunks(items))
    assert [len(c) for c in chunks] == [3, 3, 1]
    small = [Claimed(str(i), "page_import", None, "{}", 1, now) for i in range(25)]
    assert [len(c) for c in _chunks(small)] == [10, 10, 5]
