"""What both job tables (page_import, code2des) share: the same lifecycle columns and fences and
the same scoped read. (A created job's worker message goes through the outbox: batches.dispatch.)"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from psycopg import sql
from pydantic import BaseModel

from pageport.db import Connection, Cursor
from pageport.digits import ascii_int
from pageport.errors import NotFound, ValidationFailed, field_error
from pageport.kinds import Kind
from pageport.services.tenancy import Scope

RowT = TypeVar("RowT", bound=BaseModel)


def fail_processing(
    conn_or_cur: Connection | Cursor, table: str, ids: Sequence[str], message: str, *, actor: str
) -> int:
    """Mark still-processing rows failed with a safe message; never touches a finished or
    deleted row (so a late webhook for them is refused by its fence)."""
    result = conn_or_cur.execute(
        sql.SQL(
            """UPDATE {} SET status = '2', error_message = %s, updated_at = now(), updated_by = %s
               WHERE id = ANY(%s) AND status = '0' AND deleted_at IS NULL"""
        ).format(sql.Identifier(table)),
        (message, actor, list(ids)),
    )
    return result.rowcount


def get_job(cur: Cursor, scope: Scope, kind: Kind, job_id: str, row_model: type[RowT], not_found: str) -> RowT:
    """The project's live job `job_id` of `kind`; 404 (`not_found`) when there is none."""
    row = cur.execute(
        f"""SELECT * FROM {kind.job_table}
           WHERE id = %s AND organization_id = %s AND project_id = %s AND deleted_at IS NULL""",  # noqa: S608 - table from the kind's descriptor
        (job_id, scope.organization_id, scope.project_id),
    ).fetchone()
    if row is None:
        raise NotFound(not_found)
    return row_model.model_validate(row)


def parse_offset_cursor(cursor: str | None) -> int | None:
    """The opaque paging cursors this API issues are small offsets; anything else is a 422."""
    if cursor is None:
        return None
    offset = ascii_int(cursor)
    if offset is None or len(cursor) > 6:
        raise ValidationFailed(details=[field_error(["query", "cursor"], "not a cursor this API issued")])
    return offset
