"""Batch views -> API bodies (the camelCase shapes of api.md). A job's body is made next to its
model (`pageport.kinds.<kind>.models`), so a kind's routes load no other kind's models."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING

from pageport.batches.models import BatchCounts, BatchItemOut, BatchOut
from pageport.kinds.page_discovery.models import DiscoveredPageOut, DiscoveryOut

if TYPE_CHECKING:
    from pageport.batches.registry import PublishedResult
    from pageport.batches.service import BatchView, ItemView


def batch_out(view: BatchView) -> BatchOut:
    return BatchOut.of(view, counts=BatchCounts(**asdict(view.counts)))


def item_out(view: ItemView) -> BatchItemOut:
    return BatchItemOut.of(view)


def discovery_out(view: PublishedResult) -> DiscoveryOut:
    pages = [
        DiscoveredPageOut(
            url=p.get("url", ""),
            title=p.get("title"),
            description=p.get("description"),
            depth=int(p.get("depth", 0)),
        )
        for p in view.pages
    ]
    return DiscoveryOut.of(view, pages=pages)
