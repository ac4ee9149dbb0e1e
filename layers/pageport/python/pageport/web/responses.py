"""The JSON answers every Pageport resolver gives: one content type, one compact encoding, one
error body (api.md), and the logger the adapters share."""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.event_handler import Response

from pageport.errors import PageportError

logger = Logger(service="pageport-api")

JSON = "application/json"


def json_response(status: int, body: Any) -> Response[Any]:
    return Response(status_code=status, content_type=JSON, body=json.dumps(body, separators=(",", ":")))


def error_response(error: PageportError) -> Response[Any]:
    return json_response(error.status, error.body())
