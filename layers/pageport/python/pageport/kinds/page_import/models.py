"""Page Import's bodies: its request and response (api.md), its worker message and webhook,
its manifest, and its table row."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from pageport.models.api import Status
from pageport.models.base import CamelModel, CamelRequest, UtcDatetime
from pageport.models.manifests import ArtifactRef
from pageport.models.messages import Outcome
from pageport.models.rows import AuditedRow


class Viewport(CamelRequest):
    width: int = Field(ge=320, le=3840)
    height: int = Field(ge=240, le=4320)


class PageImportRequest(CamelRequest):
    """POST /projects/{projectId}/page-imports. `url` is normalized by the service."""

    url: str = Field(min_length=1, max_length=4096)
    viewport: Viewport
    device_scale_factor: float = Field(default=1, ge=1, le=3)
    ready_selector: str | None = Field(default=None, min_length=1, max_length=512)


class PageImportOut(CamelModel):
    page_import_id: str
    project_id: int
    organization_id: int
    source_kind: str
    source_url: str
    viewport: Viewport
    device_scale_factor: float
    ready_selector: str | None
    status: Status
    attempt: int
    result_url: str | None
    capture_hash: str | None
    screenshot_url: str | None
    error_message: str | None
    created_at: UtcDatetime
    updated_at: UtcDatetime
    created_by: str
    updated_by: str


class CaptureMessage(CamelModel):
    kind: Literal["capture"] = "capture"
    page_import_id: str
    attempt: int
    nonce: str
    source_url: str
    viewport: Viewport
    device_scale_factor: float
    ready_selector: str | None
    artifact_prefix: str  # page-imports/{id}/{attempt}/

    @property
    def job_id(self) -> str:
        return self.page_import_id

    def fence_fields(self) -> dict[str, Any]:
        return {"page_import_id": self.page_import_id, "attempt": self.attempt, "nonce": self.nonce}


class PageImportWebhook(CamelRequest):
    page_import_id: str
    attempt: int
    nonce: str
    outcome: Outcome
    manifest_url: str


class PageImportManifest(CamelModel):
    page_import_id: str
    attempt: int
    nonce: str
    outcome: Outcome
    capture: ArtifactRef | None = None
    screenshot: ArtifactRef | None = None
    assets: dict[str, ArtifactRef] = Field(default_factory=dict)
    failure: ArtifactRef | None = None
    error_message: str | None = None
    warnings: list[str] = Field(default_factory=list)

    @property
    def job_id(self) -> str:
        return self.page_import_id

    @property
    def reported_warning_count(self) -> int | None:
        return None  # a capture's webhook carries no warning count


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

    @property
    def viewport(self) -> Viewport:
        return Viewport(width=self.viewport_width, height=self.viewport_height)


def page_import_out(row: PageImportRow) -> PageImportOut:
    return PageImportOut.of(row, page_import_id=row.id)
