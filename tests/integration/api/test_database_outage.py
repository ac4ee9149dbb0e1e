"""While the database cannot be reached, the API answers 503 `service_unavailable` with
Retry-After (never a 500, never SQL or a trace), the webhook answers 503 (its worker retries),
a scheduled run ends with one line, and the outage is logged once, not per request. When the
database is back, the same routes answer again. Real PostgreSQL; the outage is a connection
refused (the URL pointed at a closed port), as a stopped server or a failover gives."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from pageport import db as pageport_db
from pageport import outages
from pageport.settings import get_settings

from devstack.apigw import invoke, invoke_webhook, lambda_context, load_function
from tests.support import create_page_import

CLOSED = "postgresql://pageport@127.0.0.1:9/pageport?connect_timeout=2"  # port 9: nothing listens


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def logged() -> Iterator[list[logging.LogRecord]]:
    handler = _Records()
    logger = logging.getLogger("pageport")
    logger.addHandler(handler)
    yield handler.records
    logger.removeHandler(handler)


@pytest.fixture
def outage(db: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Start the database's outage: every new connection is refused until `end()`."""
    monkeypatch.setattr(outages, "outage_log", outages._OutageLog())  # a fresh "once per outage"
    working = get_settings().database_url

    class Outage:
        def start(self) -> None:
            monkeypatch.setenv("DATABASE_URL", CLOSED)
            get_settings.cache_clear()
            pageport_db.close_shared_connection()

        def end(self) -> None:
            monkeypatch.setenv("DATABASE_URL", working or "")
            get_settings.cache_clear()
            pageport_db.close_shared_connection()

    yield Outage()
    get_settings.cache_clear()
    pageport_db.close_shared_connection()


def test_reads_and_writes_answer_503_with_retry_after_and_the_outage_is_logged_once(
    tenant: Any, outage: Any, logged: list[logging.LogRecord]
) -> None:
    created = create_page_import(tenant, "https://example.com/")
    path = f"/projects/{tenant.project_id}/page-imports/{created['pageImportId']}"
    outage.start()
    logged.clear()  # what the outage logs, not the creation's own lines
    answers = [invoke("GET", path, subject=tenant.subject) for _ in range(3)]
    answers.append(
        invoke(
            "POST",
            f"/projects/{tenant.project_id}/page-imports",
            subject=tenant.subject,
            body={"url": "https://example.com/", "viewport": {"width": 800, "height": 600}},
        )
    )
    for answer in answers:
        assert answer.status == 503, answer.body
        assert answer.headers.get("Retry-After") == str(outages.RETRY_AFTER_S)
        assert answer.body["error"]["code"] == "service_unavailable"
        assert "psycopg" not in str(answer.body) and "127.0.0.1" not in str(answer.body)
    warnings = [r for r in logged if r.getMessage() == "the database is unreachable"]
    assert len(warnings) == 1 and warnings[0].exc_info is None
    assert not [r for r in logged if r.levelno >= logging.ERROR]  # no "unhandled error" with a trace

    outage.end()
    assert invoke("GET", path, subject=tenant.subject).status == 200


def test_the_webhook_answers_503_so_its_worker_retries(tenant: Any, outage: Any) -> None:
    created = create_page_import(tenant, "https://example.com/")
    outage.start()
    body = {
        "pageImportId": created["pageImportId"],
        "attempt": 1,
        "nonce": "n" * 32,
        "outcome": "failed",
        "manifestUrl": f"s3://bucket/page-imports/{created['pageImportId']}/attempts/1/manifest.json",
    }
    answer = invoke_webhook("page_import_webhook", json.dumps(body))
    assert answer.status == 503, answer.body
    assert answer.body["error"]["code"] == "service_unavailable"


def test_a_scheduled_run_that_cannot_reach_the_database_ends_with_one_line(
    db: Any, aws: Any, outage: Any, logged: list[logging.LogRecord]
) -> None:
    outage.start()
    handler = load_function("dispatcher").lambda_handler
    assert handler({}, lambda_context("dispatcher", 50)) == {"skipped": "database unreachable"}
    assert handler({}, lambda_context("dispatcher", 50)) == {"skipped": "database unreachable"}
    assert len([r for r in logged if r.getMessage() == "the database is unreachable"]) == 1
    outage.end()
    assert "claimed" in handler({}, lambda_context("dispatcher", 50))
