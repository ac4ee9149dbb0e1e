"""The capture's asset files: the images, canvases and fonts the walked tree references,
stored once by SHA-256 within the per-asset and total byte caps."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

from pageport.capture.contract import CaptureLimits
from pageport.capture.mime import decode_data_url
from pageport.capture.network import Network, fetch_bytes
from pageport.capture.stylesheets import font_sources_from_stylesheets


def image_refs(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every ImageRef dict in the walked tree, in document order."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield from n.get("images", ())
        for pseudo in (n.get("pseudo") or {}).values():
            yield from pseudo.get("images", ())
        if (marker := n.get("marker")) and marker.get("image"):
            yield marker["image"]
        stack.extend(reversed(n.get("children", ())))


@dataclass
class Assets:
    """Asset files by SHA-256 within the per-asset and total byte caps."""

    limits: CaptureLimits
    warnings: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    info: dict[str, dict[str, Any]] = field(default_factory=dict)
    total: int = 0

    def add(self, data: bytes, *, kind: str, mime: str, url: str | None, **extra: Any) -> str | None:
        label = url if url and not url.startswith("data:") else f"{kind} ({mime})"
        if len(data) > self.limits.max_asset_bytes:
            self.warnings.append(
                f"asset {label} skipped: {len(data)} bytes exceeds the {self.limits.max_asset_bytes} byte limit"
            )
            return None
        digest = hashlib.sha256(data).hexdigest()
        if digest in self.files:
            return digest
        if self.total + len(data) > self.limits.max_total_asset_bytes:
            self.warnings.append(
                f"asset {label} skipped: total asset bytes would exceed {self.limits.max_total_asset_bytes}"
            )
            return None
        self.files[digest] = data
        self.total += len(data)
        kind = "svg" if kind == "image" and mime == "image/svg+xml" else kind
        stored_url = None if url is None or url.startswith("data:") else url
        self.info[digest] = {
            "kind": kind,
            "mime": mime,
            "bytes": len(data),
            "url": stored_url,
            **{k: v for k, v in extra.items() if v is not None},
        }
        return digest


def collect_assets(
    page: Page, net: Network, walked: dict[str, Any], limits: CaptureLimits, warnings: list[str]
) -> tuple[Assets, list[dict[str, Any]]]:
    """Store the images, canvases and fonts the tree references; fill in their sha256."""
    assets = Assets(limits, warnings)
    refs = list(image_refs(walked["root"]))
    fonts: list[dict[str, Any]] = walked["fonts"]
    if any(not f["srcUrls"] for f in fonts):
        sheet_sources = font_sources_from_stylesheets(net.stylesheets)
        for face in fonts:
            if not face["srcUrls"]:
                face["srcUrls"] = sheet_sources.get(face["family"].lower(), [])
    # The face's first src the browser actually loaded (or a data: URL).
    font_urls: dict[int, str] = {}
    for i, face in enumerate(fonts):
        for url in face["srcUrls"]:
            if url in net.responses or url.startswith("data:"):
                font_urls[i] = url
                break

    wanted = list(dict.fromkeys([r["url"] for r in refs if r.get("url")] + list(font_urls.values())))
    fetched = fetch_bytes(page, net, wanted, limits, warnings)
    by_url: dict[str, str | None] = {}
    for ref in refs:
        key = ref.pop("canvasKey", None)
        if key is not None:
            decoded = decode_data_url(walked["canvases"].get(key, ""))
            ref["sha256"] = decoded and assets.add(
                decoded[0],
                kind="canvas",
                mime="image/png",
                url=None,
                width=ref.get("naturalWidth"),
                height=ref.get("naturalHeight"),
            )
            continue
        url = ref["url"]
        if url not in by_url:
            data = fetched.get(url)
            by_url[url] = data and assets.add(
                data[0],
                kind="image",
                mime=data[1],
                url=url,
                width=ref.get("naturalWidth"),
                height=ref.get("naturalHeight"),
            )
        ref["sha256"] = by_url[url]
        if url.startswith("data:"):
            ref["url"] = None  # the bytes are in assets; keep capture.json small
    faces: list[dict[str, Any]] = []
    for i, face in enumerate(fonts):
        url = font_urls.get(i)
        data = fetched.get(url) if url else None
        sha = data and assets.add(data[0], kind="font", mime=data[1], url=url, family=face["family"])
        faces.append(
            {
                "family": face["family"],
                "weight": face["weight"],
                "style": face["style"],
                "stretch": face["stretch"],
                "unicodeRange": face["unicodeRange"],
                "url": None if url is None or url.startswith("data:") else url,
                "sha256": sha,
                "status": face["status"],
            }
        )
    return assets, faces
