"""The HTTP adapter: the resolver factory every API route uses, its error mapping, and the
answers given before Powertools routes the event (the caller first, then the body prechecks).

Only Powertools' public API is used: `resolve` is extended, the CORS headers of an early answer
come from our own `CORSConfig` (`to_dict`), and the verified scope rides in the routing
`context` that Powertools clears after every event."""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from typing import Any, Generic, TypeVar
from urllib.parse import parse_qsl

from aws_lambda_powertools.event_handler import APIGatewayRestResolver, CORSConfig, Response
from aws_lambda_powertools.event_handler.openapi.exceptions import (
    RequestUnsupportedContentType,
    RequestValidationError,
)
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEvent

from pageport.errors import (
    InternalError,
    MalformedRequest,
    NotFound,
    PageportError,
    UnsupportedMediaType,
    ValidationFailed,
    field_error,
)
from pageport.logging import logger
from pageport.outages import unavailable
from pageport.services.tenancy import Scope
from pageport.web.prechecks import media_type, precheck
from pageport.web.responses import JSON, error_response
from pageport.web.tenancy import SCOPE_CONTEXT_KEY, verify_caller

# A Figma plugin's UI and main thread call from an opaque origin, which browsers send as "null".
PLUGIN_ORIGIN = "null"
FORM = "application/x-www-form-urlencoded"


def api_cors() -> CORSConfig:
    """The Figma plugin calls with a bearer token (no cookies) from its opaque origin: only that
    origin may read answers; a web page's script gets none."""
    return CORSConfig(allow_origin=PLUGIN_ORIGIN, allow_headers=["Authorization", "Content-Type"], max_age=600)


def validation_response(exc: RequestValidationError) -> Response[Any]:
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
    app = PageportResolver(enable_validation=True, cors=api_cors())

    @app.exception_handler(RequestValidationError)
    def on_validation(exc: RequestValidationError) -> Response[Any]:
        return validation_response(exc)

    @app.exception_handler(RequestUnsupportedContentType)
    def on_unsupported_content_type(_: RequestUnsupportedContentType) -> Response[Any]:
        # Reached only without a body: `precheck` answers every body sent as a non-JSON type.
        return error_response(UnsupportedMediaType())

    @app.exception_handler(PageportError)
    def on_domain_error(exc: PageportError) -> Response[Any]:
        if exc.status >= 500:
            logger.warning("request failed", extra={"code": exc.code, "status": exc.status})
        return error_response(exc)

    @app.exception_handler(Exception)
    def on_unexpected(exc: Exception) -> Response[Any]:
        if (outage := unavailable(exc, "api")) is not None:  # logged once per outage, no traceback
            return error_response(outage)
        # Logged with its traceback; the caller only ever sees the safe body.
        logger.exception("unhandled error")
        return error_response(InternalError())

    @app.not_found
    def on_not_found(_: Exception) -> Response[Any]:
        return error_response(NotFound("No such route."))

    return app


def early_answer(event: Mapping[str, Any], problem: PageportError, cors: CORSConfig | None) -> dict[str, Any]:
    """The proxy answer for `problem`, with the CORS headers Powertools adds to every answer."""
    headers = {"Content-Type": JSON}
    if problem.retry_after_s is not None:
        headers["Retry-After"] = str(problem.retry_after_s)
    if cors is not None:
        sent = event.get("headers") or {}
        headers |= cors.to_dict(next((v for k, v in sent.items() if k.lower() == "origin"), None))
    return {
        "statusCode": problem.status,
        "headers": headers,
        "body": json.dumps(problem.body()),
        "isBase64Encoded": False,
    }


EventT = TypeVar("EventT")


class PerThreadInvocation(Generic[EventT]):
    """The event and Lambda context of the invocation a thread is running, for a resolver.

    Powertools stores both on its base class (`BaseRouter.current_event = ...`), i.e. once per
    process: enough on Lambda (one invocation per process), not in the local stack, whose
    handler threads run many at once. These properties shadow the class attributes for this
    resolver: `resolve` records the event per thread before Powertools routes it, and every
    read (Powertools' own, the routes', `caller_scope`) sees that thread's. What the resolver
    keeps on itself (its routing `context`) is never shared: the local stack runs each copy of
    a function's module (each `app`) on one thread at a time (devstack.apigw.Instances)."""

    invocation: threading.local

    def start_invocation(self, event: EventT, context: Any) -> None:
        self.invocation.event = event
        self.invocation.lambda_context = context

    @property
    def current_event(self) -> EventT:
        event: EventT = self.invocation.event
        return event

    @current_event.setter
    def current_event(self, value: EventT) -> None:
        self.invocation.event = value

    @property
    def lambda_context(self) -> Any:
        return self.invocation.lambda_context

    @lambda_context.setter
    def lambda_context(self, value: Any) -> None:
        self.invocation.lambda_context = value


# ignore[misc]: properties over Powertools' class attribute of the same name (see PerThreadInvocation).
class PageportResolver(PerThreadInvocation[APIGatewayProxyEvent], APIGatewayRestResolver):  # type: ignore[misc]
    """Answers before anything parses the body: first the caller (401; 404 for a project that
    is not theirs, so that answer never depends on what was sent), then oversized and non-JSON
    bodies. The verified scope is kept for the route (`caller_scope`) for this event only."""

    def __init__(self, *, cors: CORSConfig | None = None, enable_validation: bool = False) -> None:
        self.invocation = threading.local()
        super().__init__(cors=cors, enable_validation=enable_validation)
        self.early_answer_cors = cors  # our own reference: early answers carry the same headers

    @property
    def verified_scope(self) -> Scope | None:
        scope = self.context.get(SCOPE_CONTEXT_KEY)
        return scope if isinstance(scope, Scope) else None

    def resolve(self, event: Mapping[str, Any], context: Any) -> dict[str, Any]:
        self.context.pop(SCOPE_CONTEXT_KEY, None)
        scope, problem = verify_caller(event)
        if problem is None:
            problem, event = precheck(event)
        if problem is not None:
            return early_answer(event, problem, self.early_answer_cors)
        if scope is not None:
            self.context[SCOPE_CONTEXT_KEY] = scope
        self.start_invocation(APIGatewayProxyEvent(dict(event)), context)
        return super().resolve(event, context)


# ignore[misc]: as PageportResolver's.
class FormResolver(PerThreadInvocation[APIGatewayProxyEvent], APIGatewayRestResolver):  # type: ignore[misc]
    """For the one HTML form a browser posts (the sign-in confirmation): a urlencoded body, no
    bearer, no CORS (a page of ours posts it to itself). `form()` is the parsed body; anything
    larger than a form of ours could be is refused before it is parsed."""

    MAX_FORM_BYTES = 16 * 1024

    def __init__(self) -> None:
        self.invocation = threading.local()
        super().__init__(enable_validation=True)

    def resolve(self, event: Mapping[str, Any], context: Any) -> dict[str, Any]:
        self.start_invocation(APIGatewayProxyEvent(dict(event)), context)
        return super().resolve(event, context)

    def form(self) -> dict[str, str] | None:
        """The form's fields (the first of each name), or None for a body that is not one."""
        event = self.current_event
        body = event.body or ""
        if len(body) > self.MAX_FORM_BYTES * 2:
            return None
        try:
            text = (event.decoded_body if event.is_base64_encoded else body) or ""
        except ValueError:
            return None
        if len(text) > self.MAX_FORM_BYTES or media_type(event.headers.get("content-type")) not in (FORM, ""):
            return None
        return dict(parse_qsl(text, keep_blank_values=True, max_num_fields=16))

    def header(self, name: str) -> str | None:
        """A request header (case-insensitive), or None."""
        value: str | None = self.current_event.headers.get(name)
        return value
