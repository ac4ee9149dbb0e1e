"""Designs on disk and in Figma: a Code2Des's result and preview written to a folder (for
`pageport import`, and for every page of `pageport batch --convert`), and the line that tells
the user how to open the work in the Figma plugin."""

from __future__ import annotations

import base64
import json
import re
import uuid
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from devstack.client import Api
from devstack.commands import COMPLETED
from devstack.progress import Progress


def open_in_figma_line(kind: str, job_id: str) -> str:
    """What the plugin's Jobs → Open takes (shared/references.ts reads `kind/id` in any text)."""
    return f"Open in Figma: Pageport plugin → Jobs → Open, paste  {kind}/{job_id}"


def fetch_result(api: Api, project: int, code2des_id: str) -> dict[str, Any]:
    """GET .../result with every image page merged (nextCursor followed): the JSON the plugin
    works from, `images` holding every image (base64) the node tree references."""
    from devstack.commands import CommandFailed

    merged: dict[str, Any] | None = None
    cursor: str | None = None
    while True:
        page = api.get(f"/projects/{project}/code2des/{code2des_id}/result", {"cursor": cursor} if cursor else None)
        if merged is None:
            merged = dict(page)
            merged["images"] = {}
        merged["images"].update(page.get("images") or {})
        cursor = page.get("nextCursor")
        if not cursor:
            break
    merged["nextCursor"] = None
    if not isinstance(merged.get("document"), dict):
        raise CommandFailed("the result has no document")
    return merged


def write_design(api: Api, project: int, code2des_id: str, folder: Path, progress: Progress) -> Path:
    """result.json and preview.png of one conversion in `folder`; its warnings shown."""
    result = fetch_result(api, project, code2des_id)
    show_warnings(result["document"].get("warnings") or [], progress)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "result.json").write_text(json.dumps(result), encoding="utf-8")
    progress.update("rendering the preview")
    from pageport.render import render_preview

    images = {key: base64.b64decode(value) for key, value in result["images"].items()}
    (folder / "preview.png").write_bytes(render_preview(result["document"], images))
    progress.done(f"wrote {folder / 'result.json'} and {folder / 'preview.png'}")
    return folder


def show_warnings(warnings: Sequence[str], progress: Progress, limit: int = 10) -> None:
    """What the design could not express exactly, so the user knows where to look in Figma."""
    for warning in warnings[:limit]:
        progress.done(f"  warning: {warning}")
    if len(warnings) > limit:
        progress.done(f"  … and {len(warnings) - limit} more warnings (all in result.json)")


def batch_items(api: Api, project: int, batch_id: str) -> Iterator[Mapping[str, Any]]:
    """Every item of a batch, in position order (nextCursor followed)."""
    cursor: str | None = None
    while True:
        query = {"limit": "500", **({"cursor": cursor} if cursor else {})}
        page = api.get(f"/projects/{project}/page-batches/{batch_id}/items", query)
        yield from page["items"]
        cursor = page.get("nextCursor")
        if not cursor:
            return


def run_convert_batch(
    api: Api,
    project: int,
    captures: Mapping[str, Any],
    *,
    out: Path,
    figma_file_key: str,
    options: dict[str, bool] | None,
    timeout_s: float,
    progress: Progress,
) -> Mapping[str, Any] | None:
    """One `code2des` batch of a finished `page_import` batch's completed captures, followed to
    the end; each completed design written to `out/<position>-<page>/`. None when no capture
    completed (nothing to convert)."""
    from devstack.commands import Viewport, follow_batch, screen_id_for

    completed = [item for item in batch_items(api, project, captures["id"]) if item["status"] == COMPLETED]
    if not completed:
        progress.done("no page was captured, so there is nothing to convert")
        return None
    requests = []
    for item in completed:
        request = item["request"]
        viewport = Viewport(request["viewport"]["width"], request["viewport"]["height"])
        conversion: dict[str, Any] = {
            "pageImportId": item["jobId"],
            "figmaFileKey": figma_file_key,
            "screenId": screen_id_for(request["url"], viewport),
        }
        if options is not None:
            conversion["options"] = options
        requests.append(conversion)
    batch_id = str(uuid.uuid4())
    api.post(
        f"/projects/{project}/page-batches",
        {"id": batch_id, "type": "code2des", "requests": requests},
        idempotent=True,  # the batch id
    )
    progress.done(f"batch {batch_id}: {len(requests)} conversions to Figma designs")
    designs = follow_batch(api, project, batch_id, timeout_s=timeout_s, progress=progress)
    for item in batch_items(api, project, batch_id):
        if item["status"] == COMPLETED and item["jobId"]:
            source = completed[item["position"]]["request"]["url"]
            write_design(api, project, item["jobId"], out / _folder_name(item["position"], source), progress)
    progress.done(open_in_figma_line("page-batches", batch_id))
    return designs


def _folder_name(position: int, url: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", re.sub(r"^https?://", "", url.lower())).strip("-")[:80] or "page"
    return f"{position + 1:03d}-{slug}"
