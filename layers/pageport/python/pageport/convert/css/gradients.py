"""Linear and radial gradients (and their repeating forms, approximated) as Figma gradient
paints: handle positions normalized to the box and color stops placed as CSS places them."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from pageport.convert.css.colors import parse_color
from pageport.convert.css.values import FUNCTION_RE, NUMBER, CssError, is_length, px, round_to, split_top
from pageport.convert.figma import RGBA, ColorStop, Paint, Vector

_ANGLE_RE = re.compile(rf"^({NUMBER})(deg|grad|rad|turn)$")


class Gradient(NamedTuple):
    paint: Paint
    exact: bool  # False when something (hints, repeating, color spaces) was approximated


@lru_cache(maxsize=4096)
def _parse_stop(part: str) -> tuple[RGBA | None, tuple[str, ...], bool]:
    """One stop's (color, position tokens, is an interpolation hint); cached like parse_color."""
    tokens = split_top(part, " ")
    color = parse_color(tokens[0]) if tokens else None
    positions = tuple(t for t in tokens[1:] if is_length(t))
    hint = color is None and bool(tokens) and is_length(tokens[0]) and len(tokens) == 1
    return color, positions, hint


def _stops(parts: list[str], line_length: float) -> tuple[list[ColorStop], bool]:
    """Color stops with CSS position fix-up (Images 3, 3.5.3); hints are dropped (inexact)."""
    relative = _relative_stops(tuple(parts))
    if relative is not None:
        return list(relative[0]), relative[1]
    return _compute_stops(parts, line_length)


@lru_cache(maxsize=1024)
def _relative_stops(parts: tuple[str, ...]) -> tuple[tuple[ColorStop, ...], bool] | None:
    """Stops placed in % (or not at all) do not depend on the box, so they are computed once
    per value, like parse_color (the stop dicts are shared, never mutated); None otherwise."""
    if any(not token.endswith("%") for part in parts for token in _parse_stop(part)[1]):
        return None
    stops, exact = _compute_stops(parts, 0.0)
    return tuple(stops), exact


def _compute_stops(parts: Sequence[str], line_length: float) -> tuple[list[ColorStop], bool]:
    raw: list[tuple[RGBA, float | None]] = []
    exact = True
    for part in parts:
        color, positions, hint = _parse_stop(part)
        if color is None:
            if hint:
                exact = False  # interpolation hint
                continue
            raise CssError(f"gradient stop {part!r}")
        if not positions:
            raw.append((color, None))
        for token in positions:
            raw.append(
                (
                    color,
                    px(token, 100.0) / 100.0
                    if token.endswith("%")
                    else (px(token) / line_length if line_length > 0 else 0.0),
                )
            )
    if len(raw) < 2:
        raise CssError("gradient needs two stops")
    pos: list[float | None] = [p for _, p in raw]
    if pos[0] is None:
        pos[0] = 0.0
    if pos[-1] is None:
        pos[-1] = 1.0
    best = 0.0
    for i, known in enumerate(pos):  # monotonic
        if known is not None:
            best = max(best, known)
            pos[i] = best
    i = 0
    while i < len(pos):
        if pos[i] is None:
            j = i
            while pos[j] is None:
                j += 1
            start, end = pos[i - 1], pos[j]
            assert start is not None and end is not None
            for k in range(i, j):
                pos[k] = start + (end - start) * (k - i + 1) / (j - i + 1)
            i = j
        i += 1
    stops: list[ColorStop] = []
    for (color, _), at in zip(raw, pos, strict=True):
        assert at is not None
        if at < 0 or at > 1:
            exact = False
        stops.append({"position": round_to(min(1.0, max(0.0, at)), 4), "color": color})
    return stops, exact


def _vec(x: float, y: float, w: float, h: float) -> Vector:
    return {"x": round_to(x / w, 4) if w else 0.0, "y": round_to(y / h, 4) if h else 0.0}


_SIDES = {"top": 0.0, "right": 90.0, "bottom": 180.0, "left": 270.0}


def _linear_angle(prelude: str, w: float, h: float) -> float | None:
    """CSS angle in degrees for a linear-gradient prelude, or None if prelude is a stop."""
    p = prelude.strip()
    if p.endswith(("deg", "grad", "rad", "turn")):
        m = _ANGLE_RE.match(p)
        if not m:
            raise CssError(f"angle {p!r}")
        n = float(m.group(1))
        return {"deg": n, "grad": n * 0.9, "rad": math.degrees(n), "turn": n * 360}[m.group(2)]
    if not p.startswith("to "):
        return None
    words = p[3:].split()
    if len(words) == 1:
        return _SIDES[words[0]]
    corner = math.degrees(math.atan2(h, w))
    vertical = "top" if "top" in words else "bottom"
    horizontal = "right" if "right" in words else "left"
    return {
        ("top", "right"): corner,
        ("bottom", "right"): 180 - corner,
        ("bottom", "left"): 180 + corner,
        ("top", "left"): 360 - corner,
    }[(vertical, horizontal)]


def linear_gradient(args: str, w: float, h: float) -> Gradient:
    parts = split_top(args)
    angle = _linear_angle(parts[0], w, h)
    if angle is None:
        angle = 180.0
    else:
        parts = parts[1:]
    theta = math.radians(angle)
    dx, dy = math.sin(theta), -math.cos(theta)
    length = abs(w * dx) + abs(h * dy)
    stops, exact = _stops(parts, length)
    cx, cy = w / 2, h / 2
    x0, y0 = cx - dx * length / 2, cy - dy * length / 2
    x1, y1 = cx + dx * length / 2, cy + dy * length / 2
    # Third handle: perpendicular to the axis in pixel space (Figma's gradient transform).
    x2, y2 = x0 - dy * length / 2, y0 + dx * length / 2
    paint: Paint = {
        "type": "GRADIENT_LINEAR",
        "blendMode": "NORMAL",
        "gradientHandlePositions": [_vec(x0, y0, w, h), _vec(x1, y1, w, h), _vec(x2, y2, w, h)],
        "gradientStops": stops,
    }
    return Gradient(paint, exact)


def _position(tokens: list[str], w: float, h: float) -> tuple[float, float]:
    keyword_x = {"left": 0.0, "center": 50.0, "right": 100.0}
    keyword_y = {"top": 0.0, "center": 50.0, "bottom": 100.0}
    x, y = w / 2, h / 2
    if not tokens:
        return x, y
    if len(tokens) == 1:
        tokens = [tokens[0], "center"]
    a, b = tokens[0], tokens[1]
    if a in keyword_y and a != "center" and b in keyword_x:
        a, b = b, a
    x = keyword_x[a] * w / 100 if a in keyword_x else px(a, w)
    y = keyword_y[b] * h / 100 if b in keyword_y else px(b, h)
    if len(tokens) > 2:
        raise CssError("4-value positions")
    return x, y


def radial_gradient(args: str, w: float, h: float) -> Gradient:
    parts = split_top(args)
    prelude = parts[0]
    first = split_top(prelude, " ")
    is_prelude = bool(first) and parse_color(first[0]) is None
    stop_parts = parts[1:] if is_prelude else parts
    shape, size_kw, explicit, position = "ellipse", "farthest-corner", [], []
    if is_prelude:
        tokens = first
        if "at" in tokens:
            i = tokens.index("at")
            position = tokens[i + 1 :]
            tokens = tokens[:i]
        for t in tokens:
            if t in ("circle", "ellipse"):
                shape = t
            elif t in ("closest-side", "closest-corner", "farthest-side", "farthest-corner"):
                size_kw = t
            elif is_length(t):
                explicit.append(t)
            else:
                raise CssError(f"radial token {t!r}")
    cx, cy = _position(position, w, h)
    sides_x = (cx, w - cx)
    sides_y = (cy, h - cy)
    if explicit:
        rx = px(explicit[0], w)
        ry = px(explicit[1], h) if len(explicit) > 1 else rx
        if shape == "circle" or len(explicit) == 1:
            shape = "circle"
    else:
        pick = min if size_kw.startswith("closest") else max
        if size_kw.endswith("side"):
            rx, ry = pick(sides_x), pick(sides_y)
            if shape == "circle":
                rx = ry = pick(rx, ry)
        else:
            corners = [(sx, sy) for sx in sides_x for sy in sides_y]
            cxn, cyn = pick(corners, key=lambda c: math.hypot(*c))
            if shape == "circle":
                rx = ry = math.hypot(cxn, cyn)
            else:
                # Same aspect ratio as the *-side ellipse, passing through the corner.
                sx, sy = pick(sides_x), pick(sides_y)
                ratio = sx / sy if sy else 1.0
                ry = math.sqrt(cyn**2 + (cxn / ratio) ** 2) if ratio else cyn
                rx = ry * ratio
    stops, exact = _stops(stop_parts, rx)
    paint: Paint = {
        "type": "GRADIENT_RADIAL",
        "blendMode": "NORMAL",
        "gradientHandlePositions": [_vec(cx, cy, w, h), _vec(cx + rx, cy, w, h), _vec(cx, cy + ry, w, h)],
        "gradientStops": stops,
    }
    return Gradient(paint, exact)


def gradient(layer: str, w: float, h: float) -> Gradient:
    """One background-image layer that is a gradient function."""
    m = FUNCTION_RE.match(layer.strip())
    if not m:
        raise CssError(f"not a gradient: {layer[:40]!r}")
    name, args = m.group(1), m.group(2)
    if name in ("linear-gradient", "-webkit-linear-gradient"):
        return linear_gradient(args, w, h)
    if name in ("radial-gradient", "-webkit-radial-gradient"):
        return radial_gradient(args, w, h)
    if name in ("repeating-linear-gradient", "repeating-radial-gradient"):
        base = (linear_gradient if "linear" in name else radial_gradient)(args, w, h)
        return Gradient(base.paint, False)
    raise CssError(f"{name} is not supported")
