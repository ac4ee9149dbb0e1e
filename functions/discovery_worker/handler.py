"""Discovery worker: SQS batch -> one site discovery per message, published to S3.
A record raises only when another copy of the message is still completing the item, so SQS
redelivers just that one."""

from typing import Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.batch.types import PartialItemFailureResponse
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.kinds.page_discovery.job import run_discovery
from pageport.kinds.page_discovery.models import DiscoveryMessage

logger = Logger(service="pageport-discovery")
# Report every failed record (even all of them) as a partial failure: only those return.
processor = BatchProcessor(event_type=EventType.SQS, raise_on_entire_batch_failure=False)


def record_handler(record: SQSRecord, lambda_context: LambdaContext | None = None) -> None:
    # Powertools passes the context to a record handler that declares `lambda_context`: the job
    # bounds its work by the time this invocation has left (each record of a batch sees less).
    remaining_s = lambda_context.get_remaining_time_in_millis() / 1000 if lambda_context else None
    run_discovery(DiscoveryMessage.model_validate_json(record.body), remaining_s=remaining_s)


@logger.inject_lambda_context
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> PartialItemFailureResponse:
    return process_partial_response(event=event, record_handler=record_handler, processor=processor, context=context)
