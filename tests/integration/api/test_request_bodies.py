"""Request bodies on every JSON route: media types, malformed JSON, NUL characters, size cap."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from pageport.web import MAX_BODY_BYTES

from devstack.apigw import invoke
from tests.conftest import drain
from tests.unit.api.test_request_bodies import _maximal_batch, _maximal_page_import_item

VIEWPORT = {"width": 1440, "height": 900}
VALID = json.dumps({"url": "https://example.com/", "viewport": VIEWPORT})


def _post_page_import(tenant, raw: str | None, headers: dict[str, str]):
    return invoke(
        "POST", f"/projects/{tenant.project_id}/page-imports", subject=tenant.subject, raw_body=raw, headers=headers
    )


def _stored(db) -> int:
    return db.execute("SELECT count(*) AS n FROM page_import").fetchone()["n"]


# ---------------------------------------------------------------------------------- media types


@pytest.mark.parametrize(
    "headers",
    [
        {"content-type": "application/json"},
        {"Content-Type": "application/json; charset=utf-8"},
        {"content-type": "application/json;charset=UTF-8"},
        {"content-type": "Application/JSON"},
        {},  # no Content-Type at all: read as JSON
    ],
)
def test_json_or_no_content_type_is_read_as_json(db, aws, tenant, headers):
    response = _post_page_import(tenant, VALID, headers)
    assert response.status == 201, response.body
    assert _stored(db) == 1


@pytest.mark.parametrize(
    "content_type",
    [
        "text/plain",
        "text/plain; charset=utf-8",
        "application/x-www-form-urlencoded",  # curl -d's default
        "multipart/form-data; boundary=x",
        "application/xml",
        "application/jsonp",
    ],
)
def test_valid_json_under_another_content_type_is_415(db, aws, tenant, content_type):
    response = _post_page_import(tenant, VALID, {"content-type": content_type})
    assert response.status == 415, response.body
    assert response.body["error"]["code"] == "unsupported_media_type"
    assert "application/json" in response.body["error"]["message"]
    assert _stored(db) == 0
    assert drain(aws.queues["capture"]) == []


@pytest.mark.parametrize(
    "headers",
    [
        {"content-type": "application/json"},
        {},
        {"content-type": "text/plain"},
        {"content-type": "application/x-www-form-urlencoded"},
    ],
)
@pytest.mark.parametrize("raw", ["{bad", "url=https://example.com/&viewport=1", '{"url": "https://example.com/"'])
def test_malformed_json_is_400_whatever_the_content_type(db, aws, tenant, headers, raw):
    response = _post_page_import(tenant, raw, headers)
    assert response.status == 400, response.body
    assert response.body["error"]["code"] == "malformed_request"
    assert _stored(db) == 0


def test_malformed_json_is_400_on_a_route_that_reads_no_body(db, aws, tenant):
    created = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-batches",
        subject=tenant.subject,
        body={"id": str(uuid.uuid4()), "type": "page_import", "requests": [json.loads(VALID)]},
    )
    cancel = f"/projects/{tenant.project_id}/page-batches/{created.body['id']}/cancel"
    response = invoke("POST", cancel, subject=tenant.subject, raw_body="{bad")
    assert (response.status, response.body["error"]["code"]) == (400, "malformed_request")
    assert invoke("GET", cancel.removesuffix("/cancel"), subject=tenant.subject).body["counts"]["cancelled"] == 0
    assert invoke("POST", cancel, subject=tenant.subject, raw_body="").status == 200  # no body at all is fine


def test_an_unsupported_content_type_without_a_body_is_a_clear_4xx(db, aws, tenant):
    response = _post_page_import(tenant, None, {"content-type": "text/plain"})
    assert response.status == 415, response.body
    assert response.body["error"]["code"] == "unsupported_media_type"


def test_reads_ignore_the_content_type(db, aws, tenant):
    created = invoke(
        "POST", f"/projects/{tenant.project_id}/page-imports", subject=tenant.subject, body=json.loads(VALID)
    )
    got = invoke(
        "GET",
        f"/projects/{tenant.project_id}/page-imports/{created.body['pageImportId']}",
        subject=tenant.subject,
        headers={"content-type": "text/plain"},
    )
    assert got.status == 200, got.body


# ---------------------------------------------------------------------------------- NUL characters

NUL = "a\u0000b"


def _page_import(**extra: Any) -> dict[str, Any]:
    return {"url": "https://example.com/", "viewport": VIEWPORT, **extra}


def _code2des(**override: Any) -> dict[str, Any]:
    return {
        "pageImportId": "p",
        "figmaFileKey": "AbC123",
        "screenId": "desktop",
        "placementTarget": "page:1",
        **override,
    }


def _batch(**override: Any) -> dict[str, Any]:
    return {"id": str(uuid.uuid4()), "type": "page_import", "requests": [_page_import()], **override}


@pytest.mark.parametrize(
    ("route", "body", "loc"),
    [
        ("page-imports", _page_import(readySelector=NUL), ["readySelector"]),
        ("page-imports", _page_import(url="https://example.com/" + NUL), ["url"]),
        ("code2des", _code2des(pageImportId=NUL), ["pageImportId"]),
        ("code2des", _code2des(figmaFileKey=NUL), ["figmaFileKey"]),
        ("code2des", _code2des(screenId=NUL), ["screenId"]),
        ("code2des", _code2des(placementTarget=NUL), ["placementTarget"]),
        ("page-batches", _batch(id="0192f8a4-7c3e-7a11-8f00-2b5c4d6e7f8\u0000"), ["id"]),
        (
            "page-batches",
            _batch(requests=[_page_import(), _page_import(readySelector=NUL)]),
            ["requests", 1, "readySelector"],
        ),
        ("page-batches", _batch(type="code2des", requests=[_code2des(screenId=NUL)]), ["requests", 0, "screenId"]),
        ("page-batches/0192f8a4-7c3e-7a11-8f00-2b5c4d6e7f80/retry", {"id": NUL}, ["id"]),
    ],
)
def test_nul_in_any_string_field_is_422_naming_it(db, aws, tenant, route, body, loc):
    response = invoke("POST", f"/projects/{tenant.project_id}/{route}", subject=tenant.subject, body=body)
    assert response.status == 422, response.body
    assert loc in [detail["loc"] for detail in response.body["error"]["details"]]
    assert all(_count(db, table) == 0 for table in ("page_import", "code2des", "batch"))


def test_nul_in_a_path_id_matches_nothing(db, aws, tenant):
    for path in (f"page-imports/{NUL}", f"code2des/{NUL}", f"page-batches/{NUL}", f"page-batches/{NUL}/items"):
        response = invoke("GET", f"/projects/{tenant.project_id}/{path}", subject=tenant.subject)
        assert response.status == 404, (path, response.body)


@pytest.mark.parametrize("digit", ["\u00b2", "\u0663", "\uff11"])  # superscript two, Arabic-Indic three, fullwidth one
def test_digits_other_than_ascii_are_a_4xx_not_a_crash(db, aws, tenant, digit):
    # str.isdigit() accepts these; int() refuses some and reads others: neither may reach it.
    assert invoke("GET", f"/projects/{digit}/page-batches/x", subject=tenant.subject).status == 404
    path = f"/projects/{tenant.project_id}/page-batches/{uuid.uuid4()}/items"
    assert invoke("GET", path, subject=tenant.subject, query={"cursor": digit}).status == 422


def _count(db, table: str) -> int:
    return db.execute(f"SELECT count(*) AS n FROM {table}").fetchone()["n"]  # noqa: S608


# ---------------------------------------------------------------------------------- size cap


def test_a_maximal_valid_batch_is_accepted(db, aws, tenant):
    body = _maximal_batch(_maximal_page_import_item(), "page_import")
    raw = json.dumps(body)
    assert len(raw) > 2 * 1024 * 1024  # larger than the old cap
    response = invoke("POST", f"/projects/{tenant.project_id}/page-batches", subject=tenant.subject, raw_body=raw)
    assert response.status == 201, response.body
    assert response.body["counts"]["total"] == 500
    assert _count(db, "page_import") == 500


def test_a_body_over_the_cap_is_413(db, aws, tenant):
    raw = json.dumps(_page_import(readySelector="x" * (MAX_BODY_BYTES + 1)))
    response = _post_page_import(tenant, raw, {"content-type": "application/json"})
    assert response.status == 413 and response.body["error"]["code"] == "payload_too_large"
    assert _stored(db) == 0


@pytest.mark.parametrize(
    ("change", "loc"),
    [
        ({"viewport": {"width": "1440", "height": 900}}, ["viewport", "width"]),
        ({"viewport": {"width": 1440.5, "height": 900}}, ["viewport", "width"]),
        ({"deviceScaleFactor": True}, ["deviceScaleFactor"]),
        ({"deviceScaleFactor": "2"}, ["deviceScaleFactor"]),
        ({"url": 7}, ["url"]),
    ],
)
def test_json_types_are_taken_strictly(db, aws, tenant, change, loc):
    raw = json.dumps({"url": "https://example.com/", "viewport": VIEWPORT, **change})
    response = _post_page_import(tenant, raw, {"content-type": "application/json"})
    assert response.status == 422, response.body
    assert loc in [detail["loc"] for detail in response.body["error"]["details"]]
    assert _stored(db) == 0


def test_an_integer_is_a_valid_scale_factor(db, aws, tenant):
    raw = json.dumps({"url": "https://example.com/", "viewport": VIEWPORT, "deviceScaleFactor": 2})
    response = _post_page_import(tenant, raw, {"content-type": "application/json"})
    assert response.status == 201, response.body
    assert response.body["deviceScaleFactor"] == 2
