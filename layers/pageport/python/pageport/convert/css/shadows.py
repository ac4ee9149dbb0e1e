"""box-shadow / text-shadow lists."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from pageport.convert.css.colors import parse_color
from pageport.convert.css.values import CssError, is_length, px, split_top
from pageport.convert.figma import RGBA


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
