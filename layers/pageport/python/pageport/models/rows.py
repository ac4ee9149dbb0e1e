"""Table rows as read by the repositories (snake_case, straight from `dict_row`)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict


class Row(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True, defer_build=True)


class AuditedRow(Row):
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None = None
    created_by: str
    updated_by: str
    deleted_by: str | None = None


class PageImportRow(AuditedRow):
    id: str
    organization_id: int
    project_id: int
    source_kind: str
    source_url: str
    viewport_width: int
    viewport_height: int
    device_scale_factor: float
    ready_selector: str | None
    status: str
    attempt: int
    nonce: str
    result_url: str | None
    capture_hash: str | None
    screenshot_url: str | None
    error_message: str | None


class Code2DesRow(AuditedRow):
    id: str
    organization_id: int
    project_id: int
    page_import_id: str
    figma_file_key: str
    screen_id: str
    placement_target: str | None
    status: str
    attempt: int
    nonce: str
    result_url: str | None
    warning_count: int | None
    error_message: str | None
    materialized_at: datetime | None
    materialized_node_id: str | None


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
