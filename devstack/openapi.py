"""The OpenAPI document, generated from the per-route resolvers (`python -m devstack.openapi`).

Each route's Lambda has its own resolver; the document is their union, plus the things the
resolvers cannot know: the Cognito security scheme and api.md's error body.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pageport import settings
from pageport.routes import ROUTES

TITLE = "Pageport API"
VERSION = "1.0.0"
ERROR_SCHEMA = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message", "details"],
            "properties": {
                "code": {"type": "string"},
                "message": {"type": "string"},
                "details": {"type": "array", "items": {"type": "object"}},
            },
        }
    },
}
ERROR_STATUSES = {
    "400": "Malformed JSON",
    "401": "No verified caller",
    "404": "Not found (or another tenant's)",
    "405": "Method not allowed",
    "409": "Conflicts with the current state",
    "413": "Body too large",
    "415": "Body sent with a Content-Type other than application/json",
    "422": "Validation failed, one detail per bad field",
    "502": "Stored result failed verification, or the identity provider is unavailable",
    "503": "Temporarily unable to queue the job",
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


def _build_document() -> dict[str, Any]:
    paths: dict[str, Any] = {}
    schemas: dict[str, Any] = {"Error": ERROR_SCHEMA}
    for route in ROUTES:
        module = importlib.import_module(route.handler_module)
        schema = module.app.get_openapi_schema(title=TITLE, version=VERSION)
        doc = schema.model_dump(mode="json", by_alias=True, exclude_none=True)
        for path, item in doc.get("paths", {}).items():
            for method, operation in item.items():
                operation["operationId"] = route.function
                # The sign-in routes take no bearer token (docs/sign-in.md).
                operation["security"] = [{"cognito": []}] if route.authenticated else []
                responses = operation.setdefault("responses", {})
                for status, description in ERROR_STATUSES.items():
                    responses.setdefault(
                        status,
                        {
                            "description": description,
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                        },
                    )
                # Powertools documents its own 422 shape; ours is the Error body.
                responses["422"] = {
                    "description": ERROR_STATUSES["422"],
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                }
                paths.setdefault(path.replace("<", "{").replace(">", "}"), {})[method] = operation
        for name, component in doc.get("components", {}).get("schemas", {}).items():
            if name not in ("HTTPValidationError", "ValidationError"):
                schemas[name] = component
    return {
        "openapi": "3.1.0",
        "info": {
            "title": TITLE,
            "version": VERSION,
            "description": "Turn live web pages into editable Figma designs. See api.md for the contract.",
        },
        "servers": [
            {
                "url": "https://{api}.execute-api.{region}.amazonaws.com/v1",
                "variables": {"api": {"default": "api"}, "region": {"default": "us-east-1"}},
            }
        ],
        "paths": dict(sorted(paths.items())),
        "components": {
            "schemas": dict(sorted(schemas.items())),
            "securitySchemes": {
                "cognito": {
                    "type": "http",
                    "scheme": "bearer",
                    "bearerFormat": "JWT",
                    "description": "A Cognito User Pool ID token.",
                }
            },
        },
    }


def render() -> str:
    return json.dumps(build_document(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    sys.stdout.write(render())
