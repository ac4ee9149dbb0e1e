"""`pageport.web.resolver`: answers given before routing carry exactly the headers Powertools
puts on every other answer, and `pageport.web` still exports what the handlers import."""

from __future__ import annotations

import json
from typing import Any

import pageport.web
import pytest
from pageport.errors import NotFound
from pageport.services.tenancy import Scope
from pageport.web import api_resolver
from pageport.web import tenancy as web_tenancy
from pageport.web.prechecks import MAX_BODY_BYTES
from pageport.web.resolver import PageportResolver, api_cors, early_answer
from pageport.web.tenancy import SCOPE_CONTEXT_KEY

ORIGIN = "null"  # a Figma plugin's opaque origin


def _event(method: str, path: str, body: str | None, headers: dict[str, str]) -> dict[str, Any]:
    return {
        "resource": path,
        "path": path,
        "httpMethod": method,
        "headers": dict(headers),
        "multiValueHeaders": {k: [v] for k, v in headers.items()},
        "queryStringParameters": None,
        "pathParameters": None,
        "body": body,
        "isBase64Encoded": False,
        "requestContext": {"httpMethod": method, "path": path, "requestId": "r-1", "authorizer": None},
    }


def _app() -> PageportResolver:
    app = api_resolver()

    @app.post("/things")
    def create() -> dict[str, Any]:
        return {"ok": True}

    return app


def _cors_headers(result: dict[str, Any]) -> dict[str, str]:
    single = result.get("headers") or {}
    multi = {k: ",".join(v) for k, v in (result.get("multiValueHeaders") or {}).items()}
    return {k: v for k, v in (single | multi).items() if k.startswith("Access-Control-")}


def test_public_names_stay_importable_from_pageport_web() -> None:
    for name in (
        "JSON",
        "MAX_BODY_BYTES",
        "PageportResolver",
        "api_resolver",
        "caller_scope",
        "error_response",
        "json_response",
        "logger",
        "subject_from_claims",
    ):
        assert hasattr(pageport.web, name), name
    assert pageport.web.MAX_BODY_BYTES == 4 * 1024 * 1024


def test_an_early_answer_carries_the_same_cors_headers_as_a_routed_one() -> None:
    app = _app()
    headers = {"content-type": "application/json", "origin": ORIGIN}
    routed = app.resolve(_event("POST", "/things", "{}", headers), None)
    early = app.resolve(_event("POST", "/things", "x" * (MAX_BODY_BYTES + 1), headers), None)
    assert routed["statusCode"] == 200, routed
    assert early["statusCode"] == 413
    early_cors, routed_cors = _cors_headers(early), _cors_headers(routed)
    assert early_cors.keys() == routed_cors.keys()
    assert {k: v for k, v in early_cors.items() if k != "Access-Control-Allow-Origin"} == {
        k: v for k, v in routed_cors.items() if k != "Access-Control-Allow-Origin"
    }
    # Both allow only the plugin's opaque origin.
    assert early_cors["Access-Control-Allow-Origin"] == routed_cors["Access-Control-Allow-Origin"] == ORIGIN


def test_an_early_answer_is_the_same_proxy_answer_as_before() -> None:
    answer = _app().resolve(_event("POST", "/things", "{}", {"content-type": "text/plain", "Origin": ORIGIN}), None)
    assert answer == {
        "statusCode": 415,
        "headers": {"Content-Type": "application/json"} | api_cors().to_dict(ORIGIN),
        "body": json.dumps(
            {
                "error": {
                    "code": "unsupported_media_type",
                    "message": "Send the request body as JSON, with Content-Type: application/json.",
                    "details": [],
                }
            }
        ),
        "isBase64Encoded": False,
    }


def test_without_an_origin_or_cors_an_early_answer_has_only_its_content_type() -> None:
    assert early_answer({"headers": None}, NotFound(), api_cors())["headers"] == {"Content-Type": "application/json"}
    assert early_answer({"headers": {"origin": ORIGIN}}, NotFound(), None)["headers"] == {
        "Content-Type": "application/json"
    }


def test_the_verified_scope_lives_for_one_event(monkeypatch: pytest.MonkeyPatch) -> None:
    verified = Scope(organization_id=1, project_id=5, subject="user-1")
    monkeypatch.setattr(web_tenancy, "read_scope", lambda subject, project_id: verified)
    app = api_resolver()
    seen: list[Scope | None] = []

    @app.post("/projects/<projectId>/things")
    def create(projectId: str) -> dict[str, Any]:
        seen.append(app.verified_scope)
        return {}

    event = _event("POST", "/projects/5/things", "{}", {"content-type": "application/json"})
    event["resource"] = "/projects/{projectId}/things"
    event["pathParameters"] = {"projectId": "5"}
    event["requestContext"]["authorizer"] = {"claims": {"sub": "user-1"}}
    assert app.resolve(event, None)["statusCode"] == 200
    assert seen == [verified]
    assert app.verified_scope is None and SCOPE_CONTEXT_KEY not in app.context
    # A stale scope never survives into the next event, not even one answered early.
    app.context[SCOPE_CONTEXT_KEY] = verified
    assert app.resolve({**event, "body": "{bad"}, None)["statusCode"] == 400
    assert app.verified_scope is None
