"""Whether one main component can be every member of a group: an instance of the main,
resized to a member's size, must put every layer where the member has it (within half a pixel;
inside auto layout, where Figma's layout of the member itself puts it).

Figma moves an instance's layers only by its own rules, which this follows: resizing the
instance applies each child's constraints (LEFT/RIGHT/CENTER/LEFT_RIGHT/SCALE, per axis) and,
down the tree, those of children whose frame a constraint resized; an auto-layout frame lays its
children out again (STRETCH and grow children take their share, a hugging frame its content's
size); a frame auto layout resized keeps its children where they were. A layer's position and
size cannot be overridden in an instance, and text keeps the box it has in the main unless a
constraint or its frame's layout sizes it. `solve` finds the constraints, one per layer and axis,
that work for every member, or says there are none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pageport.convert.autolayout import Child, Frame, Layout, LayoutMode, Refused, lay_out
from pageport.convert.figma import Node

TOLERANCE = 0.5
Rule = Literal["MIN", "MAX", "CENTER", "STRETCH", "SCALE"]
Constraints = dict[int, tuple[Rule, Rule]]  # by id() of a main layer: (horizontal, vertical)
# How a layer came by its size in the instance: resized by constraints (or the instance's own
# resize: its children's constraints apply), by its frame's auto layout (they do not), or not at all.
Sizing = Literal["constraints", "layout", "same"]
_RULES: tuple[Rule, ...] = ("MIN", "STRETCH", "MAX", "CENTER", "SCALE")


def solve(main: Node, members: Sequence[Node]) -> Constraints | None:
    """The constraints under which an instance of `main` reproduces each member (main's own
    geometry included, as `main` is usually the first member), or None."""
    out: Constraints = {}
    return out if _fits(main, list(members), "constraints", out) else None


def _box(n: Node) -> tuple[float, float, float, float]:
    b = n["absoluteBoundingBox"]
    return b["x"], b["y"], b["width"], b["height"]


def _rel(child: Node, parent: Node) -> tuple[float, float, float, float]:
    x, y, w, h = _box(child)
    px, py, _, _ = _box(parent)
    return x - px, y - py, w, h


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def _fits(main: Node, members: list[Node], sizing: Sizing, out: Constraints) -> bool:
    kids = main.get("children") or []
    if not kids:
        return True
    if any(len(m.get("children") or []) != len(kids) for m in members):
        return False
    if main.get("layoutMode") in ("HORIZONTAL", "VERTICAL"):
        return _fits_layout(main, members, out)
    return _fits_constraints(main, members, sizing, out)


def _fits_constraints(main: Node, members: list[Node], sizing: Sizing, out: Constraints) -> bool:
    """Children of a frame without auto layout: one constraint per axis for all members."""
    _, _, mw, mh = _box(main)
    for index, kid in enumerate(main.get("children") or []):
        mx, my, kw, kh = _rel(kid, main)
        rows = []
        for member in members:
            _, _, w, h = _box(member)
            ox, oy, ow, oh = _rel((member.get("children") or [])[index], member)
            rows.append((w, h, ox, oy, ow, oh))
        rules = sizing == "constraints"  # else the frame kept its children where they were
        horizontal = _rule(mx, kw, mw, [(r[0], r[2], r[4]) for r in rows], rules)
        vertical = _rule(my, kh, mh, [(r[1], r[3], r[5]) for r in rows], rules)
        if horizontal is None or vertical is None:
            return False
        if (horizontal, vertical) != ("MIN", "MIN"):
            out[id(kid)] = (horizontal, vertical)
        resized = horizontal in ("STRETCH", "SCALE") or vertical in ("STRETCH", "SCALE")
        grand = [(member.get("children") or [])[index] for member in members]
        if not _fits(kid, grand, "constraints" if resized else "same", out):
            return False
    return True


def _rule(pos: float, size: float, parent: float, rows: list[tuple[float, float, float]], rules: bool) -> Rule | None:
    """The first rule that maps (pos, size) in a parent of size `parent` onto every row's
    (parent size, pos, size)."""
    for rule in _RULES if rules else ("MIN",):
        if all(_apply(rule, pos, size, parent, p, (x, w)) for p, x, w in rows):
            return rule
    return None


def _apply(rule: Rule, pos: float, size: float, parent: float, new_parent: float, want: tuple[float, float]) -> bool:
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
    return _close(got[0], want[0]) and _close(got[1], want[1])


def _fits_layout(main: Node, members: list[Node], out: Constraints) -> bool:
    """Children of an auto-layout frame: Figma's layout at each member's size."""
    kids = main.get("children") or []
    for member in members:
        _, _, w, h = _box(member)
        frame = _frame(main, w, h)
        children = []
        for kid, other in zip(kids, member.get("children") or [], strict=True):
            absolute = kid.get("layoutPositioning") == "ABSOLUTE"
            # An absolute child stays where the main has it (its constraints are MIN).
            x, y, _, _ = _rel(kid, main) if absolute else _rel(other, member)
            if _hugs(kid):  # its own content gives its size, checked below
                kw, kh = _box(other)[2], _box(other)[3]
            else:
                kw, kh = _box(kid)[2], _box(kid)[3]
            children.append(
                Child(
                    kw,
                    kh,
                    x,
                    y,
                    grow=float(kid.get("layoutGrow", 0.0)),
                    align="STRETCH" if kid.get("layoutAlign") == "STRETCH" else "INHERIT",
                    absolute=absolute,
                )
            )
        try:
            placed = lay_out(frame, children)
        except Refused:
            return False
        own = _own_layout(member, children)
        if own is None or not (_close(placed.width, own.width) and _close(placed.height, own.height)):
            return False
        for got, want in zip(placed.boxes, own.boxes, strict=True):
            if not (_close(got.x, want.x) and _close(got.y, want.y)):
                return False
            if not (_close(got.width, want.width) and _close(got.height, want.height)):
                return False
    for index, kid in enumerate(kids):
        grand = [(m.get("children") or [])[index] for m in members]
        laid = kid.get("layoutAlign") == "STRETCH" or bool(kid.get("layoutGrow"))
        if not _fits(kid, grand, "layout" if laid else "same", out):
            return False
    return True


def _own_layout(member: Node, children: list[Child]) -> Layout | None:
    """Where Figma's layout puts the member's children placed as a frame of its own (its own
    fields; their captured sizes): what an instance must reproduce, so that it stands exactly
    where the member would (the flow_layout pass bounded that against the capture)."""
    _, _, w, h = _box(member)
    own = [
        c._replace(width=_box(k)[2], height=_box(k)[3], grow=float(k.get("layoutGrow", 0.0)))
        for c, k in zip(children, member.get("children") or [], strict=True)
    ]
    try:
        return lay_out(_frame(member, w, h), own)
    except Refused:
        return None


def _hugs(node: Node) -> bool:
    return bool(node.get("layoutMode")) and "AUTO" in (
        node.get("primaryAxisSizingMode"),
        node.get("counterAxisSizingMode"),
    )


def _frame(node: Node, width: float, height: float) -> Frame:
    """The auto-layout fields of `node` at another size."""
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
        node.get("primaryAxisSizingMode", "FIXED"),
        node.get("counterAxisSizingMode", "FIXED"),
        node.get("layoutWrap") == "WRAP",
    )
