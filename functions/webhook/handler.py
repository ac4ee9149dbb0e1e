"""Every kind's webhook behind its Lambda function URL (PAGEPORT_KIND names the kind; AWS_IAM:
only that kind's worker role may invoke it), built by pageport.entrypoints.webhook."""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport import kinds
from pageport.entrypoints.webhook import webhook_for
from pageport.metrics import flushed

# At INIT: a missing or unknown kind (or one without a webhook) fails the cold start with its name.
app = webhook_for(kinds.from_environment())


@flushed  # one EMF line per invocation, written even if it raises
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
