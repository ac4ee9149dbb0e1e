"""Replaced elements' content: the pixels of <img>, <video> posters, <canvas> and image
inputs placed by object-fit/object-position, and form controls drawn as shapes and text; and
elements nodes cannot draw (rotated, clipped, masked, cross-origin frames...) as an image of
the pixels the capture took of them."""

from __future__ import annotations

from pageport.capture.schema import STYLE_DEFAULTS, Box, ElementNode, LineBox
from pageport.convert import css
from pageport.convert.carried import raster_image, svg_asset
from pageport.convert.figma import Node, Paint
from pageport.convert.image_fills import image_paint, position_offset
from pageport.convert.naming import element_name
from pageport.convert.nodes import StyleGet, content_box, frame, round_px, source_of
from pageport.convert.state import ConversionState
from pageport.convert.text import Segment, line_height
from pageport.convert.text_nodes import text_node
from pageport.convert.vectors import svg_vectors

_CONTENT_SOURCES = ("img", "poster", "canvas", "content", "input", "svg-image")


def replaced(state: ConversionState, node: Node, el: ElementNode, get: StyleGet) -> None:
    """Content of replaced elements: <img>/<video>/<canvas> pixels and form controls."""
    refs = [r for r in el.images if r.source in _CONTENT_SOURCES]
    svg = svg_asset(state, refs[0]) if refs else None
    if svg is not None:
        markup, nw, nh, _ = svg
        content = content_box(el, get)
        fit = get("object-fit") or "fill"
        rect = _object_fit(state, content, nw, nh, fit, get("object-position") or "50% 50%")
        vector = svg_vectors(markup, [rect], content)
        if vector is not None:
            node.setdefault("children", []).append(vector)
    elif refs:
        meta = raster_image(state, refs[0])
        if meta is not None:
            sha, nw, nh = meta
            content = content_box(el, get)
            fit = get("object-fit") or "fill"
            img = _object_fit(state, content, nw, nh, fit, get("object-position") or "50% 50%")
            mode = {"cover": "FILL", "contain": "FIT"}.get(fit, "STRETCH")
            fill, child = image_paint(sha, content, img, mode)
            if fill is not None and content == el.box:
                node["fills"] = [*node.get("fills", []), fill]
            else:
                if fill is not None:
                    child = frame("Image", content, "RECTANGLE")
                    child["fills"] = [fill]
                if child is not None:
                    node.setdefault("children", []).append(child)
    if el.form is not None:
        form_control(state, node, el, get)


def snapshot(state: ConversionState, el: ElementNode) -> Node | None:
    """An image-filled rectangle in place of the element and its subtree, when the capture
    took its pixels (capture/snapshots.py says which elements); None to draw it as nodes."""
    ref = next((r for r in el.images if r.source == "snapshot"), None)
    if ref is None or ref.box is None:
        return None
    meta = raster_image(state, ref)
    if meta is None:
        return None
    node = frame(f"{element_name(el) or 'Element'} (image)", ref.box, "RECTANGLE")
    node["pageport"] = source_of(el)
    paint: Paint = {"type": "IMAGE", "blendMode": "NORMAL", "imageRef": meta[0], "scaleMode": "STRETCH"}
    node["fills"] = [paint]
    state.warn(f"{ref.reason or 'content'} drawn as an image of its pixels")
    return node


def _object_fit(
    state: ConversionState, box: Box, nw: float, nh: float, fit: str, position: str
) -> tuple[float, float, float, float]:
    """The rect (x, y, w, h) object-fit and object-position draw an nw x nh image at in box."""
    bw, bh = box.width, box.height
    if nw <= 0 or nh <= 0 or fit == "fill":
        return box.x, box.y, bw, bh
    cover, contain = max(bw / nw, bh / nh), min(bw / nw, bh / nh)
    ratio = {"cover": cover, "contain": contain, "none": 1.0, "scale-down": min(1.0, contain)}.get(fit, 1.0)
    iw, ih = nw * ratio, nh * ratio
    try:
        ox, oy = position_offset(css.split_top(position, " "), bw - iw, bh - ih)
    except css.CssError:
        state.warn(f"object-position {position}")
        ox, oy = (bw - iw) / 2, (bh - ih) / 2
    return box.x + ox, box.y + oy, iw, ih


def form_control(state: ConversionState, node: Node, el: ElementNode, get: StyleGet) -> None:
    """A checkbox or radio as a simple shape; a text field's value or placeholder as text."""
    form = el.form
    assert form is not None
    kind = (form.type or el.tag).lower()
    box = content_box(el, get)
    if kind in ("checkbox", "radio"):
        mark = frame("Checked" if form.checked else "Unchecked", el.box, "FRAME")
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
        state.warn(f"native {kind} drawn as a simple shape")
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
            shown = css.parse_color(form.placeholder_color) if form.placeholder_color else None
            if shown is not None and shown["a"] == 0:
                return  # the page hides it (a floating label stands in its place)
            if shown is not None:
                styles["color"] = form.placeholder_color or ""
            else:  # captures before the ::placeholder colour was recorded: Chromium's default dimming
                color = css.parse_color(styles.get("color")) or {"r": 0, "g": 0, "b": 0, "a": 1}
                styles["color"] = (
                    f"rgba({color['r'] * 255:.0f}, {color['g'] * 255:.0f}, {color['b'] * 255:.0f}, "
                    f"{color['a'] * 0.55:.3f})"
                )
        lh = line_height([], styles)
        top = box.y if el.tag == "textarea" else box.y + (box.height - lh) / 2
        line = LineBox(x=box.x, y=top, width=box.width, height=lh, text=text)
        seg = Segment(text, styles, line)
        tnode = text_node(state, [seg], box, single=el.tag != "textarea", width=box.width)
        if tnode is not None:
            tnode["style"]["textAutoResize"] = "NONE" if el.tag == "textarea" else "HEIGHT"
            if el.tag != "textarea":
                _room_to_stay_one_line(tnode)
            node.setdefault("children", []).append(tnode)


# Of a one-line value's box, the share it widens by: a button shrinks to its value, and Figma's
# advances a hair wider (a font size rounded to 0.01 px) would wrap "Go" into two lines.
_ONE_LINE_SLACK = 0.02


def _room_to_stay_one_line(tnode: Node) -> None:
    """Widens a one-line value's fixed-width box, about its alignment, so that it stays one line."""
    bb = tnode["absoluteBoundingBox"]
    extra = round_px(bb["width"] * _ONE_LINE_SLACK)
    align = tnode["style"].get("textAlignHorizontal", "LEFT")
    bb["x"] = round_px(bb["x"] - {"CENTER": extra / 2, "RIGHT": extra}.get(align, 0.0))
    bb["width"] = round_px(bb["width"] + extra)
