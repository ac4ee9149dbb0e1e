"""Page Import's bodies: its request and response (api.md) and its table row. Its worker
message, webhook and manifest: `messages`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pageport.kinds.page_import.auth import PageAuth
from pageport.kinds.page_import.viewport import Viewport
from pageport.models.api import Status
from pageport.models.base import CamelModel, CamelRequest, UtcDatetime
from pageport.models.rows import AuditedRow


class PageImportRequest(CamelRequest):
    """POST /projects/{projectId}/page-imports. `url` is normalized by the service."""

    url: str = Field(min_length=1, max_length=4096)
    viewport: Viewport
    device_scale_factor: float = Field(default=1, ge=1, le=3)
    ready_selector: str | None = Field(default=None, min_length=1, max_length=512)
    # Absent unless sent, so a request without it keeps its canonical form and batch requestHash.
    color_scheme: Literal["light", "dark"] | None = Field(
        default=None,
        description="Render the page as a visitor preferring this colour scheme would see it "
        "(prefers-color-scheme, and the page's own theme switch where it has one); light when absent.",
    )
    auth: PageAuth | None = Field(
        default=None,
        description="For a page behind a login: cookies, headers and localStorage for the page's own origin. "
        "Encrypted with a key of this import's own, never stored in clear, logged or returned, and deleted "
        "when its capture is done. Single imports only (a batch item with auth is refused).",
    )


class PageImportOut(CamelModel):
    page_import_id: str
    project_id: int
    organization_id: int
    source_kind: str
    source_url: str
    viewport: Viewport
    device_scale_factor: float
    ready_selector: str | None
    color_scheme: str
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
    color_scheme: str = "light"
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
