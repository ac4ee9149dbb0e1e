"""Code2Des routes: creation from a completed capture, result verification, materialization."""

from __future__ import annotations

import base64
import hashlib
import json

import boto3
from pageport.storage import ArtifactStore

from devstack.apigw import invoke
from tests.conftest import drain
from tests.support import (
    completed_page_import,
    convert_message_for,
    create_code2des,
    create_page_import,
    finish_conversion,
)


def test_needs_a_completed_page_import(db, aws, tenant):
    processing = create_page_import(tenant)
    response = create_code2des(tenant, processing["pageImportId"])
    assert response.status == 409
    assert response.body["error"]["code"] == "page_import_not_ready"
    assert create_code2des(tenant, "no-such-import").status == 409
    assert db.execute("SELECT count(*) AS n FROM code2des").fetchone() == {"n": 0}


def test_every_call_creates_a_new_job_and_never_changes_the_page_import(db, aws, tenant):
    store = ArtifactStore.default()
    page_import_id = completed_page_import(db, tenant, store)
    before = db.execute("SELECT * FROM page_import WHERE id = %s", (page_import_id,)).fetchone()
    drain(aws.queues["capture"])
    first = create_code2des(tenant, page_import_id)
    second = create_code2des(tenant, page_import_id)
    assert first.status == second.status == 201
    assert first.body["code2desId"] != second.body["code2desId"]
    assert first.body["status"] == "0" and first.body["figmaFileKey"] == "AbC123"
    assert first.body["placementTarget"] == "page:1" and first.body["warningCount"] is None
    assert "nonce" not in first.body
    assert db.execute("SELECT * FROM page_import WHERE id = %s", (page_import_id,)).fetchone() == before
    messages = drain(aws.queues["convert"])
    assert {m["code2desId"] for m in messages} == {first.body["code2desId"], second.body["code2desId"]}
    assert all(m["captureHash"] == before["capture_hash"] for m in messages)
    assert all(m["captureKey"] == f"page-imports/{page_import_id}/1/capture.json" for m in messages)


def test_get_result_and_materialize(db, aws, tenant):
    store = ArtifactStore.default()
    page_import_id = completed_page_import(db, tenant, store)
    created = create_code2des(tenant, page_import_id).body
    base = f"/projects/{tenant.project_id}/code2des/{created['code2desId']}"

    not_ready = invoke("GET", base + "/result", subject=tenant.subject)
    assert not_ready.status == 409 and not_ready.body["error"]["code"] == "result_not_ready"
    early = invoke("PUT", base + "/materialization", subject=tenant.subject, body={"nodeId": "1:1"})
    assert early.status == 409

    images = {hashlib.sha256(data).hexdigest(): data for data in (b"image-one" * 100, b"image-two" * 50)}
    assert finish_conversion(store, convert_message_for(db, created["code2desId"]), images).status == 200

    got = invoke("GET", base, subject=tenant.subject)
    assert got.status == 200 and got.body["status"] == "1" and got.body["warningCount"] == 2
    result = invoke("GET", base + "/result", subject=tenant.subject)
    assert result.status == 200
    assert result.body["document"]["document"]["type"] == "FRAME"
    assert {h: base64.b64decode(b) for h, b in result.body["images"].items()} == images
    assert result.body["nextCursor"] is None
    assert "s3://" not in json.dumps(result.body) and "amazonaws" not in json.dumps(result.body)

    first = invoke("PUT", base + "/materialization", subject=tenant.subject, body={"nodeId": "12:345"})
    assert first.status == 200 and first.body["materializedNodeId"] == "12:345"
    again = invoke("PUT", base + "/materialization", subject=tenant.subject, body={"nodeId": "99:1"})
    assert again.status == 200
    assert again.body["materializedNodeId"] == "12:345"
    assert again.body["materializedAt"] == first.body["materializedAt"]
    # api.md: every later call returns 200 with the stored values, whatever nodeId it sends.
    empty = invoke("PUT", base + "/materialization", subject=tenant.subject, body={"nodeId": ""})
    assert empty.status == 200 and empty.body["materializedNodeId"] == "12:345"


def test_result_pages_images_under_the_limit(db, aws, tenant, monkeypatch):
    from pageport.settings import get_settings

    store = ArtifactStore.default()
    page_import_id = completed_page_import(db, tenant, store)
    created = create_code2des(tenant, page_import_id).body
    images = {hashlib.sha256(bytes([i]) * 3000).hexdigest(): bytes([i]) * 3000 for i in range(5)}
    assert finish_conversion(store, convert_message_for(db, created["code2desId"]), images).status == 200
    monkeypatch.setenv("RESULT_PAGE_BYTES", "9000")  # two base64 images per page
    get_settings.cache_clear()
    path = f"/projects/{tenant.project_id}/code2des/{created['code2desId']}/result"
    collected: dict[str, str] = {}
    pages = 0
    cursor = None
    while True:
        page = invoke("GET", path, subject=tenant.subject, query={"cursor": cursor} if cursor else None)
        assert page.status == 200, page.body
        assert (page.body["document"] is not None) == (pages == 0)
        collected.update(page.body["images"])
        pages += 1
        cursor = page.body["nextCursor"]
        if cursor is None:
            break
    assert pages == 3
    assert {h: base64.b64decode(b) for h, b in collected.items()} == images
    assert invoke("GET", path, subject=tenant.subject, query={"cursor": "x1"}).status == 422


def test_tampered_result_is_502_and_reveals_nothing(db, aws, tenant):
    store = ArtifactStore.default()
    page_import_id = completed_page_import(db, tenant, store)
    created = create_code2des(tenant, page_import_id).body
    message = convert_message_for(db, created["code2desId"])
    assert finish_conversion(store, message).status == 200
    boto3.client("s3").put_object(Bucket=aws.bucket, Key=message.artifact_prefix + "result.json", Body=b"{}")
    response = invoke(
        "GET", f"/projects/{tenant.project_id}/code2des/{created['code2desId']}/result", subject=tenant.subject
    )
    assert response.status == 502
    assert response.body["error"]["code"] == "result_unverifiable"
    assert aws.bucket not in json.dumps(response.body)


def test_publish_failure_answers_201_and_the_job_stays_processing(db, aws, tenant):
    # The message is durable (the outbox): the scheduled dispatcher sends it later.
    store = ArtifactStore.default()
    page_import_id = completed_page_import(db, tenant, store)
    boto3.client("sqs").delete_queue(QueueUrl=aws.queues["convert"])
    response = create_code2des(tenant, page_import_id)
    assert response.status == 201 and response.body["status"] == "0"
    row = db.execute("SELECT status, error_message FROM code2des").fetchone()
    assert row == {"status": "0", "error_message": None}
    item = db.execute("SELECT dispatched_at FROM batch_item WHERE job_id = %s", (response.body["code2desId"],))
    assert item.fetchone() == {"dispatched_at": None}
