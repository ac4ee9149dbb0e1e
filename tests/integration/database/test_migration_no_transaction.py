"""A migration file marked `-- pageport: no-transaction` runs outside a transaction (what
`CREATE INDEX CONCURRENTLY` needs), is recorded once, after all of its statements; an
unmarked file still runs, and fails, as one transaction."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest
from pageport.migrations import NO_TRANSACTION_MARKER, Migration, MigrationError, apply_migrations
from psycopg import sql

TABLE = Migration("0001_table", "CREATE TABLE thing (id int PRIMARY KEY, name text NOT NULL);")
CONCURRENT_INDEX = Migration(
    "0002_index",
    f"""{NO_TRANSACTION_MARKER}
-- Built without holding off writes; a statement may span lines.
CREATE INDEX CONCURRENTLY IF NOT EXISTS thing_name_idx
    ON thing (name);
CREATE INDEX CONCURRENTLY IF NOT EXISTS thing_name_id_idx ON thing (name, id);
""",
)


@pytest.fixture
def fresh_url(database_url: str) -> Iterator[str]:
    """An empty database beside the test database, for migrations of its own."""
    info = psycopg.conninfo.conninfo_to_dict(database_url)
    name = f"{info['dbname']}_runner"
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    info["dbname"] = name
    try:
        yield psycopg.conninfo.make_conninfo(**{k: v for k, v in info.items() if v is not None})
    finally:
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))


def _recorded(url: str) -> list[str]:
    with psycopg.connect(url) as conn:
        return [row[0] for row in conn.execute("SELECT version FROM schema_migration ORDER BY version")]


def _valid_indexes(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            """SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
               WHERE i.indisvalid AND c.relname LIKE 'thing%%'"""
        ).fetchall()
    return {row[0] for row in rows}


def test_a_marked_file_builds_indexes_concurrently_and_is_recorded_once(fresh_url: str) -> None:
    assert apply_migrations(fresh_url, migrations=[TABLE, CONCURRENT_INDEX]) == ["0001_table", "0002_index"]
    assert _valid_indexes(fresh_url) == {"thing_pkey", "thing_name_idx", "thing_name_id_idx"}
    assert _recorded(fresh_url) == ["0001_table", "0002_index"]
    # A rerun is a no-op.
    assert apply_migrations(fresh_url, migrations=[TABLE, CONCURRENT_INDEX]) == []
    assert _recorded(fresh_url) == ["0001_table", "0002_index"]


def test_an_unmarked_file_still_runs_in_one_transaction(fresh_url: str) -> None:
    unmarked = Migration("0002_index", CONCURRENT_INDEX.sql.replace(NO_TRANSACTION_MARKER, "-- no marker"))
    with pytest.raises(psycopg.errors.ActiveSqlTransaction):
        apply_migrations(fresh_url, migrations=[TABLE, unmarked])
    # All or nothing: its first statement's work is rolled back with the rest.
    half = Migration("0002_half", "CREATE INDEX thing_name_idx ON thing (name);\nSELECT 1 / 0;")
    with pytest.raises(psycopg.errors.DivisionByZero):
        apply_migrations(fresh_url, migrations=[TABLE, half])
    assert _valid_indexes(fresh_url) == {"thing_pkey"}
    assert _recorded(fresh_url) == ["0001_table"]


def test_a_marked_file_that_fails_part_way_is_not_recorded_and_runs_again(fresh_url: str) -> None:
    failing = Migration("0002_index", CONCURRENT_INDEX.sql + "SELECT 1 / 0;\n")
    with pytest.raises(psycopg.errors.DivisionByZero):
        apply_migrations(fresh_url, migrations=[TABLE, failing])
    assert _recorded(fresh_url) == ["0001_table"]
    assert "thing_name_idx" in _valid_indexes(fresh_url)  # committed on its own
    # Fixed, it runs from the start: its statements are idempotent.
    assert apply_migrations(fresh_url, migrations=[TABLE, CONCURRENT_INDEX]) == ["0002_index"]
    assert _recorded(fresh_url) == ["0001_table", "0002_index"]


def test_a_failed_concurrent_build_leaves_the_file_unrecorded(fresh_url: str) -> None:
    apply_migrations(fresh_url, migrations=[TABLE])
    with psycopg.connect(fresh_url, autocommit=True) as conn:
        conn.execute("INSERT INTO thing VALUES (1, 'a'), (2, 'a')")
    unique = Migration(
        "0002_unique", f"{NO_TRANSACTION_MARKER}\nCREATE UNIQUE INDEX CONCURRENTLY thing_name_key ON thing (name);\n"
    )
    with pytest.raises(psycopg.errors.UniqueViolation):
        apply_migrations(fresh_url, migrations=[TABLE, unique])
    # The failed build left an invalid index that `IF NOT EXISTS` would skip: refused, not recorded.
    skipping = Migration("0002_unique", unique.sql.replace("CONCURRENTLY", "CONCURRENTLY IF NOT EXISTS"))
    with pytest.raises(MigrationError, match="thing_name_key"):
        apply_migrations(fresh_url, migrations=[TABLE, skipping])
    assert _recorded(fresh_url) == ["0001_table"]


def test_a_marked_file_is_split_into_statements_only_where_lines_end() -> None:
    assert CONCURRENT_INDEX.statements()[1].strip() == (
        "CREATE INDEX CONCURRENTLY IF NOT EXISTS thing_name_id_idx ON thing (name, id);"
    )
    assert len(CONCURRENT_INDEX.statements()) == 2
    with pytest.raises(MigrationError, match="end of a line"):
        Migration("0003_x", f"{NO_TRANSACTION_MARKER}\nCREATE INDEX CONCURRENTLY x ON thing (id)").statements()
    with pytest.raises(MigrationError, match=r"\$\$"):
        Migration("0003_x", f"{NO_TRANSACTION_MARKER}\nDO $$ BEGIN END $$;").statements()
