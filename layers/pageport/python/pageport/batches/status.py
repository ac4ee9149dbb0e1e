"""Status derivation: the one place that turns dispatch metadata and child state into the
statuses and counts api.md describes. Nothing here is ever stored."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

ItemStatus = Literal["0", "1", "2", "3"]
PROCESSING: Final = "0"
COMPLETED: Final = "1"
FAILED: Final = "2"
CANCELLED: Final = "3"


@dataclass(frozen=True, slots=True)
class ItemFacts:
    """What is known of one item (or a group of identical items)."""

    cancelled: bool  # cancelled_at is set (only ever set before the item was terminal)
    dispatch_failed: bool  # error_message is set: dispatch failed terminally
    accepted: bool  # dispatched_at is set: SQS accepted the message
    child_status: str | None  # the child job's (or discovery's published) status; None: not known yet


def item_status(facts: ItemFacts) -> ItemStatus:
    if facts.cancelled:
        return CANCELLED
    if facts.dispatch_failed:
        return FAILED
    if facts.child_status == COMPLETED:
        return COMPLETED
    if facts.child_status == FAILED:
        return FAILED
    return PROCESSING


@dataclass(frozen=True, slots=True)
class Counts:
    total: int = 0
    processing: int = 0
    queued: int = 0
    running: int = 0
    completed: int = 0
    failed: int = 0
    cancelled: int = 0


def count(groups: Iterable[tuple[ItemFacts, int]]) -> Counts:
    totals = {"total": 0, "processing": 0, "queued": 0, "running": 0, "completed": 0, "failed": 0, "cancelled": 0}
    names = {PROCESSING: "processing", COMPLETED: "completed", FAILED: "failed", CANCELLED: "cancelled"}
    for facts, n in groups:
        status = item_status(facts)
        totals["total"] += n
        totals[names[status]] += n
        if status == PROCESSING:
            totals["running" if facts.accepted else "queued"] += n
    return Counts(**totals)


def batch_status(counts: Counts) -> ItemStatus:
    if counts.processing:
        return PROCESSING
    if counts.completed:
        return COMPLETED
    if counts.cancelled:
        return CANCELLED
    return FAILED
