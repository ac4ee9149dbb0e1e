"""Build API Gateway REST proxy events for the route table, and call the handler modules
exactly as Lambda would. Used by the local gateway and by tests."""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import re
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.logging.formatter import LambdaPowertoolsFormatter
from pageport import kinds
from pageport.routes import KIND_FUNCTIONS, ROUTES, Route

Handler = Callable[[dict[str, Any], Any], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class LambdaContextStub:
    """The attributes Powertools reads from a Lambda context."""

    function_name: str
    memory_limit_in_mb: int = 512
    invoked_function_arn: str = "arn:aws:lambda:local:000000000000:function:pageport"
    aws_request_id: str = ""
    deadline_ms: float = 0.0

    def get_remaining_time_in_millis(self) -> int:
        return max(0, int(self.deadline_ms - time.time() * 1000))


def lambda_context(function_name: str, timeout_s: float = 29.0) -> LambdaContextStub:
    return LambdaContextStub(
        function_name=function_name,
        aws_request_id=str(uuid.uuid4()),
        deadline_ms=time.time() * 1000 + timeout_s * 1000,
    )


def _pattern(route: Route) -> re.Pattern[str]:
    return re.compile("^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(route.path)) + "$")


_COMPILED: list[tuple[Route, re.Pattern[str]]] = [(route, _pattern(route)) for route in ROUTES]
_MODULES: dict[str, ModuleType] = {}
# Python's import machinery is not safe for threads importing one package at once (a
# KeyError from importlib was seen with pollers and the gateway starting together).
IMPORT_LOCK = threading.RLock()
_KIND_MODULES: dict[str, ModuleType] = {}  # per-kind function -> its copy of the shared handler


def import_handler(module_name: str) -> ModuleType:
    with IMPORT_LOCK:
        return importlib.import_module(module_name)


def _fresh_copy(function: str) -> ModuleType:
    """A new instance of `function`: its handler module executed again, outside sys.modules (so
    its resolver, `app`, is its own), with the function's kind set for just that cold start."""
    made = KIND_FUNCTIONS.get(function)
    name = made.handler_module if made is not None else f"functions.{function}.handler"
    with IMPORT_LOCK:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.loader is not None, name
        module = importlib.util.module_from_spec(spec)
        saved = os.environ.get(kinds.KIND_VARIABLE)
        if made is not None:
            os.environ[kinds.KIND_VARIABLE] = made.kind
        try:
            spec.loader.exec_module(module)
        finally:
            if saved is None:
                os.environ.pop(kinds.KIND_VARIABLE, None)
            else:
                os.environ[kinds.KIND_VARIABLE] = saved
    return module


def load_function(function: str) -> ModuleType:
    """A function's handler module, as its Lambda would have it after INIT.

    On Lambda each kind's worker and webhook loads the shared handler (functions/worker,
    functions/webhook) with its own PAGEPORT_KIND; here every kind shares one process, so each
    gets its own copy of the module, executed with the variable set for just that cold start."""
    if function not in KIND_FUNCTIONS:
        return import_handler(f"functions.{function}.handler")
    with IMPORT_LOCK:
        module = _KIND_MODULES.get(function)
        if module is None:
            module = _KIND_MODULES[function] = _fresh_copy(function)
        return module


class Instances:
    """Warm "instances" of every function, as Lambda keeps several containers of one function.

    Powertools keeps a request's state on the resolver (`app.current_event`, its routing
    context), so one `app` must never serve two events at once. An instance is a copy of the
    function's handler module with its own `app`; each runs one invocation at a time, and a
    busy function gets another copy (the first is the module `load_function` returns, so a
    sequential caller always meets that one). Copies are bounded by the callers' concurrency:
    the gateway runs at most `MAX_CONCURRENT` invocations at once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idle: dict[str, list[ModuleType]] = {}
        self._made: dict[str, int] = {}

    def _take(self, function: str) -> ModuleType:
        with self._lock:
            idle = self._idle.setdefault(function, [])
            if idle:
                return idle.pop()
            first = self._made.get(function, 0) == 0
            self._made[function] = self._made.get(function, 0) + 1
        return load_function(function) if first else _fresh_copy(function)

    def call(self, function: str, event: dict[str, Any], context: Any) -> dict[str, Any]:
        module = self._take(function)
        try:
            result: dict[str, Any] = module.lambda_handler(event, context)
            return result
        finally:
            with self._lock:
                self._idle[function].append(module)

    def count(self, function: str) -> int:
        """How many instances of `function` were made (tests)."""
        with self._lock:
            return self._made.get(function, 0)


INSTANCES = Instances()


class _PerThreadKeys(LambdaPowertoolsFormatter):
    """Powertools' JSON formatter with its keys (`log_format`: the Lambda context and the
    correlation id that `inject_lambda_context` appends, and clears at each invocation) kept
    per thread, as they are per instance on Lambda: a concurrent invocation's line never
    carries another's request id. A thread starts from the formatter's base keys."""

    per_thread: threading.local

    @property
    def log_format(self) -> dict[str, Any]:
        keys: dict[str, Any] | None = getattr(self.per_thread, "keys", None)
        if keys is None:
            keys = self.per_thread.keys = dict.fromkeys(self.log_record_order)
            keys.update(**self.keys_combined)
        return keys

    @log_format.setter
    def log_format(self, value: dict[str, Any]) -> None:
        self.per_thread.keys = value


def log_keys_per_thread(logger: Logger) -> None:
    """Make `logger`'s appended keys per thread (idempotent; other formatters are left alone)."""
    formatter = logger.registered_formatter
    if type(formatter) is LambdaPowertoolsFormatter:
        formatter.per_thread = threading.local()  # type: ignore[attr-defined]
        formatter.__dict__.pop("log_format", None)
        formatter.__class__ = _PerThreadKeys


def match(method: str, path: str) -> tuple[Route | None, dict[str, str], bool]:
    """(route, path parameters, whether the path exists under another method)."""
    path_known = False
    for route, pattern in _COMPILED:
        found = pattern.match(path)
        if found:
            path_known = True
            if route.method == method:
                return route, found.groupdict(), True
    return None, {}, path_known


def allowed_methods(path: str) -> str:
    """The `Allow` header of a 405 on `path` (RFC 9110): its routes' methods, and OPTIONS (CORS)."""
    methods = {route.method for route, pattern in _COMPILED if pattern.match(path)}
    return ", ".join(sorted(methods | {"OPTIONS"}))


def handler_for(route: Route) -> Handler:
    module = _MODULES.get(route.function)
    if module is None:
        module = _MODULES[route.function] = import_handler(route.handler_module)
    handler: Handler = module.lambda_handler
    return handler


def rest_event(
    route: Route,
    path: str,
    path_params: Mapping[str, str],
    *,
    body: str | None,
    claims: Mapping[str, str] | None,
    query: Mapping[str, str] | None = None,
    headers: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    sent = headers if headers is not None else {"content-type": "application/json"}
    return {
        "resource": route.path,
        "path": path,
        "httpMethod": route.method,
        "headers": dict(sent),
        "multiValueHeaders": {k: [v] for k, v in sent.items()},
        "queryStringParameters": dict(query) if query else None,
        "multiValueQueryStringParameters": {k: [v] for k, v in query.items()} if query else None,
        "pathParameters": dict(path_params) or None,
        "stageVariables": None,
        "requestContext": {
            "resourcePath": route.path,
            "httpMethod": route.method,
            "path": "/v1" + path,
            "stage": "v1",
            "requestId": str(uuid.uuid4()),
            "requestTimeEpoch": int(time.time() * 1000),
            "identity": {"sourceIp": "127.0.0.1"},
            "authorizer": {"claims": dict(claims)} if claims else None,
        },
        "body": body,
        "isBase64Encoded": False,
    }


@dataclass(frozen=True, slots=True)
class ApiResponse:
    status: int
    body: Any
    headers: Mapping[str, str]


def invoke(
    method: str,
    path: str,
    *,
    subject: str | None,
    body: Any = None,
    raw_body: str | None = None,
    query: Mapping[str, str] | None = None,
    headers: Mapping[str, str] | None = None,
) -> ApiResponse:
    """Route, build the event and call the handler module in-process (tests and the gateway).
    `headers` replaces the default `content-type: application/json` (pass {} to send none)."""
    route, params, path_known = match(method, path)
    if route is None:
        code, status = ("method_not_allowed", 405) if path_known else ("not_found", 404)
        return ApiResponse(status, {"error": {"code": code, "message": "No such route.", "details": []}}, {})
    text = raw_body if raw_body is not None else (json.dumps(body) if body is not None else None)
    claims = {"sub": subject} if subject else None
    event = rest_event(route, path, params, body=text, claims=claims, query=query, headers=headers)
    result = handler_for(route)(event, lambda_context(route.function))
    payload = result.get("body")
    return ApiResponse(
        status=int(result["statusCode"]),
        body=json.loads(payload) if payload else None,
        headers=result.get("headers") or {},
    )


def function_url_event(body: str, *, path: str = "/", headers: Mapping[str, str] | None = None) -> dict[str, Any]:
    now = int(time.time() * 1000)
    return {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": path,
        "rawQueryString": "",
        "headers": dict(headers or {"content-type": "application/json"}),
        "requestContext": {
            "http": {
                "method": "POST",
                "path": path,
                "protocol": "HTTP/1.1",
                "sourceIp": "127.0.0.1",
                "userAgent": "pageport-worker",
            },
            "requestId": str(uuid.uuid4()),
            "routeKey": "$default",
            "stage": "$default",
            "time": time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime()),
            "timeEpoch": now,
        },
        "body": body,
        "isBase64Encoded": False,
    }


def invoke_webhook(function: str, body: str) -> ApiResponse:
    result = INSTANCES.call(function, function_url_event(body), lambda_context(function))
    payload = result.get("body")
    return ApiResponse(int(result["statusCode"]), json.loads(payload) if payload else None, result.get("headers") or {})
