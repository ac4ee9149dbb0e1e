"""The outbox dispatcher, run by an EventBridge schedule."""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport import aws
from pageport.batches.dispatch import Dispatcher
from pageport.db import retrying, shared_connection
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.logging import logger
from pageport.settings import ARTIFACTS, DATABASE, EVERY_QUEUE


@entrypoint(Trigger.SCHEDULE, DATABASE, ARTIFACTS, EVERY_QUEUE)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    # Its first round trip is a BEGIN: re-run once on a fresh connection if the proxy closed it.
    report = retrying(
        lambda: Dispatcher(shared_connection(), aws.sqs()).run(remaining_ms=context.get_remaining_time_in_millis)
    )
    summary = {
        "claimed": report.claimed,
        "sent": report.sent,
        "failedSends": report.failed_sends,
        "terminal": report.terminal,
        "rounds": report.rounds,
    }
    logger.info("dispatch run", extra=summary)
    return summary
