"""The committed OpenAPI document is generated from the resolvers and matches the route table."""

from __future__ import annotations

import json

from pageport.routes import ROUTES

from devstack.openapi import build_document, render


def test_committed_document_is_current(repo_root):
    committed = (repo_root / "docs" / "openapi.json").read_text()
    assert committed == render(), "run `make openapi` and commit docs/openapi.json"


def test_document_matches_route_table():
    document = build_document()
    documented = {(method.upper(), path) for path, item in document["paths"].items() for method in item}
    assert documented == {(route.method, route.path) for route in ROUTES}
    for route in ROUTES:
        operation = document["paths"][route.path][route.method.lower()]
        assert operation["operationId"] == route.function
        assert operation["security"] == ([{"cognito": []}] if route.authenticated else [])
        assert operation["responses"]["422"]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/Error"
        }
    assert "nonce" not in json.dumps(document["components"]["schemas"]).lower()
