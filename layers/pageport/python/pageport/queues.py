"""Worker queues by logical name (each kind's `KIND.queue`); settings resolve their URLs."""

from __future__ import annotations

import os
from functools import cache
from typing import TYPE_CHECKING

from pageport.settings import get_settings

if TYPE_CHECKING:
    from mypy_boto3_sqs import SQSClient

# The request path's SQS client (a creating route sending its own messages right after
# commit): one try, short timeouts. A route Lambda has 15 s; the shared client may wait
# 20 s x 3 tries. What this one cannot send in time stays in the outbox for the dispatcher.
FAST_CONNECT_TIMEOUT_S = 2
FAST_READ_TIMEOUT_S = 3
FAST_MAX_ATTEMPTS = 1


class QueueNotConfigured(RuntimeError):
    pass


def queue_url(name: str) -> str:
    url = get_settings().queue_url(name)
    if not url:
        raise QueueNotConfigured(f"no URL configured for the {name} queue")
    return url


def fast_sqs() -> SQSClient:
    """The bounded client: at most ~FAST_CONNECT_TIMEOUT_S + FAST_READ_TIMEOUT_S per call."""
    # Keyed by what points a client somewhere: tests and the local stack change these.
    return _fast_sqs(*(os.environ.get(name) for name in _CLIENT_ENVIRONMENT))


_CLIENT_ENVIRONMENT = ("AWS_ENDPOINT_URL", "AWS_REGION", "AWS_DEFAULT_REGION", "AWS_ACCESS_KEY_ID")


@cache
def _fast_sqs(*environment: str | None) -> SQSClient:
    import boto3
    from botocore.config import Config

    from pageport.tracing import trace_aws_calls

    trace_aws_calls()
    config = Config(
        retries={"mode": "standard", "total_max_attempts": FAST_MAX_ATTEMPTS},
        connect_timeout=FAST_CONNECT_TIMEOUT_S,
        read_timeout=FAST_READ_TIMEOUT_S,
    )
    client: SQSClient = boto3.client("sqs", config=config)
    return client


def reset_clients() -> None:
    """Drop the bounded client (a SnapStart copy makes its own: pageport.entrypoints.snapstart)."""
    _fast_sqs.cache_clear()
