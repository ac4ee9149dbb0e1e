"""The JSON answers every Pageport resolver gives: one content type, one compact encoding, one
error body (api.md), and how an operation documents them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse

from pageport.errors import PageportError

JSON = "application/json"


def json_response(status: int, body: Any) -> Response[Any]:
    return Response(status_code=status, content_type=JSON, body=json.dumps(body, separators=(",", ":")))


def error_response(error: PageportError) -> Response[Any]:
    answer = json_response(error.status, error.body())
    if error.retry_after_s is not None:
        answer.headers["Retry-After"] = str(error.retry_after_s)
    return answer


def documented(answers: Mapping[int, str], *refusals: type[PageportError]) -> dict[int, OpenAPIResponse]:
    """An operation's `responses=`: its own answers (status -> description) and the errors its own
    logic raises, each described by its class (message and code); errors of one status share it."""
    described: dict[int, list[str]] = {}
    for error in refusals:
        described.setdefault(error.status, []).append(f"{error.default_message.rstrip('.')} ({error.code})")
    responses: dict[int, OpenAPIResponse] = {status: {"description": text} for status, text in answers.items()}
    responses.update({status: {"description": "; ".join(texts)} for status, texts in described.items()})
    return responses
