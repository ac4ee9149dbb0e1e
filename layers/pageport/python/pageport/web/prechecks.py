"""Body prechecks, before Powertools (or a model) parses anything: size, encoding, nesting depth,
JSON syntax and content type, in api.md's order, and the JSON media type respelled the way
Powertools compares it. The webhooks read their bodies through `checked_body` too."""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Mapping
from typing import Any

from pageport.errors import MalformedRequest, PageportError, PayloadTooLarge, UnsupportedMediaType
from pageport.web.responses import JSON

# Largest valid body ~2.4 MB (500 batch items at every length limit); 4 MiB < Lambda's 6 MB sync payload.
MAX_BODY_BYTES = 4 * 1024 * 1024

# The deepest valid body is a batch: {"requests": [{"viewport": {...}}]}, 4 levels; webhook and
# materialization bodies are flat. 32 leaves room for any future shape while keeping the C JSON
# scanner, pydantic and the resolver far from Python's recursion limit (~1,000 frames).
MAX_JSON_DEPTH = 32

# A JSON string (escapes included), so that brackets inside strings are not counted.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
# A \uD800-\uDFFF escape: JSON's grammar allows it alone, but no UTF-8 text can hold it.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def media_type(content_type: str | None) -> str:
    """`application/json` from `Application/JSON; charset=utf-8`; "" when none was sent."""
    return (content_type or "").split(";", 1)[0].strip().lower()


def too_deep(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether brackets outside strings nest deeper than `limit`: counted in a loop, never by
    recursion, so any depth is measured safely (and a very deep body stops at `limit + 1`)."""
    depth = 0
    for found in _BRACKET.finditer(_STRING.sub('""', text)):
        if found[0] in "[{":
            depth += 1
            if depth > limit:
                return True
        elif depth:
            depth -= 1
    return False


def _has_lone_surrogate(value: Any) -> bool:
    """Whether a parsed body holds a string that cannot be encoded as UTF-8 (the database, the
    queues and the logs all need UTF-8). Walked with a stack: the depth is bounded anyway."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def checked_body(body: str | None, *, base64_encoded: bool = False) -> str | None:
    """The body as text, once it is known to be UTF-8 JSON that every model can parse safely:
    PayloadTooLarge over the cap, MalformedRequest for bad base64 or UTF-8, nesting deeper than
    MAX_JSON_DEPTH, or a syntax error. None or "" when nothing was sent."""
    if not body:
        return body
    if len(body) > (MAX_BODY_BYTES * 4 // 3 + 4 if base64_encoded else MAX_BODY_BYTES):
        raise PayloadTooLarge()
    try:
        raw = base64.b64decode(body, validate=True) if base64_encoded else body.encode("utf-8")
        text = raw.decode("utf-8") if base64_encoded else body
    except (binascii.Error, UnicodeError):  # bad base64, invalid UTF-8 or a lone surrogate
        raise MalformedRequest() from None
    if len(raw) > MAX_BODY_BYTES:
        raise PayloadTooLarge()
    if too_deep(text):
        raise MalformedRequest("The request body nests too deeply.")
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: unreachable after too_deep; kept as a net
        raise MalformedRequest() from None
    if _SURROGATE_ESCAPE.search(text) and _has_lone_surrogate(parsed):
        raise MalformedRequest("The request body is not valid UTF-8 text.")
    return text


def precheck(event: Mapping[str, Any]) -> tuple[PageportError | None, Mapping[str, Any]]:
    """Refuse an oversized body, a body that is not UTF-8 JSON of a sane depth, and a body sent
    with a Content-Type other than JSON (Powertools would read a form as fields, or raise for
    other types). The event goes on with a JSON media type spelled as Powertools compares it."""
    body = event.get("body")
    headers = event.get("headers") or {}
    content_type = next((v for k, v in headers.items() if k.lower() == "content-type"), None)
    content_type = content_type if isinstance(content_type, str) else None
    sent_type = media_type(content_type)
    if body is not None and not isinstance(body, str):
        return MalformedRequest(), event
    try:
        # api.md: malformed JSON is 400 whatever the Content-Type claims, and also on routes
        # that read no body (cancel): it is still a client's mistake.
        checked_body(body, base64_encoded=bool(event.get("isBase64Encoded")))
    except PageportError as problem:
        return problem, event
    if body and sent_type not in ("", JSON):
        return UnsupportedMediaType(), event  # JSON, but labelled otherwise: name the one we read
    if sent_type == JSON and not (content_type or "").strip().startswith(JSON):
        # Media types are case-insensitive (RFC 9110); Powertools compares them as written.
        return None, with_header(event, "content-type", (content_type or "").strip().lower())
    return None, event


def with_header(event: Mapping[str, Any], name: str, value: str) -> dict[str, Any]:
    """`event` with header `name` (lower case) set to `value`, in both header maps."""

    def replaced(headers: Any, new: Any) -> Any:
        if not isinstance(headers, dict):
            return headers
        return {k: v for k, v in headers.items() if k.lower() != name} | {name: new}

    return {
        **event,
        "headers": replaced(event.get("headers"), value),
        "multiValueHeaders": replaced(event.get("multiValueHeaders"), [value]),
    }
