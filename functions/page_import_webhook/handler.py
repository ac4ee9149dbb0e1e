"""Page Import webhook behind a Lambda function URL (AWS_IAM: only the capture worker's role
may invoke it). Fenced and verified by pageport.services.webhooks."""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.models.messages import PageImportWebhook
from pageport.services.webhooks import PAGE_IMPORT, WebhookCall
from pageport.web.webhook import webhook_resolver

app = webhook_resolver(
    PAGE_IMPORT,
    PageImportWebhook,
    lambda body: WebhookCall(body.page_import_id, body.attempt, body.nonce, body.outcome, body.manifest_url),
)


def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
