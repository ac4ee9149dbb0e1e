"""Code2Des webhook behind a Lambda function URL (AWS_IAM: only the convert worker's role
may invoke it). Fenced and verified by pageport.services.webhooks and the kind's webhook module."""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.kinds.code2des.models import Code2DesWebhook
from pageport.kinds.code2des.webhook import JOB_KIND
from pageport.services.webhooks import WebhookCall
from pageport.web.webhook import webhook_resolver

app = webhook_resolver(
    JOB_KIND,
    Code2DesWebhook,
    lambda body: WebhookCall(
        body.code2des_id, body.attempt, body.nonce, body.outcome, body.manifest_url, body.warning_count
    ),
)


def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
