"""GET batch reads in a fixed number of statements, whatever the batch size."""

from __future__ import annotations

import uuid

import psycopg
from pageport import db as pageport_db

from devstack.apigw import invoke


class CountingCursor(psycopg.Cursor):
    statements: list[str] = []

    def execute(self, query, params=None, **kwargs):
        CountingCursor.statements.append(_text(query))
        return super().execute(query, params, **kwargs)

    def copy(self, statement, params=None, **kwargs):
        CountingCursor.statements.append(_text(statement))
        return super().copy(statement, params, **kwargs)


def _text(query) -> str:
    return query.decode() if isinstance(query, bytes) else str(query)


def _statements_for_get(tenant, n: int) -> list[str]:
    body = {
        "id": str(uuid.uuid4()),
        "type": "page_import",
        "requests": [{"url": f"https://example.com/{i}", "viewport": {"width": 800, "height": 600}} for i in range(n)],
    }
    assert (
        invoke("POST", f"/projects/{tenant.project_id}/page-batches", subject=tenant.subject, body=body).status == 201
    )
    conn = pageport_db.shared_connection()
    conn.cursor_factory = CountingCursor
    CountingCursor.statements = []
    try:
        got = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{body['id']}", subject=tenant.subject)
    finally:
        conn.cursor_factory = psycopg.Cursor
    assert got.status == 200 and got.body["counts"]["total"] == n
    return list(CountingCursor.statements)


def test_get_batch_statement_count_is_independent_of_size(db, aws, tenant):
    one = _statements_for_get(tenant, 1)
    five_hundred = _statements_for_get(tenant, 500)
    assert 2 <= len(one) == len(five_hundred) <= 3  # scope, then the batch with its facts (batch_view)
    assert not any("batch_item" in statement for statement in five_hundred)  # not asked again afterwards


def _statements_for_create(database_url, tenant, n: int) -> list[str]:
    from pageport.batches import service
    from pageport.services.tenancy import Scope

    requests = [{"url": f"https://example.com/{i}", "viewport": {"width": 800, "height": 600}} for i in range(n)]
    conn = pageport_db.connect(database_url)
    conn.cursor_factory = CountingCursor
    CountingCursor.statements = []
    try:
        scope = Scope(tenant.organization_id, tenant.project_id, tenant.subject)
        created = service.create_batch(conn, scope, str(uuid.uuid4()), "page_import", requests, allow_private=False)
    finally:
        conn.close()
    assert created.created and created.batch.counts.total == n
    return list(CountingCursor.statements)


def test_create_batch_round_trips_are_independent_of_size(db, database_url, tenant):
    """Batch, items, child rows and messages: the same statements for 1 item and for 500."""
    one = _statements_for_create(database_url, tenant, 1)
    five_hundred = _statements_for_create(database_url, tenant, 500)
    assert len(one) == len(five_hundred) <= 8
    # The rows are bulk-loaded: one COPY per table, no INSERT of them at all.
    assert sum(s.startswith('COPY "page_import"') for s in five_hundred) == 1
    assert sum(s.startswith('COPY "batch_item"') for s in five_hundred) == 1
    assert not any(table in s for s in five_hundred if "INSERT" in s for table in ("page_import", "batch_item"))
