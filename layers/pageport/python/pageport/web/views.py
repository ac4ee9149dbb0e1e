"""Domain views -> API bodies (the camelCase shapes of api.md)."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from pageport.batches.models import BatchCounts, BatchItemOut, BatchOut
from pageport.kinds.code2des.models import Code2DesOut, Code2DesRow
from pageport.kinds.page_discovery.models import DiscoveredPageOut, DiscoveryOut
from pageport.kinds.page_import.models import PageImportOut, PageImportRow

if TYPE_CHECKING:
    from pageport.batches.registry import PublishedResult
    from pageport.batches.service import BatchView, ItemView

BodyT = TypeVar("BodyT", bound=BaseModel)


def _body(model: type[BodyT], source: object, **differing: Any) -> BodyT:
    """`model` with each field taken from `source`'s attribute of the same name, but for the
    fields in `differing` (named or shaped otherwise in api.md)."""
    same = {name: getattr(source, name) for name in model.model_fields if name not in differing}
    return model(**same, **differing)


def batch_out(view: BatchView) -> BatchOut:
    return _body(BatchOut, view, counts=BatchCounts(**asdict(view.counts)))


def item_out(view: ItemView) -> BatchItemOut:
    return _body(BatchItemOut, view)


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
    return _body(DiscoveryOut, view, pages=pages)


def page_import_out(row: PageImportRow) -> PageImportOut:
    return _body(PageImportOut, row, page_import_id=row.id)


def code2des_out(row: Code2DesRow) -> Code2DesOut:
    return _body(Code2DesOut, row, code2des_id=row.id)
