"""SVG drawn as VECTOR nodes that carry their markup (the plugin creates them from it):
inline <svg>, an <img> of an SVG, and SVG images placed at given rects."""

from __future__ import annotations

import re
from collections.abc import Sequence

from pageport.capture.schema import Box, ElementNode
from pageport.convert import images
from pageport.convert.carried import svg_source
from pageport.convert.figma import Node
from pageport.convert.nodes import StyleGet, element_frame, frame, round_px
from pageport.convert.state import ConversionState

_SVG_TAG_RE = re.compile(r"<svg\b[^>]*>", flags=re.I)
_SIZE_ATTR_RE = re.compile(r'\s(width|height)="[^"]*"')
_CURRENTCOLOR_RE = re.compile(r"currentcolor", flags=re.I)


def svg_element(state: ConversionState, el: ElementNode, get: StyleGet) -> Node | None:
    """The VECTOR for an inline <svg> or an <img> whose source is SVG, else None."""
    if el.tag == "svg" and el.svg:
        return _svg_node(el, get, None)
    if el.tag == "img" and (markup := svg_source(state, el)) is not None:
        return _svg_node(el, get, markup)
    return None


def _svg_node(el: ElementNode, get: StyleGet, markup: str | None) -> Node:
    node = element_frame(el, el.box, "VECTOR")
    # An <img>'s SVG without a viewBox gets one, so that it scales to the box as drawn.
    svg = images.with_viewbox(markup, *images.svg_size(markup)[:2]) if markup is not None else (el.svg or "")
    color = get("color") or "rgb(0, 0, 0)"
    svg = _CURRENTCOLOR_RE.sub(color, svg)
    node["pageport"]["svg"] = _svg_root_attrs(svg, el.box.width, el.box.height)
    return node


def svg_vectors(markup: str, rects: Sequence[tuple[float, float, float, float]], clip: Box) -> Node | None:
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
        node = frame("SVG image", Box(x=x, y=y, width=w, height=h), "VECTOR")
        node["pageport"] = {"svg": _svg_root_attrs(markup, w, h)}
        vectors.append(node)
    if not vectors:
        return None
    if inside and len(vectors) == 1:
        return vectors[0]
    group = frame("SVG image" if len(vectors) == 1 else "SVG tiles", clip, "FRAME")
    group["clipsContent"] = not inside
    group["children"] = vectors
    return group


def _svg_root_attrs(svg: str, w: float, h: float) -> str:
    """Give the root <svg> explicit size and namespaces so it parses standalone."""
    m = _SVG_TAG_RE.search(svg)
    if not m:
        return svg
    tag = m.group(0)
    new = _SIZE_ATTR_RE.sub("", tag)
    extra = f' width="{round_px(w):g}" height="{round_px(h):g}"'
    if "xmlns=" not in new:
        extra += ' xmlns="http://www.w3.org/2000/svg"'
    if "xlink:" in svg and "xmlns:xlink" not in new:
        extra += ' xmlns:xlink="http://www.w3.org/1999/xlink"'
    new = new[:4] + extra + new[4:]
    return svg[: m.start()] + new + svg[m.end() :]
