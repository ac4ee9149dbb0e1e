"""Hand-written capture.json documents (schema version 1) for converter tests."""

from __future__ import annotations

import hashlib
import io
import json
from typing import Any

from pageport.capture.schema import STYLE_DEFAULTS, TEXT_STYLE_PROPERTIES
from PIL import Image

_ids = iter(range(1, 1_000_000))


def box(x: float, y: float, w: float, h: float) -> dict[str, float]:
    return {"x": x, "y": y, "width": w, "height": h}


def el(
    tag: str,
    b: dict[str, float],
    styles: dict[str, str] | None = None,
    children: list[dict[str, Any]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    node_id = next(_ids)
    styles = dict(styles or {})
    styles.setdefault("display", "block")
    return {
        "kind": "element",
        "id": node_id,
        "tag": tag,
        "box": b,
        "styles": styles,
        "visible": extra.pop("visible", True),
        "paintOrder": extra.pop("paintOrder", node_id),
        "children": children or [],
        **extra,
    }


def text_styles(**overrides: str) -> dict[str, str]:
    styles = {name: STYLE_DEFAULTS.get(name, "") for name in TEXT_STYLE_PROPERTIES}
    styles.update(
        {
            "color": "rgb(17, 24, 39)",
            "font-family": "Inter, sans-serif",
            "font-size": "16px",
            "font-weight": "400",
            "line-height": "24px",
            "opacity": "1",
            "visibility": "visible",
        }
    )
    styles.update({k.replace("_", "-"): v for k, v in overrides.items()})
    return styles


def text(lines: list[tuple[str, dict[str, float]]], styles: dict[str, str] | None = None) -> dict[str, Any]:
    xs = [b["x"] for _, b in lines]
    ys = [b["y"] for _, b in lines]
    x1 = max(b["x"] + b["width"] for _, b in lines)
    y1 = max(b["y"] + b["height"] for _, b in lines)
    return {
        "kind": "text",
        "id": next(_ids),
        "text": "\n".join(t for t, _ in lines),
        "lineBoxes": [{**b, "text": t} for t, b in lines],
        "box": box(min(xs), min(ys), x1 - min(xs), y1 - min(ys)),
        "styles": styles or text_styles(),
    }


def png(w: int = 40, h: int = 20, color: tuple[int, int, int] = (200, 30, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (w, h), color).save(out, format="PNG")
    return out.getvalue()


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def capture(
    children: list[dict[str, Any]],
    *,
    width: float = 800,
    height: float = 600,
    assets: dict[str, bytes] | None = None,
    fonts: list[dict[str, Any]] | None = None,
    custom_properties: list[dict[str, Any]] | None = None,
) -> bytes:
    body = el("body", box(0, 0, width, height), {}, children)
    html = el("html", box(0, 0, width, height), {}, [body], paintOrder=0)
    doc = {
        "version": 1,
        "document": {
            "url": "https://example.test/",
            "requestedUrl": "https://example.test/",
            "title": "Test page",
            "viewport": {"width": width, "height": 600},
            "deviceScaleFactor": 1,
            "pageWidth": width,
            "pageHeight": height,
            "fullPageHeight": height,
            "scroll": {"x": 0, "y": 0},
            "backgroundColor": "rgb(255, 255, 255)",
            "screenshotSize": {"width": width, "height": height},
        },
        "root": html,
        "assets": {k: {"kind": "image", "mime": "image/png", "bytes": len(v)} for k, v in (assets or {}).items()},
        "fonts": fonts or [],
        "customProperties": custom_properties or [],
        "stats": {"elements": 0, "texts": 0},
    }
    return json.dumps(doc).encode()
