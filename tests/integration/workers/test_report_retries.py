"""A worker whose report fails for a reason that passes (its webhook answering 503 while the
database fails over, or not answering) sends it again with backoff inside its own time, and
never redoes the work for it: the job completes with one conversion. Past its time it hands the
message back; the next copy reports the stored result without converting again.

Real moto S3, the real webhook handlers behind a loopback server that fails its first calls,
real PostgreSQL."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from typing import Any

import pytest
from pageport.batches.dead_letters import DEAD_LETTER_MESSAGE
from pageport.kinds.code2des import job as convert_job
from pageport.settings import get_settings
from pageport.workers import webhook_client
from pageport.workers.webhook_client import Delivery, WebhookUnavailable

from devstack.apigw import invoke, invoke_webhook, lambda_context, load_function
from tests.support import sqs_event
from tests.support.workers import card_convert_message, serve


class FlakyWebhooks:
    """Answers 503 to its first `failures` calls (as the webhook does while the database is
    away), then passes each call to the real webhook handler."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.statuses: list[int] = []
        flaky = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"])).decode()
                if len(flaky.statuses) < flaky.failures:
                    status, payload = 503, {"error": {"code": "service_unavailable"}}
                else:
                    answer = invoke_webhook("code2des_webhook", body)
                    status, payload = answer.status, answer.body
                flaky.statuses.append(status)
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self.server, self.url = serve(Handler)


@pytest.fixture
def flaky(aws: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[FlakyWebhooks]:
    webhooks = FlakyWebhooks(failures=3)
    monkeypatch.setenv("CODE2DES_WEBHOOK_URL", webhooks.url)
    monkeypatch.setattr(webhook_client, "FIRST_PAUSE_S", 0.05)  # the same backoff, faster
    get_settings.cache_clear()
    yield webhooks
    webhooks.server.shutdown()
    get_settings.cache_clear()


def _status(tenant: Any, code2des_id: str) -> str:
    answer = invoke("GET", f"/projects/{tenant.project_id}/code2des/{code2des_id}", subject=tenant.subject)
    return str(answer.body["status"])


@pytest.fixture
def conversions() -> Iterator[list[logging.LogRecord]]:
    """The worker's "conversion succeeded" lines: one per conversion it ran."""
    records: list[logging.LogRecord] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.getMessage() == "conversion succeeded":
                records.append(record)

    handler = Collect()
    logging.getLogger("pageport").addHandler(handler)
    yield records
    logging.getLogger("pageport").removeHandler(handler)


def test_a_report_that_fails_for_a_while_is_retried_and_the_job_completes(
    db: Any, tenant: Any, flaky: FlakyWebhooks, conversions: list[logging.LogRecord]
) -> None:
    message = card_convert_message(db, tenant)
    assert convert_job.run_convert(message, remaining_s=60) is Delivery.APPLIED
    assert flaky.statuses == [503, 503, 503, 200]
    assert len(conversions) == 1
    assert _status(tenant, message.code2des_id) == "1"


def test_past_its_time_the_message_goes_back_and_the_next_copy_only_reports(
    db: Any,
    tenant: Any,
    flaky: FlakyWebhooks,
    conversions: list[logging.LogRecord],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    flaky.failures = 10**6  # the database stays away for this invocation
    message = card_convert_message(db, tenant)
    # 60 s left, 59 kept back to hand the message back: about a second of retries.
    monkeypatch.setattr(webhook_client, "HANDBACK_MARGIN_S", 59.0)
    with pytest.raises(WebhookUnavailable):
        convert_job.run_convert(message, remaining_s=60)
    assert len(flaky.statuses) > 1 and set(flaky.statuses) == {503}
    assert _status(tenant, message.code2des_id) == "0"

    flaky.failures = len(flaky.statuses)  # it is back: the redelivered copy reports
    assert convert_job.run_convert(message, remaining_s=60) is Delivery.APPLIED
    assert len(conversions) == 1  # converted once, reported twice
    assert _status(tenant, message.code2des_id) == "1"


def test_a_dead_letter_whose_work_was_done_records_it_instead_of_failing_the_job(
    db: Any, tenant: Any, flaky: FlakyWebhooks, conversions: list[logging.LogRecord], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database stayed away past every receive: the message reaches the DLQ with its attempt
    finished. The dead-letter consumer records the stored result (verified as the webhook
    would) and the job completes, converted once; an attempt that never finished still fails."""
    flaky.failures = 10**6
    monkeypatch.setattr(webhook_client, "HANDBACK_MARGIN_S", 59.0)
    finished = card_convert_message(db, tenant)
    with pytest.raises(WebhookUnavailable):
        convert_job.run_convert(finished, remaining_s=60)
    unfinished = card_convert_message(db, tenant)  # its worker never got to it

    letters = [m.model_dump_json(by_alias=True) for m in (finished, unfinished)]
    event = sqs_event(letters, queue="convert-dlq", receive_count=4)
    assert load_function("dead_letter").lambda_handler(event, lambda_context("dead_letter")) == {
        "batchItemFailures": []
    }
    assert _status(tenant, finished.code2des_id) == "1"
    assert len(conversions) == 1
    failed = invoke("GET", f"/projects/{tenant.project_id}/code2des/{unfinished.code2des_id}", subject=tenant.subject)
    assert failed.body["status"] == "2" and failed.body["errorMessage"] == DEAD_LETTER_MESSAGE
