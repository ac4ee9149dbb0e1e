"""Preview renderer: draws a Figma node tree (REST API shapes) to a PNG with Pillow.

It renders any tree in those shapes, not only Pageport's: FRAME/GROUP/RECTANGLE/ELLIPSE/
TEXT/VECTOR nodes placed by `absoluteBoundingBox` (or plugin-style `x`/`y` relative to the
parent when a node has no bounding box), solid/gradient/image fills, strokes (uniform and per
side), corner radii, drop and inner shadows, opacity, blend modes, clipping, text runs, and SVG
markup carried in the `pageport.svg` extension. It is a preview and a fidelity yardstick, not
a Figma clone: text is laid out with the fonts installed here.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from pageport.render import _raster, _svg, _text

__all__ = ["TextBlock", "render_preview", "svg_rasterizer_available", "text_blocks"]

_MAX_PIXELS = 40_000_000  # a full-page preview larger than this is clipped at the bottom


def svg_rasterizer_available() -> bool:
    """Whether VECTOR nodes with SVG markup are rasterized (else their fills are drawn)."""
    return _svg.available()


@dataclass
class _Layer:
    image: Image.Image
    x: int  # canvas pixel of image's top-left
    y: int


@dataclass(frozen=True)
class _Shape:
    """What a node paints in: its canvas-pixel rectangle (x, y, w, h) and outline."""

    rect: tuple[int, int, int, int]
    radii: _raster.Radii
    ellipse: bool

    def mask(self) -> Image.Image:
        _, _, w, h = self.rect
        return _raster.shape_mask(w, h, self.radii, ellipse=self.ellipse)


@dataclass(frozen=True)
class _Box:
    x: float  # absolute (design) coordinates
    y: float
    w: float
    h: float


class _Renderer:
    def __init__(self, images: Mapping[str, bytes], scale: float, origin: tuple[float, float]):
        self.images = images
        self.scale = scale
        self.ox, self.oy = origin

    def px(self, box: _Box) -> tuple[int, int, int, int]:
        s = self.scale
        x0 = round((box.x - self.ox) * s)
        y0 = round((box.y - self.oy) * s)
        return x0, y0, round((box.x + box.w - self.ox) * s), round((box.y + box.h - self.oy) * s)

    # ------------------------------------------------------------------ tree

    def node(self, node: Mapping[str, Any], parent: _Box, dst: _Layer) -> None:
        if node.get("visible") is False:
            return
        box = _box(node, parent)
        opacity = float(node.get("opacity", 1.0))
        if opacity <= 0:
            return
        blend = str(node.get("blendMode", "PASS_THROUGH"))
        isolated = opacity < 1.0 or blend not in ("PASS_THROUGH", "NORMAL")
        if not isolated:
            self.content(node, box, dst)
            return
        x0, y0, x1, y1 = self.extent(node, box)
        x0, y0 = max(x0, dst.x), max(y0, dst.y)
        x1, y1 = min(x1, dst.x + dst.image.width), min(y1, dst.y + dst.image.height)
        if x1 <= x0 or y1 <= y0:
            return
        group = _Layer(Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0)), x0, y0)
        self.content(node, box, group)
        _raster.scale_alpha(group.image, opacity)
        _raster.composite(dst.image, (dst.x, dst.y), group.image, x0, y0, blend)

    def extent(self, node: Mapping[str, Any], box: _Box) -> tuple[int, int, int, int]:
        """Pixel bounds of everything the node paints (shadows, strokes, unclipped children)."""
        x0, y0, x1, y1 = self.px(box)
        grow = 0.0
        for eff in node.get("effects") or []:
            if eff.get("type") == "DROP_SHADOW" and eff.get("visible", True):
                off = eff.get("offset") or {}
                grow = max(
                    grow,
                    float(eff.get("radius", 0)) * 1.5
                    + abs(float(eff.get("spread", 0)))
                    + abs(float(off.get("x", 0)))
                    + abs(float(off.get("y", 0))),
                )
        grow += float(node.get("strokeWeight", 0) or 0)
        if node.get("type") == "TEXT":
            grow += float((node.get("style") or {}).get("fontSize", 14)) * 2
        g = math.ceil(grow * self.scale) + 2
        x0, y0, x1, y1 = x0 - g, y0 - g, x1 + g, y1 + g
        if not node.get("clipsContent"):
            for child in node.get("children") or []:
                if child.get("visible") is False:
                    continue
                cx0, cy0, cx1, cy1 = self.extent(child, _box(child, box))
                x0, y0, x1, y1 = min(x0, cx0), min(y0, cy0), max(x1, cx1), max(y1, cy1)
        return x0, y0, x1, y1

    def content(self, node: Mapping[str, Any], box: _Box, dst: _Layer) -> None:
        kind = node.get("type")
        x0, y0, x1, y1 = self.px(box)
        w, h = x1 - x0, y1 - y0
        if kind == "TEXT":
            self.text(node, (x0, y0, x1, y1), dst)
            return
        shape = _Shape((x0, y0, w, h), _radii(node, self.scale), ellipse=kind == "ELLIPSE")
        # GROUP nodes paint nothing themselves; BOOLEAN_OPERATION etc. are drawn as boxes.
        if kind != "GROUP" and w > 0 and h > 0:
            self.effects(node, "DROP_SHADOW", shape, dst)
            if kind == "VECTOR" and self.svg(node, shape.rect, dst):
                pass
            else:
                self.fills(node.get("fills"), shape, dst)
            self.effects(node, "INNER_SHADOW", shape, dst)
        children: Sequence[Mapping[str, Any]] = node.get("children") or []
        if children:
            if node.get("clipsContent") and kind != "GROUP":
                if w > 0 and h > 0:
                    clip = _Layer(Image.new("RGBA", (w, h), (0, 0, 0, 0)), x0, y0)
                    for child in children:
                        self.node(child, box, clip)
                    _raster.multiply_alpha(clip.image, shape.mask())
                    _raster.composite(dst.image, (dst.x, dst.y), clip.image, x0, y0)
            else:
                for child in children:
                    self.node(child, box, dst)
        if kind != "GROUP" and w > 0 and h > 0:
            self.strokes(node, shape, dst)

    # ------------------------------------------------------------------ painting

    def fills(self, paints: Sequence[Mapping[str, Any]] | None, shape: _Shape, dst: _Layer) -> None:
        x, y, w, h = shape.rect
        mask: Image.Image | None = None
        for paint in paints or []:
            img = _raster.paint_image(paint, w, h, self.images, self.scale)
            if img is None:
                continue
            if mask is None:
                mask = shape.mask()
            _raster.multiply_alpha(img, mask)
            _raster.composite(dst.image, (dst.x, dst.y), img, x, y, str(paint.get("blendMode", "NORMAL")))

    def strokes(self, node: Mapping[str, Any], shape: _Shape, dst: _Layer) -> None:
        paints = [p for p in node.get("strokes") or [] if p.get("visible", True)]
        if not paints:
            return
        x, y, w, h = shape.rect
        ind = node.get("individualStrokeWeights")
        if ind:
            weights = tuple(float(ind.get(k, 0)) * self.scale for k in ("top", "right", "bottom", "left"))
        else:
            weights = (float(node.get("strokeWeight", 1) or 0) * self.scale,) * 4
        if max(weights) <= 0:
            return
        band, pad = _raster.stroke_mask(
            w,
            h,
            shape.radii,
            weights,  # type: ignore[arg-type]
            str(node.get("strokeAlign", "INSIDE")),
            shape.ellipse,
        )
        for paint in paints:
            img = _raster.paint_image(paint, band.width, band.height, self.images, self.scale)
            if img is None:
                continue
            _raster.multiply_alpha(img, band)
            _raster.composite(dst.image, (dst.x, dst.y), img, x - pad, y - pad)

    def effects(self, node: Mapping[str, Any], kind: str, shape: _Shape, dst: _Layer) -> None:
        x, y, w, h = shape.rect
        for eff in node.get("effects") or []:
            if eff.get("type") != kind or eff.get("visible") is False:
                continue
            if kind == "DROP_SHADOW":
                img, dx, dy = _raster.drop_shadow(w, h, shape.radii, eff, self.scale, shape.ellipse)
                if not eff.get("showShadowBehindNode", False):
                    # Figma (like CSS) hides the shadow under the node's own shape.
                    hole = Image.new("L", img.size, 255)
                    hole.paste(0, (-dx, -dy), shape.mask())
                    _raster.multiply_alpha(img, hole)
                _raster.composite(dst.image, (dst.x, dst.y), img, x + dx, y + dy)
            else:
                img = _raster.inner_shadow(w, h, shape.radii, eff, self.scale, shape.ellipse)
                _raster.composite(dst.image, (dst.x, dst.y), img, x, y)

    def text(self, node: Mapping[str, Any], box: tuple[int, int, int, int], dst: _Layer) -> None:
        drawn = _text.draw_text(node, box, self.scale)
        if drawn is not None:
            img, x, y = drawn
            _raster.composite(dst.image, (dst.x, dst.y), img, x, y)

    def svg(self, node: Mapping[str, Any], rect: tuple[int, int, int, int], dst: _Layer) -> bool:
        markup = (node.get("pageport") or {}).get("svg") or node.get("svg")
        if not isinstance(markup, str) or not markup:
            return False
        x, y, w, h = rect
        img = _svg.rasterize(markup, w, h)
        if img is None:
            return False
        _raster.composite(dst.image, (dst.x, dst.y), img, x, y)
        return True


def _box(node: Mapping[str, Any], parent: _Box) -> _Box:
    bb = node.get("absoluteBoundingBox")
    if isinstance(bb, Mapping):
        return _Box(float(bb.get("x", 0)), float(bb.get("y", 0)), float(bb.get("width", 0)), float(bb.get("height", 0)))
    # Plugin-API style: x/y relative to the parent.
    return _Box(
        parent.x + float(node.get("x", 0)),
        parent.y + float(node.get("y", 0)),
        float(node.get("width", 0)),
        float(node.get("height", 0)),
    )


def _radii(node: Mapping[str, Any], scale: float) -> _raster.Radii:
    corners = node.get("rectangleCornerRadii")
    if isinstance(corners, Sequence) and len(corners) == 4:
        tl, tr, br, bl = (float(c) * scale for c in corners)
        return (tl, tr, br, bl)
    keys = ("topLeftRadius", "topRightRadius", "bottomRightRadius", "bottomLeftRadius")
    if any(k in node for k in keys):
        tl, tr, br, bl = (float(node.get(k, 0) or 0) * scale for k in keys)
        return (tl, tr, br, bl)
    r = float(node.get("cornerRadius", 0) or 0) * scale
    return (r, r, r, r)


@dataclass(frozen=True)
class TextBlock:
    """One laid-out line of a TEXT node, in canvas pixels (for text-fidelity scoring)."""

    text: str
    box: tuple[float, float, float, float]  # x0, y0, x1, y1
    color: tuple[int, int, int]


def _root(result: Mapping[str, Any]) -> Mapping[str, Any]:
    root: Mapping[str, Any] = result.get("document", result)
    if isinstance(root, Mapping) and root.get("type") in ("DOCUMENT", "CANVAS"):
        kids = root.get("children") or []
        root = kids[0] if kids else root
    return root


def text_blocks(result: Mapping[str, Any], *, scale: float = 1.0) -> list[TextBlock]:
    """Every visible TEXT node's lines, laid out exactly as render_preview draws them."""
    root = _root(result)
    origin = _box(root, _Box(0, 0, 0, 0))
    renderer = _Renderer({}, scale, (origin.x, origin.y))
    out: list[TextBlock] = []

    def walk(node: Mapping[str, Any], parent: _Box) -> None:
        if node.get("visible") is False or float(node.get("opacity", 1.0)) <= 0:
            return
        box = _box(node, parent)
        if node.get("type") == "TEXT":
            color = (
                _raster.first_solid(node.get("fills"))
                or _raster.first_solid((node.get("style") or {}).get("fills"))
                or (0, 0, 0, 255)
            )
            for text, rect in _text.text_lines(node, renderer.px(box), scale):
                out.append(TextBlock(text, rect, color[:3]))
        for child in node.get("children") or []:
            walk(child, box)

    walk(root, _Box(0, 0, 0, 0))
    return out


def render_preview(result: Mapping[str, Any], images: Mapping[str, bytes], *, scale: float = 1.0) -> bytes:
    """Render a result (`{"document": node, ...}`) or a bare node tree to PNG bytes.

    The canvas is the root node's bounding box, on white; `images` maps imageRef -> bytes.
    """
    root = _root(result)
    origin = _box(root, _Box(0, 0, 0, 0))
    width = max(1, round(origin.w * scale))
    height = max(1, min(round(origin.h * scale), _MAX_PIXELS // width))
    canvas = _Layer(Image.new("RGBA", (width, height), (255, 255, 255, 255)), 0, 0)
    renderer = _Renderer(images, scale, (origin.x, origin.y))
    renderer.node(root, _Box(0, 0, 0, 0), canvas)
    out = io.BytesIO()
    canvas.image.convert("RGB").save(out, format="PNG")
    return out.getvalue()
