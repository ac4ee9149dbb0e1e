"""Concurrent invocations in one process (the local stack's handler threads): each answer is
the one its own event calls for, through the webhooks' and the sign-in routes' resolvers (no
database: every answer here is given before one is needed)."""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from pageport.routes import ROUTES, WEBHOOK_FUNCTIONS

from devstack.apigw import INSTANCES, function_url_event, lambda_context, rest_event

THREADS = 16
CALLS = 25

# (body, status, error code): answers that differ only by what the body says.
BODIES = [
    ("[" * 2_000 + "]" * 2_000, 400, "malformed_request"),
    ('{"pageImportId": ', 400, "malformed_request"),
    ("[[[]]]", 422, "validation_error"),
    ('{"attempt": "x"}', 422, "validation_error"),
]


@pytest.fixture(autouse=True)
def eager_thread_switches() -> Iterator[None]:
    """Switch threads every few microseconds, so invocations interleave mid-way (with the
    default 5 ms, a short invocation mostly runs whole and a race would go unseen)."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def hammer(invoke: Callable[[str], dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    start = threading.Barrier(THREADS)

    def caller(n: int) -> None:
        start.wait()
        for k in range(CALLS):
            body, status, code = BODIES[(n + k) % len(BODIES)]
            result = invoke(body)
            answer = json.loads(result["body"])
            if result["statusCode"] != status or answer["error"]["code"] != code:
                problems.append(f"{n}/{k}: sent {body[:20]!r}, got {result['statusCode']} {answer}")

    with ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(caller, range(THREADS)))
    return problems


@pytest.mark.parametrize("function", sorted(WEBHOOK_FUNCTIONS.values()))
def test_concurrent_webhook_invocations_answer_their_own_body(function_module: Any, function: str) -> None:
    function_module(function)
    problems = hammer(lambda body: INSTANCES.call(function, function_url_event(body), lambda_context(function)))
    assert problems == []


def test_concurrent_route_invocations_answer_their_own_body(function_module: Any) -> None:
    route = next(r for r in ROUTES if r.function == "refresh_sign_in")
    function_module(route.function)

    def invoke(body: str) -> dict[str, Any]:
        event = rest_event(route, route.path, {}, body=body, claims=None)
        return INSTANCES.call(route.function, event, lambda_context(route.function))

    assert hammer(invoke) == []
    assert INSTANCES.count(route.function) >= 1
