"""The deadline sweep: a job whose message was lost ends failed after the deadline; a finished
job, a newer attempt and a published discovery result are never touched; a late webhook for a
swept attempt is refused."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from pageport.batches import service
from pageport.batches.sweep import SWEEP_MESSAGE, fail_fenced, stale_jobs, sweep
from pageport.kinds.page_discovery.publishing import publish_status, read_status
from pageport.kinds.page_import import KIND as PAGE_IMPORT
from pageport.services.tenancy import Scope
from pageport.settings import get_settings
from pageport.storage import ArtifactStore

from tests.conftest import drain
from tests.support import (
    capture_message_for,
    completed_page_import,
    create_code2des,
    create_page_import,
    finish_capture,
)


@pytest.fixture
def short_deadline(monkeypatch: pytest.MonkeyPatch) -> Iterator[timedelta]:
    """A five-second deadline through the settings, as the stage config sets it in AWS (short,
    yet long enough that a loaded machine does not pass it between a create and a sweep)."""
    monkeypatch.setenv("JOB_DEADLINE_S", "5")
    get_settings.cache_clear()
    yield timedelta(seconds=get_settings().job_deadline_s)
    get_settings.cache_clear()


def _status(db: Any, table: str, job_id: str) -> dict[str, Any]:
    row = db.execute(f"SELECT status, error_message, attempt FROM {table} WHERE id = %s", (job_id,)).fetchone()  # noqa: S608
    assert row is not None
    return dict(row)


def test_a_lost_message_ends_failed_after_the_deadline_and_a_late_webhook_is_refused(db, aws, tenant, short_deadline):
    created = create_page_import(tenant)
    job_id = created["pageImportId"]
    message = capture_message_for(db, job_id)
    assert len(drain(aws.queues["capture"])) == 1  # deleted from the queue by hand: nobody will run it

    report = sweep(db, short_deadline)
    assert report.failed_jobs == {} and _status(db, "page_import", job_id)["status"] == "0"  # not yet due

    time.sleep(short_deadline.total_seconds() + 0.5)
    report = sweep(db, short_deadline)
    assert report.failed_jobs == {"page_import": 1}
    assert _status(db, "page_import", job_id) == {"status": "2", "error_message": SWEEP_MESSAGE, "attempt": 1}
    assert sweep(db, short_deadline).failed_jobs == {}  # nothing left

    late = finish_capture(ArtifactStore.default(), message)
    assert late.status == 409
    assert _status(db, "page_import", job_id)["status"] == "2"


def test_code2des_past_the_deadline_is_failed(db, aws, tenant, short_deadline):
    page_import_id = completed_page_import(db, tenant, ArtifactStore.default())
    created = create_code2des(tenant, page_import_id)
    assert created.status == 201
    code2des_id = created.body["code2desId"]
    drain(aws.queues["convert"])
    time.sleep(short_deadline.total_seconds() + 0.5)
    report = sweep(db, short_deadline)
    assert report.failed_jobs == {"code2des": 1}  # the completed Page Import is not among them
    assert _status(db, "code2des", code2des_id)["status"] == "2"
    assert _status(db, "page_import", page_import_id)["status"] == "1"


def test_finished_jobs_are_never_touched(db, aws, tenant):
    completed = completed_page_import(db, tenant, ArtifactStore.default())
    failed = create_page_import(tenant)["pageImportId"]
    db.execute("UPDATE page_import SET status = '2', error_message = 'worker said no' WHERE id = %s", (failed,))
    db.execute("UPDATE page_import SET updated_at = now() - interval '10 days'")
    assert sweep(db, timedelta(seconds=1)).failed_jobs == {}
    assert _status(db, "page_import", completed) == {"status": "1", "error_message": None, "attempt": 1}
    assert _status(db, "page_import", failed)["error_message"] == "worker said no"


def test_a_newer_attempt_is_never_touched(db, aws, tenant):
    old = create_page_import(tenant)["pageImportId"]
    db.execute("UPDATE page_import SET updated_at = now() - interval '2 days' WHERE id = %s", (old,))
    fences = stale_jobs(db, PAGE_IMPORT, timedelta(days=1))
    assert [f.id for f in fences] == [old]
    # Between the sweep's read and its write, the job starts a new attempt (a retry path).
    db.execute("UPDATE page_import SET attempt = 2, nonce = 'fresh', updated_at = now() WHERE id = %s", (old,))
    assert fail_fenced(db, PAGE_IMPORT, fences) == []
    assert _status(db, "page_import", old) == {"status": "0", "error_message": None, "attempt": 2}
    # And the new attempt has its own full deadline.
    assert sweep(db, timedelta(days=1)).failed_jobs == {}


def _discovery_batch(db: Any, tenant: Any) -> str:
    scope = Scope(tenant.organization_id, tenant.project_id, tenant.subject)
    created = service.create_batch(
        db,
        scope,
        str(uuid.uuid4()),
        "page_discovery",
        [{"url": "https://example.com/", "maxPages": 5}],
        allow_private=False,
    )
    key = f"{tenant.organization_id}:{created.batch.id}"  # the stored id (batches/ids.py)
    item = db.execute("SELECT id FROM batch_item WHERE batch_id = %s", (key,)).fetchone()
    assert item is not None
    return str(item["id"])


def test_a_stuck_discovery_item_is_failed_in_its_published_status(db, aws, tenant):
    stuck = _discovery_batch(db, tenant)
    done = _discovery_batch(db, tenant)
    store = ArtifactStore.default()
    assert publish_status(store, stuck, lambda _: {"status": "0", "pagesFound": 3}) is None  # worker mid-way
    assert publish_status(store, done, lambda _: {"status": "1", "pagesFound": 5}) is None
    assert sweep(db, timedelta(hours=1)).failed_items == 0  # not due yet
    db.execute("UPDATE batch SET created_at = now() - interval '2 hours'")
    assert sweep(db, timedelta(hours=1)).failed_items == 1
    assert read_status(store, stuck) == {"status": "2", "pagesFound": 3, "errorMessage": SWEEP_MESSAGE}
    assert read_status(store, done) == {"status": "1", "pagesFound": 5}
    # Terminal now: the next tick changes nothing, and a late worker write is refused.
    assert sweep(db, timedelta(hours=1)).failed_items == 0
    assert publish_status(store, stuck, lambda _: {"status": "1", "pagesFound": 3}) == "2"


def test_the_dispatcher_function_sweeps_on_its_tick(db, aws, tenant, short_deadline, function_module):
    from devstack.apigw import lambda_context

    job_id = create_page_import(tenant)["pageImportId"]
    drain(aws.queues["capture"])
    handler = function_module("dispatcher").lambda_handler
    first = handler({"source": "aws.events"}, lambda_context("dispatcher", 50))
    assert first["sweptJobs"] == 0
    db.execute("UPDATE page_import SET updated_at = now() - %s WHERE id = %s", (short_deadline, job_id))
    second = handler({"source": "aws.events"}, lambda_context("dispatcher", 50))
    assert second["sweptJobs"] == 1 and second["sent"] == 0
    assert _status(db, "page_import", job_id)["status"] == "2"


def test_finished_discovery_items_in_the_window_do_not_hide_a_stuck_one(db, aws, tenant):
    store = ArtifactStore.default()
    done = [_discovery_batch(db, tenant) for _ in range(3)]
    for item_id in done:
        assert publish_status(store, item_id, lambda _: {"status": "1", "pagesFound": 1}) is None
    stuck = _discovery_batch(db, tenant)  # the newest: read last
    db.execute("UPDATE batch SET created_at = now() - interval '2 hours'")
    assert sweep(db, timedelta(hours=1), page_size=1).failed_items == 1  # one item per page
    assert read_status(store, stuck) == {"status": "2", "pagesFound": 0, "errorMessage": SWEEP_MESSAGE}
    assert all(read_status(store, item_id) == {"status": "1", "pagesFound": 1} for item_id in done)
    # Past the window (a day beyond the deadline) nothing is read any more.
    other = _discovery_batch(db, tenant)
    db.execute(
        """UPDATE batch SET created_at = now() - interval '3 days'
           WHERE id = (SELECT batch_id FROM batch_item WHERE id = %s)""",
        (other,),
    )
    assert sweep(db, timedelta(hours=1)).failed_items == 0
    assert read_status(store, other) is None
