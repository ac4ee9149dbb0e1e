"""One design per page of a site: several captures of one page (breakpoints, light and dark)
become one COMPONENT_SET with a variant per capture, sharing one variable collection, one set of
styles and one set of main components.

Each capture is converted alone up to its names (the element walk, auto layout, names: exactly
what `convert_capture` makes of it, so nothing moves), becomes a COMPONENT named
`breakpoint=<name>` (and `, theme=<light|dark>` when both themes are there) placed in a grid of
breakpoints by themes, and then the passes that make a design editable run once over all of
them: tokens (a Light and a Dark mode where both themes are captured; each frame shows its
own), components (shared across variants), ids and images. docs/result-format.md, "Site
designs", is the reference.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

from pageport.capture.schema import CaptureDocument, CustomProperty
from pageport.convert.converter import SITE_RESULT_VERSION, Conversion, assemble
from pageport.convert.figma import Node
from pageport.convert.naming import clip
from pageport.convert.passes import run_passes
from pageport.convert.state import ConversionState, SiteVariants
from pageport.models.conversion import DEFAULT_OPTIONS, ConversionOptions

Theme = Literal["light", "dark"]
PADDING = 80.0  # px around the variants inside the set
GAP = 120.0  # px between variants
THEMES: tuple[Theme, ...] = ("light", "dark")


@dataclass(frozen=True)
class SiteCapture:
    """One capture of the page, with the variant it is."""

    breakpoint: str
    theme: Theme
    capture_json: bytes
    assets: Mapping[str, bytes]


def variant_name(breakpoint: str, theme: Theme, both_themes: bool) -> str:
    return f"breakpoint={breakpoint}, theme={theme}" if both_themes else f"breakpoint={breakpoint}"


def convert_site(
    captures: Sequence[SiteCapture],
    options: ConversionOptions = DEFAULT_OPTIONS,
    *,
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Conversion:
    """The captures of one page as one site design (result version 3)."""
    seen = {(c.breakpoint, c.theme) for c in captures}
    if len(seen) != len(captures) or not captures:
        raise ValueError("each variant needs its own breakpoint and theme")
    themes = [t for t in THEMES if any(c.theme == t for c in captures)]
    states = []
    for capture in captures:
        doc = CaptureDocument.model_validate_json(capture.capture_json)
        state = ConversionState(doc, capture.assets, options, deadline=deadline, clock=clock)
        run_passes(state, until="names")
        state.warnings.extend(state.fonts.warnings())
        states.append(state)
    frames = [_as_variant(state.page, c, len(themes) > 1) for state, c in zip(states, captures, strict=True)]
    root = _component_set(_title(states[0].doc), _grid(captures, frames))

    site = ConversionState(states[0].doc, {}, options, deadline=deadline, clock=clock)
    site.root = root
    for state, capture in zip(states, captures, strict=True):
        site.images.update(state.images)
        site.carried.update(state.carried)
        label = variant_name(capture.breakpoint, capture.theme, len(themes) > 1)
        site.warnings.extend(f"{label}: {warning}" for warning in state.warnings)
    mode_of = {theme: i for i, theme in enumerate(themes)}  # one theme: its only mode
    site.variants = SiteVariants(
        modes=tuple(t.capitalize() for t in themes) if len(themes) > 1 else ("Default",),
        frames=[(frame, mode_of[c.theme]) for frame, c in zip(frames, captures, strict=True)],
        counterparts=_counterparts(captures, frames),
        properties=[_properties_of(theme, captures, states) for theme in themes],
    )
    run_passes(site, after="names")
    used = set().union(*(s.fonts.used for s in states))
    fallbacks = {k: v for s in states for k, v in s.fonts.fallbacks.items()}
    return assemble(SITE_RESULT_VERSION, site, used, fallbacks)


def _as_variant(page: Node, capture: SiteCapture, both_themes: bool) -> Node:
    page["type"] = "COMPONENT"
    page["name"] = variant_name(capture.breakpoint, capture.theme, both_themes)
    return page


def _grid(captures: Sequence[SiteCapture], frames: list[Node]) -> list[Node]:
    """Breakpoints left to right (widest first), light above dark; each frame moved there whole."""
    widths: dict[str, float] = {}
    for capture, frame in zip(captures, frames, strict=True):
        widths[capture.breakpoint] = max(widths.get(capture.breakpoint, 0.0), frame["absoluteBoundingBox"]["width"])
    columns = sorted(widths, key=lambda b: (-widths[b], b))
    pairs = list(zip(captures, frames, strict=True))
    heights = {
        t: max((f["absoluteBoundingBox"]["height"] for c, f in pairs if c.theme == t), default=0.0) for t in THEMES
    }
    rows = [t for t in THEMES if any(c.theme == t for c in captures)]
    placed = []
    for capture, frame in sorted(pairs, key=lambda cf: (rows.index(cf[0].theme), columns.index(cf[0].breakpoint))):
        column, row = columns.index(capture.breakpoint), rows.index(capture.theme)
        x = PADDING + sum(widths[b] for b in columns[:column]) + GAP * column
        y = PADDING + sum(heights[t] for t in rows[:row]) + GAP * row
        _move(frame, x, y)
        placed.append(frame)
    return placed


def _move(root: Node, x: float, y: float) -> None:
    box = root["absoluteBoundingBox"]
    dx, dy = x - box["x"], y - box["y"]
    stack = [root]
    while stack:
        node = stack.pop()
        b = node["absoluteBoundingBox"]
        b["x"], b["y"] = round(b["x"] + dx, 2), round(b["y"] + dy, 2)
        stack.extend(node.get("children") or [])


def _component_set(name: str, variants: list[Node]) -> Node:
    right = max(v["absoluteBoundingBox"]["x"] + v["absoluteBoundingBox"]["width"] for v in variants)
    bottom = max(v["absoluteBoundingBox"]["y"] + v["absoluteBoundingBox"]["height"] for v in variants)
    return {
        "id": "",
        "name": name,
        "type": "COMPONENT_SET",
        "absoluteBoundingBox": {
            "x": 0.0,
            "y": 0.0,
            "width": round(right + PADDING, 2),
            "height": round(bottom + PADDING, 2),
        },
        "blendMode": "PASS_THROUGH",
        "fills": [],
        "strokes": [],
        "effects": [],
        "clipsContent": False,
        "children": variants,
    }


def _counterparts(captures: Sequence[SiteCapture], frames: list[Node]) -> list[tuple[Node, Node]]:
    by_variant = {(c.breakpoint, c.theme): f for c, f in zip(captures, frames, strict=True)}
    return [
        (by_variant[(b, "light")], by_variant[(b, "dark")])
        for b in dict.fromkeys(c.breakpoint for c in captures)
        if (b, "light") in by_variant and (b, "dark") in by_variant
    ]


def _properties_of(
    theme: Theme, captures: Sequence[SiteCapture], states: Sequence[ConversionState]
) -> list[CustomProperty]:
    """The page's custom properties as a capture of `theme` resolved them (the first such)."""
    return next(s.doc.custom_properties for c, s in zip(captures, states, strict=True) if c.theme == theme)


def _title(doc: CaptureDocument) -> str:
    """The set's name: the page's title, else its address."""
    if doc.document.title.strip():
        return clip(doc.document.title.strip(), 64)
    parts = urlsplit(doc.document.url)
    return f"{parts.netloc}{parts.path}" or "Page"
