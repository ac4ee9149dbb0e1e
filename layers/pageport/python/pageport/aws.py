"""boto3 clients, created once per process (Lambda container or local stack).

`AWS_ENDPOINT_URL` (honoured by boto3 itself) points them at the local emulation.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient
    from mypy_boto3_s3 import S3Client
    from mypy_boto3_secretsmanager import SecretsManagerClient
    from mypy_boto3_sqs import SQSClient


# A client is safe to share between threads once made, but making one through boto3's default
# session is not (the local stack's handler threads may all want their first one at once).
_clients: dict[str, Any] = {}
_making = threading.Lock()


def _client(service: str) -> Any:
    client = _clients.get(service)
    if client is not None:
        return client
    with _making:
        if service not in _clients:
            import boto3
            from botocore.config import Config

            from pageport.tracing import trace_aws_calls

            trace_aws_calls()
            config = Config(retries={"mode": "standard", "max_attempts": 3}, connect_timeout=5, read_timeout=20)
            _clients[service] = boto3.client(service, config=config)  # type: ignore[call-overload]
        return _clients[service]


def s3() -> S3Client:
    client: S3Client = _client("s3")
    return client


def sqs() -> SQSClient:
    client: SQSClient = _client("sqs")
    return client


def secrets_manager() -> SecretsManagerClient:
    client: SecretsManagerClient = _client("secretsmanager")
    return client


def kms() -> Any:
    return _client("kms")


def dynamodb() -> DynamoDBClient:
    client: DynamoDBClient = _client("dynamodb")
    return client


def reset_clients() -> None:
    """Tests and the local stack re-point clients after changing the environment."""
    with _making:
        _clients.clear()
