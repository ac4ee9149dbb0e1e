"""Test helpers that play the worker's part through our real artifact and webhook code."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from pageport.db import Connection
from pageport.kinds.code2des import artifacts as code2des_artifacts
from pageport.kinds.code2des.messages import ConvertMessage
from pageport.kinds.page_discovery.models import DiscoveryMessage
from pageport.kinds.page_import import artifacts as page_import_artifacts
from pageport.kinds.page_import.messages import CaptureMessage
from pageport.storage import ArtifactStore

from devstack.apigw import ApiResponse, invoke, invoke_webhook
from tests.conftest import Tenant

PNG_1x1 = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201a0e5dd6e0000000049454e44ae426082"
)


def create_page_import(tenant: Tenant, url: str = "https://example.com/") -> dict[str, Any]:
    response = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-imports",
        subject=tenant.subject,
        body={"url": url, "viewport": {"width": 1440, "height": 900}},
    )
    assert response.status == 201, response.body
    body: dict[str, Any] = response.body
    return body


def capture_message_for(db: Connection, page_import_id: str) -> CaptureMessage:
    row = db.execute("SELECT * FROM page_import WHERE id = %s", (page_import_id,)).fetchone()
    assert row is not None
    from pageport.kinds.page_import.creation import capture_message
    from pageport.kinds.page_import.models import PageImportRow

    return capture_message(PageImportRow.model_validate(row))


# A worker message's `kind` names its model.
_MESSAGE_MODELS: dict[str, type[CaptureMessage | ConvertMessage | DiscoveryMessage]] = {
    "capture": CaptureMessage,
    "convert": ConvertMessage,
    "discovery": DiscoveryMessage,
}


def message_from_queue_body(body: dict[str, Any]) -> Any:
    return _MESSAGE_MODELS[body["kind"]].model_validate(body)


def page_import_webhook(
    message: CaptureMessage, manifest_url: str, outcome: str = "succeeded", **overrides: Any
) -> ApiResponse:
    payload = {
        "pageImportId": message.page_import_id,
        "attempt": message.attempt,
        "nonce": message.nonce,
        "outcome": outcome,
        "manifestUrl": manifest_url,
        **overrides,
    }
    return invoke_webhook("page_import_webhook", json.dumps(payload))


def finish_capture(store: ArtifactStore, message: CaptureMessage, capture: dict[str, Any] | None = None) -> ApiResponse:
    capture_json = json.dumps(capture or {"version": 1, "url": message.source_url}, sort_keys=True).encode()
    manifest_url = page_import_artifacts.write_capture_success(
        store, message, capture_json=capture_json, screenshot_png=PNG_1x1, assets={}, warnings=[]
    )
    return page_import_webhook(message, manifest_url)


def completed_page_import(
    db: Connection, tenant: Tenant, store: ArtifactStore, capture: dict[str, Any] | None = None
) -> str:
    """A Page Import completed through its webhook; by default with a minimal capture that the
    converter cannot read (its Code2Des fails)."""
    created = create_page_import(tenant)
    response = finish_capture(store, capture_message_for(db, created["pageImportId"]), capture)
    assert response.status == 200, response.body
    page_import_id: str = created["pageImportId"]
    return page_import_id


def queued_convert_message(db: Connection, tenant: Tenant, capture: dict[str, Any] | None = None) -> ConvertMessage:
    """The worker message of a Code2Des created through the API from a completed Page Import."""
    created = create_code2des(tenant, completed_page_import(db, tenant, ArtifactStore.default(), capture))
    assert created.status == 201, created.body
    return convert_message_for(db, created.body["code2desId"])


def sqs_event(bodies: list[str], *, queue: str, receive_count: int = 1) -> dict[str, Any]:
    """The event Lambda's SQS event source hands a function, one record per body."""
    import uuid

    return {
        "Records": [
            {
                "messageId": str(uuid.uuid4()),
                "receiptHandle": "r",
                "body": body,
                "attributes": {
                    "ApproximateReceiveCount": str(receive_count),
                    "SentTimestamp": "0",
                    "SenderId": "x",
                    "ApproximateFirstReceiveTimestamp": "0",
                },
                "messageAttributes": {},
                "md5OfBody": "",
                "eventSource": "aws:sqs",
                "eventSourceARN": f"arn:aws:sqs:us-east-1:000000000000:{queue}",
                "awsRegion": "us-east-1",
            }
            for body in bodies
        ]
    }


def convert_message_for(db: Connection, code2des_id: str) -> ConvertMessage:
    from pageport.kinds.code2des.creation import convert_message
    from pageport.kinds.code2des.models import Code2DesRow
    from pageport.kinds.page_import.models import PageImportRow

    row = Code2DesRow.model_validate(db.execute("SELECT * FROM code2des WHERE id = %s", (code2des_id,)).fetchone())
    ids = [row.page_import_id, *(v.page_import_id for v in row.variants)]
    sources = {
        r["id"]: PageImportRow.model_validate(r)
        for r in db.execute("SELECT * FROM page_import WHERE id = ANY(%s)", (ids,)).fetchall()
    }
    return convert_message(row, sources, ArtifactStore.default())


def code2des_webhook(
    message: ConvertMessage, manifest_url: str, outcome: str = "succeeded", **overrides: Any
) -> ApiResponse:
    payload = {
        "code2desId": message.code2des_id,
        "attempt": message.attempt,
        "nonce": message.nonce,
        "outcome": outcome,
        "manifestUrl": manifest_url,
        **overrides,
    }
    return invoke_webhook("code2des_webhook", json.dumps(payload))


def finish_conversion(
    store: ArtifactStore, message: ConvertMessage, images: dict[str, bytes] | None = None, warning_count: int = 2
) -> ApiResponse:
    images = images if images is not None else {}
    document = {
        "document": {"id": "1:1", "type": "FRAME", "name": "Page", "children": []},
        "images": {h: {"sha256": h} for h in images},
        "version": 1,
    }
    manifest_url = code2des_artifacts.write_convert_success(
        store,
        message,
        result_json=json.dumps(document, sort_keys=True).encode(),
        images=images,
        warning_count=warning_count,
    )
    return code2des_webhook(message, manifest_url, warningCount=warning_count)


def create_code2des(
    tenant: Tenant, page_import_id: str, screen: str = "desktop", options: dict[str, Any] | None = None
) -> ApiResponse:
    body: dict[str, Any] = {
        "pageImportId": page_import_id,
        "figmaFileKey": "AbC123",
        "screenId": screen,
        "placementTarget": "page:1",
    }
    if options is not None:
        body["options"] = options
    return invoke("POST", f"/projects/{tenant.project_id}/code2des", subject=tenant.subject, body=body)


@contextmanager
def before_s3_put(
    action: Callable[[], None], *, when: Callable[[dict[str, Any]], bool] = lambda _: True
) -> Iterator[None]:
    """Run `action` once, just before the first PutObject of our S3 client that `when` accepts
    (given the request, headers included) goes out: a write by someone else lands between our
    code's read and its write. botocore's own event hook, so our code runs unchanged."""
    from pageport import aws as pageport_aws

    pending = [action]

    def hook(params: dict[str, Any], **_: Any) -> None:
        if pending and when(params):
            pending.pop()()

    events = pageport_aws.s3().meta.events
    events.register("before-call.s3.PutObject", hook, unique_id="tests-before-s3-put")
    try:
        yield
    finally:
        events.unregister("before-call.s3.PutObject", unique_id="tests-before-s3-put")


def call_webhook(function: str, method: str, path: str, body: str = "{}") -> tuple[int, Any]:
    """A webhook function URL's answer to any method and path (status, JSON body)."""
    from devstack.apigw import function_url_event, lambda_context, load_function

    event = function_url_event(body, path=path)
    event["requestContext"]["http"]["method"] = method
    result = load_function(function).lambda_handler(event, lambda_context(function))
    return int(result["statusCode"]), json.loads(result["body"])
