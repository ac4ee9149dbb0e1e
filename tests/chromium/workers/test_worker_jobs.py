"""The workers' glue end to end in one process: real Chromium on a loopback fixture site,
moto S3/SQS, the real webhook handlers behind a loopback HTTP server, real PostgreSQL
(fixtures in conftest.py)."""

from __future__ import annotations

import base64
import json

import boto3
from pageport.kinds.code2des.job import run_convert
from pageport.kinds.code2des.messages import ConvertMessage
from pageport.kinds.page_import import job as capture_job
from pageport.kinds.page_import.messages import CaptureMessage
from pageport.settings import get_settings
from pageport.workers.webhook_client import Delivery

from devstack.apigw import invoke
from tests.conftest import drain


def _import(tenant, url: str, **extra) -> str:
    created = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-imports",
        subject=tenant.subject,
        body={"url": url, "viewport": {"width": 800, "height": 600}, **extra},
    )
    assert created.status == 201, created.body
    return created.body["pageImportId"]


def test_capture_then_convert_then_hydrated_result(db, stack, tenant, site):
    page_import_id = _import(tenant, site + "/index.html")
    (message,) = drain(stack.queues["capture"])
    assert capture_job.run_capture(CaptureMessage.model_validate(message)) is Delivery.APPLIED
    row = db.execute("SELECT status, capture_hash, error_message FROM page_import").fetchone()
    assert row["status"] == "1", row
    manifest = json.loads(
        boto3.client("s3")
        .get_object(Bucket=stack.bucket, Key=message["artifactPrefix"] + "manifest.json")["Body"]
        .read()
    )
    assert manifest["capture"]["sha256"] == row["capture_hash"] and manifest["assets"]

    created = invoke(
        "POST",
        f"/projects/{tenant.project_id}/code2des",
        subject=tenant.subject,
        body={"pageImportId": page_import_id, "figmaFileKey": "F", "screenId": "s"},
    )
    assert created.status == 201
    (convert,) = drain(stack.queues["convert"])
    assert run_convert(ConvertMessage.model_validate(convert)) is Delivery.APPLIED
    path = f"/projects/{tenant.project_id}/code2des/{created.body['code2desId']}"
    job = invoke("GET", path, subject=tenant.subject).body
    assert job["status"] == "1" and job["warningCount"] is not None
    result = invoke("GET", path + "/result", subject=tenant.subject)
    assert result.status == 200
    text = json.dumps(result.body["document"])
    assert "Hello from the fixture" in text
    assert result.body["images"], "the page's image should be hydrated"
    for image in result.body["images"].values():
        assert base64.b64decode(image)[:4] == b"\x89PNG"


def test_capture_failure_reports_a_safe_message(db, stack, tenant, site):
    _import(tenant, site + "/missing.html")
    (message,) = drain(stack.queues["capture"])
    assert capture_job.run_capture(CaptureMessage.model_validate(message)) is Delivery.APPLIED
    row = db.execute("SELECT status, error_message, result_url FROM page_import").fetchone()
    assert row["status"] == "2" and row["result_url"].endswith("failure.json")
    assert "404" in row["error_message"] and "Traceback" not in row["error_message"]


def test_forged_loopback_message_is_blocked_without_the_opt_in(db, stack, tenant, site, monkeypatch):
    _import(tenant, site + "/index.html")
    (message,) = drain(stack.queues["capture"])
    monkeypatch.setenv("PAGEPORT_ALLOW_PRIVATE_TARGETS", "false")
    get_settings.cache_clear()
    assert capture_job.run_capture(CaptureMessage.model_validate(message)) is Delivery.APPLIED
    row = db.execute("SELECT status, error_message FROM page_import").fetchone()
    assert row["status"] == "2"
    failure = json.loads(
        boto3.client("s3")
        .get_object(Bucket=stack.bucket, Key=message["artifactPrefix"] + "failure.json")["Body"]
        .read()
    )
    assert any("loopback" in reason for reason in failure["blocked"]), failure


def test_a_stale_message_is_dropped_by_the_fence(db, stack, tenant, site):
    _import(tenant, site + "/index.html")
    (message,) = drain(stack.queues["capture"])
    db.execute("UPDATE page_import SET status = '2', error_message = 'cancelled'")
    before = db.execute("SELECT * FROM page_import").fetchone()
    assert capture_job.run_capture(CaptureMessage.model_validate(message)) is Delivery.REFUSED
    assert db.execute("SELECT * FROM page_import").fetchone() == before
