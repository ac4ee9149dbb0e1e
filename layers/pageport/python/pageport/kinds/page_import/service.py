"""Page Import lifecycle: create (row and durable worker message in one transaction, sent right
after commit or else by the scheduled dispatcher), read."""

from __future__ import annotations

import json
from collections.abc import Sequence

from pageport import metrics
from pageport.batches import dispatch
from pageport.batches.job_tables import enqueue_created
from pageport.db import Connection, Cursor
from pageport.ids import new_id, new_nonce
from pageport.kinds.page_import import KIND
from pageport.kinds.page_import.models import CaptureMessage, PageImportRequest, PageImportRow
from pageport.services import jobs
from pageport.services.tenancy import Scope
from pageport.services.validation import normalized_url


def normalize_request(
    request: PageImportRequest, *, allow_private: bool, loc: Sequence[str | int] = ()
) -> PageImportRequest:
    url = normalized_url(request.url, allow_private=allow_private, loc=[*loc, "url"])
    return request.model_copy(update={"url": url})


def insert_page_imports(cur: Cursor, scope: Scope, requests: Sequence[PageImportRequest]) -> list[PageImportRow]:
    """Insert processing rows for `requests` in one round trip, in input order."""
    ids = [new_id() for _ in requests]
    # One JSON document for all rows: one round trip, and no per-element array quoting.
    records = [
        {
            "id": job_id,
            "url": r.url,
            "w": r.viewport.width,
            "h": r.viewport.height,
            "dsf": r.device_scale_factor,
            "sel": r.ready_selector,
            "nonce": new_nonce(),
        }
        for job_id, r in zip(ids, requests, strict=True)
    ]
    rows = cur.execute(
        """INSERT INTO page_import (id, organization_id, project_id, source_url, viewport_width,
               viewport_height, device_scale_factor, ready_selector, nonce, created_by, updated_by)
           SELECT t.id, %s, %s, t.url, t.w, t.h, t.dsf, t.sel, t.nonce, %s, %s
           FROM jsonb_to_recordset(%s::jsonb) AS t(id text, url text, w int, h int, dsf real, sel text, nonce text)
           RETURNING *""",
        (scope.organization_id, scope.project_id, scope.subject, scope.subject, json.dumps(records)),
    ).fetchall()
    by_id = {row["id"]: PageImportRow.model_validate(row) for row in rows}
    # RETURNING order is not guaranteed: restore input order from the ids we generated.
    return [by_id[job_id] for job_id in ids]


def capture_message(row: PageImportRow) -> CaptureMessage:
    return CaptureMessage(
        page_import_id=row.id,
        attempt=row.attempt,
        nonce=row.nonce,
        source_url=row.source_url,
        viewport=row.viewport,
        device_scale_factor=row.device_scale_factor,
        ready_selector=row.ready_selector,
        artifact_prefix=f"page-imports/{row.id}/{row.attempt}/",
    )


def create_page_import(
    conn: Connection, scope: Scope, request: PageImportRequest, *, allow_private: bool
) -> PageImportRow:
    request = normalize_request(request, allow_private=allow_private)
    with conn.transaction(), conn.cursor() as cur:
        (row,) = insert_page_imports(cur, scope, [request])
        outbox = enqueue_created(cur, scope, KIND, row.id, request, capture_message(row))
    metrics.job_created(KIND.name)  # committed: the message will be sent whatever SQS does now
    dispatch.send_now(conn, outbox)
    return row


def get_page_import(cur: Cursor, scope: Scope, page_import_id: str) -> PageImportRow:
    return jobs.get_job(cur, scope, KIND, page_import_id, PageImportRow, "Page Import not found.")
