"""`pageport.web.prechecks`: the body checks made before Powertools parses anything."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from pageport.errors import MalformedRequest, PayloadTooLarge, UnsupportedMediaType
from pageport.web.prechecks import MAX_BODY_BYTES, media_type, precheck, with_header


def _event(body: str | None, headers: dict[str, str] | None = None, *, base64_encoded: bool = False) -> dict[str, Any]:
    sent = headers if headers is not None else {"content-type": "application/json"}
    return {
        "httpMethod": "POST",
        "path": "/things",
        "body": body,
        "isBase64Encoded": base64_encoded,
        "headers": dict(sent),
        "multiValueHeaders": {k: [v] for k, v in sent.items()},
    }


@pytest.mark.parametrize(
    ("sent", "expected"),
    [
        (None, ""),
        ("", ""),
        ("application/json", "application/json"),
        ("Application/JSON; charset=utf-8", "application/json"),
        ("  text/plain ;charset=utf-8", "text/plain"),
    ],
)
def test_media_type_is_the_lower_case_type_without_parameters(sent: str | None, expected: str) -> None:
    assert media_type(sent) == expected


def test_a_json_body_goes_on_unchanged() -> None:
    event = _event('{"a": 1}')
    assert precheck(event) == (None, event)


def test_no_body_goes_on_whatever_its_content_type() -> None:
    event = _event(None, {"content-type": "text/plain"})
    assert precheck(event) == (None, event)


def test_a_body_over_the_cap_is_413_before_anything_reads_it() -> None:
    problem, _ = precheck(_event("x" * (MAX_BODY_BYTES + 1), {"content-type": "text/plain"}))
    assert isinstance(problem, PayloadTooLarge)
    problem, _ = precheck(_event(json.dumps("x" * (MAX_BODY_BYTES - 2))))  # exactly at the cap: read
    assert problem is None


@pytest.mark.parametrize("content_type", ["application/json", "text/plain", "application/x-www-form-urlencoded"])
def test_malformed_json_is_400_whatever_the_content_type(content_type: str) -> None:
    problem, _ = precheck(_event("{bad", {"content-type": content_type}))
    assert isinstance(problem, MalformedRequest)


def test_undecodable_base64_or_utf8_is_malformed() -> None:
    problem, _ = precheck(_event(base64.b64encode(b"\xff\xfe").decode(), base64_encoded=True))
    assert isinstance(problem, MalformedRequest)


def test_json_labelled_otherwise_is_415() -> None:
    problem, _ = precheck(_event("{}", {"content-type": "text/plain"}))
    assert isinstance(problem, UnsupportedMediaType)


def test_a_json_media_type_is_respelled_as_powertools_compares_it() -> None:
    problem, event = precheck(_event("{}", {"Content-Type": "Application/JSON; charset=UTF-8"}))
    assert problem is None
    assert event["headers"] == {"content-type": "application/json; charset=utf-8"}
    assert event["multiValueHeaders"] == {"content-type": ["application/json; charset=utf-8"]}


def test_with_header_replaces_every_spelling_and_leaves_other_headers() -> None:
    event = _event("{}", {"Content-Type": "A", "origin": "https://www.figma.com"})
    out = with_header(event, "content-type", "b")
    assert out["headers"] == {"origin": "https://www.figma.com", "content-type": "b"}
    assert out["multiValueHeaders"] == {"origin": ["https://www.figma.com"], "content-type": ["b"]}
    assert event["headers"]["Content-Type"] == "A"  # the original event is not changed
    assert with_header({"headers": None}, "content-type", "b")["headers"] is None
