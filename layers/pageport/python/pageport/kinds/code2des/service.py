"""Code2Des rows after creation (`creation`): read one, and record its first successful
materialization. Loads no outbox or Page Import code: the read routes import only this."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pageport.db import Connection, Cursor, reading
from pageport.errors import Conflict, ValidationFailed
from pageport.kinds.code2des import KIND
from pageport.kinds.code2des.models import Code2DesRow, MaterializationRequest
from pageport.services import jobs
from pageport.services.tenancy import Scope
from pageport.services.validation import parse_model


def get_code2des(cur: Cursor, scope: Scope, code2des_id: str) -> Code2DesRow:
    return jobs.get_job(cur, scope, KIND, code2des_id, Code2DesRow, "Code2Des job not found.")


def materialize(conn: Connection, scope: Scope, code2des_id: str, node_id: str) -> Code2DesRow:
    """Store the first successful placement; later calls return it unchanged."""
    with conn.transaction(), conn.cursor() as cur:
        updated = cur.execute(
            """UPDATE code2des SET materialized_at = now(), materialized_node_id = %s,
                   updated_at = now(), updated_by = %s
               WHERE id = %s AND organization_id = %s AND project_id = %s AND deleted_at IS NULL
                 AND status = '1' AND materialized_at IS NULL
               RETURNING *""",
            (node_id, scope.subject, code2des_id, scope.organization_id, scope.project_id),
        ).fetchone()
        if updated is not None:
            return Code2DesRow.model_validate(updated)
        row = get_code2des(cur, scope, code2des_id)
    if row.status != "1":
        raise Conflict("Only a completed Code2Des job can be materialized.", code="result_not_ready")
    return row


def record_materialization(conn: Connection, scope: Scope, code2des_id: str, body: Mapping[str, Any]) -> Code2DesRow:
    """api.md: the first successful call needs a valid `nodeId` and stores the placement; every
    later call answers what is stored, whatever it sends."""
    try:
        request = parse_model(MaterializationRequest, body)
    except ValidationFailed:
        with reading(conn) as cur:
            stored = get_code2des(cur, scope, code2des_id)
        if stored.materialized_at is None:
            raise
        return stored
    return materialize(conn, scope, code2des_id, request.node_id)
