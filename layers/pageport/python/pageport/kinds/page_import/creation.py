"""Creating Page Imports: the row and its durable worker message in one transaction (the
outbox), sent right after commit, or else by the scheduled dispatcher. Reads: `service`."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pageport import metrics
from pageport.batches import dispatch
from pageport.batches.job_tables import enqueue_created
from pageport.db import Connection, Cursor, copy_rows
from pageport.ids import new_id, new_nonce
from pageport.kinds.page_import import KIND, auth, sealing
from pageport.kinds.page_import.messages import CaptureMessage
from pageport.kinds.page_import.models import PageImportRequest, PageImportRow
from pageport.kinds.page_import.viewport import Viewport
from pageport.services.targets import normalized_url
from pageport.services.tenancy import Scope
from pageport.storage import ArtifactStore


def normalize_request(
    request: PageImportRequest, *, allow_private: bool, loc: Sequence[str | int] = ()
) -> PageImportRequest:
    url = normalized_url(request.url, allow_private=allow_private, loc=[*loc, "url"])
    # Most URLs arrive normalized: no copy for them (a batch makes up to 500 of these).
    return request if url == request.url else request.model_copy(update={"url": url})


AUTH_IN_BATCH = (
    "A page behind a login is imported on its own (POST …/page-imports): a batch keeps its requests, "
    "and sign-in details are never kept."
)


def insert_page_imports(
    cur: Cursor, scope: Scope, requests: Sequence[PageImportRequest], ids: Sequence[str] | None = None
) -> list[PageImportRow]:
    """Insert processing rows for `requests` in one round trip, in input order (with `ids`, the
    rows' ids, made beforehand)."""
    ids = list(ids) if ids is not None else [new_id() for _ in requests]
    # One JSON document for all rows: one round trip, and no per-element array quoting.
    records = [
        {
            "id": job_id,
            "url": r.url,
            "w": r.viewport.width,
            "h": r.viewport.height,
            "dsf": r.device_scale_factor,
            "sel": r.ready_selector,
            "scheme": r.color_scheme or DEFAULT_SCHEME,
            "kind": auth.AUTHENTICATED if r.auth is not None else auth.PUBLIC,
            "nonce": new_nonce(),
        }
        for job_id, r in zip(ids, requests, strict=True)
    ]
    rows = cur.execute(
        """INSERT INTO page_import (id, organization_id, project_id, source_url, viewport_width,
               viewport_height, device_scale_factor, ready_selector, color_scheme, source_kind, nonce,
               created_by, updated_by)
           SELECT t.id, %s, %s, t.url, t.w, t.h, t.dsf, t.sel, t.scheme, t.kind, t.nonce, %s, %s
           FROM jsonb_to_recordset(%s::jsonb)
               AS t(id text, url text, w int, h int, dsf real, sel text, scheme text, kind text, nonce text)
           RETURNING *""",
        (scope.organization_id, scope.project_id, scope.subject, scope.subject, json.dumps(records)),
    ).fetchall()
    by_id = {row["id"]: PageImportRow.model_validate(row) for row in rows}
    # RETURNING order is not guaranteed: restore input order from the ids we generated.
    return [by_id[job_id] for job_id in ids]


# A request's scale when it names none (PageImportRequest's default; canonical() drops nothing
# that is not None, so a validated request always has it, but a stored one might predate it).
DEFAULT_SCALE = float(PageImportRequest.model_fields["device_scale_factor"].default)
DEFAULT_SCHEME = "light"  # the column's default: a request that names no colour scheme
# A new row's attempt, written explicitly by copy_page_imports so that its messages, made
# from the values written, agree with the row by construction (the column's default is 1 too).
FIRST_ATTEMPT = 1
_COPY_COLUMNS = (
    "id",
    "organization_id",
    "project_id",
    "source_url",
    "viewport_width",
    "viewport_height",
    "device_scale_factor",
    "ready_selector",
    "color_scheme",
    "attempt",
    "nonce",
    "created_by",
    "updated_by",
)


def copy_page_imports(cur: Cursor, scope: Scope, requests: Sequence[Mapping[str, Any]]) -> list[CaptureMessage]:
    """A batch's processing rows, written with one COPY, and their capture messages in input
    order. COPY returns no rows: each message is made from the values it wrote.

    `requests` are validated requests in their canonical JSON form (JobTableOperation.validate,
    or a stored batch's, which was): read as they are rather than parsed again, which was a
    tenth of a 500-item create. The message model still validates what is taken from them."""
    messages = [
        _message(
            new_id(),
            FIRST_ATTEMPT,
            new_nonce(),
            r["url"],
            r["viewport"],
            r.get("deviceScaleFactor", DEFAULT_SCALE),
            r.get("readySelector"),
            r.get("colorScheme", DEFAULT_SCHEME),
            scope.organization_id,
        )
        for r in requests
    ]
    org, project, subject = scope.organization_id, scope.project_id, scope.subject
    copy_rows(
        cur,
        "page_import",
        _COPY_COLUMNS,
        (
            (
                m.page_import_id,
                org,
                project,
                m.source_url,
                m.viewport.width,
                m.viewport.height,
                m.device_scale_factor,
                m.ready_selector,
                m.color_scheme,
                m.attempt,
                m.nonce,
                subject,
                subject,
            )
            for m in messages
        ),
    )
    return messages


def _message(
    job_id: str,
    attempt: int,
    nonce: str,
    source_url: str,
    viewport: Viewport | Mapping[str, Any],
    device_scale_factor: float,
    ready_selector: str | None,
    color_scheme: str,
    organization_id: int,
    sealed: sealing.SealedAuth | None = None,
) -> CaptureMessage:
    # Validated in pydantic-core rather than made with model_construct, whose per-field Python
    # loop (aliases included) took five times as long: a 500-item batch makes 500 of these.
    return CaptureMessage.model_validate(
        {
            "page_import_id": job_id,
            "attempt": attempt,
            "nonce": nonce,
            "source_url": source_url,
            "viewport": viewport,
            "device_scale_factor": device_scale_factor,
            "ready_selector": ready_selector,
            "color_scheme": color_scheme,
            "artifact_prefix": f"page-imports/{job_id}/{attempt}/",
            "organization_id": organization_id,
            "auth": sealed,
        }
    )


def capture_message(row: PageImportRow, sealed: sealing.SealedAuth | None = None) -> CaptureMessage:
    return _message(
        row.id,
        row.attempt,
        row.nonce,
        row.source_url,
        row.viewport,
        row.device_scale_factor,
        row.ready_selector,
        row.color_scheme,
        row.organization_id,
        sealed,
    )


def create_page_import(
    conn: Connection, scope: Scope, request: PageImportRequest, *, allow_private: bool
) -> PageImportRow:
    request = normalize_request(request, allow_private=allow_private)
    job_id = new_id()
    # Sealed before anything is written; the row, the outbox and the message hold no secret.
    sealed = None
    if request.auth is not None:
        sealed = sealing.seal(request.auth, job_id, ArtifactStore.default())
    kept = request.model_copy(update={"auth": None})
    with conn.transaction(), conn.cursor() as cur:
        (row,) = insert_page_imports(cur, scope, [request], [job_id])
        outbox = enqueue_created(cur, scope, KIND, row.id, kept, capture_message(row, sealed))
    metrics.job_created(KIND.name)  # committed: the message will be sent whatever SQS does now
    dispatch.send_now(conn, outbox)
    return row
