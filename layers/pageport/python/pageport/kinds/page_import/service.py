"""Page Import rows after creation (`creation`): read one. Loads no outbox or URL rules: the
read route imports only this."""

from __future__ import annotations

from pageport.db import Cursor
from pageport.kinds.page_import import KIND
from pageport.kinds.page_import.models import PageImportRow
from pageport.services import jobs
from pageport.services.tenancy import Scope


def get_page_import(cur: Cursor, scope: Scope, page_import_id: str) -> PageImportRow:
    return jobs.get_job(cur, scope, KIND, page_import_id, PageImportRow, "Page Import not found.")
