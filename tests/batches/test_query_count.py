"""GET batch reads in a fixed number of statements, whatever the batch size."""

from __future__ import annotations

import uuid

import psycopg
from pageport import db as pageport_db

from devstack.apigw import invoke


class CountingCursor(psycopg.Cursor):
    statements: list[str] = []

    def execute(self, query, params=None, **kwargs):
        CountingCursor.statements.append(str(query))
        return super().execute(query, params, **kwargs)


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
    assert 2 <= len(one) == len(five_hundred) <= 4  # scope, batch row, grouped facts
