"""Every kind's webhook behind its Lambda function URL (PAGEPORT_KIND names the kind; AWS_IAM:
only that kind's worker role may invoke it), built by pageport.entrypoints.webhook."""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport import kinds
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.entrypoints.webhook import webhook_for
from pageport.settings import ARTIFACTS, DATABASE, JOB_KIND

# At INIT: a missing or unknown kind fails the cold start with its name (and `entrypoint`
# below checks the variables).
app = webhook_for(kinds.from_environment())


@entrypoint(Trigger.FUNCTION_URL, JOB_KIND, DATABASE, ARTIFACTS)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
