"""A batch's status read in one round trip: the PL/pgSQL function `batch_view_v1`, rendered
from the registry and installed by the migration runner.

Why a function: reading a batch row, then its grouped item facts, costs two round trips and
two plannings; together they were a fifth of the whole read. The function reads both in one
call, and PL/pgSQL keeps each statement's plan for the server session. Prepared statements
would do the same from the client, but they pin RDS Proxy sessions; a function call (with its
own settings) is an ordinary query to the proxy.

Each operation whose facts SQL alone can read (`grouped_facts_sql`) gets one branch, keyed by
its type. For the others (or an operation registered after the function was installed) the
function returns the batch with `facts` NULL, and the caller asks the operation itself.

Its result (the columns, and the five positions of each facts entry) is a contract between
code versions: the runner replaces it before new code ships, and a rollback leaves the newer
one in place. A change to that shape gets a new name (`_v2`), and the old one is dropped a
release later, like any contracting migration; the runner refuses to replace it in place.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import psycopg
from psycopg import errors, sql

from pageport.batches import registry
from pageport.batches.status import ItemFacts

# Every batch route reads through this module, and the migration runner renders it from every
# entry: all are registered at INIT, not at the first request.
registry.load()

NAME = "public.batch_view_v1"
SIGNATURE = f"{NAME}(varchar, bigint, bigint)"

# The batch this one retries, derived (not stored): the batch in the same project whose id
# hashes to this one's request_hash (a normal batch's hash is of its input, never an id's).
# `b` is the batch being read; 0003's expression index answers the lookup.
RETRY_OF_SQL = """(SELECT s.id FROM batch s
                   WHERE s.organization_id = b.organization_id AND s.project_id = b.project_id
                     AND s.deleted_at IS NULL AND s.id <> b.id
                     AND encode(sha256(s.id::bytea), 'hex') = b.request_hash
                   LIMIT 1)"""

CALL = sql.SQL("SELECT * FROM {}(%s, %s, %s)").format(sql.SQL(NAME)).as_bytes(None)


class ShapeChanged(RuntimeError):
    """The rendered function returns other columns than the installed one of the same name."""


_FUNCTION = """CREATE OR REPLACE FUNCTION {name}(p_batch_id varchar, p_organization_id bigint, p_project_id bigint)
RETURNS TABLE (id varchar, project_id bigint, type varchar, request_hash varchar, retry_of varchar,
               created_at timestamptz, updated_at timestamptz, created_by varchar, facts jsonb)
LANGUAGE plpgsql STABLE
-- Each statement below is an index lookup whatever the ids, so one generic plan per session
-- serves every call; left to choose, PL/pgSQL re-planned the facts query on each (~8% slower).
SET plan_cache_mode = force_generic_plan
-- The facts join items to their children by hashing (job_tables.grouped_facts_sql): a generic
-- plan's estimate for one batch's items may be a single row where single creates are most
-- batches, and a nested loop over 500 items and 500 children is 250,000 comparisons. Nothing
-- else here joins.
SET enable_nestloop = off
SET search_path = public, pg_temp
AS $batch_view$
#variable_conflict use_column
-- The result columns are this function's variables: read once into them, returned by RETURN NEXT.
BEGIN
    SELECT b.id, b.project_id, b.type, b.request_hash, {retry_of}, b.created_at, b.updated_at, b.created_by
    INTO id, project_id, type, request_hash, retry_of, created_at, updated_at, created_by
    FROM batch b
    WHERE b.id = p_batch_id AND b.organization_id = p_organization_id AND b.project_id = p_project_id
      AND b.deleted_at IS NULL;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    -- facts: [[cancelled, dispatch_failed, accepted, child_status, n], ...], or NULL (not read here)
{branches}
    RETURN NEXT;
END
$batch_view$"""

_BRANCH = """    {keyword} type = {type} THEN
        SELECT coalesce(jsonb_agg(jsonb_build_array(f.cancelled, f.dispatch_failed, f.accepted, f.child_status, f.n)),
                        '[]')
        INTO facts FROM ({facts}) f;"""


def render(conn: psycopg.Connection[Any], name: str = NAME) -> str:
    """The function's definition for the operations registered now (`name`: under another
    name, say the next version's)."""
    branches: list[str] = []
    for operation in sorted(registry.operations(), key=lambda op: op.type):  # same code, same text
        facts = operation.grouped_facts_sql(sql.SQL("p_batch_id"))
        if facts is None:
            continue
        branches.append(
            _BRANCH.format(
                keyword="ELSIF" if branches else "IF",
                type=sql.Literal(operation.type).as_string(conn),
                facts=facts.as_string(conn),
            )
        )
    if branches:
        branches.append("    END IF;")
    return _FUNCTION.format(name=name, branches="\n".join(branches), retry_of=RETRY_OF_SQL)


def install(conn: psycopg.Connection[Any], app_role: str) -> bool:
    """(Re)create the function when its rendering changed; only `app_role` may call it.
    Returns whether it changed. The caller serializes runners (the migration lock).
    Raises ShapeChanged rather than drop a function that code still serving may call."""
    definition = render(conn)
    digest = hashlib.sha256(definition.encode()).hexdigest()
    installed = conn.execute("SELECT obj_description(to_regprocedure(%s), 'pg_proc')", (SIGNATURE,)).fetchone()
    if installed is not None and installed[0] == digest:
        return False
    with conn.transaction():
        try:
            conn.execute(definition.encode())  # in place: callers never find it missing
        except errors.InvalidFunctionDefinition as exc:
            raise ShapeChanged(f"{NAME} returns other columns now: give the new shape a new name") from exc
        conn.execute(sql.SQL("COMMENT ON FUNCTION {} IS {}").format(sql.SQL(SIGNATURE), sql.Literal(digest)))
        conn.execute(sql.SQL("REVOKE ALL ON FUNCTION {} FROM PUBLIC").format(sql.SQL(SIGNATURE)))
        conn.execute(sql.SQL("GRANT EXECUTE ON FUNCTION {} TO {}").format(sql.SQL(SIGNATURE), sql.Identifier(app_role)))
    return True


def decode_facts(facts: Sequence[Sequence[Any]]) -> list[tuple[ItemFacts, int]]:
    return [(ItemFacts(bool(c), bool(d), bool(a), s), int(n)) for c, d, a, s, n in facts]
