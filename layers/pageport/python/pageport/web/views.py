"""Domain views -> API bodies (the camelCase shapes of api.md)."""

from __future__ import annotations

from dataclasses import asdict

from pageport.batches.service import BatchView, DiscoveryView, ItemView
from pageport.models.api import BatchCounts, BatchItemOut, BatchOut, DiscoveredPageOut, DiscoveryOut


def batch_out(view: BatchView) -> BatchOut:
    return BatchOut(
        id=view.id,
        project_id=view.project_id,
        type=view.type,
        status=view.status,
        counts=BatchCounts(**asdict(view.counts)),
        request_hash=view.request_hash,
        retry_of=view.retry_of,
        created_at=view.created_at,
        updated_at=view.updated_at,
        created_by=view.created_by,
    )


def item_out(view: ItemView) -> BatchItemOut:
    return BatchItemOut(
        id=view.id,
        position=view.position,
        status=view.status,
        job_id=view.job_id,
        request=view.request,
        error_message=view.error_message,
        dispatched_at=view.dispatched_at,
        cancelled_at=view.cancelled_at,
    )


def discovery_out(view: DiscoveryView) -> DiscoveryOut:
    return DiscoveryOut(
        status=view.status,
        pages=[
            DiscoveredPageOut(
                url=p.get("url", ""),
                title=p.get("title"),
                description=p.get("description"),
                depth=int(p.get("depth", 0)),
            )
            for p in view.pages
        ],
        truncated=view.truncated,
        error_message=view.error_message,
    )
