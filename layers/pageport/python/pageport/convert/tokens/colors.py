"""Colour tokens: names by the page's own custom property where one holds the colour, else by
role and shade ramp (`color/primary/500`, `color/gray/900`, `color/white`), ordered by family
and shade.

A colour token is opaque: a colour the page draws at 40 % (an rgba() or an opacity) is the same
token as the solid one, its alpha kept on the paint (Figma shows it as the fill's opacity). So
variants of one colour share one variable, and the paint renders the same whatever a plan's
variables do with alpha.
"""

from __future__ import annotations

import colorsys
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from pageport.convert.figma import RGBA

ColorKey = tuple[int, int, int]  # 0..255 per channel
Key = TypeVar("Key", bound=Hashable)  # a colour, or a colour per variable mode

# Hue families, by the upper bound of their hue (degrees) on the colour wheel.
_FAMILIES = (
    (15, "red"),
    (40, "orange"),
    (65, "yellow"),
    (90, "lime"),
    (150, "green"),
    (175, "teal"),
    (195, "cyan"),
    (240, "blue"),
    (260, "indigo"),
    (290, "violet"),
    (330, "pink"),
    (361, "red"),
)
_SHADES = (50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950)
# Perceptual lightness (OKLab L) of each step, as Tailwind's palettes have it: its blue for the
# chromatic families, its gray for the neutral one (neutrals run darker at the end).
_CHROMATIC_L = (0.97, 0.932, 0.882, 0.809, 0.707, 0.623, 0.546, 0.488, 0.424, 0.379, 0.282)
_NEUTRAL_L = (0.985, 0.967, 0.928, 0.872, 0.707, 0.551, 0.446, 0.373, 0.278, 0.21, 0.13)
_NEUTRAL_CHROMA = 0.11
_ROLES = ("primary", "secondary", "tertiary")


def color_key(color: RGBA) -> ColorKey:
    return round(color["r"] * 255), round(color["g"] * 255), round(color["b"] * 255)


def opaque(key: ColorKey) -> RGBA:
    r, g, b = key
    return {"r": round(r / 255, 4), "g": round(g / 255, 4), "b": round(b / 255, 4), "a": 1.0}


# The Figma scopes of a colour by its use; another use (a gradient stop, a shadow) takes ALL_FILLS.
_SCOPES = {
    "color": ("TEXT_FILL",),
    "background": ("FRAME_FILL", "SHAPE_FILL"),
    "border": ("STROKE_COLOR",),
}
_SINGLE_FILLS = frozenset({"FRAME_FILL", "SHAPE_FILL", "TEXT_FILL"})


def scopes(uses: Iterable[str]) -> list[str]:
    """A colour variable's scopes for the page's uses of the colour. Figma refuses ALL_FILLS
    beside a single fill scope (it holds them all), so where ALL_FILLS is needed it stands alone
    for the fills."""
    found = {scope for use in uses for scope in _SCOPES.get(use, ("ALL_FILLS",))}
    if "ALL_FILLS" in found:
        found -= _SINGLE_FILLS
    return sorted(found)


@dataclass
class ColorUse:
    """How the page uses one colour: on what (color, background, border) and how often."""

    uses: dict[str, int] = field(default_factory=dict)

    def add(self, use: str) -> None:
        self.uses[use] = self.uses.get(use, 0) + 1

    @property
    def count(self) -> int:
        return sum(self.uses.values())


def _hls(key: ColorKey) -> tuple[float, float, float]:
    return colorsys.rgb_to_hls(*(c / 255 for c in key))


def family(key: ColorKey) -> str:
    """The colour's hue family ('blue', 'gray'...), 'white' and 'black' at the ends."""
    hue, light, _ = _hls(key)
    if light >= 0.985:
        return "white"
    if light <= 0.015:
        return "black"
    if (max(key) - min(key)) / 255 < _NEUTRAL_CHROMA:
        return "gray"  # chroma, not HSL saturation: a near-black blue-gray is still gray
    degrees = hue * 360
    return next(name for bound, name in _FAMILIES if degrees < bound)


def lightness(key: ColorKey) -> float:
    """OKLab's perceptual lightness L, 0..1."""

    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in key)
    lms = (
        0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b,
        0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b,
        0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b,
    )
    l_, m_, s_ = (float(v ** (1 / 3)) for v in lms)
    return 0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_


def _shade(key: ColorKey, neutral: bool) -> int:
    """The Tailwind-like step (50 lightest .. 950 darkest) whose lightness is nearest."""
    light = lightness(key)
    table = _NEUTRAL_L if neutral else _CHROMATIC_L
    return min(zip(_SHADES, table, strict=True), key=lambda step: abs(step[1] - light))[0]


def ramp_names(colors: Mapping[ColorKey, ColorUse]) -> dict[ColorKey, str]:
    """`color/<family or role>/<shade>` for each colour; the most used chromatic families are
    the primary, secondary and tertiary roles. Shades are unique within a family: a second
    colour at the same step takes the nearest free one, else a suffix."""
    families: dict[str, list[ColorKey]] = {}
    for key in colors:
        families.setdefault(family(key), []).append(key)
    weight = {f: sum(colors[k].count for k in keys) for f, keys in families.items()}
    chromatic = sorted((f for f in families if f not in ("gray", "white", "black")), key=lambda f: (-weight[f], f))
    role = {f: _ROLES[i] for i, f in enumerate(chromatic[: len(_ROLES)])}
    names: dict[ColorKey, str] = {}
    for fam, keys in families.items():
        group = role.get(fam, fam)
        if fam in ("white", "black"):
            for i, key in enumerate(sorted(keys, key=lambda k: -lightness(k))):
                names[key] = f"color/{fam}" + (f"-{i + 1}" if i else "")
            continue
        taken: set[int] = set()
        for key in sorted(keys, key=lambda k: (-lightness(k), k)):  # lightest first
            want = _shade(key, fam == "gray")
            free = [s for s in _SHADES if s not in taken]
            step = min(free, key=lambda s: (abs(s - want), s)) if free else None
            if step is None or abs(step - want) > 100:
                n = 2
                while f"color/{group}/{want}-{n}" in names.values():
                    n += 1
                names[key] = f"color/{group}/{want}-{n}"
                continue
            taken.add(step)
            names[key] = f"color/{group}/{step}"
    return names


def order(names: Mapping[ColorKey, str]) -> list[ColorKey]:
    """Colours in the order a designer reads a palette: by family and role, lightest first."""

    def rank(key: ColorKey) -> tuple[int, str, float]:
        group = names[key].split("/")[1]
        first = 0 if group in _ROLES else 2 if group in ("gray", "white", "black") else 1
        return first, group, -lightness(key)

    return sorted(names, key=rank)


def parse_rgb(value: str) -> ColorKey | None:
    """rgb()/rgba() as getComputedStyle serializes it, opaque channels only (None if transparent)."""
    if not value.startswith("rgb"):
        return None
    inner = value[value.index("(") + 1 : value.rindex(")")].replace("/", ",")
    parts = [p.strip() for p in inner.replace(" ", ",").split(",") if p.strip()]
    try:
        r, g, b = (round(float(p)) for p in parts[:3])
        alpha = float(parts[3]) if len(parts) > 3 else 1.0
    except ValueError:
        return None
    return None if alpha == 0 else (r, g, b)


def css_names(colors: Mapping[Key, ColorUse], properties: Sequence[tuple[str, Key, Sequence[str]]]) -> dict[Key, str]:
    """The page's custom property for each colour it holds: among those with the colour's value,
    the one used for what the colour is most used for (text color, background, border), else
    the first by name. `properties`: (name, colour, uses)."""
    by_value: dict[Key, list[tuple[str, Sequence[str]]]] = {}
    for name, key, uses in properties:
        by_value.setdefault(key, []).append((name, uses))
    out: dict[Key, str] = {}
    for key, use in colors.items():
        candidates = by_value.get(key)
        if not candidates:
            continue
        main = max(use.uses, key=lambda u: (use.uses[u], u))
        fitting = [name for name, uses in candidates if main in uses] or [name for name, uses in candidates if uses]
        out[key] = sorted(fitting or [name for name, _ in candidates])[0]
    return out
