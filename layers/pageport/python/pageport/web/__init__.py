"""The HTTP adapter shared by the per-route handlers: one resolver factory, one error mapping,
the caller's identity from the Cognito authorizer claims. Domain code never imports this."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.event_handler import APIGatewayRestResolver, CORSConfig, Response
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError

from pageport.db import reading
from pageport.errors import (
    MalformedRequest,
    NotFound,
    PageportError,
    PayloadTooLarge,
    Unauthorized,
    ValidationFailed,
    error_body,
    field_error,
)
from pageport.services.tenancy import Scope, resolve_scope

logger = Logger(service="pageport-api")

# API Gateway caps payloads at 10 MB; our largest body is a 500-item batch.
MAX_BODY_BYTES = 2 * 1024 * 1024
JSON = "application/json"


def json_response(status: int, body: Any) -> Response[Any]:
    import json

    return Response(status_code=status, content_type=JSON, body=json.dumps(body, separators=(",", ":")))


def error_response(error: PageportError) -> Response[Any]:
    return json_response(error.status, error.body())


def _validation_response(exc: RequestValidationError) -> Response[Any]:
    errors = list(exc.errors())
    if any(err.get("type") == "json_invalid" for err in errors):
        return error_response(MalformedRequest())
    # A malformed path parameter (say a non-numeric projectId) names nothing that exists.
    if any(tuple(err.get("loc", ()))[:1] == ("path",) for err in errors):
        return error_response(NotFound())
    details = [
        field_error([part for part in err.get("loc", ()) if part != "body"], str(err.get("msg", "invalid")))
        for err in errors
    ]
    return error_response(ValidationFailed(details=details))


def api_resolver() -> PageportResolver:
    """A resolver with pydantic validation and api.md's error body for every failure."""
    # The Figma plugin calls from its own origin with a bearer token (no cookies): any origin.
    cors = CORSConfig(allow_origin="*", allow_headers=["Authorization", "Content-Type"], max_age=600)
    app = PageportResolver(enable_validation=True, cors=cors)

    @app.exception_handler(RequestValidationError)
    def _on_validation(exc: RequestValidationError) -> Response[Any]:
        return _validation_response(exc)

    @app.exception_handler(PageportError)
    def _on_domain_error(exc: PageportError) -> Response[Any]:
        if exc.status >= 500:
            logger.warning("request failed", extra={"code": exc.code, "status": exc.status})
        return error_response(exc)

    @app.exception_handler(Exception)
    def _on_unexpected(exc: Exception) -> Response[Any]:
        # Logged with its traceback; the caller only ever sees the safe body.
        logger.exception("unhandled error")
        return json_response(500, error_body("internal_error", "Something went wrong on our side."))

    @app.not_found
    def _on_not_found(_: Exception) -> Response[Any]:
        return error_response(NotFound("No such route."))

    return app


class PageportResolver(APIGatewayRestResolver):
    """Refuses oversized bodies before anything parses them."""

    def resolve(self, event: Mapping[str, Any], context: Any) -> dict[str, Any]:
        body = event.get("body")
        if isinstance(body, str) and len(body) > MAX_BODY_BYTES:
            import json

            return {
                "statusCode": 413,
                "headers": {"Content-Type": JSON},
                "body": json.dumps(PayloadTooLarge().body()),
                "isBase64Encoded": False,
            }
        return super().resolve(event, context)


def caller_subject(app: APIGatewayRestResolver) -> str:
    """The Cognito subject the authorizer verified; none means the caller is not signed in."""
    claims = app.current_event.request_context.authorizer.claims
    subject = claims.get("sub") if isinstance(claims, dict) else None
    if not isinstance(subject, str) or not subject or len(subject) > 50:
        raise Unauthorized()
    return subject


def caller_scope(app: APIGatewayRestResolver, project_id: int) -> Scope:
    """The verified caller's scope for `project_id` (401 without claims, 404 if not a member)."""
    subject = caller_subject(app)
    with reading() as cur:
        return resolve_scope(cur, subject, project_id)
