"""The one shape of every function's entry point, in the order Powertools documents:

    Logger.inject_lambda_context   the Lambda context on every line, the request's correlation id
    Tracer.capture_lambda_handler  the invocation's X-Ray segment (off outside Lambda)
    metrics.logged                 Metrics.log_metrics: one EMF line per invocation, even on a raise

A function's module applies it to `lambda_handler` with what the function cannot run without;
the decorator makes that function's settings model and loads it, both at INIT (module import),
so a missing variable fails the cold start with its name instead of the first request.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, TypeVar, cast

from aws_lambda_powertools.logging import correlation_paths

from pageport import metrics
from pageport.entrypoints import snapstart as snapstart  # registers the SnapStart hooks
from pageport.logging import logger
from pageport.settings import FunctionSettings, Requirement
from pageport.tracing import tracer

Handler = TypeVar("Handler", bound=Callable[..., Any])


class Trigger(StrEnum):
    """What invokes the function, which says where its correlation id is."""

    API = "api"  # API Gateway REST proxy: the request id API Gateway logs and returns
    FUNCTION_URL = "function_url"  # a webhook's function URL: its request id
    SCHEDULE = "schedule"  # EventBridge: the event's id
    QUEUE = "queue"  # SQS batches: no one id (each record carries its job's)
    INVOKE = "invoke"  # direct invocation or a CloudFormation custom resource: its RequestId


_CORRELATION_PATHS: dict[Trigger, str | None] = {
    Trigger.API: correlation_paths.API_GATEWAY_REST,
    Trigger.FUNCTION_URL: correlation_paths.LAMBDA_FUNCTION_URL,
    Trigger.SCHEDULE: correlation_paths.EVENT_BRIDGE,
    Trigger.QUEUE: None,
    Trigger.INVOKE: "RequestId",
}


def entrypoint(trigger: Trigger, *requires: Requirement) -> Callable[[Handler], Handler]:
    """Loads the function's settings model (`FunctionSettings` requiring `requires`) and wraps
    its handler in the fixed stack; the wrapper records both (tests read them)."""

    def wrap(handler: Handler) -> Handler:
        settings = FunctionSettings.for_function(handler.__module__, requires)
        settings.load()
        # A response may hold tokens or a 4 MB result page: never copied into a trace.
        traced = tracer.capture_lambda_handler(metrics.logged(handler), capture_response=False)
        wrapped = logger.inject_lambda_context(
            traced, correlation_id_path=_CORRELATION_PATHS[trigger], clear_state=True
        )
        wrapped.__pageport_trigger__ = trigger  # type: ignore[attr-defined]
        wrapped.__pageport_settings__ = settings  # type: ignore[attr-defined]
        return cast(Handler, wrapped)

    return wrap
