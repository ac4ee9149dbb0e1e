"""Table rows as read by the repositories (snake_case, straight from `dict_row`)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict


class Row(BaseModel):
    # Built at INIT like every model (models.base.CamelModel says why).
    model_config = ConfigDict(extra="ignore", frozen=True)


class AuditedRow(Row):
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None = None
    created_by: str
    updated_by: str
    deleted_by: str | None = None
