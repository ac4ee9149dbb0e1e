"""Messaging: one SQS queue per worker (pageport.routes.WORKER_QUEUES), each with its DLQ.

Visibility timeout is 6x the consumer's timeout (AWS's guidance for Lambda event sources, so a
retried batch is not redelivered while still running); after `max_receive_count` receives a
message moves to the DLQ, where the dead-letter consumer marks its job failed.
"""

from __future__ import annotations

from dataclasses import dataclass

from aws_cdk import Duration
from aws_cdk import aws_sqs as sqs
from constructs import Construct
from pageport.routes import WORKER_QUEUES

from infra.config import VISIBILITY_FACTOR as VISIBILITY_FACTOR  # re-exported: tests and devstack compare with it
from infra.config import StageConfig
from infra.lambdas import camel


@dataclass(frozen=True, slots=True)
class WorkerQueue:
    name: str  # logical name from WORKER_QUEUES ("capture", ...)
    worker: str  # consuming function ("capture_worker", ...)
    queue: sqs.Queue
    dlq: sqs.Queue

    @property
    def url_variable(self) -> str:
        return f"{self.name.upper()}_QUEUE_URL"


def _queue(scope: Construct, construct_id: str, **props: object) -> sqs.Queue:
    return sqs.Queue(
        scope,
        construct_id,
        encryption=sqs.QueueEncryption.SQS_MANAGED,
        enforce_ssl=True,
        **props,  # type: ignore[arg-type]
    )


class Messaging(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, config: StageConfig) -> None:
        super().__init__(scope, construct_id)
        dlq_visibility = Duration.seconds(VISIBILITY_FACTOR * config.dead_letter_function.timeout_s)
        self.queues: dict[str, WorkerQueue] = {}
        for worker, name in WORKER_QUEUES.items():
            settings = config.worker(worker)
            dlq = _queue(
                self,
                f"{camel(name)}Dlq",
                retention_period=Duration.days(14),
                visibility_timeout=dlq_visibility,
            )
            queue = _queue(
                self,
                f"{camel(name)}Queue",
                retention_period=Duration.days(4),
                visibility_timeout=Duration.seconds(VISIBILITY_FACTOR * settings.timeout_s),
                dead_letter_queue=sqs.DeadLetterQueue(queue=dlq, max_receive_count=settings.max_receive_count),
            )
            self.queues[name] = WorkerQueue(name=name, worker=worker, queue=queue, dlq=dlq)
