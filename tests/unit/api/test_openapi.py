"""The committed OpenAPI document is generated from the resolvers, is a valid OpenAPI 3.1
document, matches the route table, and lists per operation the errors devstack/openapi.py's
rule gives it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from openapi_spec_validator import validate
from pageport import errors
from pageport.batches import registry
from pageport.routes import ROUTES

from devstack.openapi import build_document, render


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return build_document()


def _operations(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {route.function: document["paths"][route.path][route.method.lower()] for route in ROUTES}


def test_committed_document_is_current(repo_root):
    committed = (repo_root / "docs" / "openapi.json").read_text()
    assert committed == render(), "run `make openapi` and commit docs/openapi.json"


def test_committed_document_is_valid_openapi(repo_root):
    # Raises on any schema error or dangling $ref (the old document pointed at a missing ValidationError).
    validate(json.loads((repo_root / "docs" / "openapi.json").read_text()))


def test_document_matches_route_table(document):
    documented = {(method.upper(), path) for path, item in document["paths"].items() for method in item}
    assert documented == {(route.method, route.path) for route in ROUTES}
    for route in ROUTES:
        operation = document["paths"][route.path][route.method.lower()]
        assert operation["operationId"] == route.function
        assert operation["security"] == ([{"cognito": []}] if route.authenticated else [])
    assert "nonce" not in json.dumps(document["components"]["schemas"]).lower()


def test_every_operation_documents_throttling_and_only_its_own_errors(document):
    operations = _operations(document)
    for route in ROUTES:
        responses = operations[route.function]["responses"]
        assert "429" in responses, route.function
        assert ("401" in responses) == route.authenticated or route.function == "refresh_sign_in", route.function
        assert "405" not in responses and "500" not in responses, route.function
        has_body = "requestBody" in operations[route.function] and not route.form_body
        for status in ("413", "415"):
            assert (status in responses) == has_body, (route.function, status)
        # 400 for malformed JSON; the sign-in callback's and confirmation's own 400 is an HTML page.
        html_400 = route.function in ("sign_in_callback", "confirm_sign_in")
        assert ("400" in responses) == (has_body or html_400), route.function
    # A GET without a body or query: no 4xx it cannot give.
    assert sorted(operations["get_page_import"]["responses"]) == ["200", "401", "404", "429"]
    assert sorted(operations["list_my_projects"]["responses"]) == ["200", "401", "429"]
    # 422 where input is validated: a body, or query parameters.
    assert "422" in operations["list_batch_items"]["responses"]
    assert "422" not in operations["get_batch"]["responses"]
    # 409 only where a conflict is possible; 502 only where it occurs; 503 only where sign-in
    # details cannot be sealed (a create's message is durable: a failed send is the
    # dispatcher's to retry, the answer stays 201).
    conflicts = {name for name, op in operations.items() if "409" in op["responses"]}
    assert conflicts == {"create_code2des", "get_code2des_result", "put_materialization", "create_batch", "retry_batch"}
    assert {name for name, op in operations.items() if "503" in op["responses"]} == {"create_page_import"}
    assert {name for name, op in operations.items() if "502" in op["responses"]} == {
        "get_code2des_result",
        "confirm_sign_in",
        "refresh_sign_in",
        "sign_out",
    }
    # 404 only where a path parameter (or a sign-in session) can be missing.
    for route in ROUTES:
        if "{" not in route.path and route.function not in (
            "collect_sign_in_session",
            "sign_in_callback",
            "confirm_sign_in",
        ):
            assert "404" not in operations[route.function]["responses"], route.function


def test_error_responses_use_the_error_body_with_enumerated_codes(document):
    schema = document["components"]["schemas"]["Error"]
    codes = schema["properties"]["error"]["properties"]["code"]["enum"]
    assert {
        "validation_error",
        "batch_id_conflict",
        "nothing_to_retry",
        "throttled",
        "sign_in_session_not_found",
    } <= set(codes)
    assert codes == sorted(set(codes))
    for operation in _operations(document).values():
        for status, response in operation["responses"].items():
            if int(status) >= 400 and "application/json" in response.get("content", {}):
                assert response["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}


def test_every_error_class_code_is_enumerated(document):
    codes = set(document["components"]["schemas"]["Error"]["properties"]["error"]["properties"]["code"]["enum"])
    for value in vars(errors).values():
        if isinstance(value, type) and issubclass(value, errors.PageportError):
            assert value.code in codes, value


def test_timestamps_are_date_time(document):
    schemas = document["components"]["schemas"]
    for model, field in (("BatchOut", "createdAt"), ("PageImportOut", "updatedAt"), ("Code2DesOut", "createdAt")):
        assert schemas[model]["properties"][field] == {"type": "string", "format": "date-time", "title": field.title()}
    materialized = schemas["Code2DesOut"]["properties"]["materializedAt"]["anyOf"]
    assert {"type": "string", "format": "date-time"} in materialized


def test_batch_requests_are_typed_per_operation_from_the_registry(document):
    schemas = document["components"]["schemas"]
    body = schemas["BatchCreateRequest"]
    mapping = body["discriminator"]["mapping"]
    assert body["discriminator"]["propertyName"] == "type"
    assert sorted(mapping) == registry.types()
    for op in registry.operations():
        variant = schemas[mapping[op.type].rsplit("/", 1)[1]]
        assert variant["properties"]["type"]["const"] == op.type
        requests = variant["properties"]["requests"]
        assert requests["items"] == {"$ref": f"#/components/schemas/{op.request_model.__name__}"}
        assert requests["maxItems"] == registry.max_requests(op)
    discovery = schemas[mapping["page_discovery"].rsplit("/", 1)[1]]["properties"]["requests"]
    assert (discovery["minItems"], discovery["maxItems"]) == (1, 1)


def test_servers_name_aws_and_the_local_stack(document):
    urls = [server["url"] for server in document["servers"]]
    assert urls == ["https://{api}.execute-api.{region}.amazonaws.com/v1", "http://127.0.0.1:{port}"]
