"""The transient/permanent rules (pageport.workers.faults) on botocore's own exceptions."""

from __future__ import annotations

from typing import Any

import pytest
from botocore.exceptions import (
    ClientError,
    ConnectTimeoutError,
    EndpointConnectionError,
    NoCredentialsError,
    ReadTimeoutError,
    ResponseStreamingError,
)
from pageport.storage import ArtifactMissing
from pageport.workers.faults import is_transient
from pydantic import BaseModel, ValidationError


def _client_error(code: str, status: int, operation: str = "GetObject") -> ClientError:
    metadata: Any = {"HTTPStatusCode": status, "HTTPHeaders": {}, "RequestId": "r", "HostId": "h", "RetryAttempts": 2}
    return ClientError({"Error": {"Code": code, "Message": "m"}, "ResponseMetadata": metadata}, operation)


@pytest.mark.parametrize(
    "exc",
    [
        _client_error("SlowDown", 503),
        _client_error("Throttling", 400, "SendMessage"),
        _client_error("RequestThrottled", 403, "ReceiveMessage"),
        _client_error("RequestLimitExceeded", 400),
        _client_error("ThrottlingException", 400),
        _client_error("InternalError", 500),
        _client_error("ServiceUnavailable", 503),
        _client_error("SomethingNew", 502),  # any 5xx botocore retries
        _client_error("RequestTimeout", 400),
        EndpointConnectionError(endpoint_url="https://s3.amazonaws.com"),
        ConnectTimeoutError(endpoint_url="https://s3.amazonaws.com"),
        ReadTimeoutError(endpoint_url="https://s3.amazonaws.com"),
        ResponseStreamingError(error="connection reset"),
    ],
    ids=lambda exc: exc.response["Error"]["Code"] if isinstance(exc, ClientError) else type(exc).__name__,
)
def test_throttling_5xx_connection_errors_and_timeouts_are_transient(exc: Exception) -> None:
    assert is_transient(exc)


class _Model(BaseModel):
    n: int


def _validation_error() -> ValidationError:
    try:
        _Model.model_validate({"n": "x"})
    except ValidationError as exc:
        return exc
    raise AssertionError("unreachable")


@pytest.mark.parametrize(
    "exc",
    [
        _client_error("NoSuchKey", 404),
        _client_error("AccessDenied", 403),
        _client_error("PreconditionFailed", 412),
        _client_error("InvalidArgument", 400),
        NoCredentialsError(),
        ArtifactMissing("page-imports/x/1/capture.json"),
        _validation_error(),
        ValueError("bad input"),
        TimeoutError("a page's own timeout is the job's budget, not ours"),
    ],
    ids=lambda exc: type(exc).__name__,
)
def test_everything_else_is_permanent(exc: Exception) -> None:
    assert not is_transient(exc)


def test_an_error_raised_from_a_transient_one_is_transient() -> None:
    try:
        try:
            raise _client_error("SlowDown", 503)
        except ClientError as cause:
            raise RuntimeError("wrapped") from cause
    except RuntimeError as exc:
        assert is_transient(exc)


def test_a_permanent_error_raised_while_handling_a_transient_one_stays_permanent() -> None:
    try:
        try:
            raise _client_error("SlowDown", 503)
        except ClientError:
            raise ValueError("unrelated") from None
    except ValueError as exc:
        assert not is_transient(exc)
