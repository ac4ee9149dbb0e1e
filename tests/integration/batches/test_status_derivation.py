"""Batch and item status through the API, against real PostgreSQL and moto (the derivation
rules on their own: tests/unit/batches/test_status_derivation.py)."""

from __future__ import annotations

import json
import uuid

import boto3
from pageport.batches import ids as batch_ids

from devstack.apigw import invoke
from tests.conftest import drain
from tests.support import before_s3_put


def test_every_state_through_the_api(db, aws, tenant):
    """One real batch with an item in each state, read back through GET batch and GET items."""
    from pageport.batches.dispatch import Dispatcher
    from pageport.db import shared_connection

    body = {
        "id": str(uuid.uuid4()),
        "type": "page_import",
        "requests": [{"url": f"https://example.com/{i}", "viewport": {"width": 800, "height": 600}} for i in range(7)],
    }
    created = invoke("POST", f"/projects/{tenant.project_id}/page-batches", subject=tenant.subject, body=body)
    assert created.status == 201
    items = db.execute("SELECT id, job_id FROM batch_item ORDER BY position").fetchall()
    ids = [i["id"] for i in items]
    jobs = [i["job_id"] for i in items]
    # 0 queued, 1 running, 2 completed, 3 failed, 4 dispatch-failed, 5 cancelled before dispatch,
    # 6 cancelled while running.
    db.execute("UPDATE batch_item SET dispatched_at = NULL WHERE id = ANY(%s)", ([ids[0], ids[4], ids[5]],))
    db.execute("UPDATE page_import SET status = '1' WHERE id = %s", (jobs[2],))
    db.execute("UPDATE page_import SET status = '2' WHERE id = %s", (jobs[3],))
    db.execute("UPDATE batch_item SET error_message = 'gave up', dispatch_attempts = 3 WHERE id = %s", (ids[4],))
    db.execute("UPDATE page_import SET status = '2' WHERE id = ANY(%s)", ([jobs[4], jobs[5], jobs[6]],))
    db.execute("UPDATE batch_item SET cancelled_at = now() WHERE id = ANY(%s)", ([ids[5], ids[6]],))
    got = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{body['id']}", subject=tenant.subject)
    assert got.body["counts"] == {
        "total": 7,
        "processing": 2,
        "queued": 1,
        "running": 1,
        "completed": 1,
        "failed": 2,
        "cancelled": 2,
    }
    assert got.body["status"] == "0"
    listed = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{body['id']}/items", subject=tenant.subject)
    assert [i["status"] for i in listed.body["items"]] == ["0", "0", "1", "2", "2", "3", "3"]
    assert Dispatcher(shared_connection(), boto3.client("sqs")).run().sent == 1  # only the queued one
    drain(aws.queues["capture"])


def _started_discovery(aws, tenant) -> tuple[str, dict]:
    """A page_discovery batch whose message a worker has taken: its path and that message."""
    body = {
        "id": str(uuid.uuid4()),
        "type": "page_discovery",
        "requests": [{"url": "https://example.com/", "maxPages": 3}],
    }
    base = f"/projects/{tenant.project_id}/page-batches"
    assert invoke("POST", base, subject=tenant.subject, body=body).status == 201
    (message,) = drain(aws.queues["discovery"])
    return f"{base}/{body['id']}", message


def test_discovery_states_through_the_api(db, aws, tenant):
    path, message = _started_discovery(aws, tenant)
    s3 = boto3.client("s3")
    key = message["artifactPrefix"] + "status.json"
    expectations = [
        (None, "0", {"running": 1}),
        ("0", "0", {"running": 1}),
        ("2", "2", {"failed": 1}),
        ("1", "1", {"completed": 1}),
    ]
    for published, batch, counts in expectations:
        if published is not None:
            s3.put_object(
                Bucket=aws.bucket,
                Key=key,
                Body=json.dumps({"status": published, "pagesFound": 0, "errorMessage": None}).encode(),
            )
        got = invoke("GET", path, subject=tenant.subject).body
        assert got["status"] == batch
        assert {k: v for k, v in got["counts"].items() if k in counts} == counts


def test_a_cancelled_discovery_ignores_what_its_worker_publishes_later(db, aws, tenant):
    path, message = _started_discovery(aws, tenant)
    assert invoke("POST", f"{path}/cancel", subject=tenant.subject, body={}).status == 200
    # The worker was already running: it finishes and publishes pages and a completed status.
    s3 = boto3.client("s3")
    prefix = message["artifactPrefix"]
    pages = {"pages": [{"url": "https://example.com/", "title": "Home", "description": "", "depth": 0}]}
    s3.put_object(Bucket=aws.bucket, Key=prefix + "pages.json", Body=json.dumps({**pages, "truncated": False}))
    s3.put_object(Bucket=aws.bucket, Key=prefix + "status.json", Body=json.dumps({"status": "1", "pagesFound": 1}))

    assert invoke("GET", path, subject=tenant.subject).body["status"] == "3"
    found = invoke("GET", f"{path}/discovery", subject=tenant.subject)
    assert found.status == 200
    assert found.body["status"] == "2" and found.body["pages"] == []


def test_a_discovery_completing_while_it_is_being_cancelled_stays_completed(db, aws, tenant):
    """status.json cannot be locked: the worker publishes completion after cancel read it and
    before cancel writes. Cancel's compare-and-swap loses, and the item is not marked cancelled:
    the work was done, and its pages are shown."""
    path, message = _started_discovery(aws, tenant)
    prefix = message["artifactPrefix"]
    s3 = boto3.client("s3")
    pages = {"pages": [{"url": "https://example.com/", "title": "Home", "description": "", "depth": 0}]}
    s3.put_object(Bucket=aws.bucket, Key=prefix + "pages.json", Body=json.dumps({**pages, "truncated": False}))

    def worker_completes() -> None:
        s3.put_object(Bucket=aws.bucket, Key=prefix + "status.json", Body=json.dumps({"status": "1", "pagesFound": 1}))

    with before_s3_put(worker_completes, when=lambda params: params["url_path"].endswith("status.json")):
        cancelled = invoke("POST", f"{path}/cancel", subject=tenant.subject, body={})
    assert cancelled.status == 200
    assert (cancelled.body["status"], cancelled.body["counts"]["completed"]) == ("1", 1)
    found = invoke("GET", f"{path}/discovery", subject=tenant.subject).body
    assert (found["status"], [p["url"] for p in found["pages"]]) == ("1", ["https://example.com/"])


def test_counts_follow_each_batchs_own_children_when_ids_interleave(db, aws, tenant):
    """Counts come from the children each item names, even when two batches' child ids
    interleave (batches created in the same moments), never from neighbouring ids."""
    base = f"/projects/{tenant.project_id}/page-batches"
    ids = {}
    for name, size in (("a", 3), ("b", 2)):
        body = {
            "id": str(uuid.uuid4()),
            "type": "page_import",
            "requests": [
                {"url": f"https://example.com/{name}{i}", "viewport": {"width": 800, "height": 600}}
                for i in range(size)
            ],
        }
        assert invoke("POST", base, subject=tenant.subject, body=body).status == 201
        ids[name] = body["id"]
    keys = {name: batch_ids.stored(tenant.organization_id, batch_id) for name, batch_id in ids.items()}
    a = [
        r["job_id"]
        for r in db.execute("SELECT job_id FROM batch_item WHERE batch_id = %s ORDER BY position", (keys["a"],))
    ]
    b = [
        r["job_id"]
        for r in db.execute("SELECT job_id FROM batch_item WHERE batch_id = %s ORDER BY position", (keys["b"],))
    ]
    # Interleave: A's children become a0, b0, a2 (so a1 lies inside A's range) and B's a1, b1.
    db.execute("UPDATE batch_item SET job_id = %s WHERE batch_id = %s AND position = 1", (b[0], keys["a"]))
    db.execute("UPDATE batch_item SET job_id = %s WHERE batch_id = %s AND position = 0", (a[1], keys["b"]))
    for job, status in ((a[0], "1"), (a[1], "1"), (b[0], "2")):
        db.execute("UPDATE page_import SET status = %s WHERE id = %s", (status, job))
    counts = {
        name: invoke("GET", f"{base}/{batch_id}", subject=tenant.subject).body["counts"]
        for name, batch_id in ids.items()
    }
    assert {k: counts["a"][k] for k in ("total", "completed", "failed", "processing")} == {
        "total": 3,
        "completed": 1,
        "failed": 1,
        "processing": 1,
    }
    assert {k: counts["b"][k] for k in ("total", "completed", "failed", "processing")} == {
        "total": 2,
        "completed": 1,
        "failed": 0,
        "processing": 1,
    }
