"""Figma node building blocks every concern shares: style lookup, rounding, frames, boxes.

Kept free of conversion state so that paint, images, text and the tree walk can all use it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from pageport.capture.schema import STYLE_DEFAULTS, Box, ElementNode, LineBox
from pageport.convert import css, naming
from pageport.convert.css import round_to
from pageport.convert.figma import Node, PageportExtension, Rectangle

StyleGet = Callable[[str], str | None]


def walk_nodes(node: Node) -> Iterator[Node]:
    """`node` and every node under it, depth first, in paint order."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.get("children") or []))


# Elements that never draw anything, whatever their styles.
NEVER_RENDERED = frozenset(
    {
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
)
_SIDES = ("top", "right", "bottom", "left")
_BORDER_PADDING = tuple(zip((f"border-{s}-width" for s in _SIDES), (f"padding-{s}" for s in _SIDES), strict=True))


def style_getter(styles: Mapping[str, str]) -> StyleGet:
    """styles.get with STYLE_DEFAULTS filled in (ElementNode.style's semantics).

    One merged dict per element makes each of the ~50 lookups per element a bare dict.get
    instead of a Python call doing two lookups (the converter's most frequent call). It lives
    as long as the element is being converted (kept for the whole run, 20k of them would
    weigh tens of MB).
    """
    return {**STYLE_DEFAULTS, **styles}.get


def round_px(v: float) -> float:
    # `or` maps both 0.0 and -0.0 to 0.0 (so "-0.0" never reaches the JSON).
    return round_to(v, 2) or 0.0


def rectangle(box: Box | LineBox) -> Rectangle:
    w, h = box.width, box.height
    return {
        "x": round_to(box.x, 2) or 0.0,
        "y": round_to(box.y, 2) or 0.0,
        "width": round_to(0.0 if w < 0.0 else w, 2) or 0.0,  # max(w, 0.0), inlined
        "height": round_to(0.0 if h < 0.0 else h, 2) or 0.0,
    }


def frame(name: str, box: Box | LineBox, kind: str) -> Node:
    """A node of type `kind` at `box` with nothing painted yet."""
    return {
        "id": "",
        "name": name or "Frame",
        "type": kind,  # type: ignore[typeddict-item]
        "absoluteBoundingBox": rectangle(box),
        "blendMode": "PASS_THROUGH",
        "fills": [],
        "strokes": [],
        "effects": [],
    }


def transparent_frame(box: Rectangle, children: list[Node]) -> Node:
    """A frame that draws nothing around `children`, for auto layout to group them (named by
    the names pass)."""
    return {
        "id": "",
        "name": "Frame",
        "type": "FRAME",
        "absoluteBoundingBox": box,
        "blendMode": "PASS_THROUGH",
        "clipsContent": False,
        "fills": [],
        "strokes": [],
        "effects": [],
        "children": children,
    }


def element_frame(el: ElementNode, box: Box | LineBox, kind: str) -> Node:
    """frame() for an element: named as naming.element_name names it, and marked with the tag
    and classes it came from (`pageport.tag`, `pageport.classes`), which the passes after the
    walk read (names, components)."""
    node = frame(naming.element_name(el), box, kind)
    node["pageport"] = source_of(el)
    return node


def source_of(el: ElementNode) -> PageportExtension:
    source: PageportExtension = {"tag": el.tag}
    if classes := el.attrs.get("class", "").split():
        source["classes"] = classes
    return source


def layer_label(node: Node) -> str:
    """How a warning names a layer: its name, or its element's tag before the names pass has
    named a bare one."""
    name = node["name"]
    if name == "Frame" and (tag := node.get("pageport", {}).get("tag")):
        return f"<{tag}>"
    return name


def paints(node: Node, own: bool = False) -> bool:
    """Whether the node draws anything (with `own`, not counting its children)."""
    if any(p.get("visible", True) for p in node.get("fills", [])):
        return True
    if node.get("strokes") or node.get("effects"):
        return True
    if node["type"] in ("TEXT", "VECTOR"):
        return True
    return not own and bool(node.get("children"))


@dataclass
class Item:
    """A converted node with where it paints among its siblings."""

    node: Node
    order: float
    in_flow: bool = True
    # As a flex item: flex-grow and align-self (what auto layout's layoutGrow/STRETCH follow).
    grow: float = 0.0
    align_self: str = "auto"
    # Absolutely positioned: the tree depth of its containing block's element (0: the page).
    containing: int | None = None
    negative_z: bool = False  # a stacking context with a negative z-index


def content_box(el: ElementNode, get: StyleGet) -> Box:
    """The element's box inside borders and padding (the box itself when both are zero)."""
    b = el.box
    t, r, bot, left = (css.px(get(bw)) + css.px(get(pad), b.width) for bw, pad in _BORDER_PADDING)
    if t == r == bot == left == 0:
        return b
    return Box(x=b.x + left, y=b.y + t, width=max(0.0, b.width - left - r), height=max(0.0, b.height - t - bot))


def inset_box(b: Box, get: StyleGet) -> Box:
    """b inside borders and padding, always a new Box (so a negative width is clamped to 0)."""
    t, r, bot, left = (css.px(get(bw)) + css.px(get(pad), b.width) for bw, pad in _BORDER_PADDING)
    return Box(x=b.x + left, y=b.y + t, width=max(0.0, b.width - left - r), height=max(0.0, b.height - t - bot))
