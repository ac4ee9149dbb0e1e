"""Domain errors, and the one mapping to api.md's error body.

Messages are safe to show: never SQL, stack traces, credentials or S3 locations.
"""

from __future__ import annotations

from typing import Any


class PageportError(Exception):
    status: int = 500
    code: str = "internal_error"
    default_message: str = "Something went wrong on our side."

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


class MalformedRequest(PageportError):
    status, code, default_message = 400, "malformed_request", "The request body is not valid JSON."


class Unauthorized(PageportError):
    status, code, default_message = 401, "unauthorized", "Sign in to use this API."


class NotFound(PageportError):
    status, code, default_message = 404, "not_found", "Not found."


class MethodNotAllowed(PageportError):
    status, code, default_message = 405, "method_not_allowed", "This method is not allowed here."


class Conflict(PageportError):
    status, code, default_message = 409, "conflict", "The request conflicts with the current state."


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
    status, code, default_message = 503, "service_unavailable", "Please try again shortly."


def field_error(loc: list[str | int], msg: str) -> dict[str, Any]:
    return {"loc": loc, "msg": msg}
