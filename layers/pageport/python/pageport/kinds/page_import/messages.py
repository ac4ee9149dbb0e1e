"""Page Import's worker protocol: its worker message, the webhook its worker calls, and the
manifest its worker writes. Apart from its API bodies and row (`models`): the read route loads
none of these."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from pageport.kinds.page_import.sealing import SealedAuth
from pageport.kinds.page_import.viewport import Viewport
from pageport.models.base import CamelModel, CamelRequest
from pageport.models.manifests import ArtifactRef
from pageport.models.messages import Outcome


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
    color_scheme: Literal["light", "dark"] = "light"  # light in messages queued before it was added
    auth: SealedAuth | None = None  # a page behind a login: its sealed auth (kinds/page_import/sealing.py)
    # The tenant: the worker never lets one organization's pages share a browser with another's.
    # None in messages queued before it was added (such a job gets a browser of its own).
    organization_id: int | None = None

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
