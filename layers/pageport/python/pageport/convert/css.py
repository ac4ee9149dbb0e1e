"""Parsing of Chromium's computed CSS values into Figma paint/effect/geometry terms.

Computed values are already normalized by the browser (colors as rgb()/rgba() or a CSS 4 color
function, lengths in px, keywords lower-case), so a small tokenizer is enough: no cascade, no
shorthands, no relative units besides % (resolved against the box here).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from pageport.convert.figma import RGBA, ColorStop, Paint, Vector

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?"
_LENGTH_RE = re.compile(rf"^({_NUM})(px|%)?$")
_FUNC_RE = re.compile(r"^([a-z-]+)\((.*)\)$", re.S)
_ANGLE_RE = re.compile(rf"^({_NUM})(deg|grad|rad|turn)$")


class CssError(ValueError):
    """A value this module cannot interpret."""


def round_to(value: float, digits: int) -> float:
    """round(value, digits), exactly, without its cost for whole numbers.

    round() with digits goes through a decimal string (printf, then strtod); a whole number
    comes back unchanged (same value, type and sign of zero), and most layout values are
    whole px.
    """
    return value if value % 1.0 == 0.0 else round(value, digits)


def split_top(value: str, sep: str = ",") -> list[str]:
    """Split on sep outside parentheses and quotes; whitespace sep splits on any run of it."""
    return list(_split_top(value, sep))


_NESTING_RE = re.compile(r"""[()"']""")


@lru_cache(maxsize=4096)
def _split_top(value: str, sep: str) -> tuple[str, ...]:
    if not _NESTING_RE.search(value):  # nothing nested or quoted: a plain split
        if sep == " ":
            return tuple(value.split())
        if sep in value:
            return tuple(part.strip() for part in value.split(sep))
        value = value.strip()
        return (value,) if value else ()
    # Visit only separators, parentheses and quotes (a regex finds them), not every character.
    parts: list[str] = []
    depth = 0
    quote = ""
    start = 0
    for m in _separator_re(sep).finditer(value):
        ch = m.group()
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0:
            part = value[start : m.start()].strip()
            if part or sep != " ":
                parts.append(part)
            start = m.end()
    last = value[start:].strip()
    if last or (sep != " " and parts):
        parts.append(last)
    return tuple(parts)


@lru_cache(maxsize=16)
def _separator_re(sep: str) -> re.Pattern[str]:
    """Parentheses, quotes and sep (for " ": any whitespace, as str.split and str.isspace)."""
    return re.compile(r"""[()"']|""" + (r"\s" if sep == " " else re.escape(sep)))


@lru_cache(maxsize=8192)
def px(value: str | None, basis: float = 0.0, default: float = 0.0) -> float:
    """A computed length ('12px', '0', '50%' against basis) in px."""
    if value is None:
        return default
    m = _LENGTH_RE.match(value.strip())
    if not m:
        return default
    number = float(m.group(1))
    return number * basis / 100.0 if m.group(2) == "%" else number


@lru_cache(maxsize=4096)
def is_length(token: str) -> bool:
    return bool(_LENGTH_RE.match(token.strip()))


# ---------------------------------------------------------------- colors


def _srgb_gamma(c: float) -> float:
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def _oklab_to_rgb(lightness: float, a: float, b: float) -> tuple[float, float, float]:
    l_ = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3
    m_ = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3
    s_ = (lightness - 0.0894841775 * a - 1.2914855480 * b) ** 3
    r = 4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_
    g = -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_
    bb = -0.0041960863 * l_ - 0.7034186147 * m_ + 1.7076147010 * s_
    return _srgb_gamma(r), _srgb_gamma(g), _srgb_gamma(bb)


def _lab_to_rgb(lightness: float, a: float, b: float) -> tuple[float, float, float]:
    # CIE Lab (D50) -> XYZ -> linear sRGB (D65, Bradford-adapted matrix).
    fy = (lightness + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200

    def f_inv(t: float) -> float:
        return t**3 if t**3 > 216 / 24389 else (116 * t - 16) / (24389 / 27)

    x, y, z = 0.96422 * f_inv(fx), 1.0 * f_inv(fy), 0.82521 * f_inv(fz)
    r = 3.1341359569958707 * x - 1.6173863321612538 * y - 0.4906619460083532 * z
    g = -0.978795502912089 * x + 1.916254567259524 * y + 0.03344273116131949 * z
    bb = 0.07195537988411677 * x - 0.2289768264158322 * y + 1.405386058324125 * z
    return _srgb_gamma(r), _srgb_gamma(g), _srgb_gamma(bb)


def _component(raw: str, full: float) -> float:
    token = raw.strip()
    if token == "none":  # noqa: S105 (a CSS keyword, not a secret)
        return 0.0
    if token.endswith("%"):
        return float(token[:-1]) * full / 100.0
    return float(token.removesuffix("deg"))


@lru_cache(maxsize=4096)
def parse_color(value: str | None) -> RGBA | None:
    """Cached: callers must not mutate the returned dict (it is shared)."""
    return _parse_color(value)


def _parse_color(value: str | None) -> RGBA | None:
    """rgb()/rgba()/color(srgb ...)/oklab/oklch/lab/lch/transparent/#hex -> RGBA (0..1)."""
    if not value:
        return None
    v = value.strip().lower()
    if v in ("transparent", "none"):
        return {"r": 0.0, "g": 0.0, "b": 0.0, "a": 0.0}
    if v.startswith("#") and len(v) in (4, 5, 7, 9):
        digits = v[1:]
        if len(digits) in (3, 4):
            digits = "".join(c * 2 for c in digits)
        chans = [int(digits[i : i + 2], 16) / 255 for i in range(0, len(digits), 2)]
        return _rgba(chans[0], chans[1], chans[2], chans[3] if len(chans) == 4 else 1.0)
    m = _FUNC_RE.match(v)
    if not m:
        return None
    name, body = m.group(1), m.group(2).replace(",", " ")
    alpha = 1.0
    if "/" in body:
        body, alpha_s = body.split("/", 1)
        alpha = _component(alpha_s, 1.0)
    parts = body.split()
    try:
        if name in ("rgb", "rgba"):
            if len(parts) == 4:
                alpha = _component(parts[3], 1.0)
            r, g, b = (_component(p, 255.0) / 255.0 for p in parts[:3])
        elif name == "color" and parts and parts[0] in ("srgb", "srgb-linear"):
            r, g, b = (_component(p, 1.0) for p in parts[1:4])
            if parts[0] == "srgb-linear":
                r, g, b = _srgb_gamma(r), _srgb_gamma(g), _srgb_gamma(b)
        elif name in ("oklab", "oklch"):
            lightness = _component(parts[0], 1.0)
            if name == "oklch":
                c, h = _component(parts[1], 0.4), math.radians(_component(parts[2], 360))
                a_, b_ = c * math.cos(h), c * math.sin(h)
            else:
                a_, b_ = _component(parts[1], 0.4), _component(parts[2], 0.4)
            r, g, b = _oklab_to_rgb(lightness, a_, b_)
        elif name in ("lab", "lch"):
            lightness = _component(parts[0], 100.0)
            if name == "lch":
                c, h = _component(parts[1], 150), math.radians(_component(parts[2], 360))
                a_, b_ = c * math.cos(h), c * math.sin(h)
            else:
                a_, b_ = _component(parts[1], 125), _component(parts[2], 125)
            r, g, b = _lab_to_rgb(lightness, a_, b_)
        else:
            return None
    except (ValueError, IndexError):
        return None
    return _rgba(r, g, b, alpha)


def _rgba(r: float, g: float, b: float, a: float) -> RGBA:
    def clamp(x: float) -> float:
        return round(min(1.0, max(0.0, x)), 4)

    return {"r": clamp(r), "g": clamp(g), "b": clamp(b), "a": clamp(a)}


def solid(color: RGBA, opacity: float = 1.0) -> Paint:
    paint: Paint = {"type": "SOLID", "blendMode": "NORMAL", "color": color}
    if opacity < 1:
        paint["opacity"] = round(opacity, 4)
    return paint


# ---------------------------------------------------------------- shadows


# NamedTuples, not frozen dataclasses: those set each field through object.__setattr__.
class Shadow(NamedTuple):
    inset: bool
    x: float
    y: float
    blur: float
    spread: float
    color: RGBA


def parse_shadows(value: str | None) -> list[Shadow]:
    """box-shadow / text-shadow list, in CSS order (first is on top)."""
    if not value or value == "none":
        return []
    return list(_parse_shadows(value))


@lru_cache(maxsize=1024)
def _parse_shadows(value: str) -> tuple[Shadow, ...]:
    """Cached like parse_color: the Shadows (and their colors) are shared, never mutated."""
    out: list[Shadow] = []
    for layer in split_top(value):
        tokens = split_top(layer, " ")
        inset = "inset" in tokens
        lengths = [px(t) for t in tokens if is_length(t)]
        color_tokens = [t for t in tokens if t != "inset" and not is_length(t)]
        color = parse_color(color_tokens[0]) if color_tokens else None
        if color is None or len(lengths) < 2:
            raise CssError(f"shadow {layer!r}")
        lengths += [0.0] * (4 - len(lengths))
        out.append(Shadow(inset, lengths[0], lengths[1], lengths[2], lengths[3], color))
    return tuple(out)


# ---------------------------------------------------------------- gradients


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
    m = _FUNC_RE.match(layer.strip())
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


def radius_pair(value: str | None, w: float, h: float) -> tuple[float, float]:
    """A border-*-radius computed value -> (horizontal, vertical) px."""
    if not value:
        return 0.0, 0.0
    tokens = value.split()
    rx = px(tokens[0], w)
    ry = px(tokens[1], h) if len(tokens) > 1 else (px(tokens[0], h) if "%" in tokens[0] else rx)
    return rx, ry
