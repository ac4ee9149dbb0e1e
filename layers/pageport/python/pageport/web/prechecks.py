"""Body prechecks, before Powertools parses anything: size, JSON syntax and content type, in
api.md's order, and the JSON media type respelled the way Powertools compares it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEvent

from pageport.errors import MalformedRequest, PageportError, PayloadTooLarge, UnsupportedMediaType
from pageport.web.responses import JSON

# Largest valid body ~2.4 MB (500 batch items at every length limit); 4 MiB < Lambda's 6 MB sync payload.
MAX_BODY_BYTES = 4 * 1024 * 1024


def media_type(content_type: str | None) -> str:
    """`application/json` from `Application/JSON; charset=utf-8`; "" when none was sent."""
    return (content_type or "").split(";", 1)[0].strip().lower()


def is_json_body(event: APIGatewayProxyEvent) -> bool:
    try:
        json.loads(event.decoded_body or "")
    except ValueError:  # not JSON, or bad base64 or UTF-8
        return False
    return True


def precheck(event: Mapping[str, Any]) -> tuple[PageportError | None, Mapping[str, Any]]:
    """Refuse an oversized body, and a body sent with a Content-Type other than JSON (Powertools
    would read a form as fields, or raise for other types). The event goes on with a JSON media
    type spelled as Powertools compares it."""
    body = event.get("body")
    if isinstance(body, str) and len(body) > MAX_BODY_BYTES:
        return PayloadTooLarge(), event
    proxy = APIGatewayProxyEvent(dict(event))
    content_type = proxy.headers.get("content-type")
    sent_type = media_type(content_type)
    if body and not is_json_body(proxy):
        # api.md: malformed JSON is 400 whatever the Content-Type claims, and also on routes
        # that read no body (cancel): it is still a client's mistake.
        return MalformedRequest(), event
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
