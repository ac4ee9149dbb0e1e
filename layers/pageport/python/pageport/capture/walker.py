"""The DOM walker (dom_walker.js) and what it is told to read: the attributes worth keeping
and the computed styles, grouped by the condition under which each group matters."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pageport.capture.schema import (
    ELEMENT_STYLE_PROPERTIES,
    FLEX_ITEM_PROPERTIES,
    FONT_PROPERTIES,
    GAP_AND_GRID_TRACK_PROPERTIES,
    GRID_PLACEMENT_PROPERTIES,
    TEXT_DECORATION_DETAIL_PROPERTIES,
)

# Attributes worth keeping (semantics, accessibility names, links).
ATTRIBUTES: tuple[str, ...] = (
    "id",
    "class",
    "role",
    "aria-label",
    "alt",
    "href",
    "title",
    "name",
    "type",
    "lang",
    "dir",
)


def _style_groups() -> dict[str, Any]:
    """ELEMENT_STYLE_PROPERTIES split by the condition under which each group matters.

    The walker reads a group only when its condition holds (dom_walker.js, stylesOf); the
    schema module's docstring tells readers the same rules.
    """
    sides = ("top", "right", "bottom", "left")
    groups: dict[str, Any] = {
        "positioned": ("top", "right", "bottom", "left", "z-index"),
        "container": (
            "flex-direction",
            "flex-wrap",
            "justify-content",
            "justify-items",
            "align-items",
            "align-content",
            *GAP_AND_GRID_TRACK_PROPERTIES,
        ),
        "item": (
            "justify-self",
            "align-self",
            *FLEX_ITEM_PROPERTIES,
            *GRID_PLACEMENT_PROPERTIES,
            "z-index",
        ),
        "list": ("list-style-type", "list-style-position"),
        "replaced": ("object-fit", "object-position"),
        "transformed": ("transform-origin",),
        "border": {s: (f"border-{s}-style", f"border-{s}-width", f"border-{s}-color") for s in sides},
        "backgroundLayers": (
            "background-size",
            "background-position",
            "background-repeat",
            "background-origin",
            "background-attachment",
            "background-blend-mode",
        ),
        "outline": ("outline-style", "outline-width", "outline-color", "outline-offset"),
        # Read for elements with their own (non-blank) text, form controls and pseudos.
        "text": (
            *FONT_PROPERTIES,
            "text-transform",
            "text-indent",
            "text-decoration-line",
            "text-shadow",
            "white-space",
            "word-break",
            "overflow-wrap",
            "-webkit-text-stroke-width",
            "-webkit-background-clip",
        ),
        "decoration": TEXT_DECORATION_DETAIL_PROPERTIES,
        "stroke": ("-webkit-text-stroke-width", "-webkit-text-stroke-color"),
        "fill": ("-webkit-text-fill-color",),
    }
    gated = {p for key, props in groups.items() if key != "border" for p in props}
    gated |= {p for props in groups["border"].values() for p in props}
    groups["always"] = tuple(p for p in ELEMENT_STYLE_PROPERTIES if p not in gated)
    groups["borderSides"] = sides
    return groups


STYLE_GROUPS: dict[str, Any] = _style_groups()


@cache
def walker_source() -> str:
    return (Path(__file__).parent / "dom_walker.js").read_text(encoding="utf-8")
