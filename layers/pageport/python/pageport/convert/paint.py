"""A box's own paint: background color, gradient and image layers, borders, corner radii,
box shadows and outlines, as the node's fills, strokes and effects."""

from __future__ import annotations

from collections.abc import Sequence

from pageport.capture.schema import Box, ImageRef
from pageport.convert import css
from pageport.convert.figma import RGBA, Effect, Node, Paint
from pageport.convert.image_fills import background_image, gradient_layer, stack_layers
from pageport.convert.nodes import StyleGet, round_px
from pageport.convert.state import ConversionState

# Property names per side/corner, spelled once rather than formatted for every element.
_SIDES = ("top", "right", "bottom", "left")
_BORDER_STYLE = tuple(f"border-{s}-style" for s in _SIDES)
_BORDER_WIDTH = tuple(f"border-{s}-width" for s in _SIDES)
_BORDER_COLOR = tuple(f"border-{s}-color" for s in _SIDES)
_CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
_RADIUS = tuple(f"border-{c}-radius" for c in _CORNERS)
_NO_BORDER = ("none", "hidden")
# Values for which a side draws nothing / a corner is square (None and "" read as the default).
_UNDRAWN_STYLES = frozenset({"none", "hidden", "", None})
_SQUARE_RADII = frozenset({"0px", "", None})


def decorate(state: ConversionState, node: Node, box: Box, get: StyleGet, images: Sequence[ImageRef]) -> None:
    """Everything the box paints itself (`images`: its captured background images)."""
    fills: list[Paint] = []
    bg = css.parse_color(get("background-color"))
    if bg and bg["a"] > 0:
        fills.append(css.solid(bg))
    clip_value = get("background-clip") or "border-box"
    clip = clip_value if clip_value == "border-box" else css.split_top(clip_value)[-1]
    if clip not in ("border-box", "text") and bg and bg["a"] > 0:
        state.warn(f"background-clip {clip}")
    image = get("background-image") or "none"
    extra_children: list[Node] = []
    # Most boxes have no background image: skip splitting the per-layer lists then.
    if image != "none" and get("-webkit-background-clip") != "text" and get("background-clip") != "text":
        layers = css.split_top(image)
        sizes = css.split_top(get("background-size") or "auto")
        positions = css.split_top(get("background-position") or "0% 0%")
        repeats = css.split_top(get("background-repeat") or "repeat")
        drawn: list[tuple[list[Paint], list[Node]]] = [(fills, [])]  # the colour is the bottom layer
        for i in range(len(layers) - 1, -1, -1):
            layer = layers[i]
            if layer in ("none", ""):
                continue
            geometry = (box, sizes[i % len(sizes)], positions[i % len(positions)], repeats[i % len(repeats)])
            layer_fills: list[Paint] = []
            layer_children: list[Node] = []
            if layer.startswith("url("):
                ref = next((r for r in images if r.source == "background" and (r.layer == i or r.layer is None)), None)
                background_image(state, ref, *geometry, layer_fills, layer_children)
            else:
                gradient_layer(state, layer, *geometry, layer_fills, layer_children)
            drawn.append((layer_fills, layer_children))
        fills, extra_children = stack_layers(box, drawn)
    node["fills"] = fills
    if extra_children:
        node.setdefault("children", []).extend(extra_children)
    borders(state, node, get)
    radii(state, node, box, get)
    shadows(state, node, get)
    outline(state, node, get)


def borders(state: ConversionState, node: Node, get: StyleGet) -> None:
    """Drawn border sides as one INSIDE stroke (per-side weights when they differ)."""
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
        state.warn("border without a color left out")
        return
    color = max(drawn, key=lambda c: sum(1 for d in drawn if d == c))
    if any(c != color for c in drawn):
        state.warn("border sides have different colors; the most common one is used")
    used_styles = {s for s in styles if s}
    if used_styles - {"solid", "dashed", "dotted"}:
        state.warn(f"border-style {','.join(sorted(used_styles))} drawn solid")
    node["strokes"] = [css.solid(color)]
    node["strokeAlign"] = "INSIDE"
    if len(set(widths)) == 1:
        node["strokeWeight"] = round_px(widths[0])
    else:
        node["strokeWeight"] = round_px(max(widths))
        node["individualStrokeWeights"] = {
            "top": round_px(widths[0]),
            "right": round_px(widths[1]),
            "bottom": round_px(widths[2]),
            "left": round_px(widths[3]),
        }
    if "dashed" in used_styles or "dotted" in used_styles:
        weight = max(widths)
        node["strokeDashes"] = [weight * 3, weight * 3] if "dashed" in used_styles else [weight, weight]


def radii(state: ConversionState, node: Node, box: Box, get: StyleGet) -> None:
    """Corner radii, shrunk as CSS shrinks overlapping ones; elliptical corners drawn circular."""
    values = list(map(get, _RADIUS))
    if _SQUARE_RADII.issuperset(values):
        return  # square corners (the default), nothing to parse
    w, h = box.width, box.height
    if values.count(values[0]) == 4:
        # One radius on every corner (the usual case): parse and scale it once.
        rx, ry = css.radius_pair(values[0], w, h)
        if abs(rx - ry) > 0.5:
            for corner in _CORNERS:
                state.warn(f"elliptical border-{corner}-radius drawn circular")
        c = min(rx, ry)
        if c <= 0:
            return
        node["cornerRadius"] = round_px(c * _radius_scale([c, c, c, c], w, h))
        return
    corners = []
    for corner, value in zip(_CORNERS, values, strict=True):
        rx, ry = css.radius_pair(value, w, h)
        if abs(rx - ry) > 0.5:
            state.warn(f"elliptical border-{corner}-radius drawn circular")
        corners.append(min(rx, ry))
    if max(corners) <= 0:
        return
    f = _radius_scale(corners, w, h)
    corners = [round_px(c * f) for c in corners]
    if len(set(corners)) == 1:
        node["cornerRadius"] = corners[0]
    else:
        node["rectangleCornerRadii"] = corners


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


def shadows(state: ConversionState, node: Node, get: StyleGet) -> None:
    """box-shadow as DROP_SHADOW / INNER_SHADOW effects, placed before the node's others."""
    value = get("box-shadow")
    if not value or value == "none":
        node.setdefault("effects", [])  # no shadow (the common case): effects stay as they are
        return
    try:
        parsed = css.parse_shadows(value)
    except css.CssError as exc:
        state.warn(f"box-shadow: {exc}")
        return
    effects: list[Effect] = []
    for sh in reversed(parsed):  # CSS lists the top shadow first; Figma paints in order
        eff: Effect = {
            "type": "INNER_SHADOW" if sh.inset else "DROP_SHADOW",
            "visible": True,
            "color": sh.color,
            "blendMode": "NORMAL",
            "offset": {"x": round_px(sh.x), "y": round_px(sh.y)},
            "radius": round_px(sh.blur),
            "spread": round_px(sh.spread),
        }
        if not sh.inset:
            eff["showShadowBehindNode"] = False
        effects.append(eff)
    node["effects"] = effects + node.get("effects", [])


def outline(state: ConversionState, node: Node, get: StyleGet) -> None:
    """An outline as an OUTSIDE stroke, when the box has no border and no outline offset."""
    style = get("outline-style") or "none"
    if style == "none":
        return
    width = css.px(get("outline-width"))
    color = css.parse_color(get("outline-color"))
    if width <= 0 or color is None or color["a"] == 0:
        return
    if node.get("strokes") or css.px(get("outline-offset")) != 0:
        state.warn("outline not expressed (border or offset present)")
        return
    node["strokes"] = [css.solid(color)]
    node["strokeWeight"] = round_px(width)
    node["strokeAlign"] = "OUTSIDE"
