"""A warm container's connection closed under it (as RDS Proxy does to idle clients): the next
request succeeds on a fresh connection, and only where a retry cannot repeat a write."""

from __future__ import annotations

import importlib
from typing import Any

import psycopg
import pytest
from pageport import db as pageport_db
from pageport.storage import ArtifactStore

from devstack.apigw import invoke, lambda_context
from tests.conftest import Tenant, rows
from tests.support import capture_message_for, create_page_import, finish_capture


def _kill_shared_connection(db: pageport_db.Connection) -> int:
    """Terminate the handler's backend from another connection; returns its pid."""
    pid = pageport_db.shared_connection().info.backend_pid  # no round trip: the cached connection
    assert db.execute("SELECT pg_terminate_backend(%s) AS done", (pid,)).fetchone() == {"done": True}
    # Wait until the server has really let it go, so the handler's next round trip must fail.
    for _ in range(100):
        if not db.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone():
            break
        db.execute("SELECT pg_sleep(0.02)")
    return pid


def test_an_api_request_after_the_connection_was_killed_succeeds(db, aws, tenant: Tenant) -> None:
    created = create_page_import(tenant)  # warms the handler's connection
    path = f"/projects/{tenant.project_id}/page-imports/{created['pageImportId']}"
    assert invoke("GET", path, subject=tenant.subject).status == 200
    killed = _kill_shared_connection(db)

    got = invoke("GET", path, subject=tenant.subject)

    assert got.status == 200, got.body
    assert got.body["pageImportId"] == created["pageImportId"]
    assert pageport_db.shared_connection().info.backend_pid != killed


def test_a_write_request_after_the_connection_was_killed_succeeds_once(db, aws, tenant: Tenant) -> None:
    create_page_import(tenant)
    _kill_shared_connection(db)

    again = create_page_import(tenant, "https://example.com/second")  # asserts 201

    assert again["sourceUrl"] == "https://example.com/second"
    assert rows(db, "SELECT count(*) AS n FROM page_import WHERE source_url = %s", again["sourceUrl"]) == [{"n": 1}]


def _admin(event: dict[str, Any]) -> dict[str, Any]:
    handler = importlib.import_module("functions.admin.handler")
    result: dict[str, Any] = handler.lambda_handler(event, lambda_context("admin"))
    return result


def test_a_transaction_first_handler_is_run_again_once_on_a_fresh_connection(db) -> None:
    assert "organizations" in _admin({"command": "list"})  # warm
    killed = _kill_shared_connection(db)

    created = _admin({"command": "create-project", "organization": "Acme", "project": "W", "members": ["s"]})

    assert set(created) == {"organizationId", "projectId"}, created
    assert rows(db, "SELECT count(*) AS n FROM organization") == [{"n": 1}]
    assert pageport_db.shared_connection().info.backend_pid != killed


def test_a_failure_after_a_statement_was_sent_is_not_retried(db) -> None:
    """Once the operation sent anything, a lost connection may follow a write that committed:
    `retrying` lets that failure through rather than run the operation twice."""
    pageport_db.shared_connection().execute("SELECT 1")  # warm
    calls = []

    def operation() -> None:
        conn = pageport_db.shared_connection()
        calls.append(conn.info.backend_pid)
        conn.execute("INSERT INTO organization (name) VALUES ('autocommitted')")
        _kill_shared_connection(db)
        with conn.transaction():
            conn.execute("INSERT INTO organization (name) VALUES ('never')")

    with pytest.raises(psycopg.OperationalError):
        pageport_db.retrying(operation)

    assert len(calls) == 1
    assert [r["name"] for r in rows(db, "SELECT name FROM organization")] == ["autocommitted"]


def test_a_failure_inside_a_transaction_is_not_retried(db) -> None:
    pageport_db.shared_connection().execute("SELECT 1")
    calls = []

    def operation() -> None:
        conn = pageport_db.shared_connection()
        calls.append(1)
        with conn.transaction():
            conn.execute("INSERT INTO organization (name) VALUES ('partial')")
            _kill_shared_connection(db)
            conn.execute("INSERT INTO organization (name) VALUES ('second')")

    with pytest.raises(psycopg.OperationalError):
        pageport_db.retrying(operation)

    assert calls == [1]
    assert rows(db, "SELECT name FROM organization") == []  # the partial transaction died with the connection


def test_a_webhook_after_the_connection_was_killed_is_applied(db, aws, tenant: Tenant) -> None:
    """A worker's report is the webhook's first request after an idle spell, often: its fence
    read finds the closed connection and runs again on a fresh one, so the report is applied."""
    store = ArtifactStore.default()
    create_page_import(tenant)  # warms the connection (the webhook shares the container's)
    pending = create_page_import(tenant, "https://example.com/reported")
    killed = _kill_shared_connection(db)

    reported = finish_capture(store, capture_message_for(db, pending["pageImportId"]))

    assert reported.status == 200, reported.body
    assert rows(db, "SELECT status FROM page_import WHERE id = %s", pending["pageImportId"]) == [{"status": "1"}]
    assert pageport_db.shared_connection().info.backend_pid != killed
