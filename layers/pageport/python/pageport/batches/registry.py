"""The batch operation registry: one entry per operation, nothing else knows their types.

Each kind (`pageport.kinds.<kind>`) registers its `BatchOperation` from its `operation` module;
the batch tables, routes, request model (its `type` follows the registry), dispatcher, status
derivation and dead-letter consumer stay as they are. Nothing the registry imports imports it
(tests/test_import_cycles.py): the kinds' operations sit above it, their descriptors below.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from psycopg import sql
from pydantic import BaseModel

from pageport import kinds
from pageport.batches.status import ItemFacts
from pageport.db import Cursor
from pageport.errors import ValidationFailed, field_error
from pageport.services.tenancy import Scope

if TYPE_CHECKING:
    from pageport.storage import ArtifactStore

# What a cancelled item's child is failed with, and what a cancelled result reports.
CANCELLED_MESSAGE = "Cancelled before it finished."


@dataclass(frozen=True, slots=True)
class Prepared:
    """One item's child job id (None where the operation has no job table) and durable message
    (a model is stored as its JSON by alias)."""

    job_id: str | None
    message: Mapping[str, Any] | BaseModel


@dataclass(frozen=True, slots=True)
class Validated:
    """validate()'s verdict on each request, by its index in the input: normalized (canonical,
    JSON-ready) where valid, refused where not."""

    valid: dict[int, dict[str, Any]]
    errors: list[tuple[int, ValidationFailed]]


@dataclass(frozen=True, slots=True)
class ItemRef:
    id: str
    job_id: str | None
    message: Mapping[str, Any] | None


class BatchOperation(Protocol):
    # Above `type`, which would otherwise be read as the `type` of `type[...]`.
    @property
    def request_model(self) -> type[BaseModel]:
        """One entry of its batches' `requests`, as documented (docs/openapi.json); validate()
        decides what is accepted. Read-only, so an operation may name its own model's type."""
        ...

    type: str
    queue: str  # its worker queue's logical name (pageport.kinds.Kind.queue)
    message_kind: str  # the `kind` of its worker messages (the dead-letter consumer's key)

    def validate(self, raw: Sequence[Any], *, allow_private: bool) -> Validated:
        """Each request normalized or refused, with no database; ValidationFailed only for what
        is wrong with the list as a whole."""
        ...

    def refuse(
        self, cur: Cursor, scope: Scope, requests: Mapping[int, Mapping[str, Any]]
    ) -> list[tuple[int, ValidationFailed]]:
        """The refusals prepare() would raise from the database, for requests validate()
        accepted (by input index), asked ahead when other items already failed so one 422
        names them all. Reads only."""
        ...

    def prepare(
        self, cur: Cursor, scope: Scope, requests: Sequence[Mapping[str, Any]], item_ids: Sequence[str]
    ) -> list[Prepared]:
        """Child rows and messages for `requests`, in the caller's transaction, constant round trips."""
        ...

    def grouped_facts(self, cur: Cursor, batch_id: str) -> list[tuple[ItemFacts, int]]:
        """Every live item of the batch grouped by its facts, in a fixed number of queries."""
        ...

    def grouped_facts_sql(self, batch_id: sql.Composable) -> sql.Composable | None:
        """grouped_facts() as one query (columns cancelled, dispatch_failed, accepted,
        child_status, n) for the batch `batch_id` names, where the database alone holds the
        facts; None where it does not (a worker publishes them elsewhere). Qualify every
        column: it also runs inside batch_view_v1, whose result columns are variables there."""
        ...

    def child_statuses(self, cur: Cursor, items: Sequence[ItemRef], *, lock: bool = False) -> dict[str, str | None]:
        """Item id -> child status, for many items at once (`lock`: hold the child rows)."""
        ...

    def fail_children(self, cur: Cursor, items: Sequence[ItemRef], message: str, *, actor: str) -> set[str]:
        """Fail the items' still-processing children with a safe message (cancel). Returns the
        ids of the items that can no longer complete; one whose child finished meanwhile is not
        among them."""
        ...

    def announce_cancelled(self, items: Sequence[ItemRef]) -> None:
        """After a cancel has committed: tell the workers that these items' children, whose
        messages may already be queued, were cancelled, so none starts its work. Best effort."""
        ...

    def retryable(self, cur: Cursor, scope: Scope, requests: Sequence[Mapping[str, Any]]) -> list[bool]:
        """Whether each failed item's request can run again (its retry validation)."""
        ...

    def dead_letter(self, cur: Cursor, message: Mapping[str, Any], safe_message: str) -> bool:
        """Fail the message's job, fenced by attempt, nonce and processing state; idempotent.
        Returns whether anything changed."""
        ...


# How many requests a batch may hold, unless its operation says fewer (LimitsRequests).
MAX_BATCH_REQUESTS = 500


@runtime_checkable
class LimitsRequests(Protocol):
    """An operation whose batches hold at most `max_requests` requests (validate() enforces it;
    this says it in the documented schema)."""

    max_requests: int


def max_requests(op: BatchOperation) -> int:
    return op.max_requests if isinstance(op, LimitsRequests) else MAX_BATCH_REQUESTS


@dataclass(frozen=True, slots=True)
class PublishedResult:
    """What a worker published for a batch with no job table (page_discovery's pages)."""

    status: str
    pages: list[dict[str, Any]]
    truncated: bool
    error_message: str | None


@runtime_checkable
class PublishesResults(Protocol):
    """An operation whose worker publishes a result document that a route serves as is."""

    def published_result(self, cur: Cursor, batch_id: str, store: ArtifactStore) -> PublishedResult:
        """The batch's result as published, unless the item was cancelled or failed first."""
        ...


def indexed_errors(errors: Sequence[tuple[int, ValidationFailed]]) -> ValidationFailed:
    details: list[dict[str, Any]] = []
    for index, error in errors:
        for detail in error.details or [field_error([], error.message)]:
            details.append(field_error(["requests", index, *detail["loc"]], detail["msg"]))
    indices = ", ".join(str(index) for index, _ in errors[:20])
    return ValidationFailed(f"Invalid request(s) at index {indices}; nothing was stored.", details=details)


_REGISTRY: dict[str, BatchOperation] = {}


def register(operation: BatchOperation) -> BatchOperation:
    _REGISTRY[operation.type] = operation
    return operation


def load(*types: str) -> None:
    """Register the named kinds' operations (every kind's when none is named): each kind's
    `operation` module registers its entry on import, found by the kind's name, so a new kind is
    a new package under `pageport.kinds` and nothing else. What serves batches calls this at
    module level (batch_view, sweep, dead_letters; a create route for its own kind), so each
    function imports the entries it uses at INIT, never at its first request. (The operations
    import the registry: they sit above it, and are imported by name.)"""
    for name in types or kinds.names():
        if name not in _REGISTRY:
            importlib.import_module(f"{kinds.by_name(name).package}.operation")


def operation(type_: str) -> BatchOperation:
    if type_ not in _REGISTRY:
        load(type_)  # an unknown kind raises kinds.UnknownKind (a LookupError)
    return _REGISTRY[type_]


def operation_for_message_kind(kind: str) -> BatchOperation | None:
    found = next((k for k in kinds.all_kinds() if k.queue == kind), None)
    if found is not None:
        load(found.name)
    return next((op for op in _REGISTRY.values() if op.message_kind == kind), None)


def operations() -> list[BatchOperation]:
    load()
    return list(_REGISTRY.values())


def types() -> list[str]:
    """Every registered operation's type: what a batch's `type` may be."""
    load()
    return sorted(_REGISTRY)
