"""Page Import routes: success paths and every error code of api.md."""

from __future__ import annotations

import json
import uuid

import boto3
import pytest
from pageport.settings import get_settings
from pageport.web import MAX_BODY_BYTES

from devstack.apigw import invoke
from tests.conftest import drain
from tests.support import create_page_import

VIEWPORT = {"width": 1440, "height": 900}


def test_create_commits_row_then_publishes_message(db, aws, tenant):
    created = create_page_import(tenant, "https://Example.COM:443/pricing?plan=pro#plans")
    assert created["status"] == "0" and created["attempt"] == 1
    assert created["sourceUrl"] == "https://example.com/pricing?plan=pro"
    assert created["createdBy"] == tenant.subject and created["updatedBy"] == tenant.subject
    assert created["createdAt"].endswith("Z")
    assert "nonce" not in created
    (message,) = drain(aws.queues["capture"])
    row = db.execute("SELECT nonce, attempt FROM page_import WHERE id = %s", (created["pageImportId"],)).fetchone()
    assert message["pageImportId"] == created["pageImportId"]
    assert message["nonce"] == row["nonce"] and message["attempt"] == 1
    assert message["sourceUrl"] == "https://example.com/pricing?plan=pro"
    assert message["artifactPrefix"] == f"page-imports/{created['pageImportId']}/1/"
    assert not any("password" in key.lower() or "database" in key.lower() for key in message)


def test_get_returns_lifecycle_without_nonce(db, aws, tenant):
    created = create_page_import(tenant)
    got = invoke("GET", f"/projects/{tenant.project_id}/page-imports/{created['pageImportId']}", subject=tenant.subject)
    assert got.status == 200
    assert got.body == created
    assert "nonce" not in json.dumps(got.body)


def test_a_dark_import_is_stored_sent_and_shown_dark(db, aws, tenant):
    body = {"url": "https://example.com/", "viewport": VIEWPORT, "colorScheme": "dark"}
    created = invoke("POST", f"/projects/{tenant.project_id}/page-imports", subject=tenant.subject, body=body).body
    assert created["colorScheme"] == "dark"
    (message,) = drain(aws.queues["capture"])
    assert message["colorScheme"] == "dark"
    row = db.execute("SELECT color_scheme FROM page_import WHERE id = %s", (created["pageImportId"],)).fetchone()
    assert row == {"color_scheme": "dark"}
    # A request that names none is light, as every import before the field was.
    assert create_page_import(tenant)["colorScheme"] == "light"
    assert drain(aws.queues["capture"])[0]["colorScheme"] == "light"


@pytest.mark.parametrize(
    ("body", "loc"),
    [
        ({"url": "https://example.com/", "viewport": {"width": 319, "height": 900}}, ["viewport", "width"]),
        ({"url": "https://example.com/", "viewport": {"width": 3841, "height": 900}}, ["viewport", "width"]),
        ({"url": "https://example.com/", "viewport": {"width": 1440, "height": 239}}, ["viewport", "height"]),
        ({"url": "https://example.com/", "viewport": {"width": 1440, "height": 4321}}, ["viewport", "height"]),
        ({"url": "https://example.com/", "viewport": VIEWPORT, "deviceScaleFactor": 0.5}, ["deviceScaleFactor"]),
        ({"url": "https://example.com/", "viewport": VIEWPORT, "deviceScaleFactor": 3.5}, ["deviceScaleFactor"]),
        ({"url": "https://example.com/", "viewport": VIEWPORT, "readySelector": "x" * 513}, ["readySelector"]),
        ({"url": "https://example.com/" + "a" * 4100, "viewport": VIEWPORT}, ["url"]),
        ({"url": "ftp://example.com/", "viewport": VIEWPORT}, ["url"]),
        ({"url": "http://127.0.0.1/", "viewport": VIEWPORT}, ["url"]),
        ({"url": "http://user:pw@example.com/", "viewport": VIEWPORT}, ["url"]),
        ({"url": "http://localhost/", "viewport": VIEWPORT}, ["url"]),
        ({"viewport": VIEWPORT}, ["url"]),
        ({"url": "https://example.com/", "viewport": VIEWPORT, "surprise": 1}, ["surprise"]),
        ({"url": "https://example.com/", "viewport": VIEWPORT, "colorScheme": "sepia"}, ["colorScheme"]),
    ],
)
def test_invalid_requests_are_422_and_store_nothing(db, aws, tenant, body, loc):
    response = invoke("POST", f"/projects/{tenant.project_id}/page-imports", subject=tenant.subject, body=body)
    assert response.status == 422, response.body
    assert response.body["error"]["code"] == "validation_error"
    assert [detail["loc"] for detail in response.body["error"]["details"]] == [loc]
    assert db.execute("SELECT count(*) AS n FROM page_import").fetchone() == {"n": 0}
    assert drain(aws.queues["capture"]) == []


def test_allowed_bounds_are_accepted(db, aws, tenant):
    for viewport, scale in (({"width": 320, "height": 240}, 1), ({"width": 3840, "height": 4320}, 3)):
        response = invoke(
            "POST",
            f"/projects/{tenant.project_id}/page-imports",
            subject=tenant.subject,
            body={
                "url": "https://example.com/",
                "viewport": viewport,
                "deviceScaleFactor": scale,
                "readySelector": "m" * 512,
            },
        )
        assert response.status == 201, response.body


def test_malformed_json_is_400(db, aws, tenant):
    response = invoke(
        "POST", f"/projects/{tenant.project_id}/page-imports", subject=tenant.subject, raw_body="{not json"
    )
    assert response.status == 400
    assert response.body["error"]["code"] == "malformed_request"


def test_oversized_body_is_413(db, aws, tenant):
    response = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-imports",
        subject=tenant.subject,
        raw_body=json.dumps({"url": "https://example.com/", "pad": "x" * MAX_BODY_BYTES}),
    )
    assert response.status == 413
    assert response.body["error"]["code"] == "payload_too_large"


def test_no_claims_is_401(db, aws, tenant):
    response = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-imports",
        subject=None,
        body={"url": "https://example.com/", "viewport": VIEWPORT},
    )
    assert response.status == 401
    assert response.body["error"]["code"] == "unauthorized"


def test_unknown_project_route_and_method(db, aws, tenant):
    assert invoke("GET", f"/projects/{tenant.project_id}/page-imports/nope", subject=tenant.subject).status == 404
    assert invoke("GET", "/projects/999999/page-imports/nope", subject=tenant.subject).status == 404
    assert invoke("GET", "/projects/abc/page-imports/nope", subject=tenant.subject).status == 404
    assert invoke("GET", "/nowhere", subject=tenant.subject).status == 404
    assert invoke("DELETE", f"/projects/{tenant.project_id}/page-imports/x", subject=tenant.subject).status == 405


def test_soft_deleted_page_import_is_404(db, aws, tenant):
    created = create_page_import(tenant)
    db.execute(
        "UPDATE page_import SET deleted_at = now(), deleted_by = 'ops' WHERE id = %s", (created["pageImportId"],)
    )
    got = invoke("GET", f"/projects/{tenant.project_id}/page-imports/{created['pageImportId']}", subject=tenant.subject)
    assert got.status == 404


def test_publish_failure_answers_201_and_keeps_the_message_for_the_dispatcher(db, aws, tenant):
    # api.md: 201 once the row is committed. The message is committed with it (the outbox), so a
    # failed send is no failed job: the scheduled dispatcher sends it (tests/integration/dispatch).
    boto3.client("sqs").delete_queue(QueueUrl=aws.queues["capture"])
    response = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-imports",
        subject=tenant.subject,
        body={"url": "https://example.com/", "viewport": VIEWPORT},
    )
    assert response.status == 201 and response.body["status"] == "0"
    text = json.dumps(response.body)
    assert "Traceback" not in text and "sqs" not in text.lower() and "SELECT" not in text
    (row,) = db.execute("SELECT status, error_message FROM page_import").fetchall()
    assert row == {"status": "0", "error_message": None}
    (item,) = db.execute("SELECT job_id, dispatched_at, message FROM batch_item").fetchall()
    assert item["job_id"] == response.body["pageImportId"] and item["dispatched_at"] is None
    assert item["message"]["pageImportId"] == response.body["pageImportId"]


def test_cors_headers_for_the_plugin(db, aws, tenant):
    from devstack.apigw import handler_for, lambda_context, match, rest_event

    route, params, _ = match("GET", f"/projects/{tenant.project_id}/page-imports/x")
    event = rest_event(
        route,
        f"/projects/{tenant.project_id}/page-imports/x",
        params,
        body=None,
        claims={"sub": tenant.subject},
        headers={"origin": "null"},
    )
    result = handler_for(route)(event, lambda_context(route.function))
    headers = {k.lower(): v for k, v in (result.get("multiValueHeaders") or {}).items()}
    headers.update({k.lower(): [v] for k, v in (result.get("headers") or {}).items()})
    assert headers["access-control-allow-origin"] == ["null"]  # the plugin's opaque origin, nothing wider


AUTH_URL = "https://example.com/account"


@pytest.mark.parametrize(
    ("auth", "loc"),
    [
        ({}, ["auth"]),
        ({"cookies": [{"name": "bad name", "value": "v"}]}, ["auth", "cookies", 0, "name"]),
        ({"cookies": [{"name": "s", "value": "a;b"}]}, ["auth", "cookies", 0, "value"]),
        ({"cookies": [{"name": "s", "value": "v", "domain": ".example.com"}]}, ["auth", "cookies", 0, "domain"]),
        ({"headers": {"Host": "evil.example"}}, ["auth", "headers"]),
        ({"headers": {"Cookie": "s=v"}}, ["auth", "headers"]),
        ({"headers": {"X-Token": "a\r\nX-Evil: 1"}}, ["auth", "headers"]),
        ({"headers": {f"X-{i}": "v" for i in range(21)}}, ["auth", "headers"]),
    ],
)
def test_bad_sign_in_details_are_422_and_store_nothing(db, aws, tenant, auth, loc):
    body = {"url": AUTH_URL, "viewport": VIEWPORT, "auth": auth}
    response = invoke("POST", f"/projects/{tenant.project_id}/page-imports", subject=tenant.subject, body=body)
    assert response.status == 422, response.body
    assert [d["loc"] for d in response.body["error"]["details"]] == [loc]
    assert "a\r\n" not in json.dumps(response.body) and "s=v" not in json.dumps(response.body)  # values never echoed
    assert db.execute("SELECT count(*) AS n FROM page_import").fetchone() == {"n": 0}
    assert drain(aws.queues["capture"]) == []


def test_a_batch_item_with_sign_in_details_is_refused_naming_it(db, aws, tenant):
    item = {"url": AUTH_URL, "viewport": VIEWPORT, "auth": {"cookies": [{"name": "s", "value": "secret-1"}]}}
    body = {"id": str(uuid.uuid4()), "type": "page_import", "requests": [{"url": AUTH_URL, "viewport": VIEWPORT}, item]}
    response = invoke("POST", f"/projects/{tenant.project_id}/page-batches", subject=tenant.subject, body=body)
    assert response.status == 422, response.body
    assert [d["loc"] for d in response.body["error"]["details"]] == [["requests", 1, "auth"]]
    assert "secret-1" not in json.dumps(response.body)
    assert db.execute("SELECT count(*) AS n FROM page_import").fetchone() == {"n": 0}


def test_without_a_key_for_sign_in_details_an_import_with_them_is_503(db, aws, tenant, monkeypatch):
    monkeypatch.delenv("PAGE_AUTH_KEY_ARN")
    get_settings.cache_clear()
    body = {"url": AUTH_URL, "viewport": VIEWPORT, "auth": {"cookies": [{"name": "s", "value": "v"}]}}
    response = invoke("POST", f"/projects/{tenant.project_id}/page-imports", subject=tenant.subject, body=body)
    assert response.status == 503 and response.body["error"]["code"] == "service_unavailable"
    assert db.execute("SELECT count(*) AS n FROM page_import").fetchone() == {"n": 0}
    get_settings.cache_clear()
