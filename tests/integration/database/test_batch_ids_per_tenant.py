"""Migration 0009: batches made before it are renamed to their per-tenant ids in place
(pageport/batches/ids.py): their items follow, the foreign key and its cascade hold, and a
retry still finds its source (its request_hash is recomputed over the source's new id)."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterator

import psycopg
import pytest
from pageport.migrations import apply_migrations, available_migrations
from psycopg import sql
from psycopg.rows import dict_row


@pytest.fixture
def fresh_url(database_url: str) -> Iterator[str]:
    info = psycopg.conninfo.conninfo_to_dict(database_url)
    name = f"{info['dbname']}_batch_ids"
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    info["dbname"] = name
    try:
        yield psycopg.conninfo.make_conninfo(**{k: v for k, v in info.items() if v is not None})
    finally:
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_existing_batches_are_renamed_with_their_items_and_retries(fresh_url: str) -> None:
    migrations = available_migrations()
    before = [m for m in migrations if m.version < "0009"]
    assert apply_migrations(fresh_url, migrations=before)
    source, retry = str(uuid.uuid4()), str(uuid.uuid4())
    with psycopg.connect(fresh_url, row_factory=dict_row) as conn:
        org = conn.execute("INSERT INTO organization (name) VALUES ('o') RETURNING id").fetchone()["id"]
        project = conn.execute(
            "INSERT INTO project (organization_id, name) VALUES (%s, 'p') RETURNING id", (org,)
        ).fetchone()["id"]
        for batch_id, request_hash in ((source, "a" * 64), (retry, _sha(source))):
            conn.execute(
                """INSERT INTO batch (id, organization_id, project_id, type, request_hash, created_by, updated_by)
                   VALUES (%s, %s, %s, 'page_import', %s, 's', 's')""",
                (batch_id, org, project, request_hash),
            )
            conn.execute(
                """INSERT INTO batch_item (id, batch_id, position, request, created_by, updated_by)
                   VALUES (%s, %s, 0, '{}', 's', 's')""",
                (str(uuid.uuid4()), batch_id),
            )

    assert "0009_batch_id_per_tenant" in apply_migrations(fresh_url)

    with psycopg.connect(fresh_url, row_factory=dict_row) as conn:
        ids = {row["id"] for row in conn.execute("SELECT id FROM batch")}
        assert ids == {f"{org}:{source}", f"{org}:{retry}"}
        items = {row["batch_id"] for row in conn.execute("SELECT batch_id FROM batch_item")}
        assert items == ids
        renamed_retry = conn.execute("SELECT request_hash FROM batch WHERE id = %s", (f"{org}:{retry}",)).fetchone()
        assert renamed_retry["request_hash"] == _sha(f"{org}:{source}")  # retryOf still derives
        # The foreign key and its cascade are back.
        with pytest.raises(psycopg.errors.ForeignKeyViolation):
            conn.execute(
                """INSERT INTO batch_item (id, batch_id, position, request, created_by, updated_by)
                   VALUES ('x', 'no-such-batch', 0, '{}', 's', 's')"""
            )
        conn.rollback()
        conn.execute("DELETE FROM batch WHERE id = %s", (f"{org}:{source}",))
        assert conn.execute("SELECT count(*) AS n FROM batch_item").fetchone()["n"] == 1
