"""/page-batches: creation (idempotent, all-or-nothing), reads, paging, cancel, retry, discovery."""

from __future__ import annotations

import hashlib
import json
import uuid

import boto3
from pageport.batches import registry
from pageport.batches.dispatch import Dispatcher
from pageport.batches.registry import Validated
from pageport.errors import ValidationFailed, field_error
from pageport.storage import ArtifactStore

from devstack.apigw import invoke
from tests.conftest import Tenant, drain, make_tenant
from tests.support import capture_message_for, completed_page_import, finish_capture

VIEWPORT = {"width": 1440, "height": 900}


def _requests(n: int) -> list[dict]:
    return [{"url": f"https://example.com/page/{i}", "viewport": VIEWPORT} for i in range(n)]


def _create(tenant: Tenant, requests, type_="page_import", batch_id=None):
    batch_id = batch_id or str(uuid.uuid4())
    response = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-batches",
        subject=tenant.subject,
        body={"id": batch_id, "type": type_, "requests": requests},
    )
    return batch_id, response


def _count(db, table):
    return db.execute(f"SELECT count(*) AS n FROM {table}").fetchone()["n"]  # noqa: S608


def test_500_item_round_trip(db, aws, tenant):
    batch_id, created = _create(tenant, _requests(500))
    assert created.status == 201, created.body
    assert created.body["counts"]["total"] == 500
    assert created.body["counts"]["processing"] == 500
    # The fast path sends what it can within its time budget (on a loaded machine some may stay
    # queued) and the schedule sends the rest: here, one dispatcher run where it left any.
    counts = created.body["counts"]
    assert counts["running"] + counts["queued"] == 500
    if counts["queued"]:
        Dispatcher(db, boto3.client("sqs")).run()
    assert _count(db, "batch_item") == 500 and _count(db, "page_import") == 500
    positions = db.execute(
        "SELECT i.position, p.source_url FROM batch_item i JOIN page_import p ON p.id = i.job_id ORDER BY i.position"
    ).fetchall()
    assert [r["source_url"] for r in positions] == [f"https://example.com/page/{i}" for i in range(500)]
    # moto's receive is O(queue) per message, so count and sample rather than drain 500.
    attributes = boto3.client("sqs").get_queue_attributes(
        QueueUrl=aws.queues["capture"], AttributeNames=["ApproximateNumberOfMessages"]
    )["Attributes"]
    assert attributes["ApproximateNumberOfMessages"] == "500"
    sample = boto3.client("sqs").receive_message(QueueUrl=aws.queues["capture"], MaxNumberOfMessages=10)["Messages"]
    job_ids = {r["job_id"] for r in db.execute("SELECT job_id FROM batch_item").fetchall()}
    assert {json.loads(m["Body"])["pageImportId"] for m in sample} <= job_ids

    got = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{batch_id}", subject=tenant.subject)
    assert got.status == 200 and got.body["id"] == batch_id and got.body["status"] == "0"
    assert got.body["counts"]["running"] == 500 and got.body["counts"]["queued"] == 0
    assert got.body["requestHash"] == created.body["requestHash"] and got.body["retryOf"] is None


def test_501_requests_is_422(db, aws, tenant):
    _, response = _create(tenant, _requests(501))
    assert response.status == 422
    assert _count(db, "batch") == 0


def test_one_bad_item_names_its_index_and_stores_nothing(db, aws, tenant):
    requests = _requests(500)
    requests[317] = {"url": "http://10.0.0.1/admin", "viewport": VIEWPORT}
    requests[42] = {"url": "https://example.com/", "viewport": {"width": 10, "height": 900}}
    _, response = _create(tenant, requests)
    assert response.status == 422
    locs = [d["loc"] for d in response.body["error"]["details"]]
    assert ["requests", 317, "url"] in locs and ["requests", 42, "viewport", "width"] in locs
    assert "317" in response.body["error"]["message"]
    for table in ("batch", "batch_item", "page_import"):
        assert _count(db, table) == 0
    assert drain(aws.queues["capture"]) == []


def test_replay_is_200_without_new_rows_and_conflicts_are_409(db, aws, tenant):
    batch_id, first = _create(tenant, _requests(3))
    assert first.status == 201
    # Same input spelled differently (case, default port, fragment, explicit default scale) hashes the same.
    respelled = [
        {"url": f"https://EXAMPLE.com:443/page/{i}#top", "viewport": VIEWPORT, "deviceScaleFactor": 1} for i in range(3)
    ]
    _, replay = _create(tenant, respelled, batch_id=batch_id)
    assert replay.status == 200, replay.body
    assert replay.body["id"] == batch_id and replay.body["requestHash"] == first.body["requestHash"]
    assert _count(db, "batch_item") == 3 and _count(db, "page_import") == 3
    _, conflict = _create(tenant, _requests(4), batch_id=batch_id)
    assert conflict.status == 409 and conflict.body["error"]["code"] == "batch_id_conflict"
    assert _count(db, "batch") == 1 and _count(db, "batch_item") == 3


def test_a_batch_id_is_unique_per_tenant_and_says_nothing_of_other_tenants(db, aws, tenant):
    """Another tenant choosing the same client id makes its own batch: before, its 409 revealed
    that the id was taken elsewhere. Each tenant sees only its own batch under that id; within
    one organization the contract's 409 for another project stands (batches/ids.py)."""
    batch_id, first = _create(tenant, _requests(3))
    other = make_tenant(db, "other")
    _, elsewhere = _create(other, _requests(2), batch_id=batch_id)
    assert elsewhere.status == 201, elsewhere.body
    assert elsewhere.body["id"] == batch_id and elsewhere.body["projectId"] == other.project_id
    mine = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{batch_id}", subject=tenant.subject)
    theirs = invoke("GET", f"/projects/{other.project_id}/page-batches/{batch_id}", subject=other.subject)
    assert mine.body["counts"]["total"] == 3 and theirs.body["counts"]["total"] == 2
    assert mine.body["requestHash"] == first.body["requestHash"] != theirs.body["requestHash"]
    # Cancelling one leaves the other alone.
    invoke("POST", f"/projects/{other.project_id}/page-batches/{batch_id}/cancel", subject=other.subject, body={})
    again = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{batch_id}", subject=tenant.subject)
    assert again.body["counts"]["cancelled"] == 0
    assert _count(db, "batch") == 2 and _count(db, "batch_item") == 5
    sibling = db.execute(
        "INSERT INTO project (organization_id, name) VALUES (%s, 'sibling') RETURNING id", (tenant.organization_id,)
    ).fetchone()["id"]
    _, same_org = _create(Tenant(tenant.organization_id, sibling, tenant.subject), _requests(3), batch_id=batch_id)
    assert same_org.status == 409 and same_org.body["error"]["code"] == "batch_id_conflict"


def test_bad_batch_bodies(db, aws, tenant):
    for body in (
        {"id": "not-a-uuid", "type": "page_import", "requests": _requests(1)},
        {"id": str(uuid.uuid4()), "type": "teleport", "requests": _requests(1)},
        {"id": str(uuid.uuid4()), "type": "page_import", "requests": []},
        {
            "id": str(uuid.uuid4()),
            "type": "page_discovery",
            "requests": [{"url": "https://a.example/", "maxPages": 5}, {"url": "https://b.example/", "maxPages": 5}],
        },
        {"id": str(uuid.uuid4()), "type": "page_discovery", "requests": [{"url": "https://a.example/", "maxPages": 0}]},
        {"id": str(uuid.uuid4()), "type": "code2des", "requests": [{"pageImportId": "x"}]},
    ):
        response = invoke("POST", f"/projects/{tenant.project_id}/page-batches", subject=tenant.subject, body=body)
        assert response.status == 422, (body, response.body)
    assert _count(db, "batch") == 0


def test_a_batch_type_is_whatever_the_registry_holds(db, aws, tenant, monkeypatch):
    """Adding an operation is adding its registry entry: the API's type check follows."""
    path = f"/projects/{tenant.project_id}/page-batches"
    body = {"id": str(uuid.uuid4()), "type": "teleport", "requests": _requests(1)}
    refused = invoke("POST", path, subject=tenant.subject, body=body)
    assert refused.status == 422 and refused.body["error"]["details"][0]["loc"] == ["type"]
    assert "code2des, page_discovery, page_import" in refused.body["error"]["details"][0]["msg"]

    class Teleport:  # validates nothing into something: enough to show the request reached it
        type = "teleport"

        def validate(self, raw, *, allow_private):
            return Validated({}, [(0, ValidationFailed(details=[field_error(["to"], "no destination")]))])

        def refuse(self, cur, scope, requests):
            return []

    monkeypatch.setitem(registry._REGISTRY, "teleport", Teleport())
    reached = invoke("POST", path, subject=tenant.subject, body=body)
    assert reached.status == 422 and reached.body["error"]["details"] == [
        {"loc": ["requests", 0, "to"], "msg": "no destination"}
    ]
    assert _count(db, "batch") == 0


def test_items_are_paged_by_position_with_a_cursor(db, aws, tenant):
    batch_id, _ = _create(tenant, _requests(7))
    seen, cursor = [], None
    while True:
        page = invoke(
            "GET",
            f"/projects/{tenant.project_id}/page-batches/{batch_id}/items",
            subject=tenant.subject,
            query={"limit": "3", **({"cursor": cursor} if cursor else {})},
        )
        assert page.status == 200, page.body
        seen.extend(page.body["items"])
        cursor = page.body["nextCursor"]
        if cursor is None:
            break
    assert [item["position"] for item in seen] == list(range(7))
    assert all(item["status"] == "0" and item["jobId"] and item["dispatchedAt"] for item in seen)
    assert seen[3]["request"]["url"] == "https://example.com/page/3"
    bad = invoke(
        "GET",
        f"/projects/{tenant.project_id}/page-batches/{batch_id}/items",
        subject=tenant.subject,
        query={"limit": "0"},
    )
    assert bad.status == 422


def test_cancel_before_dispatch_means_never_sent(db, aws, tenant, monkeypatch):
    # No capture queue URL: the fast path cannot send, so items stay queued.
    monkeypatch.delenv("CAPTURE_QUEUE_URL")
    from pageport.settings import get_settings

    get_settings.cache_clear()
    batch_id, created = _create(tenant, _requests(3))
    assert created.body["counts"]["queued"] == 3
    cancelled = invoke("POST", f"/projects/{tenant.project_id}/page-batches/{batch_id}/cancel", subject=tenant.subject)
    assert cancelled.status == 200
    assert cancelled.body["status"] == "3" and cancelled.body["counts"]["cancelled"] == 3
    monkeypatch.setenv("CAPTURE_QUEUE_URL", aws.queues["capture"])
    get_settings.cache_clear()
    from pageport import aws as pageport_aws
    from pageport.batches.dispatch import Dispatcher
    from pageport.db import shared_connection

    report = Dispatcher(shared_connection(), pageport_aws.sqs()).run()
    assert report.claimed == 0
    assert drain(aws.queues["capture"]) == []
    statuses = db.execute("SELECT status, error_message FROM page_import").fetchall()
    assert all(row["status"] == "2" for row in statuses)
    again = invoke("POST", f"/projects/{tenant.project_id}/page-batches/{batch_id}/cancel", subject=tenant.subject)
    assert again.status == 200 and again.body["counts"] == cancelled.body["counts"]


def test_cancel_after_dispatch_blocks_late_completion(db, aws, tenant):
    store = ArtifactStore.default()
    batch_id, _ = _create(tenant, _requests(2))
    jobs = [r["job_id"] for r in db.execute("SELECT job_id FROM batch_item ORDER BY position").fetchall()]
    # The first finishes before the cancel, the second is still running.
    assert finish_capture(store, capture_message_for(db, jobs[0])).status == 200
    cancelled = invoke("POST", f"/projects/{tenant.project_id}/page-batches/{batch_id}/cancel", subject=tenant.subject)
    assert cancelled.body["counts"] == {
        "total": 2,
        "processing": 0,
        "queued": 0,
        "running": 0,
        "completed": 1,
        "failed": 0,
        "cancelled": 1,
    }
    assert cancelled.body["status"] == "1"
    late = finish_capture(store, capture_message_for(db, jobs[1]))
    assert late.status == 409
    row = db.execute("SELECT status FROM page_import WHERE id = %s", (jobs[1],)).fetchone()
    assert row["status"] == "2"


def test_retry_takes_only_failed_items(db, aws, tenant):
    store = ArtifactStore.default()
    batch_id, _ = _create(tenant, _requests(3))
    jobs = [r["job_id"] for r in db.execute("SELECT job_id FROM batch_item ORDER BY position").fetchall()]
    assert finish_capture(store, capture_message_for(db, jobs[0])).status == 200
    from pageport.kinds.page_import import artifacts as page_import_artifacts

    from tests.support import page_import_webhook

    message = capture_message_for(db, jobs[2])
    failure = page_import_artifacts.write_capture_failure(store, message, "The page did not load.")
    assert page_import_webhook(message, failure, outcome="failed").status == 200

    retry_id = str(uuid.uuid4())
    path = f"/projects/{tenant.project_id}/page-batches/{batch_id}/retry"
    retried = invoke("POST", path, subject=tenant.subject, body={"id": retry_id})
    assert retried.status == 201, retried.body
    assert retried.body["retryOf"] == batch_id
    # The SHA-256 of the source's stored id (per tenant: pageport/batches/ids.py) derives retryOf.
    source_key = f"{tenant.organization_id}:{batch_id}"
    assert retried.body["requestHash"] == hashlib.sha256(source_key.encode()).hexdigest()
    assert retried.body["counts"]["total"] == 1
    items = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{retry_id}/items", subject=tenant.subject)
    assert [i["request"]["url"] for i in items.body["items"]] == ["https://example.com/page/2"]
    replay = invoke("POST", path, subject=tenant.subject, body={"id": retry_id})
    assert replay.status == 200 and _count(db, "batch") == 2
    # Nothing failed in the retry batch yet: nothing to retry.
    nothing = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-batches/{retry_id}/retry",
        subject=tenant.subject,
        body={"id": str(uuid.uuid4())},
    )
    assert nothing.status == 409 and nothing.body["error"]["code"] == "nothing_to_retry"


def test_code2des_batch_needs_completed_imports(db, aws, tenant):
    store = ArtifactStore.default()
    ready = completed_page_import(db, tenant, store)
    request = {"pageImportId": ready, "figmaFileKey": "F", "screenId": "s"}
    _, bad = _create(tenant, [request, {**request, "pageImportId": "missing"}], type_="code2des")
    assert bad.status == 422 and bad.body["error"]["details"][0]["loc"] == ["requests", 1, "pageImportId"]
    assert _count(db, "code2des") == 0 and _count(db, "batch WHERE type = 'code2des'") == 0
    # A field error elsewhere does not hide a source that is not ready: one 422 names both.
    _, both = _create(
        tenant, [{**request, "screenId": ""}, {**request, "pageImportId": "missing"}, request], type_="code2des"
    )
    assert both.status == 422
    assert [d["loc"] for d in both.body["error"]["details"]] == [
        ["requests", 0, "screenId"],
        ["requests", 1, "pageImportId"],
    ]
    assert _count(db, "code2des") == 0 and _count(db, "batch WHERE type = 'code2des'") == 0
    _, good = _create(tenant, [request, {**request, "screenId": "t"}], type_="code2des")
    assert good.status == 201 and good.body["counts"]["running"] == 2
    assert len(drain(aws.queues["convert"])) == 2


def test_discovery_batch_reads_what_the_worker_published(db, aws, tenant):
    batch_id, created = _create(tenant, [{"url": "https://Example.com/#x", "maxPages": 20}], type_="page_discovery")
    assert created.status == 201, created.body
    (message,) = drain(aws.queues["discovery"])
    assert message["url"] == "https://example.com/" and message["maxPages"] == 20
    path = f"/projects/{tenant.project_id}/page-batches/{batch_id}"
    assert invoke("GET", path + "/discovery", subject=tenant.subject).body["status"] == "0"
    s3 = boto3.client("s3")
    prefix = message["artifactPrefix"]
    s3.put_object(
        Bucket=aws.bucket,
        Key=prefix + "pages.json",
        Body=json.dumps(
            {
                "pages": [{"url": "https://example.com/", "title": "Home", "description": None, "depth": 0}],
                "truncated": True,
            }
        ).encode(),
    )
    s3.put_object(
        Bucket=aws.bucket,
        Key=prefix + "status.json",
        Body=json.dumps({"status": "1", "pagesFound": 1, "errorMessage": None}).encode(),
    )
    found = invoke("GET", path + "/discovery", subject=tenant.subject)
    assert found.status == 200
    assert found.body["status"] == "1" and found.body["truncated"] is True
    assert found.body["pages"] == [{"url": "https://example.com/", "title": "Home", "description": None, "depth": 0}]
    batch = invoke("GET", path, subject=tenant.subject)
    assert batch.body["status"] == "1" and batch.body["counts"]["completed"] == 1
    page_batch_id, _ = _create(tenant, _requests(1))
    not_discovery = invoke(
        "GET", f"/projects/{tenant.project_id}/page-batches/{page_batch_id}/discovery", subject=tenant.subject
    )
    assert not_discovery.status == 404
