"""Domain views -> API bodies (the camelCase shapes of api.md)."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING

from pageport.batches.models import BatchCounts, BatchItemOut, BatchOut
from pageport.kinds.code2des.models import Code2DesOut, Code2DesRow
from pageport.kinds.page_discovery.models import DiscoveredPageOut, DiscoveryOut
from pageport.kinds.page_import.models import PageImportOut, PageImportRow, Viewport

if TYPE_CHECKING:
    from pageport.batches.registry import PublishedResult
    from pageport.batches.service import BatchView, ItemView


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


def discovery_out(view: PublishedResult) -> DiscoveryOut:
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


def page_import_out(row: PageImportRow) -> PageImportOut:
    return PageImportOut(
        page_import_id=row.id,
        project_id=row.project_id,
        organization_id=row.organization_id,
        source_kind=row.source_kind,
        source_url=row.source_url,
        viewport=Viewport(width=row.viewport_width, height=row.viewport_height),
        device_scale_factor=row.device_scale_factor,
        ready_selector=row.ready_selector,
        status=row.status,
        attempt=row.attempt,
        result_url=row.result_url,
        capture_hash=row.capture_hash,
        screenshot_url=row.screenshot_url,
        error_message=row.error_message,
        created_at=row.created_at,
        updated_at=row.updated_at,
        created_by=row.created_by,
        updated_by=row.updated_by,
    )


def code2des_out(row: Code2DesRow) -> Code2DesOut:
    return Code2DesOut(
        code2des_id=row.id,
        project_id=row.project_id,
        organization_id=row.organization_id,
        page_import_id=row.page_import_id,
        figma_file_key=row.figma_file_key,
        screen_id=row.screen_id,
        placement_target=row.placement_target,
        status=row.status,
        attempt=row.attempt,
        result_url=row.result_url,
        warning_count=row.warning_count,
        error_message=row.error_message,
        materialized_at=row.materialized_at,
        materialized_node_id=row.materialized_node_id,
        created_at=row.created_at,
        updated_at=row.updated_at,
        created_by=row.created_by,
        updated_by=row.updated_by,
    )
