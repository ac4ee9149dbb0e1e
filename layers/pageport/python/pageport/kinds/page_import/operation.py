"""`page_import`: one Page Import per item, captured by the capture worker."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pageport.batches.job_tables import JobTableOperation
from pageport.batches.registry import Prepared, register
from pageport.db import Cursor
from pageport.errors import ValidationFailed, field_error
from pageport.kinds.page_import import KIND, creation
from pageport.kinds.page_import.messages import CaptureMessage
from pageport.kinds.page_import.models import PageImportRequest
from pageport.services.tenancy import Scope


class PageImportOperation(JobTableOperation, kind=KIND):
    request_model = PageImportRequest
    message_model = CaptureMessage

    def normalize(self, request: Any, *, allow_private: bool) -> PageImportRequest:
        if request.auth is not None:
            # A batch keeps its requests (for its hash and its retries): never a secret.
            raise ValidationFailed(details=[field_error(["auth"], creation.AUTH_IN_BATCH)])
        return creation.normalize_request(request, allow_private=allow_private)

    def prepare(
        self, cur: Cursor, scope: Scope, requests: Sequence[Mapping[str, Any]], item_ids: Sequence[str]
    ) -> list[Prepared]:
        messages = creation.copy_page_imports(cur, scope, requests)
        return [Prepared(m.page_import_id, m) for m in messages]

    def retryable(self, cur: Cursor, scope: Scope, requests: Sequence[Mapping[str, Any]]) -> list[bool]:
        # A stored request was validated when its batch was made; a URL does not go stale.
        return [True for _ in requests]


register(PageImportOperation())
