"""The HTTP adapter shared by the per-route handlers: one resolver factory, one error mapping,
the caller's identity from the Cognito authorizer claims. Domain code never imports this."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.event_handler import APIGatewayRestResolver, CORSConfig, Response
from aws_lambda_powertools.event_handler.openapi.exceptions import (
    RequestUnsupportedContentType,
    RequestValidationError,
)
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEvent

from pageport.db import read
from pageport.digits import ascii_int
from pageport.errors import (
    InternalError,
    MalformedRequest,
    NotFound,
    PageportError,
    PayloadTooLarge,
    Unauthorized,
    UnsupportedMediaType,
    ValidationFailed,
    field_error,
)
from pageport.services.tenancy import Scope, resolve_scope

logger = Logger(service="pageport-api")

# Largest valid body ~2.4 MB (500 batch items at every length limit); 4 MiB < Lambda's 6 MB sync payload.
MAX_BODY_BYTES = 4 * 1024 * 1024
JSON = "application/json"


def json_response(status: int, body: Any) -> Response[Any]:
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


def _media_type(content_type: str | None) -> str:
    """`application/json` from `Application/JSON; charset=utf-8`; "" when none was sent."""
    return (content_type or "").split(";", 1)[0].strip().lower()


def _json_body(event: APIGatewayProxyEvent) -> bool:
    try:
        json.loads(event.decoded_body or "")
    except ValueError:  # not JSON, or bad base64 or UTF-8
        return False
    return True


def _precheck(event: Mapping[str, Any]) -> tuple[PageportError | None, Mapping[str, Any]]:
    """Before Powertools parses anything: refuse an oversized body, and a body sent with a
    Content-Type other than JSON (Powertools would read a form as fields, or raise for other
    types). The event goes on with a JSON media type spelled as Powertools compares it."""
    body = event.get("body")
    if isinstance(body, str) and len(body) > MAX_BODY_BYTES:
        return PayloadTooLarge(), event
    proxy = APIGatewayProxyEvent(dict(event))
    content_type = proxy.headers.get("content-type")
    media_type = _media_type(content_type)
    if body and not _json_body(proxy):
        # api.md: malformed JSON is 400 whatever the Content-Type claims, and also on routes
        # that read no body (cancel): it is still a client's mistake.
        return MalformedRequest(), event
    if body and media_type not in ("", JSON):
        return UnsupportedMediaType(), event  # JSON, but labelled otherwise: name the one we read
    if media_type == JSON and not (content_type or "").strip().startswith(JSON):
        # Media types are case-insensitive (RFC 9110); Powertools compares them as written.
        return None, _with_header(event, "content-type", (content_type or "").strip().lower())
    return None, event


def _with_header(event: Mapping[str, Any], name: str, value: str) -> dict[str, Any]:
    def replaced(headers: Any, new: Any) -> Any:
        if not isinstance(headers, dict):
            return headers
        return {k: v for k, v in headers.items() if k.lower() != name} | {name: new}

    return {
        **event,
        "headers": replaced(event.get("headers"), value),
        "multiValueHeaders": replaced(event.get("multiValueHeaders"), [value]),
    }


def api_resolver() -> PageportResolver:
    """A resolver with pydantic validation and api.md's error body for every failure."""
    # The Figma plugin calls from its own origin with a bearer token (no cookies): any origin.
    cors = CORSConfig(allow_origin="*", allow_headers=["Authorization", "Content-Type"], max_age=600)
    app = PageportResolver(enable_validation=True, cors=cors)

    @app.exception_handler(RequestValidationError)
    def _on_validation(exc: RequestValidationError) -> Response[Any]:
        return _validation_response(exc)

    @app.exception_handler(RequestUnsupportedContentType)
    def _on_unsupported_content_type(_: RequestUnsupportedContentType) -> Response[Any]:
        # Reached only without a body: _precheck answers every body sent as a non-JSON type.
        return error_response(UnsupportedMediaType())

    @app.exception_handler(PageportError)
    def _on_domain_error(exc: PageportError) -> Response[Any]:
        if exc.status >= 500:
            logger.warning("request failed", extra={"code": exc.code, "status": exc.status})
        return error_response(exc)

    @app.exception_handler(Exception)
    def _on_unexpected(exc: Exception) -> Response[Any]:
        # Logged with its traceback; the caller only ever sees the safe body.
        logger.exception("unhandled error")
        return error_response(InternalError())

    @app.not_found
    def _on_not_found(_: Exception) -> Response[Any]:
        return error_response(NotFound("No such route."))

    return app


class PageportResolver(APIGatewayRestResolver):
    """Answers before anything parses the body: first the caller (401; 404 for a project that
    is not theirs, so that answer never depends on what was sent), then oversized and non-JSON
    bodies. The verified scope is kept for the route (`caller_scope`) for this event only."""

    verified_scope: Scope | None = None

    def resolve(self, event: Mapping[str, Any], context: Any) -> dict[str, Any]:
        self.verified_scope = None
        problem = self._verify_caller(event)
        if problem is None:
            problem, event = _precheck(event)
        if problem is not None:
            return self._early_answer(event, problem)
        return super().resolve(event, context)

    def _verify_caller(self, event: Mapping[str, Any]) -> PageportError | None:
        project = (event.get("pathParameters") or {}).get("projectId")
        if project is None or event.get("httpMethod") == "OPTIONS":  # CORS preflights carry no token
            return None
        claims = ((event.get("requestContext") or {}).get("authorizer") or {}).get("claims")
        try:
            subject = subject_from_claims(claims)
            project_id = ascii_int(str(project))
            if project_id is None:
                raise NotFound("Project not found.")
            # Every request's first round trip: `read` retries it once if the proxy closed the connection.
            self.verified_scope = read(lambda cur: resolve_scope(cur, subject, project_id))
        except PageportError as exc:
            return exc
        except Exception:
            logger.exception("caller check failed")
            return InternalError()
        return None

    def _early_answer(self, event: Mapping[str, Any], problem: PageportError) -> dict[str, Any]:
        headers = {"Content-Type": JSON}
        if self._cors is not None:  # the same CORS headers Powertools adds to every answer
            sent = event.get("headers") or {}
            headers |= self._cors.to_dict(next((v for k, v in sent.items() if k.lower() == "origin"), None))
        return {
            "statusCode": problem.status,
            "headers": headers,
            "body": json.dumps(problem.body()),
            "isBase64Encoded": False,
        }


def subject_from_claims(claims: Any) -> str:
    """The Cognito subject the authorizer verified; none means the caller is not signed in."""
    subject = claims.get("sub") if isinstance(claims, dict) else None
    if not isinstance(subject, str) or not subject or len(subject) > 50:
        raise Unauthorized()
    return subject


def caller_scope(app: APIGatewayRestResolver, project_id: int) -> Scope:
    """The verified caller's scope for `project_id` (401 without claims, 404 if not a member)."""
    verified = getattr(app, "verified_scope", None)
    if isinstance(verified, Scope) and verified.project_id == project_id:
        return verified
    subject = subject_from_claims(app.current_event.request_context.authorizer.claims)
    return read(lambda cur: resolve_scope(cur, subject, project_id))
