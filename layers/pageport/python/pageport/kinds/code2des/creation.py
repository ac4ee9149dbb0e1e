"""Creating Code2Des jobs: from completed Page Imports of the same project, a new row every time,
with its worker message durable in the same transaction (the outbox) and sent right after
commit, or else by the scheduled dispatcher. Reads and the materialization: `service`."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache

from pageport import metrics
from pageport.batches import dispatch
from pageport.batches.job_tables import enqueue_created
from pageport.db import Connection, Cursor, copy_rows
from pageport.errors import Conflict
from pageport.ids import new_id, new_nonce
from pageport.kinds.code2des import KIND, variants
from pageport.kinds.code2des.messages import ConvertMessage, VariantSource
from pageport.kinds.code2des.models import Code2DesRequest, Code2DesRow
from pageport.kinds.page_import.models import PageImportRow
from pageport.models.conversion import ConversionOptions
from pageport.services.tenancy import Scope
from pageport.storage import ArtifactStore

NOT_READY = "The Page Import must be completed (with a capture) before Code2Des can start."


def design_variants(request: Code2DesRequest, ready: Mapping[str, PageImportRow]) -> list[variants.Variant]:
    """A site design's variants (its own capture first), [] for one page; every capture of the
    request must be in `ready`. ValidationFailed where a capture cannot be a variant."""
    if not request.variants:
        return []
    return variants.resolve(request.page_import_id, request.breakpoint, request.variants, ready)


def _variants_json(resolved: Sequence[variants.Variant]) -> list[dict[str, str]]:
    return [v.model_dump(mode="json", by_alias=True) for v in resolved]


def ready_page_imports(cur: Cursor, scope: Scope, ids: Sequence[str]) -> dict[str, PageImportRow]:
    """The completed, capture-bearing Page Imports of this project among `ids` (one query)."""
    rows = cur.execute(
        """SELECT * FROM page_import
           WHERE id = ANY(%s) AND organization_id = %s AND project_id = %s AND deleted_at IS NULL
             AND status = '1' AND result_url IS NOT NULL AND capture_hash IS NOT NULL""",
        (list(ids), scope.organization_id, scope.project_id),
    ).fetchall()
    return {row["id"]: PageImportRow.model_validate(row) for row in rows}


def insert_code2des(
    cur: Cursor,
    scope: Scope,
    requests: Sequence[Code2DesRequest],
    designs: Sequence[Sequence[variants.Variant]],
) -> list[Code2DesRow]:
    """Insert processing rows in one round trip, in input order (`designs`: each request's
    resolved variants). The Page Imports are read, never written: re-generation keeps every
    earlier job."""
    ids = [new_id() for _ in requests]
    records = [
        {
            "id": job_id,
            "pid": r.page_import_id,
            "fkey": r.figma_file_key,
            "screen": r.screen_id,
            "placement": r.placement_target,
            "options": r.conversion_options.model_dump(mode="json", by_alias=True),
            "variants": _variants_json(design),
            "nonce": new_nonce(),
        }
        for job_id, r, design in zip(ids, requests, designs, strict=True)
    ]
    rows = cur.execute(
        """INSERT INTO code2des (id, organization_id, project_id, page_import_id, figma_file_key,
               screen_id, placement_target, conversion_options, variants, nonce, created_by, updated_by)
           SELECT t.id, %s, %s, t.pid, t.fkey, t.screen, t.placement, t.options, t.variants, t.nonce, %s, %s
           FROM jsonb_to_recordset(%s::jsonb)
                AS t(id text, pid text, fkey text, screen text, placement text, options jsonb,
                     variants jsonb, nonce text)
           RETURNING *""",
        (scope.organization_id, scope.project_id, scope.subject, scope.subject, json.dumps(records)),
    ).fetchall()
    by_id = {row["id"]: Code2DesRow.model_validate(row) for row in rows}
    return [by_id[job_id] for job_id in ids]


# A new row's attempt, written explicitly by copy_code2des so that its messages, made from the
# values written, agree with the row by construction (the column's default is 1 too).
FIRST_ATTEMPT = 1
_COPY_COLUMNS = (
    "id",
    "organization_id",
    "project_id",
    "page_import_id",
    "figma_file_key",
    "screen_id",
    "placement_target",
    "conversion_options",
    "variants",
    "attempt",
    "nonce",
    "created_by",
    "updated_by",
)


@cache
def _options_json(options: ConversionOptions) -> str:
    """The options as the row's JSON text (a batch's items mostly share one: made once)."""
    return options.model_dump_json(by_alias=True)


def copy_code2des(
    cur: Cursor,
    scope: Scope,
    requests: Sequence[Code2DesRequest],
    designs: Sequence[Sequence[variants.Variant]],
    sources: Mapping[str, PageImportRow],
    store: ArtifactStore,
) -> list[ConvertMessage]:
    """A batch's processing rows, written with one COPY, and their convert messages in input
    order (`designs`: each request's resolved variants; `sources`: every completed Page Import
    they name). COPY returns no rows: each message is made from the values it wrote."""
    rows = [(new_id(), new_nonce(), r, d) for r, d in zip(requests, designs, strict=True)]
    org, project, subject = scope.organization_id, scope.project_id, scope.subject
    copy_rows(
        cur,
        "code2des",
        _COPY_COLUMNS,
        (
            (
                job_id,
                org,
                project,
                r.page_import_id,
                r.figma_file_key,
                r.screen_id,
                r.placement_target,
                _options_json(r.conversion_options),
                json.dumps(_variants_json(design)) if design else "[]",
                FIRST_ATTEMPT,
                nonce,
                subject,
                subject,
            )
            for job_id, nonce, r, design in rows
        ),
    )
    return [
        _message(job_id, FIRST_ATTEMPT, nonce, r.page_import_id, design, sources, store, r.conversion_options)
        for job_id, nonce, r, design in rows
    ]


def _message(
    job_id: str,
    attempt: int,
    nonce: str,
    page_import_id: str,
    design: Sequence[variants.Variant],
    sources: Mapping[str, PageImportRow],
    store: ArtifactStore,
    options: ConversionOptions,
) -> ConvertMessage:
    source = sources[page_import_id]
    key, digest = _capture_of(source, store)
    return ConvertMessage(
        code2des_id=job_id,
        attempt=attempt,
        nonce=nonce,
        page_import_id=source.id,
        capture_key=key,
        capture_hash=digest,
        artifact_prefix=f"code2des/{job_id}/{attempt}/",
        options=options,
        variants=[_variant_source(v, sources[v.page_import_id], store) for v in design],
    )


def _variant_source(variant: variants.Variant, source: PageImportRow, store: ArtifactStore) -> VariantSource:
    key, digest = _capture_of(source, store)
    return VariantSource(
        page_import_id=variant.page_import_id,
        capture_key=key,
        capture_hash=digest,
        breakpoint=variant.breakpoint,
        theme=variant.theme,
    )


def _capture_of(source: PageImportRow, store: ArtifactStore) -> tuple[str, str]:
    assert source.result_url is not None and source.capture_hash is not None
    return store.key_of(source.result_url), source.capture_hash


def convert_message(row: Code2DesRow, sources: Mapping[str, PageImportRow], store: ArtifactStore) -> ConvertMessage:
    """The message of `row` (`sources`: its completed Page Imports, every variant's included)."""
    return _message(
        row.id, row.attempt, row.nonce, row.page_import_id, row.variants, sources, store, row.conversion_options
    )


def create_code2des(conn: Connection, scope: Scope, request: Code2DesRequest) -> Code2DesRow:
    store = ArtifactStore.default()
    with conn.transaction(), conn.cursor() as cur:
        sources = ready_page_imports(cur, scope, request.page_import_ids)
        if any(page_import_id not in sources for page_import_id in request.page_import_ids):
            raise Conflict(NOT_READY, code="page_import_not_ready")
        (row,) = insert_code2des(cur, scope, [request], [design_variants(request, sources)])
        outbox = enqueue_created(cur, scope, KIND, row.id, request, convert_message(row, sources, store))
    metrics.job_created(KIND.name)  # committed: the message will be sent whatever SQS does now
    dispatch.send_now(conn, outbox)
    return row
