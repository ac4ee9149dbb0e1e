"""One X-Ray tracer for the layer (Powertools Tracer: on inside Lambda, where infra turns active
tracing on; off elsewhere). Every entry point's segment comes from it (entrypoints/shape.py)."""

from __future__ import annotations

from aws_lambda_powertools import Tracer

# Nothing patched at INIT: X-Ray's patch_all would wrap the database driver's connect, and even
# botocore alone costs a cold start ~90 ms of imports that most routes (database only) never use.
tracer = Tracer(service="pageport", auto_patch=False)


def trace_aws_calls() -> None:
    """AWS calls become subsegments: patched when a function makes its first client (idempotent)."""
    tracer.patch(["botocore"])
