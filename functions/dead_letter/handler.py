"""Consumes every worker queue's DLQ: the message's operation fails its job, fenced and
idempotent; a letter naming no job is kept whole under dead-letters/ in the artifact bucket.
Powertools batch processing reports partial failures so only those return."""

from typing import Any

from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.batch.types import PartialItemFailureResponse
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.batches.dead_letters import DeadLetter, handle_dead_letter
from pageport.db import retrying, shared_connection
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.outages import unless_unreachable
from pageport.settings import ARTIFACTS, DATABASE

# Report every failed record (even all of them) as a partial failure: only those return.
processor = BatchProcessor(event_type=EventType.SQS, raise_on_entire_batch_failure=False)


class DatabaseAway(Exception):
    """The letter goes back to its DLQ until the database can be reached (logged once per outage)."""


def record_handler(record: SQSRecord) -> None:
    letter = DeadLetter.from_record(record.raw_event)
    if (
        unless_unreachable("dead_letter", lambda: retrying(lambda: handle_dead_letter(shared_connection, letter)))
        is None
    ):
        raise DatabaseAway


@entrypoint(Trigger.QUEUE, DATABASE, ARTIFACTS)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> PartialItemFailureResponse:
    return process_partial_response(event=event, record_handler=record_handler, processor=processor, context=context)
