"""Computed colors (rgb/rgba, #hex, color(srgb ...), oklab/oklch, lab/lch) as Figma RGBA,
and solid paints of them."""

from __future__ import annotations

import math
from functools import lru_cache

from pageport.convert.css.values import FUNCTION_RE
from pageport.convert.figma import RGBA, Paint


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


def _lab_coordinates(
    parts: list[str], polar: bool, *, lightness_full: float, chroma_full: float, ab_full: float
) -> tuple[float, float, float]:
    """L, a and b of an oklab/lab color, or of an oklch/lch one (`polar`: L, chroma, hue in
    degrees). The `*_full` values are what 100% of each component means."""
    lightness = _component(parts[0], lightness_full)
    if polar:
        c, h = _component(parts[1], chroma_full), math.radians(_component(parts[2], 360))
        return lightness, c * math.cos(h), c * math.sin(h)
    return lightness, _component(parts[1], ab_full), _component(parts[2], ab_full)


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
    m = FUNCTION_RE.match(v)
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
            r, g, b = _oklab_to_rgb(
                *_lab_coordinates(parts, name == "oklch", lightness_full=1.0, chroma_full=0.4, ab_full=0.4)
            )
        elif name in ("lab", "lch"):
            r, g, b = _lab_to_rgb(
                *_lab_coordinates(parts, name == "lch", lightness_full=100.0, chroma_full=150, ab_full=125)
            )
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
