"""Worker queues by logical name (each kind's `KIND.queue`); settings resolve their URLs."""

from __future__ import annotations

from pageport import aws
from pageport.settings import get_settings


class QueueNotConfigured(RuntimeError):
    pass


def queue_url(name: str) -> str:
    url = get_settings().queue_url(name)
    if not url:
        raise QueueNotConfigured(f"no URL configured for the {name} queue")
    return url


def publish(name: str, body: str) -> str:
    """Send one message; returns its SQS message id. Raises on any failure."""
    response = aws.sqs().send_message(QueueUrl=queue_url(name), MessageBody=body)
    return response["MessageId"]
