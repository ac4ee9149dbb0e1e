"""Code2Des webhook behind a Lambda function URL (AWS_IAM: only the convert worker's role
may invoke it). Fenced and verified by pageport.services.webhooks."""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.models.messages import Code2DesWebhook
from pageport.services.webhooks import CODE2DES, WebhookCall
from pageport.web.webhook import webhook_resolver

app = webhook_resolver(
    CODE2DES,
    Code2DesWebhook,
    lambda body: WebhookCall(
        body.code2des_id, body.attempt, body.nonce, body.outcome, body.manifest_url, body.warning_count
    ),
)


def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
