"""capture.json -> Figma node tree (REST API shapes), deterministic.

One pass over the captured flat tree. Each rendered element becomes a FRAME (a RECTANGLE for
replaced content such as <img>, a VECTOR carrying markup for inline SVG), inline content
becomes TEXT nodes with style runs, and children are ordered by the capture's paint order.
Whatever cannot be expressed exactly is recorded as one warning.
"""

from __future__ import annotations

import hashlib
import json
import math
import operator
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pageport.capture.schema import (
    STYLE_DEFAULTS,
    Box,
    CaptureDocument,
    ElementNode,
    ImageRef,
    LineBox,
    PseudoElement,
    TextNode,
)
from pageport.convert import css, images, layout, naming
from pageport.convert.css import round_to
from pageport.convert.figma import (
    RGBA,
    BlendMode,
    Effect,
    Node,
    Paint,
    Rectangle,
    TypeStyle,
)
from pageport.convert.fonts import FontResolver
from pageport.convert.text import (
    Line,
    Segment,
    StyleBuilder,
    cluster_lines,
    join_lines,
    line_height,
    style_diff,
    text_align,
)

RESULT_VERSION = 1
StyleGet = Callable[[str], str | None]

_BLEND: dict[str, BlendMode] = {
    "multiply": "MULTIPLY",
    "screen": "SCREEN",
    "overlay": "OVERLAY",
    "darken": "DARKEN",
    "lighten": "LIGHTEN",
    "color-dodge": "COLOR_DODGE",
    "color-burn": "COLOR_BURN",
    "hard-light": "HARD_LIGHT",
    "soft-light": "SOFT_LIGHT",
    "difference": "DIFFERENCE",
    "exclusion": "EXCLUSION",
    "hue": "HUE",
    "saturation": "SATURATION",
    "color": "COLOR",
    "luminosity": "LUMINOSITY",
    "plus-lighter": "LINEAR_DODGE",
}
_REPLACED = {
    "img",
    "video",
    "canvas",
    "iframe",
    "object",
    "embed",
    "input",
    "textarea",
    "select",
    "svg",
    "picture",
    "meter",
    "progress",
}
_NEVER = {
    "script",
    "style",
    "template",
    "head",
    "noscript",
    "title",
    "meta",
    "link",
    "source",
    "track",
    "area",
    "map",
    "param",
    "datalist",
    "option",
    "optgroup",
}
_CLIPPING = {"hidden", "clip", "auto", "scroll"}
# Property names per side/corner, spelled once rather than formatted for every element.
_SIDES = ("top", "right", "bottom", "left")
_BORDER_STYLE = tuple(f"border-{s}-style" for s in _SIDES)
_BORDER_WIDTH = tuple(f"border-{s}-width" for s in _SIDES)
_BORDER_COLOR = tuple(f"border-{s}-color" for s in _SIDES)
_PADDING = tuple(f"padding-{s}" for s in _SIDES)
_BORDER_PADDING = tuple(zip(_BORDER_WIDTH, _PADDING, strict=True))
_CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
_RADIUS = tuple(f"border-{c}-radius" for c in _CORNERS)
_NO_BORDER = ("none", "hidden")
# Values for which a side draws nothing / a corner is square (None and "" read as the default).
_UNDRAWN_STYLES = frozenset({"none", "hidden", "", None})
_SQUARE_RADII = frozenset({"0px", "", None})
_NONE_VALUES = frozenset({"none", "", None})
_FLEX = ("flex", "inline-flex")
_BY_ORDER = operator.attrgetter("order")
_RARE_EFFECTS = ("filter", "backdrop-filter", "clip-path", "mask-image")
_BLUR_RE = re.compile(r"blur\(([\d.]+)px\)")
_MATRIX_RE = re.compile(r"matrix\(([^)]*)\)")
_SVG_TAG_RE = re.compile(r"<svg\b[^>]*>", flags=re.I)
_SIZE_ATTR_RE = re.compile(r'\s(width|height)="[^"]*"')
_CURRENTCOLOR_RE = re.compile(r"currentcolor", flags=re.I)
# A repeated SVG background becomes one VECTOR per tile up to this many (each carries the
# whole markup); beyond it one tile is drawn, with a warning.
MAX_SVG_TILES = 100


class ConversionOutOfTime(Exception):
    """The conversion passed its deadline."""


@dataclass
class Conversion:
    """The converter's output: result.json bytes and the images it references."""

    result_json: bytes
    images: dict[str, bytes]
    warning_count: int
    warnings: list[str]


def _getter(styles: Mapping[str, str]) -> StyleGet:
    """styles.get with STYLE_DEFAULTS filled in (ElementNode.style's semantics).

    One merged dict per element makes each of the ~50 lookups per element a bare dict.get
    instead of a Python call doing two lookups (the converter's most frequent call). It lives
    as long as the element is being converted (kept for the whole run, 20k of them would
    weigh tens of MB).
    """
    return {**STYLE_DEFAULTS, **styles}.get


def _r(v: float) -> float:
    # `or` maps both 0.0 and -0.0 to 0.0 (so "-0.0" never reaches the JSON).
    return round_to(v, 2) or 0.0


def _rect(box: Box | LineBox) -> Rectangle:
    w, h = box.width, box.height
    return {
        "x": round_to(box.x, 2) or 0.0,
        "y": round_to(box.y, 2) or 0.0,
        "width": round_to(0.0 if w < 0.0 else w, 2) or 0.0,  # max(w, 0.0), inlined
        "height": round_to(0.0 if h < 0.0 else h, 2) or 0.0,
    }


@dataclass
class _Item:
    node: Node
    order: float
    in_flow: bool = True


@dataclass
class _Converter:
    doc: CaptureDocument
    assets: Mapping[str, bytes]
    deadline: float | None = None  # a `clock()` value: checked per element, text run and pseudo-element
    clock: Callable[[], float] = time.monotonic
    warnings: list[str] = field(default_factory=list)
    images: dict[str, dict[str, Any]] = field(default_factory=dict)
    carried: dict[str, bytes] = field(default_factory=dict)  # by the SHA-256 of these bytes
    # Source asset SHA-256 -> (carried SHA-256, pixel width, height), None if not drawable.
    _formats: dict[str, tuple[str, int, int] | None] = field(default_factory=dict)
    hoisted: list[_Item] = field(default_factory=list)
    _where: str = "page"
    # Memo of _inline_text, keyed by id() (the doc keeps every element alive for the run).
    _inline: dict[int, bool] = field(default_factory=dict)

    def __post_init__(self) -> None:
        web = [f.family for f in self.doc.fonts if f.url and f.status == "loaded"]
        self.fonts = FontResolver(web)
        self.text_styles = StyleBuilder(self._resolve_family, self.warn)

    # ------------------------------------------------------------------ bookkeeping

    def warn(self, what: str) -> None:
        self.warnings.append(f"{self._where}: {what}")

    def _resolve_family(self, family: str) -> tuple[str, str | None]:
        used, replaced = self.fonts.resolve(family)
        return used, replaced

    # ------------------------------------------------------------------ entry

    def run(self) -> Node:
        info = self.doc.document
        root: Node = {
            "id": "",
            "name": naming.clip(info.title) or "Page",
            "type": "FRAME",
            "absoluteBoundingBox": {"x": 0.0, "y": 0.0, "width": _r(info.page_width), "height": _r(info.page_height)},
            "blendMode": "PASS_THROUGH",
            "clipsContent": True,
            "fills": [],
            "strokes": [],
            "effects": [],
            "children": [],
        }
        bg = css.parse_color(info.background_color)
        if bg and bg["a"] > 0:
            root["fills"] = [css.solid(bg)]
        items: list[_Item] = []
        html = self.element(self.doc.root, in_root=True)
        if html is not None:
            items.append(html)
        items.extend(self.hoisted)
        items.sort(key=_BY_ORDER)
        root["children"] = [i.node for i in items]
        return root

    # ------------------------------------------------------------------ elements

    def check_time(self) -> None:
        if self.deadline is not None and self.clock() > self.deadline:
            raise ConversionOutOfTime

    def element(self, el: ElementNode, *, in_root: bool = False) -> _Item | None:
        self.check_time()
        if el.tag in _NEVER:
            return None
        get = _getter(el.styles)
        if get("opacity") == "0" or get("display") == "none":
            return None
        saved, self._where = self._where, f"#{el.id} <{el.tag}>"
        try:
            return self._element(el, get, in_root)
        finally:
            self._where = saved

    def _element(self, el: ElementNode, get: StyleGet, in_root: bool) -> _Item | None:
        box = el.box
        position = get("position") or "static"
        if el.tag == "svg" and el.svg:
            node = self.svg_node(el, get)
        elif el.tag == "img" and (markup := self._svg_image(el)) is not None:
            node = self.svg_node(el, get, markup=markup)
        else:
            node = self.frame(naming.element_name(el), box, "FRAME")
            if el.visible:
                self.decorate(node, box, get, el.images, el)
            self.replaced(node, el, get)
        self.common(node, get, el)
        children = self.children(el, node) if el.children or el.pseudo else []  # most boxes are leaves
        if children:
            kids = [i.node for i in children]
            node.setdefault("children", []).extend(kids)
            # infer() gives up on anything but a flex container: only call it for those.
            if node.get("layoutMode") is None and (get("display") or "") in _FLEX:
                layout.infer(node, get, kids, [i.in_flow for i in children])
        if node["type"] == "FRAME" and not node.get("children") and el.tag in ("img",):
            node["type"] = "RECTANGLE"
        if not self._paints(node) and not node.get("children"):
            return None
        if (box.width <= 0 or box.height <= 0) and not node.get("children"):
            return None
        in_flow = position not in ("absolute", "fixed")
        item = _Item(node, float(el.paint_order), in_flow)
        if position in ("fixed", "sticky"):
            node.setdefault("pageport", {})["position"] = position  # type: ignore[typeddict-item]
            if position == "fixed" and not in_root:
                node["scrollBehavior"] = "FIXED"
                self.hoisted.append(item)  # a fixed box escapes its ancestors' clips
                return None
            if position == "sticky":
                node["scrollBehavior"] = "STICKY_SCROLLS"
        return self._collapse(item)

    def _collapse(self, item: _Item) -> _Item:
        """A frame that paints nothing and wraps a single child is replaced by that child."""
        node = item.node
        kids = node.get("children") or []
        if (
            node["type"] == "FRAME"
            and len(kids) == 1
            and not self._paints(node, own=True)
            and not node.get("clipsContent")
            and "layoutMode" not in node
            and node.get("opacity", 1) == 1
            and node.get("blendMode") in (None, "PASS_THROUGH")
            and "pageport" not in node
            and kids[0].get("layoutPositioning") is None
        ):
            return _Item(kids[0], item.order, item.in_flow)
        return item

    @staticmethod
    def _paints(node: Node, own: bool = False) -> bool:
        if any(p.get("visible", True) for p in node.get("fills", [])):
            return True
        if node.get("strokes") or node.get("effects"):
            return True
        if node["type"] in ("TEXT", "VECTOR"):
            return True
        return not own and bool(node.get("children"))

    def frame(self, name: str, box: Box | LineBox, kind: str) -> Node:
        return {
            "id": "",
            "name": name or "Frame",
            "type": kind,  # type: ignore[typeddict-item]
            "absoluteBoundingBox": _rect(box),
            "blendMode": "PASS_THROUGH",
            "fills": [],
            "strokes": [],
            "effects": [],
        }

    def common(self, node: Node, get: StyleGet, el: ElementNode | None) -> None:
        opacity_value = get("opacity")
        opacity = css.px(opacity_value, default=1.0) if opacity_value else 1.0
        if opacity < 1:
            node["opacity"] = round(opacity, 4)
        blend = get("mix-blend-mode") or "normal"
        if blend != "normal":
            mapped = _BLEND.get(blend)
            if mapped:
                node["blendMode"] = mapped
            else:
                self.warn(f"mix-blend-mode {blend}")
        if (get("overflow-x") in _CLIPPING or get("overflow-y") in _CLIPPING) and node["type"] == "FRAME":
            node["clipsContent"] = True
            if el is not None and el.scroll and (el.scroll.x or el.scroll.y):
                self.warn("scrolled container shown at its scroll position")
        elif node["type"] == "FRAME":
            node["clipsContent"] = False
        transform = get("transform") or "none"
        if transform != "none" and not _is_translation(transform):
            self.warn(f"transform {transform} kept as its bounding box")
        if _NONE_VALUES.issuperset(map(get, _RARE_EFFECTS)):
            return  # no filter, clip-path or mask (the common case)
        for prop in ("filter", "backdrop-filter"):
            value = get(prop) or "none"
            if value == "none":
                continue
            m = _BLUR_RE.fullmatch(value)
            if m:
                node.setdefault("effects", []).append(
                    {
                        "type": "LAYER_BLUR" if prop == "filter" else "BACKGROUND_BLUR",
                        "visible": True,
                        "radius": float(m.group(1)),
                    }
                )
            else:
                self.warn(f"{prop} {value}")
        for prop in ("clip-path", "mask-image"):
            if (get(prop) or "none") != "none":
                self.warn(f"{prop} not expressed")

    # ------------------------------------------------------------------ paint

    def decorate(self, node: Node, box: Box, get: StyleGet, images: Sequence[ImageRef], el: ElementNode | None) -> None:
        w, h = box.width, box.height
        fills: list[Paint] = []
        bg = css.parse_color(get("background-color"))
        if bg and bg["a"] > 0:
            fills.append(css.solid(bg))
        clip_value = get("background-clip") or "border-box"
        clip = clip_value if clip_value == "border-box" else css.split_top(clip_value)[-1]
        if clip not in ("border-box", "text") and bg and bg["a"] > 0:
            self.warn(f"background-clip {clip}")
        image = get("background-image") or "none"
        extra_children: list[Node] = []
        # Most boxes have no background image: skip splitting the per-layer lists then.
        if image != "none" and get("-webkit-background-clip") != "text" and get("background-clip") != "text":
            layers = css.split_top(image)
            sizes = css.split_top(get("background-size") or "auto")
            positions = css.split_top(get("background-position") or "0% 0%")
            repeats = css.split_top(get("background-repeat") or "repeat")
            for i in range(len(layers) - 1, -1, -1):
                layer = layers[i]
                if layer in ("none", ""):
                    continue
                if layer.startswith("url("):
                    ref = next(
                        (r for r in images if r.source == "background" and (r.layer == i or r.layer is None)), None
                    )
                    self.background_image(
                        ref,
                        box,
                        sizes[i % len(sizes)],
                        positions[i % len(positions)],
                        repeats[i % len(repeats)],
                        fills,
                        extra_children,
                    )
                    continue
                try:
                    grad = css.gradient(layer, w, h)
                except css.CssError as exc:
                    self.warn(f"background-image: {exc}")
                    continue
                if not grad.exact:
                    self.warn("gradient approximated (hints, repeating or out-of-box stops)")
                if sizes[i % len(sizes)] not in ("auto", "auto auto", "100% 100%", "cover"):
                    self.warn(f"gradient background-size {sizes[i % len(sizes)]}")
                fills.append(grad.paint)
        node["fills"] = fills
        if extra_children:
            node.setdefault("children", []).extend(extra_children)
        self.borders(node, box, get)
        self.radii(node, box, get)
        self.shadows(node, get)
        self.outline(node, get)

    def borders(self, node: Node, box: Box, get: StyleGet) -> None:
        if _UNDRAWN_STYLES.issuperset(map(get, _BORDER_STYLE)):
            return  # the common case: no side drawn, so widths and colors do not matter
        sides = [get(name) or "none" for name in _BORDER_STYLE]
        widths = []
        colors: list[RGBA | None] = []
        styles = []
        for i, style in enumerate(sides):
            width = css.px(get(_BORDER_WIDTH[i])) if style not in _NO_BORDER else 0.0
            color = css.parse_color(get(_BORDER_COLOR[i]))
            if color is not None and color["a"] == 0:
                width = 0.0
            widths.append(width)
            colors.append(color if width > 0 else None)
            styles.append(style if width > 0 else None)
        if max(widths) <= 0:
            return
        drawn = [c for c in colors if c is not None]
        if not drawn:
            # Widths but no color to draw them in (a malformed capture): nothing to stroke.
            self.warn("border without a color left out")
            return
        color = max(drawn, key=lambda c: sum(1 for d in drawn if d == c))
        if any(c != color for c in drawn):
            self.warn("border sides have different colors; the most common one is used")
        used_styles = {s for s in styles if s}
        if used_styles - {"solid", "dashed", "dotted"}:
            self.warn(f"border-style {','.join(sorted(used_styles))} drawn solid")
        node["strokes"] = [css.solid(color)]
        node["strokeAlign"] = "INSIDE"
        if len(set(widths)) == 1:
            node["strokeWeight"] = _r(widths[0])
        else:
            node["strokeWeight"] = _r(max(widths))
            node["individualStrokeWeights"] = {
                "top": _r(widths[0]),
                "right": _r(widths[1]),
                "bottom": _r(widths[2]),
                "left": _r(widths[3]),
            }
        if "dashed" in used_styles or "dotted" in used_styles:
            weight = max(widths)
            node["strokeDashes"] = [weight * 3, weight * 3] if "dashed" in used_styles else [weight, weight]

    def radii(self, node: Node, box: Box, get: StyleGet) -> None:
        values = list(map(get, _RADIUS))
        if _SQUARE_RADII.issuperset(values):
            return  # square corners (the default), nothing to parse
        w, h = box.width, box.height
        if values.count(values[0]) == 4:
            # One radius on every corner (the usual case): parse and scale it once.
            rx, ry = css.radius_pair(values[0], w, h)
            if abs(rx - ry) > 0.5:
                for corner in _CORNERS:
                    self.warn(f"elliptical border-{corner}-radius drawn circular")
            c = min(rx, ry)
            if c <= 0:
                return
            node["cornerRadius"] = _r(c * _radius_scale([c, c, c, c], w, h))
            return
        corners = []
        for corner, value in zip(_CORNERS, values, strict=True):
            rx, ry = css.radius_pair(value, w, h)
            if abs(rx - ry) > 0.5:
                self.warn(f"elliptical border-{corner}-radius drawn circular")
            corners.append(min(rx, ry))
        if max(corners) <= 0:
            return
        f = _radius_scale(corners, w, h)
        corners = [_r(c * f) for c in corners]
        if len(set(corners)) == 1:
            node["cornerRadius"] = corners[0]
        else:
            node["rectangleCornerRadii"] = corners

    def shadows(self, node: Node, get: StyleGet) -> None:
        value = get("box-shadow")
        if not value or value == "none":
            node.setdefault("effects", [])  # no shadow (the common case): effects stay as they are
            return
        try:
            shadows = css.parse_shadows(value)
        except css.CssError as exc:
            self.warn(f"box-shadow: {exc}")
            return
        effects: list[Effect] = []
        for sh in reversed(shadows):  # CSS lists the top shadow first; Figma paints in order
            eff: Effect = {
                "type": "INNER_SHADOW" if sh.inset else "DROP_SHADOW",
                "visible": True,
                "color": sh.color,
                "blendMode": "NORMAL",
                "offset": {"x": _r(sh.x), "y": _r(sh.y)},
                "radius": _r(sh.blur),
                "spread": _r(sh.spread),
            }
            if not sh.inset:
                eff["showShadowBehindNode"] = False
            effects.append(eff)
        node["effects"] = effects + node.get("effects", [])

    def outline(self, node: Node, get: StyleGet) -> None:
        style = get("outline-style") or "none"
        if style == "none":
            return
        width = css.px(get("outline-width"))
        color = css.parse_color(get("outline-color"))
        if width <= 0 or color is None or color["a"] == 0:
            return
        if node.get("strokes") or css.px(get("outline-offset")) != 0:
            self.warn("outline not expressed (border or offset present)")
            return
        node["strokes"] = [css.solid(color)]
        node["strokeWeight"] = _r(width)
        node["strokeAlign"] = "OUTSIDE"

    # ------------------------------------------------------------------ images

    def _asset(self, ref: ImageRef | None) -> bytes | None:
        """The captured bytes of an image, if they were captured intact."""
        if ref is None or not ref.sha256 or ref.sha256 not in self.assets:
            if ref is not None:
                self.warn(f"image not captured ({naming.clip(ref.url or ref.source, 60)})")
            return None
        data = self.assets[ref.sha256]
        if ref.sha256 not in self._formats and hashlib.sha256(data).hexdigest() != ref.sha256:
            self.warn(f"asset {ref.sha256[:12]} does not match its SHA-256; left out")
            self._formats[ref.sha256] = None
        if ref.sha256 in self._formats and self._formats[ref.sha256] is None:
            return None
        return data

    def _image_meta(self, ref: ImageRef | None) -> tuple[str, float, float] | None:
        """(imageRef, intrinsic width, height in CSS px) of a raster image, registering the
        PNG/JPEG/GIF bytes the result carries for it; None (with a warning) if it has none."""
        data = self._asset(ref)
        if data is None or ref is None or ref.sha256 is None:
            return None
        if ref.sha256 not in self._formats:
            self._formats[ref.sha256] = self._carry(ref, data)
        known = self._formats[ref.sha256]
        if known is None:
            return None
        sha, pw, ph = known
        asset = self.doc.assets.get(ref.sha256)
        iw = ref.natural_width or (asset.width if asset else None) or pw
        ih = ref.natural_height or (asset.height if asset else None) or ph
        return sha, float(iw), float(ih)

    def _carry(self, ref: ImageRef, data: bytes) -> tuple[str, int, int] | None:
        what = naming.clip(ref.url or ref.source, 60)
        if images.is_svg(data):
            # Callers draw SVG as vectors; one that reaches here has no vector path.
            self.warn(f"SVG image left out ({what})")
            return None
        carried, notes = images.for_figma(data)
        for note in notes:
            self.warn(f"{note} ({what})")
        if carried is None:
            self.warn(f"image in a format that cannot be decoded left out ({what})")
            return None
        self.carried[carried.sha256] = carried.data
        self.images[carried.sha256] = {
            "sha256": carried.sha256,
            "mime": carried.mime,
            "width": float(carried.width),
            "height": float(carried.height),
        }
        return carried.sha256, carried.width, carried.height

    def _svg_asset(self, ref: ImageRef | None) -> tuple[str, float, float, float] | None:
        """(markup, intrinsic width, height, aspect ratio) when the image is an SVG document."""
        if ref is None or not ref.sha256 or ref.sha256 not in self.assets:
            return None
        data = self.assets[ref.sha256]
        if not images.is_svg(data) or self._asset(ref) is None:
            return None
        try:
            markup = data.decode("utf-8")
        except UnicodeDecodeError:
            return None
        w, h, ratio = images.svg_size(markup)
        asset = self.doc.assets.get(ref.sha256)
        w = ref.natural_width or w or (asset.width if asset else None) or 0.0
        h = ref.natural_height or h or (asset.height if asset else None) or 0.0
        return markup, float(w), float(h), ratio

    def svg_vectors(self, markup: str, rects: Sequence[tuple[float, float, float, float]], clip: Box) -> Node | None:
        """VECTOR nodes drawing an SVG image at each rect (x, y, w, h), clipped by `clip`: the
        vector itself when one lies inside it, else a clipping FRAME holding them."""
        cx0, cy0, cx1, cy1 = clip.x, clip.y, clip.x + clip.width, clip.y + clip.height
        vectors: list[Node] = []
        inside = True
        # An SVG drawn as an image does not inherit the page's color: currentColor is black.
        markup = _CURRENTCOLOR_RE.sub("black", images.with_viewbox(markup, *images.svg_size(markup)[:2]))
        for x, y, w, h in rects:
            if w <= 0 or h <= 0 or x >= cx1 or y >= cy1 or x + w <= cx0 or y + h <= cy0:
                continue
            inside = inside and x >= cx0 - 0.5 and y >= cy0 - 0.5 and x + w <= cx1 + 0.5 and y + h <= cy1 + 0.5
            node = self.frame("SVG image", Box(x=x, y=y, width=w, height=h), "VECTOR")
            node["pageport"] = {"svg": _svg_root_attrs(markup, w, h)}
            vectors.append(node)
        if not vectors:
            return None
        if inside and len(vectors) == 1:
            return vectors[0]
        group = self.frame("SVG image" if len(vectors) == 1 else "SVG tiles", clip, "FRAME")
        group["clipsContent"] = not inside
        group["children"] = vectors
        return group

    def image_paint(
        self, sha: str, box: Box, img: tuple[float, float, float, float], mode: str
    ) -> tuple[Paint | None, Node | None]:
        """Paint an image drawn at rect img=(x, y, w, h) inside box, exactly.

        Returns a fill for the box, or a child RECTANGLE when the image covers only part of it.
        """
        ix, iy, iw, ih = img
        paint: Paint = {"type": "IMAGE", "blendMode": "NORMAL", "imageRef": sha, "scaleMode": "FILL"}
        bx, by, bw, bh = box.x, box.y, box.width, box.height
        if bw <= 0 or bh <= 0 or iw <= 0 or ih <= 0:
            return None, None
        close = layout._close
        if mode in ("FILL", "FIT") and close(ix + iw / 2, bx + bw / 2) and close(iy + ih / 2, by + bh / 2):
            paint["scaleMode"] = mode  # type: ignore[typeddict-item]
            return paint, None
        if close(ix, bx) and close(iy, by) and close(iw, bw) and close(ih, bh):
            paint["scaleMode"] = "STRETCH"
            return paint, None
        # Crop: the visible part of the image, in image-normalized coordinates.
        vx0, vy0 = max(bx, ix), max(by, iy)
        vx1, vy1 = min(bx + bw, ix + iw), min(by + bh, iy + ih)
        if vx1 <= vx0 or vy1 <= vy0:
            return None, None
        paint["scaleMode"] = "STRETCH"
        paint["imageTransform"] = [
            [round((vx1 - vx0) / iw, 5), 0.0, round((vx0 - ix) / iw, 5)],
            [0.0, round((vy1 - vy0) / ih, 5), round((vy0 - iy) / ih, 5)],
        ]
        if close(vx0, bx) and close(vy0, by) and close(vx1, bx + bw) and close(vy1, by + bh):
            return paint, None
        child = self.frame("Image", Box(x=vx0, y=vy0, width=vx1 - vx0, height=vy1 - vy0), "RECTANGLE")
        child["fills"] = [paint]
        return None, child

    def background_image(
        self,
        ref: ImageRef | None,
        box: Box,
        size: str,
        position: str,
        repeat: str,
        fills: list[Paint],
        children: list[Node],
    ) -> None:
        svg = self._svg_asset(ref)
        if svg is not None:
            self.svg_background(svg, box, size, position, repeat, children)
            return
        meta = self._image_meta(ref)
        if meta is None:
            return
        sha, nw, nh = meta
        bw, bh = box.width, box.height
        if nw <= 0 or nh <= 0:
            nw, nh = bw, bh
        iw, ih, mode, px_, py_ = self._bg_geometry(box, nw, nh, size, position)
        tiles = repeat not in ("no-repeat", "no-repeat no-repeat")
        if tiles and (iw < bw - 1 or ih < bh - 1):
            paint: Paint = {
                "type": "IMAGE",
                "blendMode": "NORMAL",
                "imageRef": sha,
                "scaleMode": "TILE",
                "scalingFactor": round(iw / nw, 5),
            }
            if abs(px_) > 1 or abs(py_) > 1 or repeat not in ("repeat", "repeat repeat"):
                self.warn(f"background tiling {repeat} at {position} approximated")
            if abs(iw / nw - ih / nh) > 0.01:
                self.warn("background tile aspect changed")
            fills.append(paint)
            return
        fill, child = self.image_paint(sha, box, (box.x + px_, box.y + py_, iw, ih), mode)
        if fill is not None:
            fills.append(fill)
        if child is not None:
            children.append(child)

    def _bg_geometry(
        self, box: Box, nw: float, nh: float, size: str, position: str
    ) -> tuple[float, float, str, float, float]:
        """A background image's drawn size, scale mode and offset in the box, from its
        intrinsic size (nw, nh > 0) and background-size/-position."""
        bw, bh = box.width, box.height
        tokens = size.split()
        mode = "STRETCH"
        if size == "cover":
            ratio = max(bw / nw, bh / nh)
            iw, ih, mode = nw * ratio, nh * ratio, "FILL"
        elif size == "contain":
            ratio = min(bw / nw, bh / nh)
            iw, ih, mode = nw * ratio, nh * ratio, "FIT"
        else:
            sw = tokens[0] if tokens else "auto"
            sh = tokens[1] if len(tokens) > 1 else "auto"
            iw = css.px(sw, bw) if sw != "auto" else 0.0
            ih = css.px(sh, bh) if sh != "auto" else 0.0
            if not iw and not ih:
                iw, ih = nw, nh
            elif not iw:
                iw = nw * ih / nh
            elif not ih:
                ih = nh * iw / nw
        pos = css.split_top(position, " ")
        try:
            px_, py_ = self._bg_position(pos, bw - iw, bh - ih)
        except css.CssError:
            self.warn(f"background-position {position}")
            px_, py_ = 0.0, 0.0
        return iw, ih, mode, px_, py_

    def svg_background(
        self,
        svg: tuple[str, float, float, float],
        box: Box,
        size: str,
        position: str,
        repeat: str,
        children: list[Node],
    ) -> None:
        """An SVG background layer as VECTOR nodes: one per tile drawn (up to MAX_SVG_TILES)."""
        markup, nw, nh, ratio = svg
        bw, bh = box.width, box.height
        if bw <= 0 or bh <= 0:
            return
        if nw <= 0 or nh <= 0:
            # No intrinsic size: CSS fits the aspect ratio in the box (contain), else fills it.
            nw, nh = (min(bw, bh * ratio), min(bw, bh * ratio) / ratio) if ratio > 0 else (bw, bh)
        iw, ih, _, px_, py_ = self._bg_geometry(box, nw, nh, size, position)
        if iw <= 0 or ih <= 0:
            return
        tokens = repeat.split() or ["repeat"]
        if len(tokens) == 1:
            one = tokens[0]
            tokens = {"repeat-x": ["repeat", "no-repeat"], "repeat-y": ["no-repeat", "repeat"]}.get(one, [one, one])
        if {"space", "round"} & set(tokens):
            self.warn(f"background tiling {repeat} approximated")
        x0, nx = _tiles(px_, iw, bw, tokens[0] != "no-repeat")
        y0, ny = _tiles(py_, ih, bh, tokens[1] != "no-repeat")
        if nx * ny > MAX_SVG_TILES:
            self.warn(f"SVG background repeated {nx * ny} times drawn once")
            x0, nx, y0, ny = px_, 1, py_, 1
        rects = [(box.x + x0 + i * iw, box.y + y0 + j * ih, iw, ih) for j in range(ny) for i in range(nx)]
        node = self.svg_vectors(markup, rects, box)
        if node is not None:
            children.append(node)

    @staticmethod
    def _bg_position(tokens: list[str], free_x: float, free_y: float) -> tuple[float, float]:
        kx = {"left": 0.0, "center": 50.0, "right": 100.0}
        ky = {"top": 0.0, "center": 50.0, "bottom": 100.0}
        if len(tokens) == 1:
            tokens = [tokens[0], "center"]
        if len(tokens) != 2:
            raise css.CssError("position")
        a, b = tokens
        if a in ky and a != "center" and b in kx:
            a, b = b, a
        x = kx[a] * free_x / 100 if a in kx else css.px(a, free_x)
        y = ky[b] * free_y / 100 if b in ky else css.px(b, free_y)
        return x, y

    def replaced(self, node: Node, el: ElementNode, get: StyleGet) -> None:
        """Content of replaced elements: <img>/<video>/<canvas> pixels and form controls."""
        refs = [r for r in el.images if r.source in ("img", "poster", "canvas", "content", "input", "svg-image")]
        svg = self._svg_asset(refs[0]) if refs else None
        if svg is not None:
            markup, nw, nh, _ = svg
            content = self._content_box(el, get)
            fit = get("object-fit") or "fill"
            rect = self._object_fit(content, nw, nh, fit, get("object-position") or "50% 50%")
            vector = self.svg_vectors(markup, [rect], content)
            if vector is not None:
                node.setdefault("children", []).append(vector)
        elif refs:
            meta = self._image_meta(refs[0])
            if meta is not None:
                sha, nw, nh = meta
                content = self._content_box(el, get)
                fit = get("object-fit") or "fill"
                img = self._object_fit(content, nw, nh, fit, get("object-position") or "50% 50%")
                mode = {"cover": "FILL", "contain": "FIT"}.get(fit, "STRETCH")
                fill, child = self.image_paint(sha, content, img, mode)
                if fill is not None and content == el.box:
                    node["fills"] = [*node.get("fills", []), fill]
                else:
                    if fill is not None:
                        child = self.frame("Image", content, "RECTANGLE")
                        child["fills"] = [fill]
                    if child is not None:
                        node.setdefault("children", []).append(child)
        if el.form is not None:
            self.form_control(node, el, get)

    def _content_box(self, el: ElementNode, get: StyleGet) -> Box:
        b = el.box
        t, r, bot, left = (css.px(get(bw)) + css.px(get(pad), b.width) for bw, pad in _BORDER_PADDING)
        if t == r == bot == left == 0:
            return b
        return Box(x=b.x + left, y=b.y + t, width=max(0.0, b.width - left - r), height=max(0.0, b.height - t - bot))

    def _object_fit(self, box: Box, nw: float, nh: float, fit: str, position: str) -> tuple[float, float, float, float]:
        bw, bh = box.width, box.height
        if nw <= 0 or nh <= 0 or fit == "fill":
            return box.x, box.y, bw, bh
        cover, contain = max(bw / nw, bh / nh), min(bw / nw, bh / nh)
        ratio = {"cover": cover, "contain": contain, "none": 1.0, "scale-down": min(1.0, contain)}.get(fit, 1.0)
        iw, ih = nw * ratio, nh * ratio
        try:
            ox, oy = self._bg_position(css.split_top(position, " "), bw - iw, bh - ih)
        except css.CssError:
            self.warn(f"object-position {position}")
            ox, oy = (bw - iw) / 2, (bh - ih) / 2
        return box.x + ox, box.y + oy, iw, ih

    def _svg_image(self, el: ElementNode) -> str | None:
        """The markup of an <img>'s SVG source (judged by its bytes, not the served type)."""
        for ref in el.images:
            svg = self._svg_asset(ref)
            if svg is not None:
                return svg[0]
        return None

    def form_control(self, node: Node, el: ElementNode, get: StyleGet) -> None:
        form = el.form
        assert form is not None
        kind = (form.type or el.tag).lower()
        box = self._content_box(el, get)
        if kind in ("checkbox", "radio"):
            mark = self.frame("Checked" if form.checked else "Unchecked", el.box, "FRAME")
            accent = css.parse_color("rgb(0, 117, 255)")
            assert accent is not None
            if form.checked:
                mark["fills"] = [css.solid(accent)]
            else:
                mark["fills"] = [css.solid({"r": 1.0, "g": 1.0, "b": 1.0, "a": 1.0})]
                mark["strokes"] = [css.solid({"r": 0.46, "g": 0.46, "b": 0.46, "a": 1.0})]
                mark["strokeWeight"] = 1.0
                mark["strokeAlign"] = "INSIDE"
            if kind == "radio":
                mark["type"] = "ELLIPSE"
            else:
                mark["cornerRadius"] = 2.0
            node.setdefault("children", []).append(mark)
            self.warn(f"native {kind} drawn as a simple shape")
            return
        if el.tag in ("input", "textarea", "select") and kind not in ("hidden", "range", "color", "file", "image"):
            text = form.value or ""
            placeholder = not text and bool(form.placeholder)
            text = text or form.placeholder or ""
            if kind == "password" and form.value:
                text = "•" * len(form.value)
            if not text.strip():
                return
            styles = dict(el.styles)
            for k, v in STYLE_DEFAULTS.items():
                styles.setdefault(k, v)
            if placeholder:
                color = css.parse_color(styles.get("color")) or {"r": 0, "g": 0, "b": 0, "a": 1}
                styles["color"] = (
                    f"rgba({color['r'] * 255:.0f}, {color['g'] * 255:.0f}, "
                    f"{color['b'] * 255:.0f}, {color['a'] * 0.55:.3f})"
                )
            lh = line_height([], styles)
            top = box.y if el.tag == "textarea" else box.y + (box.height - lh) / 2
            line = LineBox(x=box.x, y=top, width=box.width, height=lh, text=text)
            seg = Segment(text, styles, line)
            tnode = self.text_node([seg], box, single=el.tag != "textarea", width=box.width)
            if tnode is not None:
                tnode["style"]["textAutoResize"] = "NONE" if el.tag == "textarea" else "HEIGHT"
                node.setdefault("children", []).append(tnode)

    # ------------------------------------------------------------------ svg

    def svg_node(self, el: ElementNode, get: StyleGet, markup: str | None = None) -> Node:
        node = self.frame(naming.element_name(el), el.box, "VECTOR")
        # An <img>'s SVG without a viewBox gets one, so that it scales to the box as drawn.
        svg = images.with_viewbox(markup, *images.svg_size(markup)[:2]) if markup is not None else (el.svg or "")
        color = get("color") or "rgb(0, 0, 0)"
        svg = _CURRENTCOLOR_RE.sub(color, svg)
        node["pageport"] = {"svg": _svg_root_attrs(svg, el.box.width, el.box.height), "tag": el.tag}
        if el.visible:
            # An <svg> box can still carry CSS paint (background, border, shadow).
            self.decorate(node, el.box, get, [], el)
        return node

    # ------------------------------------------------------------------ children and text

    def children(self, el: ElementNode, parent: Node) -> list[_Item]:
        items: list[_Item] = []
        base = float(el.paint_order)
        pending: list[TextNode | ElementNode] = []
        last_order = base

        def flush() -> None:
            nonlocal pending
            if pending:
                for node in self.inline_group(pending, el):
                    items.append(_Item(node, last_order + 0.5))
                pending = []

        if el.pseudo and el.pseudo.before:
            items.extend(self.pseudo(el.pseudo.before, "::before", base + 0.25))
        for child in el.children:
            if isinstance(child, TextNode) or self._inline_text(child):
                pending.append(child)
                continue
            flush()
            item = self.element(child)
            if item is not None:
                items.append(item)
                if (child.style("position") or "static") == "static":
                    last_order = max(last_order, item.order)
        flush()
        if el.pseudo and el.pseudo.after:
            items.extend(self.pseudo(el.pseudo.after, "::after", last_order + 0.75))
        items.sort(key=_BY_ORDER)  # stable: DOM order among equals
        return items

    def _inline_text(self, el: ElementNode) -> bool:
        """Plain inline content that can live inside a TEXT node's runs."""
        # Memoized: each level of children() asks again about the whole subtree below it.
        known = self._inline.get(id(el))
        if known is None:
            known = self._inline[id(el)] = self._is_inline_text(el)
        return known

    def _is_inline_text(self, el: ElementNode) -> bool:
        if el.tag == "br":
            return True
        if el.tag in _REPLACED or el.tag in _NEVER:
            return False
        get = el.style
        if (get("display") or "") not in ("inline", "contents"):
            return False
        if (get("position") or "static") not in ("static", "relative"):
            return False
        if (get("opacity") or "1") != "1" or (get("transform") or "none") != "none":
            return False
        if el.pseudo and (el.pseudo.before or el.pseudo.after):
            return False
        return all(isinstance(c, TextNode) or self._inline_text(c) for c in el.children)

    def _segments(
        self, nodes: Sequence[TextNode | ElementNode], deco: frozenset[str], decorations: list[Node]
    ) -> Iterator[Segment]:
        for n in nodes:
            if isinstance(n, TextNode):
                st = n.styles
                if st.get("visibility", "visible") != "visible" or st.get("opacity") == "0":
                    continue
                for lb in n.line_boxes:
                    yield Segment(lb.text, st, lb, deco)
                continue
            if n.tag == "br":
                yield Segment("\n", {}, None, deco)
                continue
            get = _getter(n.styles)
            line = set((get("text-decoration-line") or "none").split()) - {"none"}
            if n.visible:
                rect = self.frame(naming.element_name(n), n.box, "RECTANGLE")
                self.decorate(rect, n.box, get, n.images, n)
                if rect.get("children"):
                    rect["type"] = "FRAME"  # an image drawn as a child node (a RECTANGLE has none)
                if rect.get("fills") or rect.get("strokes") or rect.get("effects") or rect.get("children"):
                    decorations.append(rect)
            yield from self._segments(n.children, deco | frozenset(line), decorations)

    def inline_group(self, nodes: Sequence[TextNode | ElementNode], parent: ElementNode) -> list[Node]:
        self.check_time()
        decorations: list[Node] = []
        segments = [s for s in self._segments(nodes, frozenset(), decorations) if s.line is None or s.text]
        if not any(s.text.strip() for s in segments if s.line is not None):
            return []
        lines = cluster_lines(segments)
        lines = [ln for ln in lines if any(s.text.strip() for s in ln.segments if s.line)]
        if not lines:
            return []
        if len(lines) == 1:
            return [*decorations, *self._text_nodes(lines, None, True)]
        styles = next(s.styles for s in segments if s.line is not None)
        content = self._content_box(parent, parent.style)
        align = text_align(styles)
        # Multi-line: one paragraph if every line sits where the container's alignment puts
        # it (else something beside the text, like an inline-block, shaped the lines).
        left, right = content.x, content.x + content.width
        if min(ln.left for ln in lines) < left - 1 or max(ln.right for ln in lines) > right + 1:
            left = min(ln.left for ln in lines)
            right = max(ln.right for ln in lines)

        def fits(ln: Line) -> bool:
            if align == "CENTER":
                return abs((ln.left + ln.right) / 2 - (left + right) / 2) <= 2
            if align == "RIGHT":
                return abs(ln.right - right) <= 2
            return abs(ln.left - left) <= 2

        if all(fits(ln) for ln in lines):
            return [*decorations, *self._text_nodes(lines, (left, right), False)]
        return [*decorations, *(n for ln in lines for n in self._text_nodes([ln], None, True))]

    def _text_nodes(self, lines: list[Any], span: tuple[float, float] | None, single: bool) -> list[Node]:
        segs = [s for ln in lines for s in ln.segments]
        ws = next((s.styles.get("white-space", "normal") for s in segs if s.line), "normal")
        preserve = ws in ("pre", "pre-wrap", "pre-line", "break-spaces")
        pieces = join_lines(lines, preserve)
        left = span[0] if span else min(ln.left for ln in lines)
        right = span[1] if span else max(ln.right for ln in lines)
        node = self.text_node_from_pieces(pieces, left, right - left, lines, single)
        return [node] if node is not None else []

    def text_node(self, segs: list[Segment], box: Box, *, single: bool, width: float) -> Node | None:
        lines = cluster_lines(segs)
        pieces = join_lines(lines, False)
        return self.text_node_from_pieces(pieces, box.x, width, lines, single)

    def text_node_from_pieces(
        self, pieces: list[tuple[str, Segment]], x: float, width: float, lines: list[Any], single: bool
    ) -> Node | None:
        """A TEXT node whose box starts at x with the given width (the lines give its top)."""
        # Runs of consecutive text drawn by the same segment (styles are per segment), with
        # the paragraph's outer whitespace trimmed.
        texts: list[list[Any]] = []
        for text, seg in pieces:
            if texts and texts[-1][1] is seg:
                texts[-1][0] += text
            elif text:
                texts.append([text, seg])
        while texts and not texts[0][0].strip():
            texts.pop(0)
        while texts and not texts[-1][0].strip():
            texts.pop()
        if not texts:
            return None
        texts[0][0] = texts[0][0].lstrip()
        texts[-1][0] = texts[-1][0].rstrip()
        characters = "".join(text for text, _ in texts)
        overrides: list[int] = []
        table: dict[str, TypeStyle] = {}
        base: dict[str, Any]
        if len(texts) == 1:
            # One run (most text): its segment is the base style and nothing is overridden.
            base_seg = texts[0][1]
            lh = line_height(lines, base_seg.styles)
            base = dict(self.text_styles.type_style(base_seg, lh))
        else:
            base_seg, lh, base = self._style_runs(texts, lines, table, overrides)
        fills: list[Paint] = base.pop("fills", [])
        # Figma centres each line's glyphs in its line height, as CSS does: place the box so
        # that the first line's centre matches the captured line fragment's centre.
        first_line = lines[0]
        centre = (first_line.top + first_line.bottom) / 2
        height = lh * len(lines) if not single else lh
        top = centre - lh / 2
        auto = "WIDTH_AND_HEIGHT" if single else "HEIGHT"
        base["textAutoResize"] = auto
        if single:
            base["textAlignHorizontal"] = "LEFT"
        node: Node = {
            "id": "",
            "name": naming.clip(characters, 40) or "Text",
            "type": "TEXT",
            "absoluteBoundingBox": {"x": _r(float(x)), "y": _r(top), "width": _r(float(width)), "height": _r(height)},
            "blendMode": "PASS_THROUGH",
            "characters": characters,
            "style": base,  # type: ignore[typeddict-item]
            "characterStyleOverrides": overrides,
            "styleOverrideTable": table,
            "fills": fills,
            "strokes": [],
            "effects": self.text_styles.effects(base_seg.styles),
        }
        _, replaced = self.fonts.resolve(base_seg.styles.get("font-family", ""))
        if replaced is not None:
            node["pageport"] = {"fontFallback": replaced}
        stroke_w = css.px(base_seg.styles.get("-webkit-text-stroke-width"))
        if stroke_w > 0:
            color = css.parse_color(base_seg.styles.get("-webkit-text-stroke-color"))
            if color:
                node["strokes"] = [css.solid(color)]
                node["strokeWeight"] = _r(stroke_w)
                node["strokeAlign"] = "CENTER"
        return node

    def _style_runs(
        self, texts: list[list[Any]], lines: list[Any], table: dict[str, TypeStyle], overrides: list[int]
    ) -> tuple[Segment, float, dict[str, Any]]:
        """Mixed styles: (base segment, line height, base style); fills table and overrides."""
        runs: list[tuple[Segment, int]] = [(seg, len(text)) for text, seg in texts]
        per_seg: dict[int, int] = {}
        for seg, n in runs:
            if seg.line is not None:
                per_seg[id(seg)] = per_seg.get(id(seg), 0) + n
        base_seg = max(
            (seg for seg, _ in runs if seg.line is not None), key=lambda sg: per_seg[id(sg)], default=runs[0][0]
        )
        lh = line_height(lines, base_seg.styles)
        style_cache: dict[tuple[int, frozenset[str]], tuple[str, TypeStyle]] = {}
        distinct: list[TypeStyle] = []

        def style_of(seg: Segment) -> tuple[str, TypeStyle]:
            key = (id(seg.styles), seg.decoration)
            if key not in style_cache:
                ts = self.text_styles.type_style(seg, lh)
                # Equal styles from different text nodes share one key (and one override id).
                index = next((i for i, d in enumerate(distinct) if d == ts), None)
                if index is None:
                    distinct.append(ts)
                    index = len(distinct) - 1
                style_cache[key] = (str(index), distinct[index])
            return style_cache[key]

        # The base style is the one covering most characters (first seen wins ties).
        counts: dict[str, int] = {}
        styles_by_key: dict[str, TypeStyle] = {}
        keyed_runs: list[tuple[str, int]] = []
        for seg, n in runs:
            k, ts = style_of(seg if seg.line is not None else base_seg)
            styles_by_key[k] = ts
            counts[k] = counts.get(k, 0) + n
            keyed_runs.append((k, n))
        order = list(dict.fromkeys(k for k, _ in keyed_runs))
        base_key = max(order, key=lambda k: counts[k])
        base = dict(styles_by_key[base_key])
        ids: dict[str, int] = {}
        id_runs: list[tuple[int, int]] = []
        for k, n in keyed_runs:
            if k != base_key and k not in ids:
                ids[k] = len(ids) + 1
                table[str(ids[k])] = style_diff(base, styles_by_key[k])  # type: ignore[arg-type]
            id_runs.append((ids.get(k, 0), n))
        # Trailing base-style characters are implied: drop whole runs rather than popping a
        # long paragraph's zeros one by one.
        while id_runs and (id_runs[-1][0] == 0 or id_runs[-1][1] <= 0):
            id_runs.pop()
        for ident, n in id_runs:
            overrides += [ident] * n
        return base_seg, lh, base

    # ------------------------------------------------------------------ pseudo-elements

    def pseudo(self, pe: PseudoElement, which: str, order: float) -> list[_Item]:
        self.check_time()
        saved = self._where
        self._where = f"{saved} {which}"
        try:
            if pe.box is None:
                self.warn("pseudo-element without a box left out")
                return []
            get = _getter(pe.styles)
            if get("opacity") == "0" or get("visibility") != "visible":
                return []
            if pe.box_estimated:
                self.warn("pseudo-element box estimated from styles")
            node = self.frame(which, pe.box, "FRAME")
            self.decorate(node, pe.box, get, pe.images, None)
            content_refs = [r for r in pe.images if r.source == "content"]
            svg = self._svg_asset(content_refs[0]) if content_refs else None
            if svg is not None:
                b = pe.box
                vector = self.svg_vectors(svg[0], [(b.x, b.y, b.width, b.height)], b)
                if vector is not None:
                    node.setdefault("children", []).append(vector)
            elif content_refs:
                meta = self._image_meta(content_refs[0])
                if meta is not None:
                    node["fills"] = [
                        *node.get("fills", []),
                        {"type": "IMAGE", "blendMode": "NORMAL", "imageRef": meta[0], "scaleMode": "STRETCH"},
                    ]
            self.common(node, get, None)
            text = pe.content
            if text.strip():
                styles = dict(STYLE_DEFAULTS)
                styles.update(pe.styles)
                content = self._pseudo_content_box(pe.box, get)
                lh = line_height([], styles)
                line = LineBox(
                    x=content.x,
                    y=content.y + max(0.0, (content.height - lh) / 2)
                    if (get("display") or "").endswith("flex")
                    else content.y,
                    width=content.width,
                    height=lh,
                    text=text,
                )
                tnode = self.text_node([Segment(text, styles, line)], content, single=True, width=content.width)
                if tnode is not None:
                    tnode["style"]["textAlignHorizontal"] = text_align(styles)  # type: ignore[typeddict-item]
                    tnode["style"]["textAutoResize"] = "NONE"
                    node.setdefault("children", []).append(tnode)
            if not self._paints(node):
                return []
            in_flow = (get("position") or "static") not in ("absolute", "fixed")
            return [_Item(node, order, in_flow)]
        finally:
            self._where = saved

    def _pseudo_content_box(self, b: Box, get: StyleGet) -> Box:
        t, r, bot, left = (css.px(get(bw)) + css.px(get(pad), b.width) for bw, pad in _BORDER_PADDING)
        return Box(x=b.x + left, y=b.y + t, width=max(0.0, b.width - left - r), height=max(0.0, b.height - t - bot))


def _radius_scale(corners: list[float], w: float, h: float) -> float:
    """The factor CSS shrinks overlapping radii by (a pill's 9999px). Figma clamps radii
    itself, but storing what is drawn makes the value read sensibly in the inspector."""
    top_left, top_right, bottom_right, bottom_left = corners
    f = 1.0
    for total, side in (
        (top_left + top_right, w),
        (bottom_left + bottom_right, w),
        (top_left + bottom_left, h),
        (top_right + bottom_right, h),
    ):
        if total > side > 0:
            f = min(f, side / total)
    return f


def _tiles(offset: float, size: float, extent: float, repeat: bool) -> tuple[float, int]:
    """(first offset, count) of the tiles covering [0, extent) along one axis, offsets from the
    box edge; a layer that does not repeat on the axis is one tile at its offset."""
    if not repeat:
        return offset, 1
    first = offset - math.ceil(offset / size) * size  # the first tile at or before the edge
    return first, max(1, math.ceil((extent - first) / size))


def _is_translation(transform: str) -> bool:
    m = _MATRIX_RE.fullmatch(transform)
    if m:
        a, b, c, d = (float(v) for v in m.group(1).split(",")[:4])
        return math.isclose(a, 1) and math.isclose(d, 1) and b == 0 and c == 0
    return transform.startswith("translate")


def _svg_root_attrs(svg: str, w: float, h: float) -> str:
    """Give the root <svg> explicit size and namespaces so it parses standalone."""
    m = _SVG_TAG_RE.search(svg)
    if not m:
        return svg
    tag = m.group(0)
    new = _SIZE_ATTR_RE.sub("", tag)
    extra = f' width="{_r(w):g}" height="{_r(h):g}"'
    if "xmlns=" not in new:
        extra += ' xmlns="http://www.w3.org/2000/svg"'
    if "xlink:" in svg and "xmlns:xlink" not in new:
        extra += ' xmlns:xlink="http://www.w3.org/1999/xlink"'
    new = new[:4] + extra + new[4:]
    return svg[: m.start()] + new + svg[m.end() :]


# ---------------------------------------------------------------------- output


def _assign_ids(node: Node, counter: list[int]) -> None:
    counter[0] += 1
    node["id"] = f"1:{counter[0]}"
    for child in node.get("children", []):
        _assign_ids(child, counter)


def _prune_image_paints(node: Node, carried: set[str]) -> set[str]:
    """Drop IMAGE paints whose bytes are not carried; the imageRefs left in the tree."""
    used: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        fills = n.get("fills")
        if fills and any(p["type"] == "IMAGE" for p in fills):
            n["fills"] = [p for p in fills if p["type"] != "IMAGE" or p.get("imageRef") in carried]
            used.update(p.get("imageRef", "") for p in n["fills"] if p["type"] == "IMAGE")
        stack.extend(n.get("children", []))
    return used


def canonical_json(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


def convert_capture(
    capture_json: bytes,
    assets: Mapping[str, bytes],
    *,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Conversion:
    """Convert a capture (capture.json bytes and its assets by SHA-256) into result.json.
    Past `deadline` (a `clock()` value) it stops at the next element, text run or pseudo-element
    and raises ConversionOutOfTime, so a worker never leaves a conversion running behind it."""
    doc = CaptureDocument.model_validate_json(capture_json)
    conv = _Converter(doc, assets, deadline=deadline, clock=clock)
    conv.check_time()  # parsing a large capture takes a while too
    root = conv.run()
    _assign_ids(root, [0])
    # Carry exactly the images the tree references: one registered but never painted (drawn
    # at zero size) is dropped, and a paint without bytes (none expected) would be too.
    referenced = _prune_image_paints(root, set(conv.carried))
    images = {sha: conv.carried[sha] for sha in sorted(referenced)}
    image_meta = {sha: conv.images[sha] for sha in images}
    fallbacks = dict(sorted(conv.fonts.fallbacks.items()))
    fonts = {"used": sorted(conv.fonts.used), "fallbacks": fallbacks}
    for requested, used in fallbacks.items():
        conv.warnings.append(f"page: font {requested!r} replaced by {used!r}")
    conv.check_time()  # before serialising
    result = {
        "version": RESULT_VERSION,
        "document": root,
        "images": image_meta,
        "fonts": fonts,
        "warnings": conv.warnings,
    }
    return Conversion(canonical_json(result), images, len(conv.warnings), list(conv.warnings))
