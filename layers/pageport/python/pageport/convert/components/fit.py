"""Whether one main component can be every member of a group: an instance of the main, sized to
a member's box, with each of its layers given the member's size where Figma does not already
give it that size (a size override), must put every layer where the member has it (within
0.45 px; inside auto layout, where Figma's layout of the member itself puts it).

Figma moves an instance's layers only by its own rules, which this follows: a layer's position
cannot be overridden, its size can. Whenever a frame's size changes (the instance resized, a
constraint or auto layout resizing a nested frame, a size override), its children move and
resize by their constraints (LEFT/RIGHT/CENTER/LEFT_RIGHT/SCALE, per axis), from the main's size
to the new one: the rules compose, so only the first and last sizes matter. An auto-layout frame
lays its children out again from their (final) sizes, and a child resized by an override is
FIXED on that axis from then on. `solve` finds the constraints, one per layer and axis, that put
every layer of every member in place, or says there are none. A rule that keeps a layer's size
right too is preferred, so an instance needs as few size overrides as it can.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pageport.convert.autolayout import Child, Frame, Layout, LayoutMode, Refused, lay_out
from pageport.convert.figma import Node

# Under the placement check's 0.5 px: the result's geometry is rounded to 0.01 px, and a layer
# fitted at 0.50 px landed 0.51 px off (Python tutorial at 390 px).
TOLERANCE = 0.45
Rule = Literal["MIN", "MAX", "CENTER", "STRETCH", "SCALE"]
Constraints = dict[int, tuple[Rule, Rule]]  # by id() of a main layer: (horizontal, vertical)
_RULES: tuple[Rule, ...] = ("MIN", "STRETCH", "MAX", "CENTER", "SCALE")
# One member on one axis: the parent's size in the main and in the member, and the child's
# position and size in the member.
_Row = tuple[float, float, float, float]


def solve(main: Node, members: Sequence[Node]) -> Constraints | None:
    """The constraints under which an instance of `main` reproduces each member (main's own
    geometry included, as `main` is usually the first member), or None."""
    out: Constraints = {}
    return out if _fits(main, list(members), out) else None


def _box(n: Node) -> tuple[float, float, float, float]:
    b = n["absoluteBoundingBox"]
    return b["x"], b["y"], b["width"], b["height"]


def _rel(child: Node, parent: Node) -> tuple[float, float, float, float]:
    x, y, w, h = _box(child)
    px, py, _, _ = _box(parent)
    return x - px, y - py, w, h


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def _fits(main: Node, members: list[Node], out: Constraints) -> bool:
    kids = main.get("children") or []
    if not kids:
        return True
    if any(len(m.get("children") or []) != len(kids) for m in members):
        return False
    laid_out = main.get("layoutMode") in ("HORIZONTAL", "VERTICAL")
    if laid_out and not _fits_layout(main, members):
        return False
    for index, kid in enumerate(kids):
        grand = [(m.get("children") or [])[index] for m in members]
        # Auto layout places its flow children; a GRID's, at their cells, stay where the main has
        # them whatever the frame's size; constraints place the rest.
        constrained = not laid_out or kid.get("layoutPositioning") == "ABSOLUTE"
        if constrained and not _constrain(main, kid, index, members, out, main.get("layoutMode") == "GRID"):
            return False
        if not _fits(kid, grand, out):
            return False
    return True


def _constrain(main: Node, kid: Node, index: int, members: list[Node], out: Constraints, fixed: bool = False) -> bool:
    """A child placed by constraints: one rule per axis puts it where every member has it
    (`fixed`: placed by a GRID's fixed tracks, it moves with no change of the frame's size)."""
    _, _, mw, mh = _box(main)
    mx, my, kw, kh = _rel(kid, main)
    horizontal: list[_Row] = []
    vertical: list[_Row] = []
    for member in members:
        _, _, w, h = (0.0, 0.0, mw, mh) if fixed else _box(member)
        ox, oy, ow, oh = _rel((member.get("children") or [])[index], member)
        horizontal.append((mw, w, ox, ow))
        vertical.append((mh, h, oy, oh))
    rule_h = _rule(mx, kw, horizontal)
    rule_v = _rule(my, kh, vertical)
    if rule_h is None or rule_v is None:
        return False
    if (rule_h, rule_v) != ("MIN", "MIN"):
        out[id(kid)] = (rule_h, rule_v)
    return True


def _rule(pos: float, size: float, rows: list[_Row]) -> Rule | None:
    """The first rule that puts the child (at `pos`, `size` in the main) where each row wants
    it, keeping its size too where one can (else its size is overridden)."""
    for sized in (True, False):
        for rule in _RULES:
            if all(_apply(rule, pos, size, row, sized) for row in rows):
                return rule
    return None


def _apply(rule: Rule, pos: float, size: float, row: _Row, sized: bool) -> bool:
    parent, new_parent, want_pos, want_size = row
    delta = new_parent - parent
    if rule == "MAX":
        got = (pos + delta, size)
    elif rule == "CENTER":
        got = (pos + delta / 2, size)
    elif rule == "STRETCH":
        got = (pos, size + delta)
    elif rule == "SCALE":
        scale = new_parent / parent if parent else 1.0
        got = (pos * scale, size * scale)
    else:
        got = (pos, size)
    return _close(got[0], want_pos) and (not sized or _close(got[1], want_size))


def _fits_layout(main: Node, members: list[Node]) -> bool:
    """Children of an auto-layout frame, at their members' sizes: Figma's layout from the
    main's fields puts them where it puts them from the member's own."""
    kids = main.get("children") or []
    for member in members:
        _, _, w, h = _box(member)
        children = []
        for kid, other in zip(kids, member.get("children") or [], strict=True):
            absolute = kid.get("layoutPositioning") == "ABSOLUTE"
            x, y, ow, oh = _rel(other, member)
            children.append(Child(ow, oh, x, y, absolute=absolute))
        try:
            placed = lay_out(_frame(main, w, h), children)
            own = lay_out(_frame(member, w, h), children)
        except Refused:
            return False
        if not (_close(placed.width, own.width) and _close(placed.height, own.height)):
            return False
        if not _same_boxes(placed, own):
            return False
    return True


def _same_boxes(a: Layout, b: Layout) -> bool:
    return all(
        _close(p.x, q.x) and _close(p.y, q.y) and _close(p.width, q.width) and _close(p.height, q.height)
        for p, q in zip(a.boxes, b.boxes, strict=True)
    )


def _frame(node: Node, width: float, height: float) -> Frame:
    """The auto-layout fields of `node` at a fixed size (an instance's layers end at their
    member's size, overridden where Figma's sizing would not give it)."""
    mode: LayoutMode = "HORIZONTAL" if node.get("layoutMode") == "HORIZONTAL" else "VERTICAL"
    padding = (
        node.get("paddingTop", 0.0),
        node.get("paddingRight", 0.0),
        node.get("paddingBottom", 0.0),
        node.get("paddingLeft", 0.0),
    )
    return Frame(
        mode,
        width,
        height,
        padding,
        node.get("itemSpacing", 0.0),
        node.get("counterAxisSpacing", 0.0),
        node.get("primaryAxisAlignItems", "MIN"),
        node.get("counterAxisAlignItems", "MIN"),
        "FIXED",
        "FIXED",
        node.get("layoutWrap") == "WRAP",
    )
