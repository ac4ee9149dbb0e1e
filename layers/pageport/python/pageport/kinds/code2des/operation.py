"""`code2des`: one Code2Des job per item, from a completed Page Import of the same project (and,
for a site design, its variants' completed Page Imports of the same page)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pageport.batches.job_tables import JobTableOperation
from pageport.batches.registry import Prepared, indexed_errors, register
from pageport.db import Cursor
from pageport.errors import ValidationFailed, field_error
from pageport.kinds.code2des import KIND, creation
from pageport.kinds.code2des.messages import ConvertMessage
from pageport.kinds.code2des.models import Code2DesRequest
from pageport.kinds.page_import.models import PageImportRow
from pageport.services.tenancy import Scope
from pageport.storage import ArtifactStore


def _not_ready(index: int, request: Code2DesRequest, ready: Mapping[str, object]) -> tuple[int, ValidationFailed]:
    locs: list[list[str | int]] = [["pageImportId"]] if request.page_import_id not in ready else []
    variants = enumerate(request.variants or [])
    locs += [["variants", i, "pageImportId"] for i, v in variants if v.page_import_id not in ready]
    return index, ValidationFailed(details=[field_error(loc, creation.NOT_READY) for loc in locs])


def _refused(
    requests: Mapping[int, Code2DesRequest], ready: Mapping[str, PageImportRow]
) -> list[tuple[int, ValidationFailed]]:
    """Each item whose captures are not all completed Page Imports of this project, or cannot be
    the variants of one design."""
    refused: list[tuple[int, ValidationFailed]] = []
    for index, request in requests.items():
        if any(page_import_id not in ready for page_import_id in request.page_import_ids):
            refused.append(_not_ready(index, request, ready))
            continue
        try:
            creation.design_variants(request, ready)
        except ValidationFailed as failure:
            refused.append((index, failure))
    return refused


class Code2DesOperation(JobTableOperation, kind=KIND):
    request_model = Code2DesRequest
    message_model = ConvertMessage

    def refuse(
        self, cur: Cursor, scope: Scope, requests: Mapping[int, Mapping[str, Any]]
    ) -> list[tuple[int, ValidationFailed]]:
        # Each source must be a completed Page Import of this project.
        parsed = {index: Code2DesRequest.model_validate(request) for index, request in requests.items()}
        ready = creation.ready_page_imports(cur, scope, [i for r in parsed.values() for i in r.page_import_ids])
        return _refused(parsed, ready)

    def prepare(
        self, cur: Cursor, scope: Scope, requests: Sequence[Mapping[str, Any]], item_ids: Sequence[str]
    ) -> list[Prepared]:
        parsed = [Code2DesRequest.model_validate(r) for r in requests]
        ready = creation.ready_page_imports(cur, scope, [i for r in parsed for i in r.page_import_ids])
        refused = _refused(dict(enumerate(parsed)), ready)
        if refused:
            raise indexed_errors(refused)
        designs = [creation.design_variants(r, ready) for r in parsed]
        messages = creation.copy_code2des(cur, scope, parsed, designs, ready, ArtifactStore.default())
        return [Prepared(m.code2des_id, m) for m in messages]

    def retryable(self, cur: Cursor, scope: Scope, requests: Sequence[Mapping[str, Any]]) -> list[bool]:
        # Retry only where the source captures are still there and completed.
        parsed = [Code2DesRequest.model_validate(r) for r in requests]
        ready = creation.ready_page_imports(cur, scope, [i for r in parsed for i in r.page_import_ids])
        return [all(i in ready for i in r.page_import_ids) for r in parsed]


register(Code2DesOperation())
