"""Posting a webhook to a Lambda function URL, signed with SigV4 (service `lambda`) by
botocore with the worker's own credentials. Locally the stack verifies the same signature.

A report that fails for a reason that passes (a 5xx or 429, as during a database failover, or a
connection error) is sent again with jittered exponential backoff until the job's time is up:
the webhook is fenced and idempotent, so a repeat is safe, and the work it reports is done and
stored. Only then does the message go back to SQS, whose next copy reports it again without
redoing it (workers/attempts.resend_if_finished)."""

from __future__ import annotations

import json
import random
import time
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


RETRYABLE_STATUSES = frozenset({429, 500, 502, 503, 504})
FIRST_PAUSE_S = 0.5
MAX_PAUSE_S = 5.0  # short: once the platform is back, a report waits at most this long
DEFAULT_RETRY_S = 30.0  # how long a report is retried when the caller gives no time of its own
HANDBACK_MARGIN_S = 5.0  # kept back from the invocation's end to hand the message back cleanly


def report_until(remaining_s: float | None) -> float | None:
    """Until when a job that began with `remaining_s` of its invocation left may retry its report."""
    return None if remaining_s is None else time.monotonic() + remaining_s - HANDBACK_MARGIN_S


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


def deliver(url: str | None, payload: BaseModel, *, until: float | None = None) -> Delivery:
    """Post `payload`; retried while it fails for a reason that passes, until `until` (a
    `time.monotonic()` instant; DEFAULT_RETRY_S from now when None)."""
    if not url:
        raise WebhookUnavailable("no webhook URL configured")
    body = payload.model_dump_json(by_alias=True).encode()
    give_up = time.monotonic() + DEFAULT_RETRY_S if until is None else until
    ceiling, tries = FIRST_PAUSE_S, 0
    while True:
        tries += 1
        try:
            status, answer = signed_post(url, body)
        except OSError as exc:
            problem = f"webhook unreachable: {type(exc).__name__}"
        else:
            if status == 200:
                return Delivery.APPLIED
            if status == 409:
                logger.info("webhook refused: the job is no longer this attempt's", extra={"answer": _short(answer)})
                return Delivery.REFUSED
            problem = f"webhook answered {status}"
            if status not in RETRYABLE_STATUSES:  # a refusal that a repeat would only repeat
                raise WebhookUnavailable(problem)
        pause = random.uniform(0, ceiling)  # full jitter
        if time.monotonic() + pause >= give_up:
            raise WebhookUnavailable(f"{problem} ({tries} tries)")
        if tries == 1:
            logger.warning("webhook failed; retrying it with backoff", extra={"problem": problem})
        time.sleep(pause)
        ceiling = min(ceiling * 2, MAX_PAUSE_S)


def _short(answer: bytes) -> str:
    try:
        return str(json.loads(answer).get("error", {}).get("code"))
    except (ValueError, AttributeError):
        return "unknown"
