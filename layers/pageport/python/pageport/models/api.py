"""Every API body of ../shared/api.md: requests (validated) and responses."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, ConfigDict, Field, StringConstraints, WithJsonSchema

from pageport.models.base import CamelModel, CamelRequest, UtcDatetime

Status = Literal["0", "1", "2"]
ItemStatus = Literal["0", "1", "2", "3"]


def _registered_batch_type(value: str) -> str:
    from pageport.batches import registry  # the registry is the one list of operations

    if value not in registry.types():
        raise ValueError(f"must be one of {', '.join(registry.types())}")
    return value


def _batch_type_schema(schema: dict[str, Any]) -> None:
    from pageport.batches import registry

    schema["enum"] = registry.types()


# Whatever the registry holds: adding an operation adds its type here too.
BatchType = Annotated[str, AfterValidator(_registered_batch_type), Field(json_schema_extra=_batch_type_schema)]
NonEmpty255 = Annotated[str, StringConstraints(min_length=1, max_length=255, strip_whitespace=True)]

CANONICAL_UUID = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"


def _canonical_uuid(value: str) -> str:
    # Stored and compared exactly as sent: another spelling would be another batch id.
    if re.fullmatch(CANONICAL_UUID, value) is None:
        raise ValueError(
            "must be a UUID in canonical form: lowercase hex digits and hyphens, 8-4-4-4-12 "
            "(e.g. 0192f8a4-7c3e-7a11-8f00-2b5c4d6e7f80)"
        )
    return value


ClientUuid = Annotated[
    str,
    AfterValidator(_canonical_uuid),
    Field(
        description="A UUID chosen by the client, in canonical lowercase hyphenated form",
        json_schema_extra={"format": "uuid", "pattern": CANONICAL_UUID},
    ),
]


class Viewport(CamelRequest):
    width: int = Field(ge=320, le=3840)
    height: int = Field(ge=240, le=4320)


class PageImportRequest(CamelRequest):
    """POST /projects/{projectId}/page-imports. `url` is normalized by the service."""

    url: str = Field(min_length=1, max_length=4096)
    viewport: Viewport
    device_scale_factor: float = Field(default=1, ge=1, le=3)
    ready_selector: str | None = Field(default=None, min_length=1, max_length=512)


class Code2DesRequest(CamelRequest):
    page_import_id: NonEmpty255
    figma_file_key: NonEmpty255
    screen_id: NonEmpty255
    placement_target: NonEmpty255 | None = None


class DiscoveryRequest(CamelRequest):
    url: str = Field(min_length=1, max_length=4096)
    max_pages: int = Field(default=50, ge=1, le=500)


class BatchCreateRequest(CamelRequest):
    id: ClientUuid
    type: BatchType
    # Each entry is validated by its operation (422 names the index), not here.
    requests: list[dict[str, Any]] = Field(min_length=1, max_length=500)


class BatchRetryRequest(CamelRequest):
    id: ClientUuid


class MaterializationRequest(CamelRequest):
    """What a first PUT …/materialization must send."""

    node_id: NonEmpty255


class MaterializationBody(CamelModel):
    """The first successful call needs `nodeId`; once a placement is stored, every later call
    gets it back unchanged, whatever it sends."""

    # Refuses nothing, so a later call never fails validation (api.md); the handler checks a
    # first call against MaterializationRequest.
    model_config = ConfigDict(extra="allow")

    node_id: Annotated[
        Any,
        WithJsonSchema(
            {
                "type": "string",
                "minLength": 1,
                "maxLength": 255,
                "description": "The Figma node the result was placed as; required on the first call, "
                "then ignored whatever its value",
            }
        ),
    ] = None


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


class Code2DesOut(CamelModel):
    code2des_id: str
    project_id: int
    organization_id: int
    page_import_id: str
    figma_file_key: str
    screen_id: str
    placement_target: str | None
    status: Status
    attempt: int
    result_url: str | None
    warning_count: int | None
    error_message: str | None
    materialized_at: UtcDatetime | None
    materialized_node_id: str | None
    created_at: UtcDatetime
    updated_at: UtcDatetime
    created_by: str
    updated_by: str


class Code2DesResultOut(CamelModel):
    code2des_id: str
    warning_count: int | None
    document: dict[str, Any] | None = Field(description="The Figma node tree; on image pages after the first, null")
    images: dict[str, str] = Field(description="Image hash -> base64 bytes, for the images on this page")
    next_cursor: str | None = Field(description="Present when more images remain: pass as ?cursor=")


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
