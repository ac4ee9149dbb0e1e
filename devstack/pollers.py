"""What Lambda's event sources and schedules do in AWS, as threads: SQS pollers that hand
batches to the worker and dead-letter handlers (with partial batch responses), the
dispatcher's schedule, and the periodic emulation snapshot."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger

from devstack import apigw

if TYPE_CHECKING:
    from mypy_boto3_sqs import SQSClient
    from mypy_boto3_sqs.type_defs import MessageTypeDef

logger = Logger(service="pageport-devstack")

# Locally a failed record comes back after this delay instead of the queue's visibility
# timeout (6x the worker's timeout: up to 30 min), so retries and redrive are seen in seconds.
RETRY_DELAY_S = 5
POLL_WAIT_S = 1  # long-poll wait: short, so a stop is noticed quickly
_JOB_KEYS = {
    "pageImportId": "page_import_id",
    "code2desId": "code2des_id",
    "batchItemId": "batch_item_id",
    "attempt": "attempt",
}


def job_ids(body: str) -> dict[str, Any]:
    """The ids a worker message carries, for the logs."""
    try:
        message = json.loads(body)
    except ValueError:
        return {"kind": "unparseable"}
    if not isinstance(message, dict):
        return {"kind": "unparseable"}
    ids = {name: message[key] for key, name in _JOB_KEYS.items() if key in message}
    return {"kind": message.get("kind"), **ids}


def sqs_event(messages: list[MessageTypeDef], arn: str, region: str) -> dict[str, Any]:
    """The event Lambda's SQS event source builds for a batch."""
    return {
        "Records": [
            {
                "messageId": message["MessageId"],
                "receiptHandle": message["ReceiptHandle"],
                "body": message["Body"],
                "attributes": dict(message.get("Attributes", {})),
                "messageAttributes": {
                    name: {
                        "stringValue": value.get("StringValue"),
                        "binaryValue": value.get("BinaryValue"),
                        "stringListValues": [],
                        "binaryListValues": [],
                        "dataType": value["DataType"],
                    }
                    for name, value in message.get("MessageAttributes", {}).items()
                },
                "md5OfBody": message["MD5OfBody"],
                "eventSource": "aws:sqs",
                "eventSourceARN": arn,
                "awsRegion": region,
            }
            for message in messages
        ]
    }


@dataclass(frozen=True, slots=True)
class PollTarget:
    function: str  # "capture_worker", "dead_letter"
    queue_url: str
    queue_arn: str
    batch_size: int
    visibility_timeout_s: int
    timeout_s: int  # the function's timeout (for the Lambda context)


class SqsPoller(threading.Thread):
    """Receive -> call the handler -> delete what succeeded (per batchItemFailures).

    The thread may start before its queue exists: it runs `prepare` (say, launching Chromium)
    at once, then waits for `begin()` to hand it the queue."""

    def __init__(
        self,
        function: str,
        region: str,
        stop: threading.Event,
        *,
        lock: threading.RLock | None = None,
        prepare: Callable[[], None] | None = None,
        cleanup: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(name=f"poll-{function}", daemon=True)
        self.function = function
        self.region = region
        self.stop_event = stop
        self.lock = lock
        self.prepare = prepare
        self.cleanup = cleanup
        self.ready = threading.Event()  # `prepare` finished (see `failure`)
        self.failure: str | None = None  # why `prepare` failed; the poller then never polls
        self._go = threading.Event()
        self._target: PollTarget | None = None
        self._sqs: SQSClient | None = None

    def _prepare_with_retries(self, attempts: int = 3) -> None:
        """A browser that fails to start once (a loaded machine, a cold font cache) gets two
        more tries before the worker is reported off."""
        if self.prepare is None:
            return
        for attempt in range(1, attempts + 1):
            try:
                self.prepare()
                return
            except Exception:
                if attempt == attempts or self.stop_event.is_set():
                    raise
                logger.warning("worker preparation failed; retrying", extra={"function": self.function}, exc_info=True)
                if self.cleanup is not None:
                    self.cleanup()
                self.stop_event.wait(2)

    def begin(self, target: PollTarget, sqs: SQSClient) -> None:
        self._target, self._sqs = target, sqs
        self.name = f"poll-{self.function}-{target.queue_arn.rsplit(':', 1)[-1]}"
        self._go.set()

    @property
    def target(self) -> PollTarget:
        assert self._target is not None
        return self._target

    @property
    def sqs(self) -> SQSClient:
        assert self._sqs is not None
        return self._sqs

    def run(self) -> None:
        try:
            try:
                self._prepare_with_retries()
            except Exception as exc:
                logger.exception("worker preparation failed; the worker stays off", extra={"function": self.function})
                text = str(exc).strip()
                self.failure = f"{type(exc).__name__}: {text.splitlines()[0] if text else ''}"
                return
            finally:
                self.ready.set()
            while not self._go.wait(0.2):
                if self.stop_event.is_set():
                    return
            while not self.stop_event.is_set():
                try:
                    self._poll_once()
                except Exception:
                    if self.stop_event.is_set():
                        break
                    logger.exception("poller failed; retrying", extra={"function": self.function})
                    self.stop_event.wait(2)
        finally:
            if self.cleanup is not None:
                try:
                    self.cleanup()
                except Exception:
                    logger.exception("poller cleanup failed", extra={"function": self.function})

    def _poll_once(self) -> None:
        target = self.target
        messages = self.sqs.receive_message(
            QueueUrl=target.queue_url,
            MaxNumberOfMessages=target.batch_size,
            WaitTimeSeconds=POLL_WAIT_S,
            VisibilityTimeout=target.visibility_timeout_s,
            AttributeNames=["All"],
            MessageAttributeNames=["All"],
        ).get("Messages", [])
        if not messages:
            return
        self._handle(messages)

    def _handle(self, messages: list[MessageTypeDef]) -> None:
        target = self.target
        jobs = [job_ids(message["Body"]) for message in messages]
        logger.info("batch received", extra={"function": target.function, "jobs": jobs})
        event = sqs_event(messages, target.queue_arn, self.region)
        started = time.monotonic()
        try:
            # Inside the try: a failed import must hand the messages back, not strand them in flight.
            handler = apigw.load_function(target.function).lambda_handler
            if self.lock is not None:
                with self.lock:
                    result = handler(event, apigw.lambda_context(target.function, target.timeout_s))
            else:
                result = handler(event, apigw.lambda_context(target.function, target.timeout_s))
            failed = {item["itemIdentifier"] for item in (result or {}).get("batchItemFailures", [])}
        except Exception:
            # Powertools raises when every record failed: all of them come back.
            logger.exception("handler failed the whole batch", extra={"function": target.function, "jobs": jobs})
            failed = {message["MessageId"] for message in messages}
        done = [m for m in messages if m["MessageId"] not in failed]
        retry = [m for m in messages if m["MessageId"] in failed]
        if done:
            answer = self.sqs.delete_message_batch(
                QueueUrl=target.queue_url,
                Entries=[{"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(done)],
            )
            for failure in answer.get("Failed", []):
                logger.warning("delete refused", extra={"function": target.function, "code": failure.get("Code")})
        if retry:
            self.sqs.change_message_visibility_batch(
                QueueUrl=target.queue_url,
                Entries=[
                    {"Id": str(i), "ReceiptHandle": m["ReceiptHandle"], "VisibilityTimeout": RETRY_DELAY_S}
                    for i, m in enumerate(retry)
                ],
            )
        logger.info(
            "batch done",
            extra={
                "function": target.function,
                "jobs": jobs,
                "succeeded": len(done),
                "failed": [job_ids(m["Body"]) for m in retry],
                "duration_ms": round((time.monotonic() - started) * 1000, 1),
            },
        )


class Every(threading.Thread):
    """Run `action` every `interval_s` until stopped (the EventBridge schedule's stand-in)."""

    def __init__(self, name: str, interval_s: float, action: Callable[[], object], stop: threading.Event) -> None:
        super().__init__(name=name, daemon=True)
        self.interval_s = interval_s
        self.action = action
        self.stop_event = stop

    def run(self) -> None:
        while not self.stop_event.wait(self.interval_s):
            try:
                self.action()
            except Exception:
                if self.stop_event.is_set():
                    return
                logger.exception("scheduled task failed", extra={"task": self.name})


class _ScheduledTask:
    """A scheduled function's work on a connection of its own (so it never waits for requests).
    A run that cannot reach the database ends with one line (pageport.outages); the next run
    connects again and resumes, as the dispatcher Lambda's next invocation would."""

    name = "scheduled"

    def __init__(self, url: str) -> None:
        self.url = url
        self.conn: Any = None

    def __call__(self) -> None:
        from pageport.outages import unless_unreachable

        try:
            done = unless_unreachable(self.name, self.run)
        except Exception:
            self.close()
            raise
        if done is None:
            self.close()

    def connection(self) -> Any:
        from pageport import db

        if self.conn is None or self.conn.closed or self.conn.broken:
            self.conn = db.connect(self.url)
        return self.conn

    def run(self) -> bool:
        raise NotImplementedError

    def close(self) -> None:
        if self.conn is not None and not self.conn.closed:
            self.conn.close()
        self.conn = None


class SweepTask(_ScheduledTask):
    """The sweep that functions/dispatcher runs on each tick in AWS (batches/sweep.py); the
    deadline is the settings' JOB_DEADLINE_S, as there."""

    name = "sweep"

    def run(self) -> bool:
        from datetime import timedelta

        from pageport.batches.sweep import sweep
        from pageport.settings import get_settings

        report = sweep(self.connection(), timedelta(seconds=get_settings().job_deadline_s))
        if report.failed_jobs or report.failed_items:
            logger.info("sweep run", extra={"failed_jobs": report.failed_jobs, "failed_items": report.failed_items})
        return True


class DispatchTask(_ScheduledTask):
    """The dispatcher Lambda's work (batches/dispatch.py)."""

    name = "dispatcher"

    def run(self) -> bool:
        from pageport import aws, metrics
        from pageport.batches.dispatch import Dispatcher

        context = apigw.lambda_context("dispatcher", 50)
        try:
            report = Dispatcher(self.connection(), aws.sqs()).run(remaining_ms=context.get_remaining_time_in_millis)
        finally:
            metrics.flush()  # what functions/dispatcher's handler does after each run
        if report.claimed or report.terminal:
            logger.info(
                "dispatch run",
                extra={
                    "claimed": report.claimed,
                    "sent": report.sent,
                    "failed_sends": report.failed_sends,
                    "terminal": report.terminal,
                    "batch_item_ids": report.sent_ids,
                },
            )
        return True
