"""::before and ::after: a box with its own paint, image or SVG content and generated text."""

from __future__ import annotations

from pageport.capture.schema import STYLE_DEFAULTS, ElementNode, LineBox, PseudoElement
from pageport.convert.carried import raster_image, svg_asset
from pageport.convert.compositing import composite
from pageport.convert.icons import icon_vector
from pageport.convert.nodes import Item, content_box, frame, inset_box, paints, style_getter
from pageport.convert.paint import decorate
from pageport.convert.reflow import inside
from pageport.convert.state import ConversionState
from pageport.convert.text import Segment, line_height, text_align
from pageport.convert.text_nodes import text_node
from pageport.convert.vectors import svg_vectors

# A frame with only these keys draws nothing of its own and changes nothing of its children.
_PLAIN_FRAME_KEYS = {"id", "name", "type", "absoluteBoundingBox", "blendMode", "fills", "strokes", "effects"}
_PLAIN_FRAME_KEYS |= {"children", "clipsContent"}


def pseudo_element(
    state: ConversionState, pe: PseudoElement, which: str, order: float, owner: ElementNode
) -> list[Item]:
    """The pseudo-element `which` ("::before"/"::after") of `owner` as at most one item painted at
    `order`; it moves with its owner's content box when the page is laid out at another width."""
    state.check_time()
    saved = state.where
    state.where = f"{saved} {which}"
    try:
        if pe.box is None:
            state.warn("pseudo-element without a box left out")
            return []
        get = style_getter(pe.styles)
        if get("opacity") == "0" or get("visibility") != "visible":
            return []
        if pe.box_estimated:
            state.warn("pseudo-element box estimated from styles")
        node = frame(which, pe.box, "FRAME")
        decorate(state, node, pe.box, get, pe.images)
        content_refs = [r for r in pe.images if r.source == "content"]
        svg = svg_asset(state, content_refs[0]) if content_refs else None
        if svg is not None:
            b = pe.box
            vector = svg_vectors(svg[0], [(b.x, b.y, b.width, b.height)], b)
            if vector is not None:
                node.setdefault("children", []).append(vector)
        elif content_refs:
            meta = raster_image(state, content_refs[0])
            if meta is not None:
                node["fills"] = [
                    *node.get("fills", []),
                    {"type": "IMAGE", "blendMode": "NORMAL", "imageRef": meta[0], "scaleMode": "STRETCH"},
                ]
        composite(state, node, get, None)
        text = pe.content
        if (get("display") or "inline") != "inline":
            text = text.lstrip()  # a block's line starts after collapsible spaces; inline keeps them
        icon = None
        if text.strip():
            styles = dict(STYLE_DEFAULTS)
            styles.update(pe.styles)
            content = inset_box(pe.box, get)
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
            rect = (content.x, line.y, content.width, lh)
            icon = icon_vector(state, text, styles, rect, text_align(styles))  # icon fonts: a VECTOR
            tnode = icon or text_node(state, [Segment(text, styles, line)], content, single=True, width=content.width)
            if tnode is not None and tnode["type"] == "TEXT":
                tnode["style"]["textAlignHorizontal"] = text_align(styles)  # type: ignore[typeddict-item]
                tnode["style"]["textAutoResize"] = "NONE"
            if tnode is not None:
                node.setdefault("children", []).append(tnode)
        if not paints(node):
            return []
        if (
            icon is not None
            and node.get("children") == [icon]
            and not paints(node, own=True)
            and set(node) <= _PLAIN_FRAME_KEYS
            and not node.get("clipsContent")
            and node["blendMode"] == "PASS_THROUGH"
        ):
            node = icon  # a bare icon: the vector itself, no wrapping frame
        in_flow = (get("position") or "static") not in ("absolute", "fixed")
        state.probe_sources[id(node)] = inside(node, owner.id, owner.box, content_box(owner, owner.style))
        return [Item(node, order, in_flow)]
    finally:
        state.where = saved
