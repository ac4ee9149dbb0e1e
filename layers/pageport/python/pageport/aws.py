"""boto3 clients, created once per process (Lambda container or local stack).

`AWS_ENDPOINT_URL` (honoured by boto3 itself) points them at the local emulation.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient
    from mypy_boto3_s3 import S3Client
    from mypy_boto3_secretsmanager import SecretsManagerClient
    from mypy_boto3_sqs import SQSClient


@cache
def _client(service: str) -> Any:
    import boto3
    from botocore.config import Config

    from pageport.tracing import trace_aws_calls

    trace_aws_calls()
    config = Config(retries={"mode": "standard", "max_attempts": 3}, connect_timeout=5, read_timeout=20)
    return boto3.client(service, config=config)  # type: ignore[call-overload]


def s3() -> S3Client:
    client: S3Client = _client("s3")
    return client


def sqs() -> SQSClient:
    client: SQSClient = _client("sqs")
    return client


def secrets_manager() -> SecretsManagerClient:
    client: SecretsManagerClient = _client("secretsmanager")
    return client


def dynamodb() -> DynamoDBClient:
    client: DynamoDBClient = _client("dynamodb")
    return client


def reset_clients() -> None:
    """Tests and the local stack re-point clients after changing the environment."""
    _client.cache_clear()
