"""Domain errors, and the one mapping to api.md's error body.

Messages are safe to show: never SQL, stack traces, credentials or S3 locations.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any


class PageportError(Exception):
    status: int = 500
    code: str = "internal_error"
    default_message: str = "Something went wrong on our side."
    retry_after_s: int | None = None  # sent as Retry-After: when to try again (a 503's)

    def __init__(
        self, message: str | None = None, *, details: list[dict[str, Any]] | None = None, code: str | None = None
    ) -> None:
        self.message = message or self.default_message
        self.details = details or []
        if code is not None:
            self.code = code
        super().__init__(self.message)

    def body(self) -> dict[str, Any]:
        return error_body(self.code, self.message, self.details)


def error_body(code: str, message: str, details: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "details": details or []}}


class BadRequest(PageportError):
    """A request API Gateway (or the local gateway) refuses before any function runs."""

    status, code, default_message = 400, "bad_request", "The request was rejected."


class MalformedRequest(PageportError):
    status, code, default_message = 400, "malformed_request", "The request body is not valid JSON."


class Unauthorized(PageportError):
    status, code, default_message = 401, "unauthorized", "Sign in to use this API."


class Forbidden(PageportError):
    """API Gateway's answer when a resource policy or WAF denies the call (infra/api.py)."""

    status, code, default_message = 403, "forbidden", "Access denied."


class NotFound(PageportError):
    status, code, default_message = 404, "not_found", "Not found."


class MethodNotAllowed(PageportError):
    status, code, default_message = 405, "method_not_allowed", "This method is not allowed here."


class Conflict(PageportError):
    status, code, default_message = 409, "conflict", "The request conflicts with the current state."


class PageImportNotReady(Conflict):
    code, default_message = "page_import_not_ready", "The Page Import is not completed."


class ResultNotReady(Conflict):
    code, default_message = "result_not_ready", "The Code2Des result is not ready."


class BatchIdConflict(Conflict):
    code, default_message = "batch_id_conflict", "This batch id is already used for a different request."


class NothingToRetry(Conflict):
    code, default_message = "nothing_to_retry", "Nothing in this batch can be retried."


class PayloadTooLarge(PageportError):
    status, code, default_message = 413, "payload_too_large", "The request body is too large."


class UnsupportedMediaType(PageportError):
    status, code = 415, "unsupported_media_type"
    default_message = "Send the request body as JSON, with Content-Type: application/json."


class ValidationFailed(PageportError):
    status, code, default_message = 422, "validation_error", "The request is not valid."


class UpstreamUnverifiable(PageportError):
    status, code, default_message = 502, "result_unverifiable", "The stored result failed verification."


class InternalError(PageportError):
    status, code, default_message = 500, "internal_error", "Something went wrong on our side."


class ServiceUnavailable(PageportError):
    status, code, default_message = 503, "service_unavailable", "The service cannot do this right now."


class Throttled(PageportError):
    """API Gateway's answer over the stage's or a sign-in method's rate (infra/api.py)."""

    status, code, default_message = 429, "throttled", "Too many requests."


def codes_of(*modules: ModuleType) -> list[str]:
    """The `code` of every PageportError class defined in `modules` (this one and the few that
    declare their own, like sign-in's), sorted: the error body's documented `code` enum. A code
    is declared by a class here, even where it is raised as `Conflict(..., code=...)`
    (tests/unit/api/test_error_codes.py holds every such literal to that)."""
    found = {
        value.code
        for module in modules
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, PageportError) and value.__module__ == module.__name__
    }
    return sorted(found)


def field_error(loc: list[str | int], msg: str) -> dict[str, Any]:
    return {"loc": loc, "msg": msg}
