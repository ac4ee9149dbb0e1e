"""The walk over the captured flat tree: each rendered element becomes a node, children are
ordered by paint order, fixed boxes are lifted to the page, and frames that only wrap one
child give way to it. What each node draws is left to the concern modules."""

from __future__ import annotations

import operator

from pageport.capture.schema import ElementNode, TextNode
from pageport.convert import css, layout, naming
from pageport.convert.compositing import composite
from pageport.convert.figma import Node
from pageport.convert.nodes import NEVER_RENDERED, Item, StyleGet, frame, paints, round_px, style_getter
from pageport.convert.paint import decorate
from pageport.convert.pseudo import pseudo_element
from pageport.convert.replaced import replaced, snapshot
from pageport.convert.state import ConversionState
from pageport.convert.text_nodes import inline_group, is_inline_text
from pageport.convert.vectors import svg_element

_FLEX = ("flex", "inline-flex")
_BY_ORDER = operator.attrgetter("order")


def page_root(state: ConversionState) -> Node:
    """The page FRAME holding the converted <html> and the boxes fixed to the viewport."""
    info = state.doc.document
    root: Node = {
        "id": "",
        "name": naming.clip(info.title) or "Page",
        "type": "FRAME",
        "absoluteBoundingBox": {
            "x": 0.0,
            "y": 0.0,
            "width": round_px(info.page_width),
            "height": round_px(info.page_height),
        },
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
    items: list[Item] = []
    html = element(state, state.doc.root, in_root=True)
    if html is not None:
        items.append(html)
    items.extend(state.hoisted)
    items.sort(key=_BY_ORDER)
    root["children"] = [i.node for i in items]
    return root


def element(state: ConversionState, el: ElementNode, *, in_root: bool = False) -> Item | None:
    """The element as an item, or None when it draws nothing here (or was hoisted)."""
    state.check_time()
    if el.tag in NEVER_RENDERED:
        return None
    get = style_getter(el.styles)
    if get("opacity") == "0" or get("display") == "none":
        return None
    saved, state.where = state.where, f"#{el.id} <{el.tag}>"
    try:
        return _element(state, el, get, in_root)
    finally:
        state.where = saved


def _element(state: ConversionState, el: ElementNode, get: StyleGet, in_root: bool) -> Item | None:
    box = el.box
    position = get("position") or "static"
    image = snapshot(state, el)
    if image is not None:
        return _placed(
            state, Item(image, float(el.paint_order), position not in ("absolute", "fixed")), position, in_root
        )
    vector = svg_element(state, el, get)
    if vector is not None:
        node = vector
        if el.visible:
            # An <svg> box can still carry CSS paint (background, border, shadow).
            decorate(state, node, box, get, [])
    else:
        node = frame(naming.element_name(el), box, "FRAME")
        if el.visible:
            decorate(state, node, box, get, el.images)
        replaced(state, node, el, get)
    composite(state, node, get, el)
    children = _children(state, el) if el.children or el.pseudo else []  # most boxes are leaves
    if children:
        kids = [i.node for i in children]
        node.setdefault("children", []).extend(kids)
        # infer() gives up on anything but a flex container: only call it for those.
        if node.get("layoutMode") is None and (get("display") or "") in _FLEX:
            layout.infer(node, get, kids, [i.in_flow for i in children])
    if node["type"] == "FRAME" and not node.get("children") and el.tag in ("img",):
        node["type"] = "RECTANGLE"
    if not paints(node) and not node.get("children"):
        return None
    if (box.width <= 0 or box.height <= 0) and not node.get("children"):
        return None
    in_flow = position not in ("absolute", "fixed")
    return _placed(state, Item(node, float(el.paint_order), in_flow), position, in_root)


def _placed(state: ConversionState, item: Item, position: str, in_root: bool) -> Item | None:
    """The item where it belongs: fixed boxes lifted to the page, sticky ones marked."""
    node = item.node
    if position in ("fixed", "sticky"):
        node.setdefault("pageport", {})["position"] = position  # type: ignore[typeddict-item]
        if position == "fixed" and not in_root:
            node["scrollBehavior"] = "FIXED"
            state.hoisted.append(item)  # a fixed box escapes its ancestors' clips
            return None
        if position == "sticky":
            node["scrollBehavior"] = "STICKY_SCROLLS"
    return _collapse(item)


def _collapse(item: Item) -> Item:
    """A frame that paints nothing and wraps a single child is replaced by that child."""
    node = item.node
    kids = node.get("children") or []
    if (
        node["type"] == "FRAME"
        and len(kids) == 1
        and not paints(node, own=True)
        and not node.get("clipsContent")
        and "layoutMode" not in node
        and node.get("opacity", 1) == 1
        and node.get("blendMode") in (None, "PASS_THROUGH")
        and "pageport" not in node
        and kids[0].get("layoutPositioning") is None
    ):
        return Item(kids[0], item.order, item.in_flow)
    return item


def _children(state: ConversionState, el: ElementNode) -> list[Item]:
    """The element's children, runs of inline content as TEXT nodes, in paint order."""
    items: list[Item] = []
    base = float(el.paint_order)
    pending: list[TextNode | ElementNode] = []
    last_order = base

    def flush() -> None:
        nonlocal pending
        if pending:
            for node in inline_group(state, pending, el):
                items.append(Item(node, last_order + 0.5))
            pending = []

    if el.pseudo and el.pseudo.before:
        items.extend(pseudo_element(state, el.pseudo.before, "::before", base + 0.25))
    for child in el.children:
        if isinstance(child, TextNode) or is_inline_text(state, child):
            pending.append(child)
            continue
        flush()
        item = element(state, child)
        if item is not None:
            items.append(item)
            if (child.style("position") or "static") == "static":
                last_order = max(last_order, item.order)
    flush()
    if el.pseudo and el.pseudo.after:
        items.extend(pseudo_element(state, el.pseudo.after, "::after", last_order + 0.75))
    items.sort(key=_BY_ORDER)  # stable: DOM order among equals
    return items
