"""Every kind's worker (PAGEPORT_KIND names it; the Chromium image's CMD for the image kinds):
SQS batch -> one job per message, built by pageport.entrypoints.worker from the kind's descriptor."""

from typing import Any

from aws_lambda_powertools.utilities.batch import process_partial_response
from aws_lambda_powertools.utilities.batch.types import PartialItemFailureResponse
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport import kinds
from pageport.entrypoints.worker import worker_for
from pageport.metrics import flushed

# At INIT: a missing or unknown kind fails the cold start with its name, not the first message.
worker = worker_for(kinds.from_environment())
logger = worker.logger


@logger.inject_lambda_context
@flushed  # one EMF line per invocation, written even if it raises
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> PartialItemFailureResponse:
    return process_partial_response(
        event=event, record_handler=worker.record_handler, processor=worker.processor, context=context
    )
