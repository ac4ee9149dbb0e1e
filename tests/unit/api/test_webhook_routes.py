"""The webhook function URLs pass every method and path through: only `POST /` is a route."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pageport.routes import WEBHOOK_FUNCTIONS

from devstack.apigw import function_url_event, lambda_context, load_function


def _call(function: str, method: str, path: str, body: str = "{}") -> tuple[int, Any]:
    event = function_url_event(body, path=path)
    event["requestContext"]["http"]["method"] = method
    result = load_function(function).lambda_handler(event, lambda_context(function))
    return int(result["statusCode"]), json.loads(result["body"])


@pytest.mark.parametrize("function", sorted(WEBHOOK_FUNCTIONS.values()))
@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE", "PATCH"])
def test_another_method_on_the_webhook_is_405(function, method):
    status, body = _call(function, method, "/")
    assert status == 405, body
    assert body["error"]["code"] == "method_not_allowed"
    assert set(body["error"]) == {"code", "message", "details"}
    assert "Traceback" not in json.dumps(body)


@pytest.mark.parametrize("function", sorted(WEBHOOK_FUNCTIONS.values()))
@pytest.mark.parametrize(("method", "path"), [("POST", "/other"), ("GET", "/other"), ("POST", "/webhook/")])
def test_another_path_on_the_webhook_is_404(function, method, path):
    status, body = _call(function, method, path)
    assert status == 404, body
    assert body["error"]["code"] == "not_found"
    assert set(body["error"]) == {"code", "message", "details"}
