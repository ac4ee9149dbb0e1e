"""List markers (::marker) as nodes where the browser drew them: counters, strings and
::marker content as TEXT; disc, circle and square as the ELLIPSE/RECTANGLE shapes Chromium
paints (exact whatever font Figma substitutes); list-style-image as an image or SVG vector."""

from __future__ import annotations

from pageport.capture.schema import STYLE_DEFAULTS, ElementNode, LineBox, ListMarker
from pageport.convert import css
from pageport.convert.carried import raster_image, svg_asset
from pageport.convert.figma import Node
from pageport.convert.icons import icon_vector
from pageport.convert.nodes import Item, frame
from pageport.convert.state import ConversionState
from pageport.convert.text import Segment
from pageport.convert.text_nodes import text_node
from pageport.convert.vectors import svg_vectors


def list_marker(state: ConversionState, el: ElementNode, order: float) -> list[Item]:
    """The list item's marker as one item painted at `order` (none when it draws nothing)."""
    marker = el.marker
    if marker is None:
        return []
    saved, state.where = state.where, f"{state.where} ::marker"
    try:
        styles = dict(STYLE_DEFAULTS)
        styles.update(marker.styles)
        if styles.get("visibility", "visible") != "visible" or styles.get("opacity") == "0":
            return []
        if marker.fallback:
            state.warn(f"list-style-type {el.style('list-style-type')} drawn as decimal")
        if styles.get("direction") == "rtl" and marker.position == "outside":
            state.warn("right-to-left list marker placed on the left of the item")
        node = _node(state, marker, styles)
        # An outside marker sits beside the item's content, out of its flow (as for auto layout).
        return [Item(node, order, marker.position == "inside")] if node is not None else []
    finally:
        state.where = saved


def _node(state: ConversionState, marker: ListMarker, styles: dict[str, str]) -> Node | None:
    b = marker.box
    if marker.kind == "image":
        return _image(state, marker)
    color = css.parse_color(styles.get("-webkit-text-fill-color") or styles.get("color"))
    if marker.kind == "symbol":
        if color is None or color["a"] == 0:
            return None
        symbol = marker.text.strip()
        node = frame("::marker", b, "RECTANGLE" if symbol == "\u25aa" else "ELLIPSE")
        if symbol == "\u25e6":  # circle: a 1 px ring on the rect's edge
            node["strokes"] = [css.solid(color)]
            node["strokeWeight"] = 1.0
            node["strokeAlign"] = "CENTER"
        else:
            node["fills"] = [css.solid(color)]
        return node
    icon = icon_vector(state, marker.text, styles, (b.x, b.y, b.width, b.height))  # ::marker in an icon font
    if icon is not None:
        icon["name"] = "::marker"
        return icon
    line = LineBox(x=b.x, y=b.y, width=b.width, height=b.height, text=marker.text)
    # Chromium draws a counter's digits tabular (its ::marker style); Figma's plugin cannot ask
    # for tabular figures, and its proportional ones are narrower: the box keeps the page's width
    # instead of shrinking to them.
    auto_width = False if any(ch.isdigit() for ch in marker.text) else None
    tnode = text_node(state, [Segment(marker.text, styles, line)], b, single=True, width=b.width, auto_width=auto_width)
    if tnode is not None:
        tnode["name"] = "::marker"
    return tnode


def _image(state: ConversionState, marker: ListMarker) -> Node | None:
    b, ref = marker.box, marker.image
    svg = svg_asset(state, ref)
    if svg is not None:
        return svg_vectors(svg[0], [(b.x, b.y, b.width, b.height)], b)
    meta = raster_image(state, ref)
    if meta is None:
        return None  # raster_image warned
    node = frame("::marker", b, "RECTANGLE")
    node["fills"] = [{"type": "IMAGE", "blendMode": "NORMAL", "imageRef": meta[0], "scaleMode": "STRETCH"}]
    return node
