"""`code2des`: one Code2Des job per item, from a completed Page Import of the same project."""

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
from pageport.services.tenancy import Scope
from pageport.storage import ArtifactStore


def _not_ready(index: int) -> tuple[int, ValidationFailed]:
    return index, ValidationFailed(details=[field_error(["pageImportId"], creation.NOT_READY)])


class Code2DesOperation(JobTableOperation, kind=KIND):
    request_model = Code2DesRequest
    message_model = ConvertMessage

    def refuse(
        self, cur: Cursor, scope: Scope, requests: Mapping[int, Mapping[str, Any]]
    ) -> list[tuple[int, ValidationFailed]]:
        # Each source must be a completed Page Import of this project.
        wanted = {index: str(request["pageImportId"]) for index, request in requests.items()}
        ready = creation.ready_page_imports(cur, scope, list(wanted.values()))
        return [_not_ready(index) for index, page_import_id in wanted.items() if page_import_id not in ready]

    def prepare(
        self, cur: Cursor, scope: Scope, requests: Sequence[Mapping[str, Any]], item_ids: Sequence[str]
    ) -> list[Prepared]:
        parsed = [Code2DesRequest.model_validate(r) for r in requests]
        ready = creation.ready_page_imports(cur, scope, [r.page_import_id for r in parsed])
        missing = [_not_ready(index) for index, request in enumerate(parsed) if request.page_import_id not in ready]
        if missing:
            raise indexed_errors(missing)
        messages = creation.copy_code2des(cur, scope, parsed, ready, ArtifactStore.default())
        return [Prepared(m.code2des_id, m) for m in messages]

    def retryable(self, cur: Cursor, scope: Scope, requests: Sequence[Mapping[str, Any]]) -> list[bool]:
        # Retry only where the source capture is still there and completed.
        ready = creation.ready_page_imports(cur, scope, [str(r["pageImportId"]) for r in requests])
        return [str(r["pageImportId"]) in ready for r in requests]


register(Code2DesOperation())
