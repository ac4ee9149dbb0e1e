"""Page Discovery's bodies: its request and response (api.md) and its worker message."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pageport.models.api import Status
from pageport.models.base import CamelModel, CamelRequest


class DiscoveryRequest(CamelRequest):
    url: str = Field(min_length=1, max_length=4096)
    max_pages: int = Field(default=50, ge=1, le=500)


class DiscoveredPageOut(CamelModel):
    url: str
    title: str | None
    description: str | None
    depth: int


class DiscoveryOut(CamelModel):
    status: Status
    pages: list[DiscoveredPageOut]
    truncated: bool
    error_message: str | None = None


class DiscoveryMessage(CamelModel):
    kind: Literal["discovery"] = "discovery"
    batch_item_id: str
    url: str
    max_pages: int
    artifact_prefix: str  # discovery/{batchItemId}/
