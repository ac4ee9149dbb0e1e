"""Every kind's worker (PAGEPORT_KIND names it; the Chromium image's CMD for the image kinds):
SQS batch -> one job per message, built by pageport.entrypoints.worker from the kind's descriptor."""

from typing import Any

from aws_lambda_powertools.utilities.batch import process_partial_response
from aws_lambda_powertools.utilities.batch.types import PartialItemFailureResponse
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport import kinds
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.entrypoints.worker import worker_for
from pageport.settings import ARTIFACTS, JOB_KIND, JOB_KIND_WEBHOOK

# At INIT: a missing or unknown kind fails the cold start with its name (and `entrypoint`
# below checks the variables).
worker = worker_for(kinds.from_environment())


@entrypoint(Trigger.QUEUE, JOB_KIND, JOB_KIND_WEBHOOK, ARTIFACTS)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> PartialItemFailureResponse:
    return process_partial_response(
        event=event, record_handler=worker.record_handler, processor=worker.processor, context=context
    )
