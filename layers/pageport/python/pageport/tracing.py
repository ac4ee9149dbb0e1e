"""One X-Ray tracer for the layer (Powertools Tracer: on inside Lambda, where infra turns active
tracing on; off elsewhere). Every entry point's segment comes from it (entrypoints/shape.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from aws_lambda_powertools import Tracer

T = TypeVar("T")

# Nothing patched at INIT: X-Ray's patch_all would wrap the database driver's connect, and even
# botocore alone costs a cold start ~90 ms of imports that most routes (database only) never use.
tracer = Tracer(service="pageport", auto_patch=False)


def trace_aws_calls() -> None:
    """AWS calls become subsegments: patched when a function makes its first client (idempotent)."""
    tracer.patch(["botocore"])


def carried(call: Callable[[], T], *, recorder: Any = None) -> Callable[[], T]:
    """`call`, to run on another thread inside the calling thread's X-Ray entity.

    The X-Ray SDK keeps the current segment or subsegment per thread: without this, AWS calls
    made on a helper thread would hang off a fresh facade segment (in Lambda) instead of the
    subsegment that made them. `recorder` defaults to the tracer's, or to none when tracing is
    off (outside Lambda), where `call` is returned as it is.
    """
    if recorder is None:
        if tracer.disabled:
            return call
        recorder = tracer.provider
    entity = recorder.get_trace_entity()

    def run() -> T:
        recorder.set_trace_entity(entity)
        try:
            return call()
        finally:
            recorder.clear_trace_entities()

    return run
