"""The live schema equals the seed specifications, and behaves as they say."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import psycopg
import pytest
from pageport.batches.job_tables import grouped_facts_sql
from pageport.db import Connection
from pageport.ids import new_id, new_nonce
from pageport.migrations import apply_migrations, available_migrations
from psycopg import sql

from tests.conftest import Tenant, make_tenant

SPEC: dict[str, Any] = json.loads((Path(__file__).parent / "seed_schema.json").read_text())
SEED_TABLES = [name for name in SPEC if not name.startswith("_")]


def _normalize_default(default: str | None) -> str | None:
    if default is None:
        return None
    # pg prints 'public_url'::character varying, '0'::page_import_status, 1, CURRENT_TIMESTAMP
    return default.split("::")[0]


@pytest.mark.parametrize("table", SEED_TABLES)
def test_columns_match_seed(db: Connection, table: str) -> None:
    live = db.execute(
        """SELECT column_name, data_type, udt_name, character_maximum_length, is_nullable, column_default
           FROM information_schema.columns WHERE table_schema = 'public' AND table_name = %s
           ORDER BY ordinal_position""",
        (table,),
    ).fetchall()
    actual = [
        {
            "name": c["column_name"],
            "type": c["udt_name"] if c["data_type"] == "USER-DEFINED" else c["data_type"],
            "length": c["character_maximum_length"],
            "nullable": c["is_nullable"] == "YES",
            "default": _normalize_default(c["column_default"]),
        }
        for c in live
    ]
    # The seed's columns exactly, in order; then the additions beyond the seeds, also exactly.
    assert actual == SPEC[table]["columns"] + SPEC["_extra_columns"].get(table, [])


@pytest.mark.parametrize("table", SEED_TABLES)
def test_primary_key_and_indexes_match_seed(db: Connection, table: str) -> None:
    live = db.execute(
        """SELECT i.relname AS name, ix.indisprimary AS is_primary, ix.indisunique AS is_unique,
                  array_agg(coalesce(a.attname, pg_get_indexdef(ix.indexrelid, k.ord::int, true))
                            ORDER BY k.ord) AS columns
           FROM pg_index ix
           JOIN pg_class t ON t.oid = ix.indrelid
           JOIN pg_class i ON i.oid = ix.indexrelid
           CROSS JOIN LATERAL unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
           LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum AND k.attnum <> 0
           WHERE t.relname = %s
           GROUP BY i.relname, ix.indisprimary, ix.indisunique""",
        (table,),
    ).fetchall()
    primary = [row["columns"] for row in live if row["is_primary"]]
    assert primary == [SPEC[table]["primary_key"]]
    secondary = {row["name"]: row["columns"] for row in live if not row["is_primary"]}
    extra = SPEC["_extra_indexes"].get(table, {})
    assert secondary == {**SPEC[table]["indexes"], **extra}
    # Every seed index is a plain (non-unique) index: code2des_page_import_idx above all.
    assert not any(row["is_unique"] for row in live if not row["is_primary"])


def test_child_job_ids_have_bytewise_btrees_for_status_probes(db: Connection) -> None:
    # Batch status probes each item's child by id. 0007 replaced 0005's hash indexes with btrees
    # in the "C" collation: ids in creation order (a batch's children adjacent, whatever the
    # history) compared bytewise. The probes name that collation (job_tables.grouped_facts_sql).
    live = db.execute(
        """SELECT c.relname AS name, am.amname AS method, coll.collname AS collation
           FROM pg_class c JOIN pg_am am ON am.oid = c.relam JOIN pg_index ix ON ix.indexrelid = c.oid
           JOIN pg_collation coll ON coll.oid = ix.indcollation[0]
           WHERE c.relname IN ('page_import_id_c_idx', 'code2des_id_c_idx', 'page_import_id_hash_idx',
                               'code2des_id_hash_idx')"""
    ).fetchall()
    assert {row["name"]: (row["method"], row["collation"]) for row in live} == {
        "page_import_id_c_idx": ("btree", "C"),
        "code2des_id_c_idx": ("btree", "C"),
    }


@pytest.mark.parametrize("table", ["page_import", "code2des"])
def test_status_probes_can_use_the_bytewise_btree(db: Connection, table: str) -> None:
    # The probe's collation must match the index's for the planner to use it at all (on these
    # near-empty tables it would rather scan, hence seq scans off).
    query = b"EXPLAIN " + grouped_facts_sql(table, sql.Literal("some-batch")).as_bytes(db)
    with db.transaction(force_rollback=True):
        db.execute("SET LOCAL enable_seqscan = off")
        plan = "\n".join(row["QUERY PLAN"] for row in db.execute(query).fetchall())
    assert f"{table}_id_c_idx" in plan, plan


@pytest.mark.parametrize("table", SEED_TABLES)
def test_foreign_keys_match_seed(db: Connection, table: str) -> None:
    live = db.execute(
        """SELECT a.attname AS column, ft.relname AS target_table, fa.attname AS target_column,
                  c.confupdtype AS on_update, c.confdeltype AS on_delete
           FROM pg_constraint c
           JOIN pg_class t ON t.oid = c.conrelid
           JOIN pg_class ft ON ft.oid = c.confrelid
           JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = c.conkey[1]
           JOIN pg_attribute fa ON fa.attrelid = ft.oid AND fa.attnum = c.confkey[1]
           WHERE c.contype = 'f' AND t.relname = %s""",
        (table,),
    ).fetchall()
    actions = {"a": "NO ACTION", "c": "CASCADE", "r": "RESTRICT", "n": "SET NULL", "d": "SET DEFAULT"}
    actual = {
        row["column"]: {
            "table": row["target_table"],
            "column": row["target_column"],
            "on_update": actions[row["on_update"]],
            "on_delete": actions[row["on_delete"]],
        }
        for row in live
    }
    assert actual == SPEC[table]["foreign_keys"]


def test_enums_have_exactly_the_seed_values(db: Connection) -> None:
    for enum, values in SPEC["_enums"].items():
        live = db.execute(
            "SELECT enumlabel FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid "
            "WHERE t.typname = %s ORDER BY e.enumsortorder",
            (enum,),
        ).fetchall()
        assert [row["enumlabel"] for row in live] == values
    with pytest.raises(psycopg.errors.InvalidTextRepresentation):
        db.execute("SELECT '3'::page_import_status")


def _insert_page_import(db: Connection, tenant: Tenant) -> str:
    pid = new_id()
    db.execute(
        """INSERT INTO page_import (id, organization_id, project_id, source_url, viewport_width,
               viewport_height, nonce, created_by, updated_by)
           VALUES (%s, %s, %s, 'https://example.com/', 1440, 900, %s, %s, %s)""",
        (pid, tenant.organization_id, tenant.project_id, new_nonce(), tenant.subject, tenant.subject),
    )
    return pid


def _insert_code2des(db: Connection, tenant: Tenant, page_import_id: str) -> str:
    cid = new_id()
    db.execute(
        """INSERT INTO code2des (id, organization_id, project_id, page_import_id, figma_file_key,
               screen_id, nonce, created_by, updated_by)
           VALUES (%s, %s, %s, %s, 'file', 'screen', %s, %s, %s)""",
        (cid, tenant.organization_id, tenant.project_id, page_import_id, new_nonce(), tenant.subject, tenant.subject),
    )
    return cid


def _insert_batch_with_item(db: Connection, tenant: Tenant) -> tuple[str, str]:
    bid, iid = new_id(), new_id()
    db.execute(
        """INSERT INTO batch (id, organization_id, project_id, type, request_hash, created_by, updated_by)
           VALUES (%s, %s, %s, 'page_import', %s, %s, %s)""",
        (bid, tenant.organization_id, tenant.project_id, "0" * 64, tenant.subject, tenant.subject),
    )
    db.execute(
        """INSERT INTO batch_item (id, batch_id, position, request, created_by, updated_by)
           VALUES (%s, %s, 0, '{}', %s, %s)""",
        (iid, bid, tenant.subject, tenant.subject),
    )
    return bid, iid


def test_defaults(db: Connection, tenant: Tenant) -> None:
    pid = _insert_page_import(db, tenant)
    row = db.execute("SELECT * FROM page_import WHERE id = %s", (pid,)).fetchone()
    assert row is not None
    assert (row["status"], row["attempt"], row["device_scale_factor"], row["source_kind"]) == (
        "0",
        1,
        1.0,
        "public_url",
    )
    assert row["created_at"] is not None and row["updated_at"] is not None and row["deleted_at"] is None
    cid = _insert_code2des(db, tenant, pid)
    c2d = db.execute("SELECT status, attempt, warning_count FROM code2des WHERE id = %s", (cid,)).fetchone()
    assert c2d == {"status": "0", "attempt": 1, "warning_count": None}
    _, iid = _insert_batch_with_item(db, tenant)
    item = db.execute("SELECT dispatch_attempts, dispatched_at FROM batch_item WHERE id = %s", (iid,)).fetchone()
    assert item == {"dispatch_attempts": 0, "dispatched_at": None}


def test_two_code2des_rows_can_share_one_page_import(db: Connection, tenant: Tenant) -> None:
    pid = _insert_page_import(db, tenant)
    first, second = _insert_code2des(db, tenant, pid), _insert_code2des(db, tenant, pid)
    count = db.execute("SELECT count(*) AS n FROM code2des WHERE page_import_id = %s", (pid,)).fetchone()
    assert first != second and count == {"n": 2}


def test_deleting_a_project_cascades_to_every_seed_table(db: Connection, tenant: Tenant) -> None:
    survivor = make_tenant(db, "survivor")
    for owner in (tenant, survivor):
        pid = _insert_page_import(db, owner)
        _insert_code2des(db, owner, pid)
        _insert_batch_with_item(db, owner)
    db.execute("DELETE FROM project WHERE id = %s", (tenant.project_id,))
    for table in ("page_import", "code2des", "batch"):
        left = db.execute(f"SELECT project_id FROM {table}").fetchall()  # noqa: S608 - fixed names
        assert [row["project_id"] for row in left] == [survivor.project_id]
    items = db.execute("SELECT count(*) AS n FROM batch_item").fetchone()
    assert items == {"n": 1}


def test_project_id_update_cascades_to_page_import_and_code2des(db: Connection, tenant: Tenant) -> None:
    pid = _insert_page_import(db, tenant)
    _insert_code2des(db, tenant, pid)
    db.execute("ALTER TABLE project ALTER COLUMN id SET GENERATED BY DEFAULT")
    try:
        db.execute("UPDATE project SET id = 9999 WHERE id = %s", (tenant.project_id,))
        # batch only cascades on delete, so it has no row here to block the update.
        assert db.execute("SELECT project_id FROM code2des").fetchone() == {"project_id": 9999}
        assert db.execute("SELECT project_id FROM page_import").fetchone() == {"project_id": 9999}
    finally:
        db.execute("ALTER TABLE project ALTER COLUMN id SET GENERATED ALWAYS")


def test_migrations_run_twice_apply_once(database_url: str, db: Connection) -> None:
    assert apply_migrations(database_url) == []
    assert apply_migrations(database_url) == []
    recorded = db.execute("SELECT version FROM schema_migration ORDER BY version").fetchall()
    assert [row["version"] for row in recorded] == [m.version for m in available_migrations()]


def test_concurrent_runners_on_a_fresh_database_apply_each_migration_once(database_url: str) -> None:
    info = psycopg.conninfo.conninfo_to_dict(database_url)
    fresh = f"{info['dbname']}_fresh"
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{fresh}"')
    info["dbname"] = fresh
    fresh_url = psycopg.conninfo.make_conninfo(**{k: v for k, v in info.items() if v is not None})
    results: list[list[str]] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def run() -> None:
        barrier.wait()
        try:
            results.append(apply_migrations(fresh_url))
        except BaseException as exc:  # collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert errors == []
        applied = sorted(version for result in results for version in result)
        assert applied == [m.version for m in available_migrations()]
        with psycopg.connect(fresh_url) as conn:
            count = conn.execute("SELECT count(*) FROM schema_migration").fetchone()
            assert count == (len(available_migrations()),)
    finally:
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{fresh}" WITH (FORCE)')
