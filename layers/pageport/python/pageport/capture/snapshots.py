"""Elements the converter cannot draw as nodes, captured as an image of their pixels.

A rotated or skewed box, one cut by ``clip-path`` or ``mask-image``, a cross-origin
``<iframe>``, a ``<video>`` without a poster (the motion step left it at its first frame) and a
canvas whose pixels cannot be read would be drawn wrong or not at all; instead the converter
places an image of what the page showed there. The pixels are cropped from the full-page
screenshot, which is an element screenshot taken at the same instant (Playwright's element
screenshot is a clip of the page too, but would scroll, and so re-trigger scroll effects).
The crop covers the element and its descendants' boxes, so content overflowing it is kept.

Text in an image can be neither edited nor found, so a transformed, clipped or masked box
keeps its nodes (drawn as before, with the converter's warning) when it holds more than
CaptureLimits.max_snapshot_text characters (a rotated badge becomes an image, a hero section
cut by clip-path stays editable), and a box only scaled keeps them whenever it holds text
(drawn nearly right: the glyphs are unscaled). Snapshots are bounded in number and in total
area (CaptureLimits); one over a bound is left to the converter's usual drawing, with a
warning.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Iterator, Mapping
from typing import Any

from PIL import Image

from pageport.capture.assets import Assets
from pageport.capture.contract import CaptureLimits

_MATRIX_RE = re.compile(r"matrix(3d)?\(([^)]*)\)")
_IDENTITY_3D = (1.0, 0, 0, 0, 0, 1.0, 0, 0, 0, 0, 1.0, 0)  # m11..m34; m41..m43 translate


def transform_kind(value: str) -> str:
    """'none', 'translate', 'scale' (and translate) or 'other' (rotation, skew, 3D)."""
    if value in ("none", ""):
        return "none"
    m = _MATRIX_RE.fullmatch(value.strip())
    if not m:
        return "other"
    try:
        v = [float(x) for x in m.group(2).split(",")]
    except ValueError:
        return "other"
    if m.group(1):
        if len(v) != 16 or any(not math.isclose(a, b, abs_tol=1e-9) for a, b in zip(v[:12], _IDENTITY_3D, strict=True)):
            return "other"
        return "translate" if math.isclose(v[15], 1) else "other"
    if len(v) != 6:
        return "other"
    a, b, c, d = v[:4]
    if b != 0 or c != 0:
        return "other"
    return "translate" if math.isclose(a, 1) and math.isclose(d, 1) else "scale"


def _text_chars(node: dict[str, Any]) -> int:
    """Characters of text (generated content included) in the element's subtree."""
    count = sum(len((p or {}).get("content", "").strip()) for p in (node.get("pseudo") or {}).values())
    for child in node.get("children", ()):
        count += len(child["text"].strip()) if child["kind"] == "text" else _text_chars(child)
    return count


def _blank(data: bytes | None) -> bool:
    """Pixels that read back fully transparent (or none at all)."""
    if not data:
        return True
    with Image.open(io.BytesIO(data)) as img:
        return img.mode in ("RGBA", "LA") and img.getchannel("A").getextrema() == (0, 0)


def reason(node: dict[str, Any], files: Mapping[str, bytes], max_text: int) -> str | None:
    """Why the element must be an image of its pixels, or None when nodes can draw it.
    `files`: the stored assets (a canvas's read-back pixels are judged by them); `max_text`:
    the most characters of text a transformed, clipped or masked box may hold to be imaged."""
    tag, styles = node["tag"], node["styles"]
    own = [i for i in node.get("images", ()) if i["source"] in ("poster", "canvas")]
    if tag == "iframe" and not node.get("frame"):
        return "cross-origin iframe"
    if tag == "video" and not own:
        return "video without a poster (its first frame)"
    if tag == "canvas" and not own:
        return "canvas with unreadable pixels"
    if tag == "canvas" and _blank(files.get(own[0].get("sha256") or "")):
        # A WebGL canvas without preserveDrawingBuffer reads back empty once presented; the
        # screenshot has what it showed (for a canvas never drawn: what is behind it).
        return "canvas whose pixels read back empty (WebGL)"
    transform = styles.get("transform", "none")
    kind = transform_kind(transform)
    effects = [p for p in ("clip-path", "mask-image") if styles.get(p, "none") != "none"]
    if kind in ("none", "translate") and not effects:
        return None  # the common case: no text to count
    chars = _text_chars(node)
    if kind == "other" or (kind == "scale" and not chars):
        return f"transform {transform}" if chars <= max_text else None
    for prop in effects:
        if chars <= max_text:
            return prop
    return None


def _candidates(
    node: dict[str, Any], files: Mapping[str, bytes], max_text: int
) -> Iterator[tuple[dict[str, Any], str]]:
    """Elements needing a snapshot, outermost first (a snapshot holds its subtree)."""
    styles = node["styles"]
    if styles.get("opacity") == "0" or styles.get("visibility", "visible") != "visible":
        return  # shows nothing of its own (hidden menus and dialogs are often transformed)
    why = reason(node, files, max_text)
    if why is not None:
        yield node, why
        return
    for child in node.get("children", ()):
        if child["kind"] == "element":
            yield from _candidates(child, files, max_text)


def _extent(node: dict[str, Any]) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the element's box and its descendants' boxes."""
    b = node["box"]
    x0, y0, x1, y1 = b["x"], b["y"], b["x"] + b["width"], b["y"] + b["height"]
    for child in node.get("children", ()):
        if child["kind"] == "text":
            cb = child["box"]
            cx0, cy0, cx1, cy1 = cb["x"], cb["y"], cb["x"] + cb["width"], cb["y"] + cb["height"]
        else:
            cx0, cy0, cx1, cy1 = _extent(child)
        x0, y0, x1, y1 = min(x0, cx0), min(y0, cy0), max(x1, cx1), max(y1, cy1)
    return x0, y0, x1, y1


def attach_snapshots(
    root: dict[str, Any],
    png: bytes,
    scale: float,
    page: tuple[float, float],
    assets: Assets,
    limits: CaptureLimits,
    warnings: list[str],
) -> int:
    """Crop each candidate's pixels from the screenshot `png` (device px at `scale`) into
    `assets` and add a 'snapshot' ImageRef to it; returns how many were taken."""
    found = list(_candidates(root, assets.files, limits.max_snapshot_text))
    if not found:
        return 0
    shot = Image.open(io.BytesIO(png))
    shot.load()
    taken, area = 0, 0
    for node, why in found:
        x0, y0, x1, y1 = _extent(node)
        x0, y0 = max(0.0, x0), max(0.0, y0)
        x1, y1 = min(page[0], x1), min(page[1], y1)
        if x1 - x0 < 1 or y1 - y0 < 1:
            continue  # nothing on the page to show
        crop = (round(x0 * scale), round(y0 * scale), round(x1 * scale), round(y1 * scale))
        pixels = (crop[2] - crop[0]) * (crop[3] - crop[1])
        label = f"<{node['tag']}> #{node['id']} ({why})"
        if taken >= limits.max_snapshots or area + pixels > limits.max_snapshot_pixels:
            warnings.append(f"{label} not captured as an image: over the limit of element images")
            continue
        out = io.BytesIO()
        shot.crop(crop).save(out, format="PNG")
        sha = assets.add(out.getvalue(), kind="snapshot", mime="image/png", url=None)
        if sha is None:
            continue
        taken, area = taken + 1, area + pixels
        box = {"x": round(x0, 2), "y": round(y0, 2), "width": round(x1 - x0, 2), "height": round(y1 - y0, 2)}
        ref: dict[str, Any] = {"source": "snapshot", "sha256": sha, "box": box, "reason": why}
        ref |= {"naturalWidth": box["width"], "naturalHeight": box["height"]}
        node.setdefault("images", []).append(ref)
        # The walk said this element's content was lost; its pixels are kept after all.
        lost = (f"iframe #{node['id']} ", f"canvas #{node['id']} ")
        warnings[:] = [w for w in warnings if not w.startswith(lost)]
    return taken
