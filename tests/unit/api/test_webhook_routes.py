"""The webhook function URLs pass every method and path through: only `POST /` is a route."""

from __future__ import annotations

import json

import pytest
from pageport.routes import WEBHOOK_FUNCTIONS

from tests.support import call_webhook


@pytest.fixture
def call(function_module):
    """`call_webhook`, with the modules loaded as without a test database."""
    for function in WEBHOOK_FUNCTIONS.values():
        function_module(function)
    return call_webhook


@pytest.mark.parametrize("function", sorted(WEBHOOK_FUNCTIONS.values()))
@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE", "PATCH"])
def test_another_method_on_the_webhook_is_405(function, method, call):
    status, body = call(function, method, "/")
    assert status == 405, body
    assert body["error"]["code"] == "method_not_allowed"
    assert set(body["error"]) == {"code", "message", "details"}
    assert "Traceback" not in json.dumps(body)


@pytest.mark.parametrize("function", sorted(WEBHOOK_FUNCTIONS.values()))
@pytest.mark.parametrize(("method", "path"), [("POST", "/other"), ("GET", "/other"), ("POST", "/webhook/")])
def test_another_path_on_the_webhook_is_404(function, method, path, call):
    status, body = call(function, method, path)
    assert status == 404, body
    assert body["error"]["code"] == "not_found"
    assert set(body["error"]) == {"code", "message", "details"}
