"""What every `manifest.json` names: artifacts by key, SHA-256 and size. Each kind's manifest is
in its package; the webhook handler trusts nothing it cannot check against the row and these
hashes."""

from __future__ import annotations

from pydantic import Field

from pageport.models.base import CamelModel


class ArtifactRef(CamelModel):
    key: str  # S3 key within the artifact bucket
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    size: int = Field(ge=0)
    content_type: str = "application/octet-stream"
