"""Transient AWS faults hand a message back to SQS; permanent ones fail the job.

Faults are injected at the AWS boundary only: a botocore `before-send` hook on the worker's own
S3 client answers a request with what S3 answers under load (503 SlowDown) before moto sees it.
The worker runs as on Lambda: its handler module, fed an SQS event (tests/support sqs_event).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import boto3
import pytest
from botocore.awsrequest import AWSResponse
from pageport import aws as pageport_aws
from pageport.kinds.code2des.job import CAPTURE_MISMATCH
from pageport.kinds.code2des.messages import ConvertMessage
from pageport.kinds.page_discovery.layout import discovery_status_key

from devstack.apigw import lambda_context, load_function
from tests.conftest import AwsResources
from tests.support import sqs_event
from tests.support.workers import WebhookLog, card_convert_message, discovery_message, objects_under

SLOW_DOWN = (
    b'<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code>'
    b"<Message>Please reduce your request rate.</Message><RequestId>R</RequestId></Error>"
)


class _Raw:
    """The raw body botocore streams from (what urllib3 would hand it)."""

    def __init__(self, data: bytes) -> None:
        self._data = data

    def stream(self, *_args: Any, **_kwargs: Any) -> Iterator[bytes]:
        yield self._data


@pytest.fixture
def throttle_get() -> Iterator[Callable[[str], list[str]]]:
    """`throttle_get(key)`: every GetObject of `key` through the worker's S3 client answers
    503 SlowDown; returns the list of throttled request URLs (botocore retries included)."""
    client = pageport_aws.s3()
    handlers: list[Callable[..., AWSResponse | None]] = []

    def install(key: str) -> list[str]:
        throttled: list[str] = []

        def slow_down(request: Any, **_kwargs: Any) -> AWSResponse | None:
            if not request.url.split("?")[0].endswith("/" + key):
                return None
            throttled.append(request.url)
            return AWSResponse(request.url, 503, {"Content-Type": "application/xml"}, _Raw(SLOW_DOWN))

        # First, so it answers before moto's own before-send handler does.
        client.meta.events.register_first("before-send.s3.GetObject", slow_down)
        handlers.append(slow_down)
        return throttled

    yield install
    for handler in handlers:
        client.meta.events.unregister("before-send.s3.GetObject", handler)


def _run_worker(message: ConvertMessage) -> tuple[dict[str, Any], str]:
    event = sqs_event([message.model_dump_json(by_alias=True)], queue="convert")
    result = load_function("convert_worker").lambda_handler(event, lambda_context("convert_worker", 120))
    return result, event["Records"][0]["messageId"]


def _status(db: Any) -> dict[str, Any]:
    row = db.execute("SELECT status, error_message FROM code2des").fetchone()
    assert row is not None
    return dict(row)


def test_a_throttled_capture_read_is_redelivered_not_failed(
    db: Any, stack: AwsResources, tenant: Any, webhooks: WebhookLog, throttle_get: Callable[[str], list[str]]
) -> None:
    message = card_convert_message(db, tenant)
    throttled = throttle_get(message.capture_key)

    result, message_id = _run_worker(message)

    assert result == {"batchItemFailures": [{"itemIdentifier": message_id}]}
    assert len(throttled) >= 3  # botocore retried it itself (standard mode) before giving up
    assert _status(db) == {"status": "0", "error_message": None}
    assert objects_under(stack.bucket, message.artifact_prefix) == {}  # no failure.json, no manifest
    assert webhooks.calls == []


def test_the_redelivered_message_completes_once_s3_recovers(
    db: Any, stack: AwsResources, tenant: Any, webhooks: WebhookLog, throttle_get: Callable[[str], list[str]]
) -> None:
    message = card_convert_message(db, tenant)
    throttle_get(message.capture_key)
    assert _run_worker(message)[0]["batchItemFailures"]

    pageport_aws.reset_clients()  # S3 recovers: a fresh client without the fault
    result, _ = _run_worker(message)

    assert result == {"batchItemFailures": []}
    assert _status(db)["status"] == "1"


def test_a_missing_capture_fails_the_job_with_a_safe_message(
    db: Any, stack: AwsResources, tenant: Any, webhooks: WebhookLog
) -> None:
    message = card_convert_message(db, tenant)
    boto3.client("s3").delete_object(Bucket=stack.bucket, Key=message.capture_key)

    result, _ = _run_worker(message)

    assert result == {"batchItemFailures": []}
    assert _status(db) == {"status": "2", "error_message": "The capture is missing."}


def test_a_capture_that_fails_its_hash_fails_the_job(
    db: Any, stack: AwsResources, tenant: Any, webhooks: WebhookLog
) -> None:
    message = card_convert_message(db, tenant)
    boto3.client("s3").put_object(Bucket=stack.bucket, Key=message.capture_key, Body=b'{"tampered": true}')

    result, _ = _run_worker(message)

    assert result == {"batchItemFailures": []}
    assert _status(db) == {"status": "2", "error_message": CAPTURE_MISMATCH}


def test_a_throttled_discovery_status_write_is_redelivered_not_failed(stack: AwsResources, site: str) -> None:
    """The first progress write of status.json is throttled (all of botocore's own retries):
    the item is handed back, not published as failed; the redelivery completes it."""
    message = discovery_message(site + "/index.html")
    status_key = discovery_status_key(message.batch_item_id)
    calls: list[int] = []

    def slow_down_first_call(request: Any, **_kwargs: Any) -> AWSResponse | None:
        if not request.url.split("?")[0].endswith("/" + status_key):
            return None
        if request.context.get("retries", {}).get("attempt", 1) == 1:
            calls.append(1)
        if len(calls) > 1:
            return None  # the calls after the first go through
        return AWSResponse(request.url, 503, {"Content-Type": "application/xml"}, _Raw(SLOW_DOWN))

    client = pageport_aws.s3()
    client.meta.events.register_first("before-send.s3.PutObject", slow_down_first_call)
    try:
        event = sqs_event([message.model_dump_json(by_alias=True)], queue="discovery")
        result = load_function("discovery_worker").lambda_handler(event, lambda_context("discovery_worker", 120))
        assert result == {"batchItemFailures": [{"itemIdentifier": event["Records"][0]["messageId"]}]}
        assert len(calls) == 1
        # Nothing terminal was published: the item is still discovering (or has no status yet).
        status = objects_under(stack.bucket, status_key)
        assert all(json.loads(body)["status"] == "0" for body in status.values())

        redelivered = load_function("discovery_worker").lambda_handler(event, lambda_context("discovery_worker", 120))
        assert redelivered == {"batchItemFailures": []}
        assert json.loads(objects_under(stack.bucket, status_key)[status_key])["status"] == "1"
    finally:
        client.meta.events.unregister("before-send.s3.PutObject", slow_down_first_call)
