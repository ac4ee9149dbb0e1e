"""A column of boxes whose distances differ too much for a few levels of grouping (a document's
headings, paragraphs, code blocks and figures, each with margins of its own) as one stack.

Figma's auto layout has one gap per frame; the page gives each block its own margins. A
designer keeps such a column in auto layout by giving each block a transparent frame whose
padding is its margins: the stack has no gap, and each block sits in its frame at its top and
side margins. Every block is then where the page put it, and when the design is resized and a
paragraph wraps again, everything after it moves down as on the page (flow.py's stacks come
first: they need no frame per block).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from pageport.convert.autolayout import Child, Frame, lay_out
from pageport.convert.css import round_to
from pageport.convert.figma import Node
from pageport.convert.flow import PLACEMENT_TOLERANCE, Drift, Stack
from pageport.convert.layout import TOLERANCE
from pageport.convert.nodes import transparent_frame

# Fewer blocks than this are flow.py's to stack (or not worth a frame each).
MIN_BLOCKS = 3


def _box(node: Node) -> tuple[float, float, float, float]:
    bb = node["absoluteBoundingBox"]
    return bb["x"], bb["y"], bb["width"], bb["height"]


def plan(node: Node, in_flow: Callable[[Node], bool], drift: Drift) -> Stack | None:
    """The stack of `node`'s in-flow children, each in a frame padded by its margins, or None
    where they do not form one column (side by side, overlapping, out of order, outside it)."""
    kids = node.get("children") or []
    blocks = [k for k in kids if in_flow(k) and not k.get("rotation")]
    if len(blocks) < MIN_BLOCKS:
        return None
    fx, fy, fw, fh = _box(node)
    for a, b in itertools.pairwise(blocks):
        if _box(b)[1] < _box(a)[1] + _box(a)[3] - TOLERANCE:
            return None  # side by side, overlapping, or not in reading order
    for x, y, w, h in map(_box, blocks):
        if x < fx - TOLERANCE or x + w > fx + fw + TOLERANCE or y < fy or y + h > fy + fh + TOLERANCE:
            return None
    wrappers: list[tuple[Node, Stack]] = []
    column: dict[int, Node] = {}  # id() of a block -> what the stack holds in its place
    above = fy
    for block in blocks:
        x, y, w, h = _box(block)
        top, left, right = max(0.0, y - above), max(0.0, x - fx), max(0.0, fx + fw - x - w)
        above = y + h
        frame = Frame(
            "VERTICAL", fw, round_to(top + h, 2), (round_to(top, 2), round_to(right, 2), 0.0, round_to(left, 2))
        )
        wrapper = transparent_frame({"x": fx, "y": y - top, "width": fw, "height": frame.height}, [block])
        wrappers.append((wrapper, Stack(frame, [block], [block], {id(block)}, drift=drift(block))))
        column[id(block)] = wrapper
    children = [column.get(id(k), k) for k in kids]
    flow = [column[id(b)] for b in blocks]
    outer = Frame("VERTICAL", fw, fh)
    stack = Stack(outer, children, flow, {id(w) for w in flow}, wrappers, max(s.drift for _, s in wrappers))
    inner_exact = all(_exact(s.frame, [b], w) for (w, s), b in zip(wrappers, blocks, strict=True))
    return stack if inner_exact and _exact(outer, flow, node) else None


def _exact(frame: Frame, seq: list[Node], at: Node) -> bool:
    """Figma's layout of the column (every child stretched) in the frame `at` puts each child
    where it is, within the placement bound."""
    ox, oy, _, _ = _box(at)
    kids = [Child(w, h, x - ox, y - oy, align="STRETCH") for x, y, w, h in map(_box, seq)]
    out = lay_out(frame, kids)
    return all(
        max(abs(b.x - k.x), abs(b.y - k.y), abs(b.width - k.width), abs(b.height - k.height)) <= PLACEMENT_TOLERANCE
        for b, k in zip(out.boxes, kids, strict=True)
    )
