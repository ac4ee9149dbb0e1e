"""Auto layout beyond flex: frames whose children the page stacks (block flow, inline-block
rows, a single padded child) become VERTICAL or HORIZONTAL auto layout where Figma's layout
(`autolayout.lay_out`) puts every node inside where the browser put it, within half a pixel (the
layouts of every level added up): nothing placed moves by a pixel.

The fields are read off the captured geometry, as a designer would set them: the first child's
offset is the padding, the common distance between children the spacing, the common start,
centre or end line the counter alignment, and children that fill the frame's inner width (or
height) stretch. Children the walk placed outside the flow (absolute, fixed, lifted boxes), the
layers of a frame's own paint, and children that overlap their siblings (a background shape, a
badge over a photo) keep their positions as ABSOLUTE children.

Where the distances between children differ (a heading close to its text, sections far apart),
the children that sit closest together are wrapped in a transparent frame of their own, level by
level, up to three levels: that is how a designer builds such a stack in Figma, and no child
moves. Layer order follows the stack (Figma lays children out in layer order); children only
change order against siblings they do not overlap, so what paints over what is unchanged.

A frame hugs its content on an axis (sizing AUTO) only where that holds exactly in Figma too:
every child's size on that axis is fixed (images, shapes, fixed frames, text of fixed width or a
single line of fixed height), never one that Figma's own font metrics would measure.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pageport.convert.autolayout import Child, CounterAlign, Frame, LayoutMode, Sizing, lay_out
from pageport.convert.figma import Node, Rectangle
from pageport.convert.layout import TOLERANCE, mismatch, rounded
from pageport.convert.nodes import layer_label, round_px, transparent_frame

MAX_WRAP_DEPTH = 3
# How far Figma's layouts, all levels added up, may put any node from its captured box: half a
# pixel, the placement invariant's bound. The settle pass then moves the result to Figma's
# layout, so a looser bound shows as text drawn a pixel off (a whole DocBook page of Korean
# shifted 0.8 px scored 0.18 where 0.63 at this bound). The plugin's own check after switching
# auto layout on (materialize.ts, autoLayoutTolerance) stays at 0.99: it guards results made
# before this bound too.
PLACEMENT_TOLERANCE = 0.5
_SHADOWS = ("DROP_SHADOW", "INNER_SHADOW")


@dataclass
class Stack:
    """A planned auto layout: the frame's fields and its children in their new layer order."""

    frame: Frame
    children: list[Node]
    flow: list[Node]  # the children auto layout places, in order
    stretched: set[int] = field(default_factory=set)  # id() of flow children that stretch
    wrappers: list[tuple[Node, Stack]] = field(default_factory=list)
    # The farthest Figma's layouts (this one and those inside) put any node inside from its
    # captured box, in px.
    drift: float = 0.0


# How far Figma's layouts inside a node already put something in it from its captured box.
Drift = Callable[[Node], float]


def plan(node: Node, in_flow: Callable[[Node], bool], drift: Drift) -> Stack | None:
    """The auto layout of `node`'s children, or None where none keeps them in place: every
    node stays within half a pixel (PLACEMENT_TOLERANCE) of its captured box, counting the
    fractions earlier levels moved it by (`drift`)."""
    kids = node.get("children") or []
    candidates = [k for k in kids if in_flow(k) and not k.get("rotation")]
    candidates = _without_overlaps(candidates)
    attempts = [candidates]
    generated = [k for k in candidates if k["name"].startswith("::")]  # markers, pseudo-elements
    if generated and len(generated) < len(candidates):
        attempts.append([k for k in candidates if not k["name"].startswith("::")])
    for flow in attempts:
        if not flow:
            continue
        for stack in _arrangements(node["absoluteBoundingBox"], flow, drift):
            stack.children = _layer_order(kids, flow, stack)
            if _paint_order_kept(kids, stack.children):
                flowing = {id(k) for k in flow}
                stack.drift = max([stack.drift, *(drift(k) for k in kids if id(k) not in flowing)])
                return stack
    return None


def _arrangements(bb: Rectangle, flow: list[Node], drift: Drift) -> Iterator[Stack]:
    """Stacks that place `flow`: a column, a row, or lines of boxes side by side (inline
    blocks, buttons, cards that wrap) as rows in a column."""
    for mode in ("VERTICAL", "HORIZONTAL"):
        ordered = _stacked(flow, mode)
        if ordered is not None and (stack := _stack(bb, ordered, mode, 0, drift)) is not None:
            yield stack
    lines = _lines(flow)
    if len(lines) < 2 or all(len(line) == 1 for line in lines):
        return
    rows: list[Node] = []
    wrappers: list[tuple[Node, Stack]] = []
    for line in lines:
        ordered = _stacked(line, "HORIZONTAL")
        if ordered is None:
            return
        if len(ordered) == 1:
            rows.append(ordered[0])
            continue
        row = _wrapper(ordered)
        inner = _stack(row["absoluteBoundingBox"], ordered, "HORIZONTAL", 1, drift)
        if inner is None:
            return
        inner.children = list(inner.flow)
        wrappers.append((row, inner))
        rows.append(row)
    stack = _stack(bb, rows, "VERTICAL", 1, _with_wrappers(drift, wrappers))
    if stack is not None:
        stack.wrappers = wrappers + stack.wrappers
        yield stack


def _lines(flow: list[Node]) -> list[list[Node]]:
    """The boxes grouped into lines: those whose vertical extents overlap, top to bottom."""
    lines: list[tuple[float, float, list[Node]]] = []
    for node in sorted(flow, key=lambda n: _box(n)[1]):
        _, y, _, h = _box(node)
        if lines and y < lines[-1][1] - TOLERANCE:
            top, bottom, members = lines[-1]
            lines[-1] = (top, max(bottom, y + h), [*members, node])
        else:
            lines.append((y, y + h, [node]))
    return [members for _, _, members in lines]


def emit(node: Node, stack: Stack) -> None:
    """Write the planned fields on `node` and its new wrappers."""
    frame = stack.frame
    node["children"] = stack.children
    node["layoutMode"] = frame.mode
    node["primaryAxisSizingMode"] = frame.primary_sizing
    node["counterAxisSizingMode"] = frame.counter_sizing
    node["primaryAxisAlignItems"] = frame.primary_align
    node["counterAxisAlignItems"] = frame.counter_align
    node["itemSpacing"] = frame.item_spacing
    node["paddingTop"], node["paddingRight"], node["paddingBottom"], node["paddingLeft"] = frame.padding
    flowing = {id(k) for k in stack.flow}
    for child in stack.children:
        if id(child) not in flowing:
            child["layoutPositioning"] = "ABSOLUTE"
        elif id(child) in stack.stretched:
            child["layoutAlign"] = "STRETCH"
    for wrapper, inner in stack.wrappers:
        emit(wrapper, inner)


def _drift(frame: Frame, kids: Sequence[Child], seq: Sequence[Node], drift: Drift) -> float:
    """The farthest Figma's layout of `frame` puts a node of `seq` (or one inside it, counting
    `drift`) from its captured box: an edge moved, in px."""
    out = lay_out(frame, kids)
    worst = 0.0
    for node, kid, got in zip(seq, kids, out.boxes, strict=True):
        dx, dy = got.x - kid.x, got.y - kid.y
        edges = (dx, dy, dx + got.width - kid.width, dy + got.height - kid.height)
        worst = max(worst, drift(node) + max(map(abs, edges)))
    return worst


def hugs_exactly(node: Node, horizontal: bool) -> bool:
    """Whether Figma gives `node` exactly its captured size on that axis, whatever its font
    metrics: a fixed size, or hugging children that all do."""
    kind = node["type"]
    if kind == "TEXT":
        resize = node.get("style", {}).get("textAutoResize", "NONE")
        if resize == "NONE":
            return True
        if horizontal:
            return resize == "HEIGHT"  # a fixed width; WIDTH_AND_HEIGHT is measured by Figma
        return resize == "WIDTH_AND_HEIGHT" and "\n" not in node.get("characters", "")  # one line
    mode = node.get("layoutMode")
    if kind != "FRAME" or mode is None:
        return True
    primary = (mode == "HORIZONTAL") == horizontal
    sizing = node.get("primaryAxisSizingMode" if primary else "counterAxisSizingMode", "FIXED")
    if sizing == "FIXED":
        return True
    return all(
        hugs_exactly(k, horizontal)
        for k in node.get("children") or []
        if k.get("layoutPositioning") != "ABSOLUTE" and k.get("layoutAlign") != "STRETCH"
    )


# ---------------------------------------------------------------------------------- children


def _box(n: Node) -> tuple[float, float, float, float]:
    b = n["absoluteBoundingBox"]
    return b["x"], b["y"], b["width"], b["height"]


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """The two boxes share more than a sliver (a pixel of rounding) on both axes."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return min(ax + aw, bx + bw) - max(ax, bx) > TOLERANCE and min(ay + ah, by + bh) - max(ay, by) > TOLERANCE


def _without_overlaps(nodes: list[Node]) -> list[Node]:
    """The nodes less those that overlap others: the one overlapping most goes first (a shape
    behind all the content), on a tie the smaller (a badge over a photo)."""
    left = list(nodes)
    boxes = {id(n): _box(n) for n in left}
    while True:
        counts = {id(n): sum(_overlap(boxes[id(n)], boxes[id(m)]) for m in left if m is not n) for n in left}
        worst = max(counts.values(), default=0)
        if worst == 0:
            return left
        victims = [n for n in left if counts[id(n)] == worst]
        victim = min(victims, key=lambda n: boxes[id(n)][2] * boxes[id(n)][3])
        left.remove(victim)


def _stacked(flow: list[Node], mode: LayoutMode) -> list[Node] | None:
    """The nodes in their order along the axis, when none overlaps the next on it."""
    axis = 1 if mode == "VERTICAL" else 0
    ordered = sorted(flow, key=lambda n: _box(n)[axis])
    for a, b in itertools.pairwise(ordered):
        if _box(b)[axis] < _box(a)[axis] + _box(a)[axis + 2] - TOLERANCE:
            return None
    return ordered


# ------------------------------------------------------------------------------------ fields


def _with_wrappers(drift: Drift, wrappers: list[tuple[Node, Stack]]) -> Drift:
    """`drift`, knowing the new wrappers' (their stacks' drift)."""
    known = {id(w): inner.drift for w, inner in wrappers}  # the wrappers outlive this lookup
    return lambda n: known[id(n)] if id(n) in known else drift(n)


def _stack(bb: Rectangle, seq: list[Node], mode: LayoutMode, depth: int, drift: Drift) -> Stack | None:
    """Fields that stack `seq` (in order) in a frame at `bb`, wrapping the closest children
    when the distances between them differ."""
    horizontal = mode == "HORIZONTAL"
    axis = 0 if horizontal else 1
    gaps = [_box(b)[axis] - _box(a)[axis] - _box(a)[axis + 2] for a, b in itertools.pairwise(seq)]
    if not gaps or max(gaps) - min(gaps) <= TOLERANCE:
        return _uniform(bb, seq, mode, drift)
    if depth >= MAX_WRAP_DEPTH:
        return None
    widest = max(gaps)
    runs: list[list[Node]] = [[seq[0]]]
    for gap, node in zip(gaps, seq[1:], strict=True):
        if gap >= widest - TOLERANCE:
            runs.append([node])
        else:
            runs[-1].append(node)
    outer: list[Node] = []
    wrappers: list[tuple[Node, Stack]] = []
    for run in runs:
        if len(run) == 1:
            outer.append(run[0])
            continue
        wrapper = _wrapper(run)
        inner = _stack(wrapper["absoluteBoundingBox"], run, mode, depth + 1, drift)
        if inner is None:
            return None
        inner.children = list(inner.flow)
        wrappers.append((wrapper, inner))
        outer.append(wrapper)
    stack = _uniform(bb, outer, mode, _with_wrappers(drift, wrappers))
    if stack is None:
        return None
    stack.wrappers = wrappers + stack.wrappers
    return stack


def _wrapper(run: Sequence[Node]) -> Node:
    """A transparent frame around `run` (named by the names pass)."""
    boxes = [_box(n) for n in run]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    box: Rectangle = {"x": x0, "y": y0, "width": round_px(x1 - x0), "height": round_px(y1 - y0)}
    return transparent_frame(box, list(run))


def _uniform(bb: Rectangle, seq: list[Node], mode: LayoutMode, drift: Drift) -> Stack | None:
    """Fields for children evenly spaced along the axis, tried against Figma's layout: each
    counter alignment their geometry allows, hugging where that is exact, else fixed."""
    horizontal = mode == "HORIZONTAL"
    fx, fy, fw, fh = bb["x"], bb["y"], bb["width"], bb["height"]
    rel = [(x - fx, y - fy, w, h) for x, y, w, h in map(_box, seq)]
    main = [(r[0], r[2]) if horizontal else (r[1], r[3]) for r in rel]
    cross = [(r[1], r[3]) if horizontal else (r[0], r[2]) for r in rel]
    main_size, cross_size = (fw, fh) if horizontal else (fh, fw)
    lead = main[0][0]
    end = main[-1][0] + main[-1][1]
    if lead < -TOLERANCE or end > main_size + TOLERANCE:
        return None  # children outside the frame on its axis
    spacing = (end - lead - sum(m[1] for m in main)) / (len(seq) - 1) if len(seq) > 1 else 0.0
    if spacing < -TOLERANCE:
        return None
    lead, spacing, tail = max(lead, 0.0), max(spacing, 0.0), max(main_size - end, 0.0)
    names = [layer_label(n) for n in seq]
    primary_exact = _balanced(lead, tail) and all(hugs_exactly(n, horizontal) for n in seq)
    counter_exact = all(hugs_exactly(n, not horizontal) for n in seq)
    options = list(_counter_options(cross, cross_size))
    if horizontal:  # a row hugs its height (a button, a nav bar) rather than stretch its items
        options.sort(key=lambda option: bool(option[3]))
    for counter, start, finish, stretched in options:
        padding = (start, tail, finish, lead) if horizontal else (lead, finish, tail, start)
        kids = [
            Child(w, h, x, y, align="STRETCH" if i in stretched else "INHERIT") for i, (x, y, w, h) in enumerate(rel)
        ]
        counter_hug = counter_exact and not stretched and _balanced(start, finish)
        for primary, second in _sizings(primary_exact, counter_hug):
            frame = rounded(
                Frame(
                    mode, fw, fh, padding, spacing, 0.0, "MIN", counter, primary_sizing=primary, counter_sizing=second
                )
            )
            if mismatch(frame, kids, names, PLACEMENT_TOLERANCE) is None:
                worst = _drift(frame, kids, seq, drift)
                if worst <= PLACEMENT_TOLERANCE:
                    return Stack(frame, list(seq), list(seq), {id(seq[i]) for i in stretched}, drift=worst)
    return None


def _balanced(start: float, end: float) -> bool:
    """Padding a designer would hug with: the same at both ends (a button's, a section's), not
    the room left over in a fixed box (a page's empty bottom)."""
    return abs(start - end) <= TOLERANCE


def _sizings(primary_hug: bool, counter_hug: bool) -> Iterator[tuple[Sizing, Sizing]]:
    yield ("AUTO" if primary_hug else "FIXED"), ("AUTO" if counter_hug else "FIXED")
    if primary_hug or counter_hug:
        yield "FIXED", "FIXED"


def _common(values: Sequence[float]) -> float | None:
    if max(values) - min(values) > TOLERANCE:
        return None
    return statistics.fmean(values)


def _counter_options(
    cross: Sequence[tuple[float, float]], size: float
) -> Iterator[tuple[CounterAlign, float, float, set[int]]]:
    """(alignment, start padding, end padding, indexes that stretch) the children's cross
    positions allow: a common start, centre or end line."""
    starts = [c[0] for c in cross]
    ends = [c[0] + c[1] for c in cross]
    far = max(ends)
    start = _common(starts)
    if start is not None and start >= -TOLERANCE:
        start = max(start, 0.0)
        finish = max(size - far, 0.0)
        full = {i for i, e in enumerate(ends) if abs(e - far) <= TOLERANCE} if len(cross) > 1 else set()
        yield "MIN", start, finish, full
        if full:
            yield "MIN", start, finish, set()
    centre = _common([c[0] + c[1] / 2 for c in cross])
    if centre is not None:
        extra = 2 * centre - size
        yield "CENTER", max(extra, 0.0), max(-extra, 0.0), set()
    finish_at = _common(ends)
    if finish_at is not None and finish_at <= size + TOLERANCE:
        yield "MAX", max(min(starts), 0.0), max(size - finish_at, 0.0), set()


# ------------------------------------------------------------------------------- layer order


def _layer_order(kids: list[Node], flow: list[Node], stack: Stack) -> list[Node]:
    """The frame's children with the placed ones in stack order: each flow child (a wrapper in
    place of its first member) takes the layer slot of the next flow child in the old order;
    the others keep their slots."""
    flowing = {id(k) for k in flow}
    placed = list(reversed(stack.flow))
    order: list[Node] = []
    for kid in kids:
        if id(kid) not in flowing:
            order.append(kid)
        elif placed:  # fewer slots are taken than there were flow children when some are wrapped
            order.append(placed.pop())
    return order


def _members(node: Node, wrappers: set[int]) -> Iterator[Node]:
    if id(node) in wrappers:
        for child in node.get("children") or []:
            yield from _members(child, wrappers)
    else:
        yield node


def _paint_order_kept(old: list[Node], new: list[Node]) -> bool:
    """Every pair of the old children that changes order in `new` (wrappers flattened) paints
    nowhere in common."""
    wrappers = _wrappers_in(new, {id(k) for k in old})
    flat = [m for n in new for m in _members(n, wrappers)]
    if [id(n) for n in flat] == [id(n) for n in old]:
        return True
    position = {id(n): i for i, n in enumerate(flat)}
    extents = [visual_extent(n) for n in old]
    for i, a in enumerate(old):
        for j in range(i + 1, len(old)):
            b = old[j]
            if position[id(a)] > position[id(b)] and _overlap(extents[i], extents[j]):
                return False
    return True


def _wrappers_in(new: list[Node], old_ids: set[int]) -> set[int]:
    found: set[int] = set()
    stack = [n for n in new if id(n) not in old_ids]
    while stack:
        n = stack.pop()
        found.add(id(n))
        stack.extend(c for c in n.get("children") or [] if id(c) not in old_ids)
    return found


def visual_extent(node: Node) -> tuple[float, float, float, float]:
    """The box `node` may paint in: its own, its descendants' unless it clips, and its shadows,
    blurs and outside strokes."""
    x0, y0, w, h = _box(node)
    x1, y1 = x0 + w, y0 + h
    if not node.get("clipsContent"):
        for child in node.get("children") or []:
            cx, cy, cw, ch = visual_extent(child)
            x0, y0, x1, y1 = min(x0, cx), min(y0, cy), max(x1, cx + cw), max(y1, cy + ch)
    grow = 0.0
    for effect in node.get("effects") or []:
        reach = effect.get("radius", 0.0) + effect.get("spread", 0.0)
        if effect["type"] in _SHADOWS:
            offset: Any = effect.get("offset") or {"x": 0.0, "y": 0.0}
            reach += max(abs(offset["x"]), abs(offset["y"]))
        grow = max(grow, reach)
    if node.get("strokes") and node.get("strokeAlign") in ("OUTSIDE", "CENTER"):
        grow = max(grow, node.get("strokeWeight", 1.0))
    return x0 - grow, y0 - grow, x1 - x0 + 2 * grow, y1 - y0 + 2 * grow
