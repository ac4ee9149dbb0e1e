"""The batch API bodies (api.md, "Page batches"): a batch's `type` is whatever the registry holds."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import AfterValidator, Field, TypeAdapter, create_model

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
    """Validated as `type`, then each entry by its operation (one 422 naming every bad index, in
    the operation's terms); documented as `documented_batch_union()` (devstack/openapi.py).
    Validating as that union would word and locate the errors differently."""

    id: ClientUuid
    type: BatchType
    # Each entry is validated by its operation (422 names the index), not here.
    requests: list[dict[str, Any]] = Field(min_length=1, max_length=registry.MAX_BATCH_REQUESTS)


def _variant(op: registry.BatchOperation) -> type[CamelRequest]:
    name = "".join(part.title() for part in op.type.split("_")) + "BatchCreateRequest"
    # Made at run time from the registry: the type checker sees these forms as values.
    tag: Any = Literal[op.type]
    entries: Any = list[op.request_model]  # type: ignore[name-defined]
    return create_model(
        name,
        __base__=CamelRequest,
        __doc__=f"A `{op.type}` batch: each request is validated like a single `{op.type}` request.",
        id=(ClientUuid, ...),
        type=(tag, ...),
        requests=(entries, Field(min_length=1, max_length=registry.max_requests(op))),
    )


def documented_batch_union() -> TypeAdapter[Any]:
    """One body per registered operation, told apart by `type`: a new kind's appears by itself.
    Built when asked (only documentation asks), from the registry as it is then."""
    variants = tuple(_variant(op) for op in sorted(registry.operations(), key=lambda op: op.type))
    union: Any = Annotated[Union[variants], Field(discriminator="type")]  # noqa: UP007
    return TypeAdapter(union)


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
