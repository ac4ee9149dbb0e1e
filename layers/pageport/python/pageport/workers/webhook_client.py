"""Posting a webhook to a Lambda function URL, signed with SigV4 (service `lambda`) by
botocore with the worker's own credentials. Locally the stack verifies the same signature."""

from __future__ import annotations

import json
import urllib.request
from enum import Enum
from functools import cache
from typing import Any

from pydantic import BaseModel

from pageport.logging import logger


class Delivery(Enum):
    APPLIED = "applied"  # 200: applied, or a replay of what was applied
    REFUSED = "refused"  # 409: the job moved on (cancelled, stale attempt): drop the message


class WebhookUnavailable(Exception):
    """Anything else: raised so SQS redelivers the message (and dead-letters it eventually)."""


@cache
def _session() -> Any:
    """One botocore session per process: building one costs milliseconds on every webhook
    (bench/bench_e2e.py), while what it is needed for is resolved per call (see `signed_post`)."""
    import botocore.session

    session = botocore.session.get_session()
    # botocore builds components lazily and not thread-safely: build them before sharing it.
    session.get_component("credential_provider")
    session.get_config_variable("region")
    return session


def signed_post(url: str, body: bytes, *, region: str | None = None, timeout: float = 20) -> tuple[int, bytes]:
    from botocore.auth import SigV4Auth
    from botocore.awsrequest import AWSRequest

    session = _session()
    # The provider chain, not session.get_credentials(): that caches the first credentials for
    # the session's life, and these must be the environment's as of now (rotated, restored).
    credentials = session.get_component("credential_provider").load_credentials()
    if credentials is None:
        raise WebhookUnavailable("no AWS credentials to sign the webhook")
    request = AWSRequest(method="POST", url=url, data=body, headers={"Content-Type": "application/json"})
    SigV4Auth(
        credentials.get_frozen_credentials(), "lambda", region or session.get_config_variable("region") or "us-east-1"
    ).add_auth(request)
    prepared = request.prepare()
    http_request = urllib.request.Request(  # noqa: S310 - our own configured webhook URL
        prepared.url, data=body, headers=dict(prepared.headers.items()), method="POST"
    )
    try:
        with urllib.request.urlopen(http_request, timeout=timeout) as response:  # noqa: S310
            return int(response.status), response.read()
    except urllib.error.HTTPError as exc:
        return int(exc.code), exc.read()


def deliver(url: str | None, payload: BaseModel) -> Delivery:
    if not url:
        raise WebhookUnavailable("no webhook URL configured")
    body = payload.model_dump_json(by_alias=True).encode()
    try:
        status, answer = signed_post(url, body)
    except OSError as exc:
        raise WebhookUnavailable(f"webhook unreachable: {type(exc).__name__}") from exc
    if status == 200:
        return Delivery.APPLIED
    if status == 409:
        logger.info("webhook refused: the job is no longer this attempt's", extra={"answer": _short(answer)})
        return Delivery.REFUSED
    raise WebhookUnavailable(f"webhook answered {status}")


def _short(answer: bytes) -> str:
    try:
        return str(json.loads(answer).get("error", {}).get("code"))
    except (ValueError, AttributeError):
        return "unknown"
