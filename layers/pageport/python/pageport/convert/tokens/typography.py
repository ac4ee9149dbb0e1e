"""Text style tokens: one per distinct type style (family, weight, italic, size, line height,
letter spacing, case, decoration), named by role: `heading/h1` for the text of headings,
`text/body` for the page's most used style, and `text/<size>` on a ramp around it (`text/sm`,
`text/lg`, `text/xl`...), with the weight and manner when they set it apart (`text/body-bold`,
`text/sm-caps`); ordered headings first, then by size, largest first."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pageport.convert.figma import TypeStyle

# The typography a text style fixes (colour, alignment and links stay per node).
TEXT_STYLE_FIELDS = (
    "fontFamily",
    "fontStyle",
    "fontWeight",
    "italic",
    "fontSize",
    "lineHeightPx",
    "lineHeightUnit",
    "letterSpacing",
    "textCase",
    "textDecoration",
)
StyleKey = tuple[Any, ...]
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_WEIGHTS = {100: "thin", 200: "extralight", 300: "light", 500: "medium", 600: "semibold", 700: "bold", 800: "extrabold"}
_WEIGHTS[900] = "black"
# Size steps around the body size, as ratios (Tailwind's xs..6xl against 16 px).
_RAMP = (
    (0.8125, "xs"),
    (0.9375, "sm"),
    (1.0625, "body"),
    (1.1875, "lg"),
    (1.375, "xl"),
    (1.75, "2xl"),
    (2.125, "3xl"),
    (2.625, "4xl"),
    (3.375, "5xl"),
    (float("inf"), "6xl"),
)


def style_key(style: Mapping[str, Any]) -> StyleKey:
    return tuple(style.get(f) for f in TEXT_STYLE_FIELDS)


def text_style(key: StyleKey) -> TypeStyle:
    style: dict[str, Any] = {f: v for f, v in zip(TEXT_STYLE_FIELDS, key, strict=True) if v is not None}
    return style  # type: ignore[return-value]


@dataclass
class StyleUse:
    """Where one type style is used: how many characters, and in which blocks (h1, p...)."""

    chars: int = 0
    tags: dict[str, int] = field(default_factory=dict)

    def add(self, tag: str, chars: int) -> None:
        self.chars += chars
        self.tags[tag] = self.tags.get(tag, 0) + chars


def _size(key: StyleKey) -> float:
    return float(key[TEXT_STYLE_FIELDS.index("fontSize")] or 16.0)


def _heading(use: StyleUse) -> str | None:
    tag = max(use.tags, key=lambda t: (use.tags[t], t))
    return tag if tag in _HEADINGS else None


def _manner(key: StyleKey, regular: float) -> str:
    fields = dict(zip(TEXT_STYLE_FIELDS, key, strict=True))
    words = []
    weight = float(fields["fontWeight"] or 400)
    if abs(weight - regular) >= 100:
        words.append(_WEIGHTS.get(int(round(weight / 100) * 100), "regular"))
    if fields["italic"]:
        words.append("italic")
    if fields["textCase"] in ("UPPER", "SMALL_CAPS"):
        words.append("caps")
    if fields["textDecoration"] == "UNDERLINE":
        words.append("underline")
    if fields["textDecoration"] == "STRIKETHROUGH":
        words.append("strike")
    return "-".join(words)


def style_names(styles: Mapping[StyleKey, StyleUse]) -> dict[StyleKey, str]:
    """Each type style's name, unique: in each role the most used style has the bare name
    (`heading/h2`, `text/body`), the others add what sets them apart (`text/body-bold`), then
    a number."""
    if not styles:
        return {}
    body = max(styles, key=lambda k: (_heading(styles[k]) is None, styles[k].chars, -_size(k)))
    body_size = _size(body)
    regular = float(body[TEXT_STYLE_FIELDS.index("fontWeight")] or 400)
    roles: dict[str, list[StyleKey]] = {}
    for key in styles:
        heading = _heading(styles[key])
        if heading is not None:
            role = f"heading/{heading}"
        else:
            ratio = _size(key) / body_size
            role = "text/" + next(name for bound, name in _RAMP if ratio < bound)
        roles.setdefault(role, []).append(key)
    names: dict[StyleKey, str] = {}
    used: set[str] = set()
    for role, keys in roles.items():
        for i, key in enumerate(sorted(keys, key=lambda k: -styles[k].chars)):
            manner = _manner(key, regular)
            name = role if i == 0 or not manner else f"{role}-{manner}"
            candidate, n = name, 2
            while candidate in used:
                candidate = f"{name}-{n}"
                n += 1
            used.add(candidate)
            names[key] = candidate
    return names


def order(styles: Mapping[StyleKey, StyleUse]) -> list[StyleKey]:
    """Headings by level, then the rest by size, largest first (then most used)."""

    def rank(key: StyleKey) -> tuple[int, float, int]:
        heading = _heading(styles[key])
        level = _HEADINGS.index(heading) if heading else len(_HEADINGS)
        return level, -_size(key), -styles[key].chars

    return sorted(styles, key=rank)
