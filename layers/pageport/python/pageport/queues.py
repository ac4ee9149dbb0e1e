"""Worker queues by logical name; the registry names a queue, settings resolve its URL."""

from __future__ import annotations

from enum import StrEnum

from pageport import aws
from pageport.settings import get_settings


class QueueName(StrEnum):
    CAPTURE = "capture"
    CONVERT = "convert"
    DISCOVERY = "discovery"


class QueueNotConfigured(RuntimeError):
    pass


def queue_url(name: QueueName) -> str:
    settings = get_settings()
    url = {
        QueueName.CAPTURE: settings.capture_queue_url,
        QueueName.CONVERT: settings.convert_queue_url,
        QueueName.DISCOVERY: settings.discovery_queue_url,
    }[name]
    if not url:
        raise QueueNotConfigured(f"no URL configured for the {name} queue")
    return url


def publish(name: QueueName, body: str) -> str:
    """Send one message; returns its SQS message id. Raises on any failure."""
    response = aws.sqs().send_message(QueueUrl=queue_url(name), MessageBody=body)
    return response["MessageId"]
