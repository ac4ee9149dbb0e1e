"""`manifest.json` written by a worker next to its artifacts; the webhook handler trusts
nothing it cannot check against the row and these hashes."""

from __future__ import annotations

from pydantic import Field

from pageport.models.base import CamelModel
from pageport.models.messages import Outcome


class ArtifactRef(CamelModel):
    key: str  # S3 key within the artifact bucket
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    size: int = Field(ge=0)
    content_type: str = "application/octet-stream"


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


class Code2DesManifest(CamelModel):
    code2des_id: str
    attempt: int
    nonce: str
    outcome: Outcome
    result: ArtifactRef | None = None
    images: dict[str, ArtifactRef] = Field(default_factory=dict)
    warning_count: int | None = None
    failure: ArtifactRef | None = None
    error_message: str | None = None
