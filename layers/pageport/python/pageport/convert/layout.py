"""Auto layout inferred from flex containers, kept only where it reproduces the capture.

Figma's auto layout is simpler than flexbox (no margins, no per-item alignment, no
space-around, no order/reverse...). So a flex container gets auto layout only if Figma's layout
of its children (``autolayout.lay_out``), from the fields we would emit and the children's
captured sizes, puts every child where the browser put it, at its size, within a pixel.
Otherwise the frame keeps absolute positions, which are exact, and the caller warns.

The fields come first from the CSS (gap, padding, justify-content, align-items), then, where
margins place the items, from the captured geometry (``_read_off``): the common distance
between items as itemSpacing, the first item's offset as padding. Either way the simulation
decides.

Frames keep a FIXED size on both axes even where hugging would give the same size: in Figma a
text child measures itself with Figma's font metrics, a fraction of a pixel off the browser's,
and a hugging frame passes that on to its parents, whose layouts the plugin would then have to
turn off (the plugin's text-measure test counts it: 4 more of 28 frames lost).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from pageport.convert import css
from pageport.convert.autolayout import Child, CounterAlign, Frame, PrimaryAlign, Refused, lay_out
from pageport.convert.figma import Node
from pageport.convert.nodes import Item, layer_label

TOLERANCE = 1.0

_PRIMARY: dict[str, PrimaryAlign] = {
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
# align-items -> the counter alignments to try. Stretch is MIN for the items that keep their
# own cross size; baseline is kept only where a box alignment gives the same positions (the
# converter does not know the baselines Figma's fonts will have).
_COUNTER: dict[str, tuple[CounterAlign, ...]] = {
    "flex-start": ("MIN",),
    "start": ("MIN",),
    "self-start": ("MIN",),
    "center": ("CENTER",),
    "flex-end": ("MAX",),
    "end": ("MAX",),
    "self-end": ("MAX",),
    "baseline": ("MIN", "CENTER", "MAX"),
    "first baseline": ("MIN", "CENTER", "MAX"),
    "normal": ("MIN",),
    "stretch": ("MIN",),
}
_STRETCH = frozenset({"normal", "stretch"})
_BORDER_WIDTH = tuple(f"border-{s}-width" for s in ("top", "right", "bottom", "left"))
_PADDING = tuple(f"padding-{s}" for s in ("top", "right", "bottom", "left"))


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def mismatch(frame: Frame, kids: Sequence[Child], names: Sequence[str], tolerance: float = TOLERANCE) -> str | None:
    """None when Figma's layout reproduces the captured boxes and frame size (within
    `tolerance` px), else what moves."""
    try:
        out = lay_out(frame, kids)
    except Refused as e:
        return e.reason
    if abs(out.width - frame.width) > tolerance or abs(out.height - frame.height) > tolerance:
        return f"Figma's layout would resize the frame to {out.width:.0f}x{out.height:.0f}"
    worst, where = tolerance, ""
    for kid, got, name in zip(kids, out.boxes, names, strict=True):
        d = max(abs(got.x - kid.x), abs(got.y - kid.y), abs(got.width - kid.width), abs(got.height - kid.height))
        if d > worst:
            worst, where = d, name
    return f"Figma's layout would move {where!r} by {worst:.0f} px" if where else None


def infer(node: Node, style: Callable[[str], str | None], items: Sequence[Item]) -> str | None:
    """Set auto-layout fields on the flex container `node` where Figma keeps its children in
    place: None when it did, else why not (node left without auto layout).

    items are node's children in paint order (their nodes are node's children); out-of-flow
    ones become layoutPositioning ABSOLUTE.
    """
    direction = style("flex-direction") or "row"
    if direction not in ("row", "column"):
        return f"flex-direction {direction}"
    justify = style("justify-content") or "normal"
    align = style("align-items") or "normal"
    wrap_value = style("flex-wrap") or "nowrap"
    primary = _PRIMARY.get(justify)
    counters = _COUNTER.get(align)
    if primary is None:
        return f"justify-content {justify}"
    if counters is None:
        return f"align-items {align}"
    if wrap_value not in ("nowrap", "wrap"):
        return f"flex-wrap {wrap_value}"
    wrap = wrap_value == "wrap"
    horizontal = direction == "row"
    if wrap and not horizontal:
        return "column wrap (Figma wraps rows only)"
    bb = node["absoluteBoundingBox"]
    bx, by, bw, bh = bb["x"], bb["y"], bb["width"], bb["height"]
    bt, br, bbot, bl = (css.px(style(name)) for name in _BORDER_WIDTH)
    pt, pr, pb, pl = (css.px(style(name), bw) for name in _PADDING)
    padding = (pt + bt, pr + br, pb + bbot, pl + bl)
    inner_w, inner_h = bw - padding[1] - padding[3], bh - padding[0] - padding[2]
    gap_main = style("column-gap" if horizontal else "row-gap") or "normal"
    gap_cross = style("row-gap" if horizontal else "column-gap") or "normal"
    spacing = css.px(gap_main, inner_w if horizontal else inner_h)
    counter_spacing = css.px(gap_cross, inner_h if horizontal else inner_w)
    inner_cross = inner_h if horizontal else inner_w
    flow = [i for i in items if i.in_flow]
    if primary == "SPACE_BETWEEN" and len(flow) == 1:
        primary = "MIN"  # CSS puts a lone item at the start; MIN says so unambiguously

    kids: list[Child] = []
    names: list[str] = []
    for item in items:
        r = item.node["absoluteBoundingBox"]
        w, h = r["width"], r["height"]
        kid = Child(w, h, r["x"] - bx, r["y"] - by, absolute=not item.in_flow)
        if item.in_flow:
            own = align if item.align_self in ("auto", "") else item.align_self
            if own in _STRETCH and not wrap and _close(h if horizontal else w, inner_cross):
                kid = kid._replace(align="STRETCH")
        kids.append(kid)
        names.append(layer_label(item.node))
    grown = [k._replace(grow=1.0) if i.in_flow and i.grow > 0 else k for k, i in zip(kids, items, strict=True)]

    frame = Frame(
        "HORIZONTAL" if horizontal else "VERTICAL",
        bw,
        bh,
        padding,
        spacing,
        counter_spacing,
        primary,
        counters[0],
        wrap=wrap,
    )
    reason: str | None = None
    first: str | None = None  # why the page's own fields do not do, if nothing else does either
    chosen: tuple[Frame, list[Child]] | None = None
    plans = [(rounded(frame._replace(counter_align=c)), k) for c in counters for k in _unique(grown, kids)]
    for plan, candidate in itertools.chain(plans, ((p, kids) for p in _read_off(frame, kids))):
        reason = mismatch(plan, candidate, names)
        if reason is None:
            chosen = plan, candidate
            break
        first = first or reason
    if chosen is None:
        return first
    plan, final = chosen
    _emit(node, plan, final, items)
    return None


def _unique(*options: list[Child]) -> list[list[Child]]:
    return [o for i, o in enumerate(options) if o not in options[:i]]


def rounded(frame: Frame) -> Frame:
    """The frame as emitted (2 decimals), so the check simulates exactly what Figma gets."""
    return frame._replace(
        padding=tuple(css.round_to(p, 2) for p in frame.padding),  # type: ignore[arg-type]
        item_spacing=css.round_to(frame.item_spacing, 2),
        counter_axis_spacing=css.round_to(frame.counter_axis_spacing, 2),
    )


def _common(values: Sequence[float]) -> float | None:
    """The value they all share (within TOLERANCE), None if they differ or there are none."""
    if not values or max(values) - min(values) > TOLERANCE:
        return None
    return values[0]


def _read_off(frame: Frame, kids: Sequence[Child]) -> Iterator[Frame]:
    """Plans read off the captured geometry rather than the CSS fields: margins (auto or not)
    between and around the items become itemSpacing and padding. There is one where the
    items are evenly spaced, each track starting at the same offset, and aligned on a
    common start, centre or end line across the frame."""
    horizontal = frame.mode == "HORIZONTAL"
    flow = [k._replace(grow=0.0, align="INHERIT") for k in kids if not k.absolute]
    if not flow:
        return

    def main(k: Child) -> tuple[float, float]:
        return (k.x, k.width) if horizontal else (k.y, k.height)

    def cross(k: Child) -> tuple[float, float]:
        return (k.y, k.height) if horizontal else (k.x, k.width)

    tracks: list[list[Child]] = [[flow[0]]]
    for k in flow[1:]:
        if frame.wrap and main(k)[0] < sum(main(tracks[-1][-1])) - TOLERANCE:
            tracks.append([k])  # the next row
        else:
            tracks[-1].append(k)
    gaps = [main(b)[0] - sum(main(a)) for t in tracks for a, b in itertools.pairwise(t)]
    spacing = _common(gaps) if gaps else frame.item_spacing
    lead = _common([main(t[0])[0] for t in tracks])
    if spacing is None or lead is None or lead < 0:
        return
    _, right, bottom, _ = frame.padding
    size = frame.height if horizontal else frame.width
    end_pad = bottom if horizontal else right
    if frame.wrap:
        tops = [min(cross(k)[0] for k in t) for t in tracks]
        bottoms = [max(sum(cross(k)) for k in t) for t in tracks]
        between = _common([b - a for a, b in zip(bottoms, tops[1:], strict=False)]) if len(tracks) > 1 else 0.0
        if between is None or between < 0 or spacing < 0 or tops[0] < 0:
            return  # overlapping rows or items: not something to ask of Figma's wrap
        counter_options = [("MIN", tops[0], end_pad)]
        frame = frame._replace(counter_axis_spacing=between)
    else:
        counter_options = []
        aligned = _common([cross(k)[0] for k in flow])
        if aligned is not None and aligned >= 0:
            counter_options.append(("MIN", aligned, end_pad))
        centre = _common([cross(k)[0] + cross(k)[1] / 2 for k in flow])
        if centre is not None:
            # Padding either side that puts the inner box's centre on the items' centre line.
            extra = 2 * centre - size
            counter_options.append(("CENTER", max(extra, 0.0), max(-extra, 0.0)))
        end = _common([sum(cross(k)) for k in flow])
        if end is not None and end <= size:
            counter_options.append(("MAX", 0.0, size - end))
    for counter, cross_start, cross_end in counter_options:
        padding = (cross_start, right, cross_end, lead) if horizontal else (lead, cross_end, bottom, cross_start)
        yield rounded(
            frame._replace(
                padding=padding,
                item_spacing=spacing,
                primary_align="MIN",
                counter_align=counter,  # type: ignore[arg-type]
            )
        )


def _emit(node: Node, plan: Frame, kids: Sequence[Child], items: Sequence[Item]) -> None:
    node["layoutMode"] = plan.mode
    node["primaryAxisSizingMode"] = plan.primary_sizing
    node["counterAxisSizingMode"] = plan.counter_sizing
    node["primaryAxisAlignItems"] = plan.primary_align
    node["counterAxisAlignItems"] = plan.counter_align
    node["itemSpacing"] = css.round_to(plan.item_spacing, 2)
    node["paddingTop"], node["paddingRight"], node["paddingBottom"], node["paddingLeft"] = (
        css.round_to(p, 2) for p in plan.padding
    )
    if plan.wrap:
        node["layoutWrap"] = "WRAP"
        node["counterAxisSpacing"] = css.round_to(plan.counter_axis_spacing, 2)
    for kid, item in zip(kids, items, strict=True):
        child = item.node
        if kid.absolute:
            child["layoutPositioning"] = "ABSOLUTE"
            continue
        if kid.align == "STRETCH":
            child["layoutAlign"] = "STRETCH"
        if kid.grow:
            child["layoutGrow"] = 1


def _nodes(node: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.get("children") or [])


def auto_layout_share(result: Mapping[str, Any]) -> tuple[int, int]:
    """(flex containers that kept auto layout, flex containers) in a result.json (or a node).

    Counts the frames the converter recorded with ``pageport.autoLayout``: flex containers with
    in-flow children that are frames in the design (one that wrapped a single child and drew
    nothing gave way to that child, and is not counted).
    """
    root = result.get("document", result)
    kept = total = 0
    for n in _nodes(root):
        flag = (n.get("pageport") or {}).get("autoLayout")
        if flag is not None:
            total += 1
            kept += bool(flag)
    return kept, total
