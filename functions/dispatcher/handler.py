"""The outbox dispatcher and the deadline sweep, run by an EventBridge schedule."""

from datetime import timedelta
from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport import aws
from pageport.batches.dispatch import Dispatcher
from pageport.batches.sweep import sweep
from pageport.db import retrying, shared_connection
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.logging import logger
from pageport.outages import unless_unreachable
from pageport.settings import ARTIFACTS, DATABASE, EVERY_QUEUE, get_settings


@entrypoint(Trigger.SCHEDULE, DATABASE, ARTIFACTS, EVERY_QUEUE)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    # A run that cannot reach the database (a failover) ends with one line; the next resumes.
    summary = unless_unreachable("dispatcher", lambda: _run(context))
    return summary if summary is not None else {"skipped": "database unreachable"}


def _run(context: LambdaContext) -> dict[str, Any]:
    # Its first round trip is a BEGIN: re-run once on a fresh connection if the proxy closed it.
    report = retrying(
        lambda: Dispatcher(shared_connection(), aws.sqs()).run(remaining_ms=context.get_remaining_time_in_millis)
    )
    # Same schedule, same grants: what it sends and what it fails are one function's business
    # (the dispatcher already fails children terminally, with the same S3 and database rights).
    swept = sweep(
        shared_connection(),
        timedelta(seconds=get_settings().job_deadline_s),
        remaining_ms=context.get_remaining_time_in_millis,
    )
    summary = {
        "claimed": report.claimed,
        "sent": report.sent,
        "failedSends": report.failed_sends,
        "terminal": report.terminal,
        "rounds": report.rounds,
        "sweptJobs": sum(swept.failed_jobs.values()),
        "sweptItems": swept.failed_items,
    }
    logger.info("dispatch run", extra=summary)
    return summary
