"""Page Import webhook behind a Lambda function URL (AWS_IAM: only the capture worker's role
may invoke it). Fenced and verified by pageport.services.webhooks and the kind's webhook module."""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.kinds.page_import.models import PageImportWebhook
from pageport.kinds.page_import.webhook import JOB_KIND
from pageport.services.webhooks import WebhookCall
from pageport.web.webhook import webhook_resolver

app = webhook_resolver(
    JOB_KIND,
    PageImportWebhook,
    lambda body: WebhookCall(body.page_import_id, body.attempt, body.nonce, body.outcome, body.manifest_url),
)


def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
