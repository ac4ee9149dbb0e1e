"""The walk over the captured flat tree: each rendered element becomes a node, children are
ordered by paint order, fixed boxes are lifted to the page, and frames that only wrap one
child give way to it. What each node draws is left to the concern modules."""

from __future__ import annotations

import dataclasses
import operator
import re
from collections.abc import Iterator

from pageport.capture.schema import ElementNode, TextNode
from pageport.convert import css, layout, naming
from pageport.convert.compositing import composite, uniform_scale
from pageport.convert.figma import Node, PageportExtension
from pageport.convert.markers import list_marker
from pageport.convert.nodes import NEVER_RENDERED, Item, StyleGet, element_frame, paints, round_px, style_getter
from pageport.convert.paint import decorate
from pageport.convert.pseudo import pseudo_element
from pageport.convert.reflow import ProbeSource, max_width
from pageport.convert.replaced import replaced, snapshot
from pageport.convert.state import ConversionState
from pageport.convert.text_nodes import inline_group, is_inline_text
from pageport.convert.vectors import svg_element

_FLEX = ("flex", "inline-flex")
_FLEX_OR_GRID = frozenset({"flex", "inline-flex", "grid", "inline-grid"})
_NONE = frozenset({"none", None, ""})
# Besides position, what makes an element the containing block of its absolute descendants.
_CONTAINS_ABSOLUTES = ("transform", "filter", "perspective", "backdrop-filter")
_BY_ORDER = operator.attrgetter("order")
# What a frame's `pageport` may hold and still give way to its only child: where it came from,
# and a flex container's auto layout that was not kept.
_SOURCE_KEYS = frozenset({"tag", "classes", "autoLayout"})


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
    items.extend(state.lifted)  # painted below <html> or out of its clip
    state.lifted.clear()
    items.extend(state.hoisted)
    items.sort(key=_BY_ORDER)
    state.in_flow.update((id(i.node), i.in_flow) for i in items)
    root["children"] = [i.node for i in items]
    return root


_CLIPPED_TO_NOTHING = re.compile(r"^rect\(\s*0(px)?[\s,]+0(px)?[\s,]+0(px)?[\s,]+0(px)?\s*\)$")
_HALF_INSET = re.compile(r"^inset\(\s*50%")


def visually_hidden(el: ElementNode, get: StyleGet) -> bool:
    """An element kept for screen readers only, which draws nothing: clipped to nothing
    (`clip: rect(0 0 0 0)` on a positioned box, `clip-path: inset(50%)`) or a box of at most
    1x1 px that hides its overflow (the sr-only / visually-hidden pattern)."""
    position = get("position") or "static"
    if position in ("absolute", "fixed") and _CLIPPED_TO_NOTHING.match(get("clip") or "auto"):
        return True
    if _HALF_INSET.match(get("clip-path") or "none"):
        return True
    box = el.box
    tiny = box is not None and box.width <= 1 and box.height <= 1
    return tiny and (get("overflow-x") or "visible") != "visible"


def element(state: ConversionState, el: ElementNode, *, in_root: bool = False) -> Item | None:
    """The element as an item, or None when it draws nothing here (or was hoisted)."""
    state.check_time()
    if el.tag in NEVER_RENDERED:
        return None
    get = style_getter(el.styles)
    if get("opacity") == "0" or get("display") == "none" or visually_hidden(el, get):
        return None
    saved, state.where = state.where, f"#{el.id} <{el.tag}>"
    depth, containing = state.depth, state.containing
    text_scale, turned = state.text_scale, state.turned
    state.depth += 1
    scale = uniform_scale(get("transform") or "none")
    if scale is None:
        state.turned = True
    else:
        state.text_scale *= scale
    try:
        return _element(state, el, get, in_root)
    finally:
        state.where = saved
        state.depth, state.containing = depth, containing
        state.text_scale, state.turned = text_scale, turned


def _element(state: ConversionState, el: ElementNode, get: StyleGet, in_root: bool) -> Item | None:
    box = el.box
    position = get("position") or "static"
    # The depth of the element an absolute box here is placed in (its containing block).
    containing = state.containing
    if position != "static" or not _NONE.issuperset(map(get, _CONTAINS_ABSOLUTES)):
        state.containing = state.depth
    in_flow = position not in ("absolute", "fixed")
    image = snapshot(state, el)
    if image is not None:
        return _placed(state, _item(el, get, image, in_flow, position, containing), position, in_root, el)
    vector = svg_element(state, el, get)
    if vector is not None:
        node = vector
        if el.visible:
            # An <svg> box can still carry CSS paint (background, border, shadow).
            decorate(state, node, box, get, [])
    else:
        node = element_frame(el, box, "FRAME")
        if el.visible:
            decorate(state, node, box, get, el.images)
        replaced(state, node, el, get)
    composite(state, node, get, el)
    children = _children(state, el) if el.children or el.pseudo or el.marker else []  # most boxes are leaves
    if children:
        children = _lift(state, el, node, children)
    if children:
        kids = [i.node for i in children]
        node.setdefault("children", []).extend(kids)
        flex = (
            state.options.auto_layout
            and node.get("layoutMode") is None
            and (get("display") or "") in _FLEX
            and any(i.in_flow for i in children)
        )
        one_axis = node.get("clipsContent") and (get("overflow-x") == "visible") != (get("overflow-y") == "visible")
        if one_axis and _clip_one_axis(node, get("overflow-x") != "visible") and flex:
            flex = False  # its only child is now the clipping frame
            node.setdefault("pageport", {})["autoLayout"] = False
            state.refused_flex[id(node)] = len(state.warnings)
            state.warn("flex layout kept as absolute positions: its content is clipped on one axis only")
        if flex:
            _flex_layout(state, node, get, children)
    if node["type"] == "FRAME" and not node.get("children") and el.tag in ("img",):
        node["type"] = "RECTANGLE"
    if not paints(node) and not node.get("children"):
        return None
    if (box.width <= 0 or box.height <= 0) and not node.get("children"):
        return None
    if (
        node["type"] == "FRAME"
        and not el.stacking_context
        and not node.get("clipsContent")
        and "layoutMode" not in node
        and node.get("blendMode") in (None, "PASS_THROUGH")
    ):
        state.open_frames[id(node)] = node  # its descendants may paint among its later siblings
    return _placed(state, _item(el, get, node, in_flow, position, containing), position, in_root, el)


def _item(el: ElementNode, get: StyleGet, node: Node, in_flow: bool, position: str, containing: int | None) -> Item:
    return Item(
        node,
        float(el.paint_order),
        in_flow,
        css.px(get("flex-grow")),
        get("align-self") or "auto",
        containing if position == "absolute" else None,
        el.stacking_context and (el.z_index or 0) < 0,
    )


def _placed(state: ConversionState, item: Item, position: str, in_root: bool, el: ElementNode) -> Item | None:
    """The item where it belongs: fixed boxes lifted to the page, sticky ones marked."""
    node = item.node
    state.probe_sources[id(node)] = ProbeSource(node, el.id, max_width=max_width(style_getter(el.styles)))
    if position in ("fixed", "sticky"):
        node.setdefault("pageport", {})["position"] = position  # type: ignore[typeddict-item]
        if position == "fixed" and not in_root:
            node["scrollBehavior"] = "FIXED"
            state.hoisted.append(item)  # a fixed box escapes its ancestors' clips
            return None
        if position == "sticky":
            node["scrollBehavior"] = "STICKY_SCROLLS"
    return _collapse(state, item)


def _lift(state: ConversionState, el: ElementNode, node: Node, children: list[Item]) -> list[Item]:
    """The children that stay in el's frame; the others are lifted to its parent (state.lifted).

    A Figma child always paints over its parent and inside its clip, so leave: what CSS paints
    below el (a negative z-index descendant of an element that starts no stacking context),
    and, when el clips, an absolute box whose containing block is an ancestor of el (CSS
    does not clip it). Lifted boxes keep their absolute positions; the parent sorts them into
    its paint order, lifting them further if need be.
    """
    clips = bool(node.get("clipsContent"))
    order = float(el.paint_order)
    keep: list[Item] = []
    for item in children:
        below = item.negative_z and item.order < order
        if below or (clips and item.containing is not None and item.containing < state.depth):
            if below and clips:
                state.warn("painted below its clipping parent, so lifted out of it: no longer clipped")
            state.lifted.append(dataclasses.replace(item, in_flow=False))
        else:
            keep.append(item)
    return keep


def _clip_one_axis(node: Node, clip_x: bool) -> bool:
    """overflow clipped on one axis only (`clip` beside `visible`): Figma clips both, so where
    the content overflows on the visible axis, a clipping frame as wide (tall) as the box and
    as tall (wide) as the content holds the children. True if it did."""
    bb = node["absoluteBoundingBox"]
    lo, hi = (bb["y"], bb["y"] + bb["height"]) if clip_x else (bb["x"], bb["x"] + bb["width"])
    kids = node.get("children") or []
    low, high = lo, hi
    for n in _unclipped(kids):
        r = n["absoluteBoundingBox"]
        start, size = (r["y"], r["height"]) if clip_x else (r["x"], r["width"])
        low, high = min(low, start), max(high, start + size)
    if low >= lo - 0.5 and high <= hi + 0.5:
        return False  # nothing overflows on the visible axis: clipping the frame is exact
    if clip_x:
        box = {"x": bb["x"], "y": round_px(low), "width": bb["width"], "height": round_px(high - low)}
    else:
        box = {"x": round_px(low), "y": bb["y"], "width": round_px(high - low), "height": bb["height"]}
    clip: Node = {
        "id": "",
        "name": "Clip " + ("x" if clip_x else "y"),
        "type": "FRAME",
        "absoluteBoundingBox": box,  # type: ignore[typeddict-item]
        "blendMode": "PASS_THROUGH",
        "clipsContent": True,
        "fills": [],
        "strokes": [],
        "effects": [],
        "children": kids,
    }
    node["children"] = [clip]
    node["clipsContent"] = False
    return True


def _unclipped(nodes: list[Node]) -> Iterator[Node]:
    """nodes and their descendants, not looking inside frames that clip."""
    stack = list(nodes)
    while stack:
        n = stack.pop()
        yield n
        if not n.get("clipsContent"):
            stack.extend(n.get("children") or [])


def _flex_layout(state: ConversionState, node: Node, get: StyleGet, children: list[Item]) -> None:
    """Auto layout where Figma keeps the flex items in place, else a warning; recorded either way."""
    reason = layout.infer(node, get, children)
    node.setdefault("pageport", {})["autoLayout"] = reason is None
    if reason is not None:
        state.refused_flex[id(node)] = len(state.warnings)
        state.warn(f"flex layout kept as absolute positions: {reason}")


def _collapse(state: ConversionState, item: Item) -> Item:
    """A frame that paints nothing and wraps a single child is replaced by that child, at the
    child's paint order (a positioned child paints over the wrapper's later siblings)."""
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
        and _nothing_kept(node.get("pageport"))
        and kids[0].get("layoutPositioning") is None
    ):
        return dataclasses.replace(item, node=kids[0], order=state.orders.get(id(kids[0]), item.order))
    return item


def _nothing_kept(ext: PageportExtension | None) -> bool:
    return not ext or (_SOURCE_KEYS.issuperset(ext) and not ext.get("autoLayout"))


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

    if el.marker is not None:
        items.extend(list_marker(state, el, base + 0.2))
    if el.pseudo and el.pseudo.before:
        items.extend(pseudo_element(state, el.pseudo.before, "::before", base + 0.25, el))
    # CSS paints floats over the in-flow blocks of their stacking context (Appendix E, step 5
    # after step 4), whose text wraps around them: so a float goes over its in-flow siblings.
    floats: list[Item] = []
    in_flex = (el.style("display") or "") in _FLEX_OR_GRID  # where float does not apply
    for child in el.children:
        if isinstance(child, TextNode) or is_inline_text(state, child):
            pending.append(child)
            continue
        flush()
        mark = len(state.lifted)
        item = element(state, child)
        if item is not None:
            items.append(item)
            if (child.style("position") or "static") == "static":
                if not in_flex and (child.style("float") or "none") != "none":
                    floats.append(item)
                else:
                    last_order = max(last_order, item.order)
        if len(state.lifted) > mark:  # boxes from child's subtree that paint outside it
            items.extend(state.lifted[mark:])
            del state.lifted[mark:]
    flush()
    if el.pseudo and el.pseudo.after:
        items.extend(pseudo_element(state, el.pseudo.after, "::after", last_order + 0.75, el))
    for k, item in enumerate(floats, 1):
        item.order = max(item.order, last_order + 0.75 + k / 1000)  # below any positioned box
    items.sort(key=_BY_ORDER)  # stable: DOM order among equals
    for item in items:
        _record(state, item)
    items = _raise(state, items)
    state.in_flow.update((id(i.node), i.in_flow) for i in items)
    return items


def _record(state: ConversionState, item: Item) -> None:
    """Note item's paint order, and the latest order painted by it or inside its open frames."""
    node = item.node
    state.orders[id(node)] = item.order
    top = item.order
    if id(node) in state.open_frames:
        for child in node.get("children") or []:
            top = max(top, state.reach.get(id(child), top))
    state.reach[id(node)] = top


def _raise(state: ConversionState, items: list[Item]) -> list[Item]:
    """Boxes CSS paints over later siblings of their ancestors, lifted to this level.

    A positioned box inside an element that starts no stacking context paints after all the
    in-flow content of the stacking context, so over its ancestors' later siblings; in Figma it
    would sit under them. Where it overlaps such a sibling painted before it, it leaves its
    (open: not clipping, not auto layout, no stacking context) ancestors for this level, at its
    paint order.
    """
    extra: list[Item] = []
    for index, item in enumerate(items):
        later = items[index + 1 :]
        if not later or id(item.node) not in state.open_frames:
            continue
        floor = min(q.order for q in later)
        if state.reach.get(id(item.node), item.order) <= floor:
            continue  # nothing inside paints after any later sibling
        moves: list[tuple[Node, Node, float]] = []
        stack = [item.node]
        while stack:
            parent = stack.pop()
            for child in parent.get("children") or []:
                order = state.orders.get(id(child))
                if (
                    order is not None
                    and order > floor
                    and any(q.order < order and _overlaps(child, q.node) for q in later)
                ):
                    moves.append((parent, child, order))
                elif id(child) in state.open_frames and state.reach.get(id(child), 0.0) > floor:
                    stack.append(child)
        for parent, child, order in moves:
            parent["children"].remove(child)
            extra.append(Item(child, order, in_flow=False))
    if not extra:
        return items
    return sorted(items + extra, key=_BY_ORDER)


def _overlaps(a: Node, b: Node) -> bool:
    r, q = a["absoluteBoundingBox"], b["absoluteBoundingBox"]
    return (
        r["x"] < q["x"] + q["width"]
        and q["x"] < r["x"] + r["width"]
        and r["y"] < q["y"] + q["height"]
        and q["y"] < r["y"] + r["height"]
    )
