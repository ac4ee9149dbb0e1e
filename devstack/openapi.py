"""The OpenAPI document, generated from the per-route resolvers (`python -m devstack.openapi`).

Each route's Lambda has its own resolver; the document is their union, plus the things the
resolvers cannot know: the Cognito security scheme, api.md's error body (its `code` enumerated
from pageport.errors), the servers, and which errors each operation can give.

The error responses of an operation, by rule:

- every operation: 429 (API Gateway's stage throttling, and the sign-in routes' per-method
  throttling; infra/api.py);
- an authenticated route: 401 (no token, or one the authorizer refuses);
- a route with a path parameter: 404 (a project the caller is not a member of, an id that names
  nothing of theirs, a malformed parameter);
- a route that reads a body: 400 (malformed JSON), 413 (over the limit), 415 (JSON sent under
  another Content-Type) and 422 (validation, one detail per bad field);
- a route with query parameters: 422;
- what a route's own logic refuses (409 conflicts, 502 an unverifiable result or the identity
  provider, sign-in's own 401/404): declared by its handler's
  `responses=`, the Error body added here where the handler names no content.

No operation lists 405 (a method its path lacks is not that operation) or 500 (a bug: the
contract fuzzing in tests/e2e/test_api_contract.py fails on any 5xx it does not document).
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pageport import errors, settings
from pageport.batches.models import documented_batch_union
from pageport.models.signin import SignInConfirmationForm
from pageport.routes import ROUTES, Route

TITLE = "Pageport API"
VERSION = "1.0.0"
ERROR_REF = {"$ref": "#/components/schemas/Error"}
# Powertools' own validation-error shapes: ours is the Error body.
POWERTOOLS_SCHEMAS = frozenset({"HTTPValidationError", "ValidationError", "ResponseValidationError"})
DESCRIPTIONS = {
    "400": "Malformed JSON",
    "401": "No verified caller",
    "404": "Not found (or another tenant's)",
    "413": "Body too large",
    "415": "Body sent with a Content-Type other than application/json",
    "422": "Validation failed, one detail per bad field",
    "429": "Too many requests (throttled): retry later",
}
BODY_ERRORS = ("400", "413", "415", "422")
LOCAL_SERVER = {
    "url": "http://127.0.0.1:{port}",
    "description": "The local stack (`pageport dev`)",
    "variables": {"port": {"default": "8000"}},
}
AWS_SERVER = {
    "url": "https://{api}.execute-api.{region}.amazonaws.com/v1",
    "description": "A deployed stage",
    "variables": {"api": {"default": "api"}, "region": {"default": "us-east-1"}},
}


def error_schema() -> dict[str, Any]:
    # The modules that define error classes the API answers with: pageport.errors and sign-in's.
    from pageport.signin import service as signin

    return {
        "type": "object",
        "required": ["error"],
        "additionalProperties": False,
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "message", "details"],
                "additionalProperties": False,
                "properties": {
                    "code": {"type": "string", "enum": errors.codes_of(errors, signin)},
                    "message": {"type": "string"},
                    "details": {"type": "array", "items": {"$ref": "#/components/schemas/ErrorDetail"}},
                },
            }
        },
    }


ERROR_DETAIL_SCHEMA = {
    "type": "object",
    "required": ["loc", "msg"],
    "properties": {
        "loc": {"type": "array", "items": {"type": ["string", "integer"]}},
        "msg": {"type": "string"},
    },
}


@contextmanager
def _documenting() -> Iterator[None]:
    """The route modules are imported for their declarations, never invoked; their INIT check
    (FunctionSettings) is given placeholders for what a deployed function would have."""
    requirements = (settings.STAGE, settings.ARTIFACTS, settings.EVERY_QUEUE, settings.SIGN_IN)
    names = [name for req in requirements for name in req.names]
    if not (os.environ.get("DATABASE_URL") or os.environ.get("DB_HOST")):
        names.append("DB_HOST")  # names a database: nothing connects while documenting
    added = [name for name in names if not os.environ.get(name)]
    os.environ.update(dict.fromkeys(added, "documenting.invalid"))
    try:
        yield
    finally:
        for name in added:
            os.environ.pop(name, None)


def build_document() -> dict[str, Any]:
    with _documenting():
        return _build_document()


def error_statuses(route: Route, operation: dict[str, Any]) -> list[str]:
    """The error statuses the rule above gives `route` (the handler's own are kept besides)."""
    parameters = operation.get("parameters", [])
    statuses = ["429"]
    if route.authenticated:
        statuses.append("401")
    if any(p.get("in") == "path" for p in parameters):
        statuses.append("404")
    if "requestBody" in operation and not route.form_body:  # a form's own 400 is an HTML page
        statuses.extend(BODY_ERRORS)
    elif any(p.get("in") == "query" for p in parameters):
        statuses.append("422")
    return statuses


def _responses(route: Route, operation: dict[str, Any]) -> dict[str, Any]:
    declared = operation.get("responses", {})
    # Powertools adds a 422 to every validated operation; ours is derived by the rule.
    responses = {status: answer for status, answer in declared.items() if status != "422"}
    if "204" in responses:
        responses["204"].pop("content", None)  # no content, whatever the return annotation says
    for status, answer in responses.items():
        # Powertools gives a declared status the return model; an error's JSON is the Error body.
        if int(status) >= 400 and "text/html" not in answer.get("content", {}):
            answer["content"] = {"application/json": {"schema": ERROR_REF}}
    for status in error_statuses(route, operation):
        responses.setdefault(
            status, {"description": DESCRIPTIONS[status], "content": {"application/json": {"schema": ERROR_REF}}}
        )
    return dict(sorted(responses.items()))


def form_body() -> dict[str, Any]:
    """The one form a browser posts (the sign-in confirmation), urlencoded."""
    schema = SignInConfirmationForm.model_json_schema()
    return {"required": True, "content": {"application/x-www-form-urlencoded": {"schema": schema}}}


def batch_schemas() -> tuple[dict[str, Any], dict[str, Any]]:
    """A batch body as the union of every registered operation's, and the schemas it names (the
    runtime model validates `requests` entry by entry through the operations: batches/models.py)."""
    union = documented_batch_union().json_schema(ref_template="#/components/schemas/{model}")
    return union, union.pop("$defs", {})


def _build_document() -> dict[str, Any]:
    paths: dict[str, Any] = {}
    schemas: dict[str, Any] = {"Error": error_schema(), "ErrorDetail": ERROR_DETAIL_SCHEMA}
    for route in ROUTES:
        module = importlib.import_module(route.handler_module)
        schema = module.app.get_openapi_schema(title=TITLE, version=VERSION)
        doc = schema.model_dump(mode="json", by_alias=True, exclude_none=True)
        for path, item in doc.get("paths", {}).items():
            for method, operation in item.items():
                operation["operationId"] = route.function
                # The sign-in routes take no bearer token (docs/sign-in.md).
                operation["security"] = [{"cognito": []}] if route.authenticated else []
                if route.form_body:
                    operation["requestBody"] = form_body()
                operation["responses"] = _responses(route, operation)
                paths.setdefault(path.replace("<", "{").replace(">", "}"), {})[method] = operation
        for name, component in doc.get("components", {}).get("schemas", {}).items():
            if name not in POWERTOOLS_SCHEMAS:
                schemas[name] = component
    union, parts = batch_schemas()
    schemas["BatchCreateRequest"] = union
    for name, component in parts.items():
        schemas.setdefault(name, component)  # a route's own (PageImportRequest, ...) stays as it is
    return {
        "openapi": "3.1.0",
        "info": {
            "title": TITLE,
            "version": VERSION,
            "description": "Turn live web pages into editable Figma designs. See api.md for the contract.",
        },
        "servers": [AWS_SERVER, LOCAL_SERVER],
        "paths": dict(sorted(paths.items())),
        "components": {
            "schemas": dict(sorted(schemas.items())),
            "securitySchemes": {
                "cognito": {
                    "type": "http",
                    "scheme": "bearer",
                    "bearerFormat": "JWT",
                    "description": "A Cognito User Pool ID token (locally: `pageport token SUBJECT`).",
                }
            },
        },
    }


def render() -> str:
    return json.dumps(build_document(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    sys.stdout.write(render())
