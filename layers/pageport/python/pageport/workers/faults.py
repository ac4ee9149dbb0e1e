"""Transient or permanent: what a worker does with an exception from our own AWS boundary.

A transient fault (throttling, a 5xx, a dropped connection, a timeout talking to S3 or SQS) says
nothing about the job: the record raises, Powertools reports it as a partial batch failure and
SQS redelivers it later (dead-lettering it after `max_receive_count`). Anything else is
permanent for this job: bad input, an unsupported page, an exhausted budget, a capture that
fails its hash, a missing object or a refused permission fail the job with a safe message.

The rules are botocore's own: the error codes and HTTP statuses its standard retry mode treats
as throttling or transient, and its connection/HTTP-client exception classes. botocore has
already retried those (infra's clients use standard mode, 3 attempts), so one reaching us means
the service is still struggling: SQS's redelivery, minutes later, is the longer back-off.
"""

from __future__ import annotations

from collections.abc import Mapping

from botocore.exceptions import ClientError, HTTPClientError
from botocore.exceptions import ConnectionError as BotocoreConnectionError
from botocore.retries import standard

from pageport.logging import logger

# botocore's lists (its standard retry mode; read with a fallback, being private attributes), and
# the codes S3 and SQS answer under load that botocore only recognises by their 5xx status.
_BOTOCORE_THROTTLING: list[str] = getattr(standard.ThrottledRetryableChecker, "_THROTTLED_ERROR_CODES", [])
_BOTOCORE_TRANSIENT: list[str] = getattr(standard.TransientRetryableChecker, "_TRANSIENT_ERROR_CODES", [])
_BOTOCORE_STATUSES: list[int] = getattr(standard.TransientRetryableChecker, "_TRANSIENT_STATUS_CODES", [])
THROTTLING_CODES: frozenset[str] = frozenset(_BOTOCORE_THROTTLING) | {
    "SlowDown",
    "Throttling",
    "ThrottlingException",
    "RequestThrottled",
    "RequestLimitExceeded",
}
TRANSIENT_CODES: frozenset[str] = frozenset(_BOTOCORE_TRANSIENT) | {
    "RequestTimeout",
    "InternalError",
    "InternalFailure",
    "ServiceUnavailable",
    "ServiceUnavailableException",
}
TRANSIENT_STATUSES: frozenset[int] = frozenset(_BOTOCORE_STATUSES) | {500, 502, 503, 504}
# ConnectionError covers EndpointConnectionError, ConnectTimeoutError, ConnectionClosedError and
# proxy errors; HTTPClientError covers ReadTimeoutError and ResponseStreamingError (a body cut off).
TRANSIENT_EXCEPTIONS: tuple[type[Exception], ...] = (BotocoreConnectionError, HTTPClientError)


def is_transient(exc: BaseException) -> bool:
    """Whether `exc`, or an exception it was raised `from`, is a transient AWS fault (only the
    explicit cause counts: a permanent error raised while handling a retried one stays permanent)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if _transient_itself(current):
            return True
        current = current.__cause__
    return False


def _transient_itself(exc: BaseException) -> bool:
    if isinstance(exc, TRANSIENT_EXCEPTIONS):
        return True
    if not isinstance(exc, ClientError):
        return False
    code = str(exc.response.get("Error", {}).get("Code", ""))
    status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode")
    return code in THROTTLING_CODES or code in TRANSIENT_CODES or status in TRANSIENT_STATUSES


def hand_back(exc: BaseException, log: Mapping[str, object]) -> bool:
    """In a job's catch-all: True (and logged) if `exc` is transient, so the caller re-raises
    it and SQS redelivers the message instead of the job failing."""
    if not is_transient(exc):
        return False
    logger.warning("transient AWS fault: the message goes back to SQS", extra={**log, "error": type(exc).__name__})
    return True
