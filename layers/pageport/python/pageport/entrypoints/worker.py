"""The worker of one kind, built from its descriptor: an SQS batch, one job per message.

A record raises only when its outcome could not be reported yet (the webhook was unreachable,
another copy of the message is still writing the attempt, or S3/SQS had a transient fault:
workers/faults.py), so SQS redelivers just that one. Permanent errors fail the job instead."""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from dataclasses import dataclass

from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord
from aws_lambda_powertools.utilities.typing import LambdaContext

from pageport import metrics
from pageport.kinds import Kind
from pageport.logging import logger
from pageport.workers.entry import WorkerJob
from pageport.workers.faults import is_transient
from pageport.workers.scoped import carrying, split_credentials

RecordHandler = Callable[[SQSRecord, LambdaContext | None], None]


@dataclass(frozen=True, slots=True)
class Worker:
    processor: BatchProcessor
    record_handler: RecordHandler


def worker_for(kind: Kind) -> Worker:
    """Imports the kind's job now (at INIT, as a handler's imports would) and wraps it."""
    job = importlib.import_module(f"{kind.package}.job").JOB
    if not isinstance(job, WorkerJob):
        raise TypeError(f"{kind.package}.job.JOB must be a WorkerJob")

    def record_handler(record: SQSRecord, lambda_context: LambdaContext | None = None) -> None:
        # Powertools passes the context to a record handler that declares `lambda_context`: the
        # job bounds its work by the time this invocation has left (each record sees less).
        remaining_s = lambda_context.get_remaining_time_in_millis() / 1000 if lambda_context else None
        fields, credentials = split_credentials(record.body)
        message = job.message.model_validate(fields)
        started = time.monotonic()
        try:
            with carrying(credentials):  # minted by the sender, scoped to this job's prefixes
                job.run(message, remaining_s=remaining_s)
        except Exception as exc:
            logger.warning(
                "record handed back to SQS",
                extra={"kind": kind.name, "transient": is_transient(exc), "error": type(exc).__name__},
            )
            raise
        # Only runs that reported (a raise is retried and timed again by its next copy).
        metrics.work_duration(kind.name, (time.monotonic() - started) * 1000)

    return Worker(
        # Report every failed record (even all of them) as a partial failure: only those return.
        processor=BatchProcessor(event_type=EventType.SQS, raise_on_entire_batch_failure=False),
        record_handler=record_handler,
    )
