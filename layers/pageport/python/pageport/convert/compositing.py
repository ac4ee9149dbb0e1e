"""How a node is composited over what lies under it: opacity, blend mode, clipping,
transforms and filters. What Figma cannot express is warned about, not approximated."""

from __future__ import annotations

import math
import re

from pageport.capture.schema import ElementNode
from pageport.convert import css
from pageport.convert.figma import BlendMode, Node
from pageport.convert.nodes import StyleGet
from pageport.convert.state import ConversionState

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
_CLIPPING = {"hidden", "clip", "auto", "scroll"}
_NONE_VALUES = frozenset({"none", "", None})
_RARE_EFFECTS = ("filter", "backdrop-filter", "clip-path", "mask-image")
_BLUR_RE = re.compile(r"blur\(([\d.]+)px\)")
_MATRIX_RE = re.compile(r"matrix\(([^)]*)\)")


def composite(state: ConversionState, node: Node, get: StyleGet, el: ElementNode | None) -> None:
    """Opacity, blend mode, clipping and blur filters of an element or pseudo-element."""
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
            state.warn(f"mix-blend-mode {blend}")
    if (get("overflow-x") in _CLIPPING or get("overflow-y") in _CLIPPING) and node["type"] == "FRAME":
        node["clipsContent"] = True
        if el is not None and el.scroll and (el.scroll.x or el.scroll.y):
            state.warn("scrolled container shown at its scroll position")
    elif node["type"] == "FRAME":
        node["clipsContent"] = False
    transform = get("transform") or "none"
    if transform != "none" and not is_translation(transform):
        state.warn(f"transform {transform} kept as its bounding box")
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
            state.warn(f"{prop} {value}")
    for prop in ("clip-path", "mask-image"):
        if (get(prop) or "none") != "none":
            state.warn(f"{prop} not expressed")


def uniform_scale(transform: str) -> float | None:
    """The scale a computed transform draws its content at (1 for none or a translation), or
    None for a rotation, a skew or an uneven scale (its content's captured boxes are then the
    bounding boxes of turned or stretched shapes)."""
    if transform in _NONE_VALUES or transform.startswith("translate"):
        return 1.0
    m = _MATRIX_RE.fullmatch(transform)
    if not m:
        return None  # matrix3d: a perspective or 3-D turn
    a, b, c, d = (float(v) for v in m.group(1).split(",")[:4])
    if b != 0 or c != 0 or not math.isclose(a, d, rel_tol=1e-4) or a <= 0:
        return None
    return a


def is_translation(transform: str) -> bool:
    """A computed transform that only moves the box (its captured bounds are then exact)."""
    m = _MATRIX_RE.fullmatch(transform)
    if m:
        a, b, c, d = (float(v) for v in m.group(1).split(",")[:4])
        return math.isclose(a, 1) and math.isclose(d, 1) and b == 0 and c == 0
    return transform.startswith("translate")
