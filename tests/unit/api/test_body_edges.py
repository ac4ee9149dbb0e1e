"""Bodies no parser should meet (issue #23): nesting far past any valid body, bad UTF-8 or
base64, lone surrogates. `checked_body` answers 400/413 before json.loads or a model runs; the
webhooks and the sign-in routes (no database) are driven here, every project route in
tests/integration/api/test_body_edges.py."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from pageport.errors import MalformedRequest, PayloadTooLarge
from pageport.routes import FORM_FUNCTIONS, ROUTES, WEBHOOK_FUNCTIONS
from pageport.web.prechecks import MAX_BODY_BYTES, MAX_JSON_DEPTH, checked_body, precheck, too_deep

from devstack.apigw import function_url_event, lambda_context, load_function, rest_event

DEEP = 2_000


def nested(depth: int, open_: str = "[", close: str = "]") -> str:
    return open_ * depth + close * depth


def nested_objects(depth: int) -> str:
    return '{"a":' * (depth - 1) + "{}" + "}" * (depth - 1)


# (label, body, isBase64Encoded, expected status)
BAD_BODIES: list[tuple[str, str, bool, int]] = [
    ("2000-deep arrays", nested(DEEP), False, 400),
    ("2000-deep objects", nested_objects(DEEP), False, 400),
    ("just over the depth limit", nested(MAX_JSON_DEPTH + 1), False, 400),
    ("990 deep (under the recursion limit)", nested(990), False, 400),
    ("invalid UTF-8", base64.b64encode(b'{"url": "\xff\xfe"}').decode(), True, 400),
    ("not base64", "{not base64!}", True, 400),
    ("base64 with junk", base64.b64encode(b"{}").decode() + "!!", True, 400),
    ("lone surrogate escape", '{"url": "https://example.com/\\ud800"}', False, 400),
    ("syntax error", '{"url": ', False, 400),
    ("huge integer", "1" * 5_000, False, 400),
]


@pytest.mark.parametrize(("label", "body", "b64", "status"), BAD_BODIES, ids=[b[0] for b in BAD_BODIES])
def test_checked_body_refuses_what_cannot_be_parsed(label: str, body: str, b64: bool, status: int) -> None:
    with pytest.raises(MalformedRequest):
        checked_body(body, base64_encoded=b64)


@pytest.mark.parametrize(
    "body",
    [
        nested(MAX_JSON_DEPTH),
        nested_objects(MAX_JSON_DEPTH),
        # Brackets inside strings (escaped quotes too) are text, not nesting.
        json.dumps({"s": "[" * 5_000 + '\\"{' * 100}),
        json.dumps({"s": "\U0001f600 \ud83d\ude00 ok"}),  # a surrogate pair is one character
        '{"s": "\\ud83d\\ude00"}',
        "",
    ],
)
def test_checked_body_passes_valid_json_up_to_the_limit(body: str) -> None:
    assert checked_body(body) == body
    encoded = base64.b64encode(body.encode()).decode()
    assert checked_body(encoded, base64_encoded=True) == body


def test_depth_counting_is_iterative_and_ignores_strings() -> None:
    assert too_deep("[" * 1_000_000)  # no recursion: any depth is measured
    assert not too_deep('["' + "[" * 100 + '"]')
    assert not too_deep(nested(MAX_JSON_DEPTH))
    assert too_deep(nested(MAX_JSON_DEPTH + 1))
    assert not too_deep("]]]]" + nested(MAX_JSON_DEPTH))  # stray closers do not lower the bar


def test_the_deepest_valid_body_is_far_under_the_limit() -> None:
    """A maximal batch nests 4 deep (body, requests, item, viewport): the limit leaves room."""
    from tests.unit.api.test_request_bodies import _maximal_batch, _maximal_page_import_item

    batch = json.dumps(_maximal_batch(_maximal_page_import_item(), "page_import"))
    assert not too_deep(batch, 4)
    assert too_deep(batch, 3)
    assert MAX_JSON_DEPTH >= 8 * 4


def test_size_cap_stays_413_in_bytes_and_in_base64() -> None:
    with pytest.raises(PayloadTooLarge):
        checked_body("[" * (MAX_BODY_BYTES + 1))
    with pytest.raises(PayloadTooLarge):  # under the cap in characters, over it in UTF-8 bytes
        checked_body(json.dumps("é" * (MAX_BODY_BYTES // 2 + 1), ensure_ascii=False))
    with pytest.raises(PayloadTooLarge):
        checked_body(base64.b64encode(b" " * (MAX_BODY_BYTES + 1)).decode(), base64_encoded=True)


def test_precheck_answers_before_the_media_type() -> None:
    event = {"body": nested(DEEP), "headers": {"content-type": "text/plain"}, "isBase64Encoded": False}
    problem, _ = precheck(event)
    assert isinstance(problem, MalformedRequest)


# ---------------------------------------------------------------------------- through handlers

NO_DATABASE_ROUTES = [route for route in ROUTES if not route.authenticated and route.function not in FORM_FUNCTIONS]
FORM_ROUTES = [route for route in ROUTES if route.function in FORM_FUNCTIONS]


def _assert_safe(status: int, body: Any, expected: int) -> None:
    assert status == expected, body
    assert set(body["error"]) == {"code", "message", "details"}
    assert body["error"]["code"] == ("malformed_request" if expected == 400 else "payload_too_large")
    assert "Traceback" not in json.dumps(body) and "Error" not in body["error"]["message"]


@pytest.mark.parametrize(("label", "body", "b64", "status"), BAD_BODIES, ids=[b[0] for b in BAD_BODIES])
@pytest.mark.parametrize("function", sorted(WEBHOOK_FUNCTIONS.values()))
def test_every_webhook_answers_400(function_module: Any, function: str, label: str, body: str, b64: bool, status: int):
    function_module(function)
    event = function_url_event(body)
    event["isBase64Encoded"] = b64
    result = load_function(function).lambda_handler(event, lambda_context(function))
    _assert_safe(int(result["statusCode"]), json.loads(result["body"]), status)


@pytest.mark.parametrize("function", sorted(WEBHOOK_FUNCTIONS.values()))
def test_a_webhook_body_just_under_the_limit_is_the_usual_422(function_module: Any, function: str) -> None:
    function_module(function)
    result = load_function(function).lambda_handler(
        function_url_event(nested(MAX_JSON_DEPTH)), lambda_context(function)
    )
    assert result["statusCode"] == 422, result
    assert json.loads(result["body"])["error"]["code"] == "validation_error"


@pytest.mark.parametrize(("label", "body", "b64", "status"), BAD_BODIES, ids=[b[0] for b in BAD_BODIES])
@pytest.mark.parametrize("route", NO_DATABASE_ROUTES, ids=[r.function for r in NO_DATABASE_ROUTES])
def test_every_sign_in_route_answers_400(
    function_module: Any, route: Any, label: str, body: str, b64: bool, status: int
):
    module = function_module(route.function)
    event = rest_event(route, route.path, {}, body=body, claims=None)
    event["isBase64Encoded"] = b64
    result = module.lambda_handler(event, lambda_context(route.function))
    _assert_safe(int(result["statusCode"]), json.loads(result["body"]), status)


@pytest.mark.parametrize(("label", "body", "b64", "status"), BAD_BODIES, ids=[b[0] for b in BAD_BODIES])
@pytest.mark.parametrize("route", FORM_ROUTES, ids=[r.function for r in FORM_ROUTES])
def test_a_browser_form_route_answers_a_bad_body_with_a_4xx_page(
    function_module: Any, route: Any, label: str, body: str, b64: bool, status: int
):
    """A form a browser posts gets HTML back, whatever was sent: a 4xx page, never a trace."""
    module = function_module(route.function)
    event = rest_event(route, route.path, {}, body=body, claims=None)
    event["isBase64Encoded"] = b64
    result = module.lambda_handler(event, lambda_context(route.function))
    assert 400 <= int(result["statusCode"]) < 500, result
    headers = (result.get("headers") or {}) | {k: v[-1] for k, v in (result.get("multiValueHeaders") or {}).items()}
    assert headers["Content-Type"].startswith("text/html")
    assert "Traceback" not in result["body"] and "Start again from Figma" in result["body"]
