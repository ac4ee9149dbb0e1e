"""The function-URL resolver shared by both webhooks: parse, apply, answer 200 or 409."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from aws_lambda_powertools.event_handler import LambdaFunctionUrlResolver, Response
from aws_lambda_powertools.utilities.data_classes import LambdaFunctionUrlEvent
from pydantic import BaseModel, ValidationError

from pageport.errors import MalformedRequest, MethodNotAllowed, NotFound, PageportError, ValidationFailed
from pageport.logging import logger
from pageport.outages import unavailable
from pageport.services.validation import details_of
from pageport.services.webhooks import JobKind, WebhookCall, apply_webhook
from pageport.storage import ArtifactStore
from pageport.web.prechecks import checked_body
from pageport.web.resolver import PerThreadInvocation
from pageport.web.responses import error_response, json_response

PayloadT = TypeVar("PayloadT", bound=BaseModel)


ROOT = "/"


# ignore[misc]: properties over Powertools' class attribute of the same name (see PerThreadInvocation).
class WebhookResolver(PerThreadInvocation[LambdaFunctionUrlEvent], LambdaFunctionUrlResolver):  # type: ignore[misc]
    """A function-URL resolver whose event is per thread (see PerThreadInvocation)."""

    def __init__(self) -> None:
        self.invocation = threading.local()
        super().__init__()

    def resolve(self, event: Mapping[str, Any], context: Any) -> dict[str, Any]:
        self.start_invocation(LambdaFunctionUrlEvent(dict(event)), context)
        return super().resolve(event, context)


def webhook_resolver(
    kind: JobKind, payload_model: type[PayloadT], to_call: Callable[[PayloadT], WebhookCall]
) -> LambdaFunctionUrlResolver:
    app = WebhookResolver()

    @app.post(ROOT)
    def receive() -> Response[Any]:
        event = app.current_event
        # Size, encoding, depth and syntax first (400/413), so the model never meets a body
        # that could exhaust its parser; the decoded text is what the model reads.
        raw = checked_body(event.body, base64_encoded=bool(event.is_base64_encoded)) or ""
        try:
            payload = payload_model.model_validate_json(raw)
        except ValidationError as exc:
            if any(err["type"] == "json_invalid" for err in exc.errors()):
                raise MalformedRequest() from None
            raise ValidationFailed(details=details_of(exc, [])) from None
        call = to_call(payload)
        result = apply_webhook(None, kind, call, ArtifactStore.default())
        return json_response(200, {"applied": result.applied})

    # A function URL passes every method and path through; Powertools answers an unmatched
    # one with NotFoundError, which must not reach the catch-all below (500).
    @app.not_found
    def _on_no_route(_: Exception) -> Response[Any]:
        if app.current_event.path != ROOT:
            return error_response(NotFound("No such route."))
        answer = error_response(MethodNotAllowed())
        answer.headers["Allow"] = "POST"
        return answer

    @app.exception_handler(PageportError)
    def _on_error(exc: PageportError) -> Response[Any]:
        logger.info("webhook refused", extra={"code": exc.code, "status": exc.status})
        return error_response(exc)

    @app.exception_handler(Exception)
    def _on_unexpected(exc: Exception) -> Response[Any]:
        if (outage := unavailable(exc, "webhook")) is not None:  # the worker retries a 503
            return error_response(outage)
        logger.exception("webhook failed")
        return json_response(
            500, {"error": {"code": "internal_error", "message": "Something went wrong.", "details": []}}
        )

    return app
