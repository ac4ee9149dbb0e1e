"""Table rows as read by the repositories (snake_case, straight from `dict_row`)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

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


class BatchRow(AuditedRow):
    id: str
    organization_id: int
    project_id: int
    type: str
    request_hash: str


class BatchItemRow(AuditedRow):
    id: str
    batch_id: str
    position: int
    request: dict[str, Any]
    job_id: str | None
    message: dict[str, Any] | None
    dispatched_at: datetime | None
    lease_until: datetime | None
    dispatch_attempts: int
    error_message: str | None
    cancelled_at: datetime | None
