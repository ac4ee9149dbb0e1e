"""Auto layout inferred from flex containers, kept only where it reproduces the capture.

Figma's auto layout is simpler than flexbox (no margins, no per-item alignment, no
space-around, no order/reverse...). So a flex container gets auto layout only if laying out
its children with Figma's rules, at their captured sizes, puts every child where the browser
put it (within a pixel). Otherwise the frame keeps absolute positions, which are exact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from pageport.convert import css
from pageport.convert.figma import Node

TOLERANCE = 1.0

_PRIMARY = {
    "normal": "MIN",
    "flex-start": "MIN",
    "start": "MIN",
    "left": "MIN",
    "center": "CENTER",
    "flex-end": "MAX",
    "end": "MAX",
    "right": "MAX",
    "space-between": "SPACE_BETWEEN",
}
_COUNTER = {
    "flex-start": "MIN",
    "start": "MIN",
    "self-start": "MIN",
    "center": "CENTER",
    "flex-end": "MAX",
    "end": "MAX",
    "self-end": "MAX",
    "baseline": "BASELINE",
    "first baseline": "BASELINE",
    "normal": "STRETCH",
    "stretch": "STRETCH",
}


# NamedTuples rather than frozen dataclasses: built per child, and a frozen dataclass pays a
# Python-level __init__ that sets every field through object.__setattr__.
class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float


def _rect(node: Node) -> Rect:
    bb = node["absoluteBoundingBox"]
    return Rect(bb["x"], bb["y"], bb["width"], bb["height"])


_BORDER_WIDTH = tuple(f"border-{s}-width" for s in ("top", "right", "bottom", "left"))
_PADDING = tuple(f"padding-{s}" for s in ("top", "right", "bottom", "left"))


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


class Plan(NamedTuple):
    horizontal: bool
    spacing: float
    counter_spacing: float
    wrap: bool
    primary: str
    counter: str
    padding: tuple[float, float, float, float]  # top, right, bottom, left


def _place(plan: Plan, inner: Rect, items: Sequence[Rect], counter_mode: str) -> list[tuple[float, float]]:
    """Figma's positions (x, y) for items."""
    horizontal, spacing = plan.horizontal, plan.spacing
    mains = [r.w if horizontal else r.h for r in items]
    crosses = [r.h if horizontal else r.w for r in items]
    avail = inner.w if horizontal else inner.h
    cross_avail = inner.h if horizontal else inner.w
    # Split into tracks (one unless wrapping).
    tracks: list[list[int]] = [[]]
    used = 0.0
    for i, size in enumerate(mains):
        extra = size + (spacing if tracks[-1] else 0.0)
        if plan.wrap and tracks[-1] and used + extra > avail + TOLERANCE:
            tracks.append([])
            used = 0.0
            extra = size
        tracks[-1].append(i)
        used += extra
    out: list[tuple[float, float]] = [(0.0, 0.0)] * len(items)
    cross_pos = 0.0
    for track in tracks:
        sizes = [mains[i] for i in track]
        total = sum(sizes) + spacing * (len(track) - 1)
        gap = spacing
        start = 0.0
        if plan.primary == "CENTER":
            start = (avail - total) / 2
        elif plan.primary == "MAX":
            start = avail - total
        elif plan.primary == "SPACE_BETWEEN" and len(track) > 1:
            gap = (avail - sum(sizes)) / (len(track) - 1)
        track_cross = cross_avail if not plan.wrap else max([crosses[i] for i in track])
        pos = start
        for i in track:
            if counter_mode == "CENTER":
                off = (track_cross - crosses[i]) / 2
            elif counter_mode == "MAX":
                off = track_cross - crosses[i]
            else:
                off = 0.0
            cross_p = cross_pos + off
            out[i] = (inner.x + pos, inner.y + cross_p) if horizontal else (inner.x + cross_p, inner.y + pos)
            pos += mains[i] + gap
        cross_pos += track_cross + plan.counter_spacing
    return out


def _matches(placed: list[tuple[float, float]], rects: Sequence[Rect]) -> bool:
    """Every item within TOLERANCE of where the browser put it."""
    return all(abs(x - r.x) <= TOLERANCE and abs(y - r.y) <= TOLERANCE for (x, y), r in zip(placed, rects, strict=True))


def infer(node: Node, style: Callable[[str], str | None], children: Sequence[Node], flow: Sequence[bool]) -> bool:
    """Set auto-layout fields on node if flexbox maps onto Figma exactly; True if it did.

    children are node's children in paint order; flow[i] says whether child i is a flex item
    (not absolutely positioned). Out-of-flow children become layoutPositioning ABSOLUTE.
    """
    display = style("display") or ""
    if display not in ("flex", "inline-flex"):
        return False
    direction = style("flex-direction") or "row"
    if direction not in ("row", "column"):
        return False
    items = [c for c, f in zip(children, flow, strict=True) if f]
    if not items:
        return False
    horizontal = direction == "row"
    box = _rect(node)
    bt, br, bb, bl = (css.px(style(name)) for name in _BORDER_WIDTH)
    pt, pr, pb, pl = (css.px(style(name), box.w) for name in _PADDING)
    padding = (pt + bt, pr + br, pb + bb, pl + bl)
    inner = Rect(
        box.x + padding[3], box.y + padding[0], box.w - padding[1] - padding[3], box.h - padding[0] - padding[2]
    )
    gap_main = style("column-gap" if horizontal else "row-gap") or "normal"
    gap_cross = style("row-gap" if horizontal else "column-gap") or "normal"
    spacing = css.px(gap_main, inner.w if horizontal else inner.h)
    counter_spacing = css.px(gap_cross, inner.h if horizontal else inner.w)
    primary = _PRIMARY.get(style("justify-content") or "normal")
    counter_css = _COUNTER.get(style("align-items") or "normal")
    wrap = (style("flex-wrap") or "nowrap") == "wrap"
    if primary is None or counter_css is None:
        return False
    rects = [_rect(c) for c in items]
    # The visual sequence must be the paint order (Figma stacks auto-layout children in order).
    if wrap and not horizontal:
        return False  # column wrap: Figma wraps rows only
    keys = [(r.y, r.x) if wrap else ((r.x, 0.0) if horizontal else (r.y, 0.0)) for r in rects]
    if keys != sorted(keys):
        return False
    plan = Plan(horizontal, spacing, counter_spacing, wrap, primary, counter_css, padding)
    stretch = False
    candidates = [counter_css]
    if counter_css in ("STRETCH", "BASELINE"):
        # stretch with fixed-size children behaves like MIN; baseline is kept only when it
        # coincides with a box alignment Figma can verify.
        candidates = ["MIN", "CENTER"] if counter_css == "BASELINE" else ["MIN"]
        stretch = counter_css == "STRETCH"
    for counter in candidates:
        if _matches(_place(plan, inner, rects, counter), rects):
            break
    else:
        return False
    node["layoutMode"] = "HORIZONTAL" if horizontal else "VERTICAL"
    node["primaryAxisSizingMode"] = "FIXED"
    node["counterAxisSizingMode"] = "FIXED"
    node["primaryAxisAlignItems"] = primary  # type: ignore[typeddict-item]
    node["counterAxisAlignItems"] = counter  # type: ignore[typeddict-item]
    node["itemSpacing"] = css.round_to(spacing, 2)
    node["paddingTop"], node["paddingRight"], node["paddingBottom"], node["paddingLeft"] = (
        css.round_to(p, 2) for p in padding
    )
    if wrap:
        node["layoutWrap"] = "WRAP"
        node["counterAxisSpacing"] = round(counter_spacing, 2)
    cross_avail = inner.h if horizontal else inner.w
    for child, r in zip(items, rects, strict=True):
        if stretch and not wrap and _close(r.h if horizontal else r.w, cross_avail):
            child["layoutAlign"] = "STRETCH"
    for child, f in zip(children, flow, strict=True):
        if not f:
            child["layoutPositioning"] = "ABSOLUTE"
    return True
