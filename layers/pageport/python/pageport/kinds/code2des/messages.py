"""Code2Des's worker protocol: its worker message, the webhook its worker calls, and the
manifest its worker writes. Apart from its API bodies and row (`models`): the read routes load
none of these."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from pageport.models.base import CamelModel, CamelRequest
from pageport.models.conversion import DEFAULT_OPTIONS, ConversionOptions
from pageport.models.manifests import ArtifactRef
from pageport.models.messages import Outcome


class VariantSource(CamelModel):
    """One capture of a site design: where its capture is, and the variant it is."""

    page_import_id: str
    capture_key: str
    capture_hash: str
    breakpoint: str
    theme: Literal["light", "dark"]


class ConvertMessage(CamelModel):
    kind: Literal["convert"] = "convert"
    code2des_id: str
    attempt: int
    nonce: str
    page_import_id: str
    capture_key: str  # S3 key of the completed capture.json
    capture_hash: str
    artifact_prefix: str  # code2des/{id}/{attempt}/
    options: ConversionOptions = DEFAULT_OPTIONS  # a message from before options: every option on
    # A site design's captures, the one above first; empty for one page (and before variants).
    variants: list[VariantSource] = Field(default_factory=list)

    @property
    def job_id(self) -> str:
        # Not `page_import_id`: a ConvertMessage names its source Page Import too.
        return self.code2des_id

    def fence_fields(self) -> dict[str, Any]:
        return {"code2des_id": self.code2des_id, "attempt": self.attempt, "nonce": self.nonce}


class Code2DesWebhook(CamelRequest):
    code2des_id: str
    attempt: int
    nonce: str
    outcome: Outcome
    manifest_url: str
    warning_count: int | None = Field(default=None, ge=0)


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

    @property
    def job_id(self) -> str:
        return self.code2des_id

    @property
    def reported_warning_count(self) -> int | None:
        return self.warning_count
