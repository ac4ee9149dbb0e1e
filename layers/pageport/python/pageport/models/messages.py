"""Worker messages (SQS bodies) and webhook payloads.

A message carries the source request and the correlation fence (id, attempt, nonce); never a
database credential. Workers echo the fence in the webhook and in the manifest.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from pageport.models.api import Viewport
from pageport.models.base import CamelModel, CamelRequest


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


class ConvertMessage(CamelModel):
    kind: Literal["convert"] = "convert"
    code2des_id: str
    attempt: int
    nonce: str
    page_import_id: str
    capture_key: str  # S3 key of the completed capture.json
    capture_hash: str
    artifact_prefix: str  # code2des/{id}/{attempt}/


class DiscoveryMessage(CamelModel):
    kind: Literal["discovery"] = "discovery"
    batch_item_id: str
    url: str
    max_pages: int
    artifact_prefix: str  # discovery/{batchItemId}/


WorkerMessage = Annotated[CaptureMessage | ConvertMessage | DiscoveryMessage, Field(discriminator="kind")]
worker_message_adapter: TypeAdapter[CaptureMessage | ConvertMessage | DiscoveryMessage] = TypeAdapter(WorkerMessage)

Outcome = Literal["succeeded", "failed"]


class PageImportWebhook(CamelRequest):
    page_import_id: str
    attempt: int
    nonce: str
    outcome: Outcome
    manifest_url: str


class Code2DesWebhook(CamelRequest):
    code2des_id: str
    attempt: int
    nonce: str
    outcome: Outcome
    manifest_url: str
    warning_count: int | None = Field(default=None, ge=0)
