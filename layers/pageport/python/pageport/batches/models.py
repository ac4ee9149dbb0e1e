"""The batch API bodies (api.md, "Page batches"): a batch's `type` is whatever the registry holds."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, Field

from pageport.batches import registry
from pageport.models.api import ClientUuid, ItemStatus
from pageport.models.base import CamelModel, CamelRequest, UtcDatetime


def _registered_batch_type(value: str) -> str:
    if value not in registry.types():
        raise ValueError(f"must be one of {', '.join(registry.types())}")
    return value


def _batch_type_schema(schema: dict[str, Any]) -> None:
    schema["enum"] = registry.types()


# Whatever the registry holds: adding an operation adds its type here too.
BatchType = Annotated[str, AfterValidator(_registered_batch_type), Field(json_schema_extra=_batch_type_schema)]


class BatchCreateRequest(CamelRequest):
    id: ClientUuid
    type: BatchType
    # Each entry is validated by its operation (422 names the index), not here.
    requests: list[dict[str, Any]] = Field(min_length=1, max_length=500)


class BatchRetryRequest(CamelRequest):
    id: ClientUuid


class BatchCounts(CamelModel):
    total: int
    processing: int
    queued: int
    running: int
    completed: int
    failed: int
    cancelled: int


class BatchOut(CamelModel):
    id: str
    project_id: int
    type: BatchType
    status: ItemStatus
    counts: BatchCounts
    request_hash: str
    retry_of: str | None
    created_at: UtcDatetime
    updated_at: UtcDatetime
    created_by: str


class BatchItemOut(CamelModel):
    id: str
    position: int
    status: ItemStatus
    job_id: str | None
    request: dict[str, Any]
    error_message: str | None
    dispatched_at: UtcDatetime | None
    cancelled_at: UtcDatetime | None


class BatchItemsPage(CamelModel):
    items: list[BatchItemOut]
    next_cursor: str | None
