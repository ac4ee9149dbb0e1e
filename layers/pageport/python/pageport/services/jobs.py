"""What both job tables (page_import, code2des) share: the same lifecycle columns and fences."""

from __future__ import annotations

from collections.abc import Sequence

from psycopg import sql

from pageport.db import Connection, Cursor
from pageport.digits import ascii_int
from pageport.errors import ValidationFailed, field_error


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


def parse_offset_cursor(cursor: str | None) -> int | None:
    """The opaque paging cursors this API issues are small offsets; anything else is a 422."""
    if cursor is None:
        return None
    offset = ascii_int(cursor)
    if offset is None or len(cursor) > 6:
        raise ValidationFailed(details=[field_error(["query", "cursor"], "not a cursor this API issued")])
    return offset
