"""The webhook functions reached through their own routes, against real PostgreSQL and moto
(the methods and paths refused before any handler: tests/unit/api/test_webhook_routes.py)."""

from __future__ import annotations

import json

import pytest
from pageport.routes import WEBHOOK_FUNCTIONS

from tests.support import call_webhook


@pytest.mark.parametrize("function", sorted(WEBHOOK_FUNCTIONS.values()))
def test_post_to_the_root_still_reaches_the_webhook(db, aws, function):
    status, body = call_webhook(function, "POST", "/", "{bad")
    assert status == 400 and body["error"]["code"] == "malformed_request"


@pytest.mark.parametrize(
    ("function", "id_field"), [("page_import_webhook", "pageImportId"), ("code2des_webhook", "code2desId")]
)
def test_a_nul_in_a_webhook_payload_is_422_not_a_database_error(db, aws, function, id_field):
    payload = {id_field: "job\u0000id", "attempt": 1, "nonce": "n", "outcome": "succeeded", "manifestUrl": "s3://b/k"}
    status, body = call_webhook(function, "POST", "/", json.dumps(payload))
    assert status == 422, body
    assert body["error"]["code"] == "validation_error"
    assert [id_field] in [detail["loc"] for detail in body["error"]["details"]]
