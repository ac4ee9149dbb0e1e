"""The webhook of one kind, built from its descriptor: a function URL (AWS_IAM, only that kind's
worker role may invoke it), fenced and verified by services/webhooks with the kind's ENDPOINT."""

from __future__ import annotations

import importlib

from aws_lambda_powertools.event_handler import LambdaFunctionUrlResolver

from pageport.kinds import Kind
from pageport.services.webhooks import WebhookEndpoint
from pageport.web.webhook import webhook_resolver


def webhook_for(kind: Kind) -> LambdaFunctionUrlResolver:
    """Imports the kind's webhook module now (at INIT) and builds its resolver."""
    if kind.webhook is None:
        raise LookupError(f"job kind {kind.name!r} has no webhook (its worker publishes to S3 only)")
    endpoint = importlib.import_module(f"{kind.package}.webhook").ENDPOINT
    if not isinstance(endpoint, WebhookEndpoint):
        raise TypeError(f"{kind.package}.webhook.ENDPOINT must be a WebhookEndpoint")
    return webhook_resolver(endpoint.kind, endpoint.payload_model, endpoint.to_call)
