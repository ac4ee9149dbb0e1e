"""The dead-letter Lambda: Powertools batch processing, fenced and idempotent job failure."""

from __future__ import annotations

import json
import uuid

import boto3
from pageport.batches.dead_letters import DEAD_LETTER_MESSAGE

from devstack.apigw import invoke, lambda_context, load_function
from tests.conftest import drain
from tests.support import sqs_event


def test_dead_letters_fail_jobs_once_and_report_partial_failures(db, aws, tenant, monkeypatch):
    body = {
        "id": str(uuid.uuid4()),
        "type": "page_import",
        "requests": [{"url": f"https://example.com/{i}", "viewport": {"width": 800, "height": 600}} for i in range(2)],
    }
    assert (
        invoke("POST", f"/projects/{tenant.project_id}/page-batches", subject=tenant.subject, body=body).status == 201
    )
    messages = [json.dumps(m) for m in drain(aws.queues["capture"])]
    stale = json.loads(messages[1])
    stale["nonce"] = "forged"

    event = sqs_event([messages[0], json.dumps(stale), "not json"], queue="capture-dlq", receive_count=4)
    result = load_function("dead_letter").lambda_handler(event, lambda_context("dead_letter"))
    assert result == {"batchItemFailures": []}  # malformed or stale: logged and dropped, not retried
    rows = {r["id"]: r for r in db.execute("SELECT id, status, error_message, updated_by FROM page_import")}
    first, second = json.loads(messages[0])["pageImportId"], stale["pageImportId"]
    assert rows[first]["status"] == "2" and rows[first]["error_message"] == DEAD_LETTER_MESSAGE
    assert rows[first]["updated_by"] == "backend:dead-letter"
    assert rows[second]["status"] == "0"  # the forged nonce changed nothing

    before = db.execute("SELECT * FROM page_import WHERE id = %s", (first,)).fetchone()
    again = sqs_event([messages[0]], queue="capture-dlq", receive_count=4)
    assert load_function("dead_letter").lambda_handler(again, lambda_context("dead_letter")) == {
        "batchItemFailures": []
    }
    assert db.execute("SELECT * FROM page_import WHERE id = %s", (first,)).fetchone() == before

    batch = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{body['id']}", subject=tenant.subject)
    assert batch.body["counts"]["failed"] == 1 and batch.body["counts"]["running"] == 1

    # A database outage is a partial failure: SQS keeps the record for another try.
    monkeypatch.setenv("DATABASE_URL", "postgresql://nobody@127.0.0.1:1/none?connect_timeout=1")
    from pageport import db as pageport_db
    from pageport.settings import get_settings

    get_settings.cache_clear()
    pageport_db.close_shared_connection()
    event = sqs_event([messages[1]], queue="capture-dlq", receive_count=4)
    failed = load_function("dead_letter").lambda_handler(event, lambda_context("dead_letter"))
    assert failed == {"batchItemFailures": [{"itemIdentifier": event["Records"][0]["messageId"]}]}
    monkeypatch.undo()
    get_settings.cache_clear()
    pageport_db.close_shared_connection()


def test_discovery_dead_letter_publishes_failure_unless_finished(db, aws, tenant):
    body = {
        "id": str(uuid.uuid4()),
        "type": "page_discovery",
        "requests": [{"url": "https://example.com/", "maxPages": 2}],
    }
    assert (
        invoke("POST", f"/projects/{tenant.project_id}/page-batches", subject=tenant.subject, body=body).status == 201
    )
    (message,) = drain(aws.queues["discovery"])
    event = sqs_event([json.dumps(message)], queue="discovery-dlq", receive_count=4)
    assert load_function("dead_letter").lambda_handler(event, lambda_context("dead_letter")) == {
        "batchItemFailures": []
    }
    status = json.loads(
        boto3.client("s3").get_object(Bucket=aws.bucket, Key=message["artifactPrefix"] + "status.json")["Body"].read()
    )
    assert status["status"] == "2" and status["errorMessage"] == DEAD_LETTER_MESSAGE
    got = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{body['id']}/discovery", subject=tenant.subject)
    assert got.body["status"] == "2"
