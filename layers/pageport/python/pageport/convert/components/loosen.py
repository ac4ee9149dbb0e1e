"""Repeats whose sizes follow their text (chips, buttons, nav links: a frame hugging a label of
a different length in each) made sizable from outside, so one main can be all of them.

An instance cannot resize its layers, and in Figma a text's size follows its characters only by
Figma's own metrics. So where the members of a group differ in size along an axis on which a
frame hugs its content (or is exactly the size hugging would give), and a single one of its
children differs with it, the frame is fixed on that axis and that child fills it (STRETCH
across, grow along): the plugin then sizes each instance to its member's box, and the layer
inside follows to the pixel. A left-aligned line of text last in a row with room after it (a
list item's label beside its icon) grows to the row's end instead: its glyphs stay put. Each layout stays what
it was (a hugging frame's filling child already had exactly the room left), which `fit.solve`
checks again; a group it does not help is put back as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pageport.convert.figma import Node

TOLERANCE = 0.5
Change = tuple[Node, str, Any]  # (node, field, value before), to put back


def loosen(members: Sequence[Node]) -> list[Change]:
    """Loosen the members (all alike) where that lets their sizes come from outside; what it
    changed, for `restore`."""
    changes: list[Change] = []
    _loosen(list(members), changes)
    return changes


def restore(changes: list[Change]) -> None:
    for node, field, before in reversed(changes):
        if before is None:
            node.pop(field, None)  # type: ignore[misc]
        else:
            node[field] = before  # type: ignore[literal-required]


def _size(node: Node, horizontal: bool) -> float:
    return node["absoluteBoundingBox"]["width" if horizontal else "height"]


def _differs(nodes: Sequence[Node], horizontal: bool) -> bool:
    sizes = [_size(n, horizontal) for n in nodes]
    return max(sizes) - min(sizes) > TOLERANCE


def _ragged_row(nodes: Sequence[Node]) -> bool:
    """Rows of the same width whose last child (a line of text) ends at different places."""
    ends = []
    for node in nodes:
        flow = [k for k in node.get("children") or [] if k.get("layoutPositioning") != "ABSOLUTE"]
        if not flow:
            return False
        b = flow[-1]["absoluteBoundingBox"]
        ends.append(b["x"] + b["width"] - node["absoluteBoundingBox"]["x"])
    return max(ends) - min(ends) > TOLERANCE


def _trailing_line(nodes: Sequence[Node], index: int) -> bool:
    """In every row, child `index` is the last in the flow, a single left-aligned line of text,
    with room to spare before the row's end (Figma's metrics cannot wrap it there)."""
    for node in nodes:
        flow = [k for k in node.get("children") or [] if k.get("layoutPositioning") != "ABSOLUTE"]
        kid = (node.get("children") or [])[index]
        style = kid.get("style", {})
        if not flow or flow[-1] is not kid or kid["type"] != "TEXT" or "\n" in kid.get("characters", ""):
            return False
        if style.get("textAlignHorizontal", "LEFT") != "LEFT" or style.get("textAutoResize") != "WIDTH_AND_HEIGHT":
            return False
        if _room(node, kid) < max(8.0, 0.03 * kid["absoluteBoundingBox"]["width"]):
            return False
    return True


def _room(row: Node, kid: Node) -> float:
    """From the line's end to the row's end less its start padding (the padding a row has at
    both ends; what the flow_layout pass read as end padding was the row's empty rest)."""
    r, k = row["absoluteBoundingBox"], kid["absoluteBoundingBox"]
    return float(r["x"] + r["width"] - row.get("paddingLeft", 0.0) - (k["x"] + k["width"]))


def _grow_to_end(row: Node, kid: Node, changes: list[Change]) -> None:
    b = kid["absoluteBoundingBox"]
    box = {"x": b["x"], "y": b["y"], "width": round(b["width"] + _room(row, kid), 2), "height": b["height"]}
    _set(row, "paddingRight", row.get("paddingLeft", 0.0), changes)
    _set(kid, "absoluteBoundingBox", box, changes)
    _set(kid, "layoutGrow", 1, changes)
    _set(kid, "style", {**kid.get("style", {}), "textAutoResize": "HEIGHT"}, changes)


def _hugging(node: Node, horizontal: bool, primary: bool) -> bool:
    """The frame hugs its content on that axis, or is exactly as big as if it did."""
    sizing = "primaryAxisSizingMode" if primary else "counterAxisSizingMode"
    if node.get(sizing) == "AUTO":
        return True
    flow = [k for k in node.get("children") or [] if k.get("layoutPositioning") != "ABSOLUTE"]
    if not flow:
        return False
    if horizontal:
        padding = node.get("paddingLeft", 0.0) + node.get("paddingRight", 0.0)
    else:
        padding = node.get("paddingTop", 0.0) + node.get("paddingBottom", 0.0)
    sizes = [_size(k, horizontal) for k in flow]
    content = sum(sizes) + node.get("itemSpacing", 0.0) * (len(flow) - 1) if primary else max(sizes)
    return bool(abs(_size(node, horizontal) - padding - content) <= TOLERANCE)


def _set(node: Node, field: str, value: Any, changes: list[Change]) -> None:
    changes.append((node, field, node.get(field)))
    node[field] = value  # type: ignore[literal-required]


def _loosen(nodes: list[Node], changes: list[Change]) -> None:
    first = nodes[0]
    kids = first.get("children") or []
    mode = first.get("layoutMode")
    if mode in ("HORIZONTAL", "VERTICAL"):
        for horizontal in (True, False):
            primary = (mode == "HORIZONTAL") == horizontal
            sizing = "primaryAxisSizingMode" if primary else "counterAxisSizingMode"
            if not _differs(nodes, horizontal) and not (primary and horizontal and _ragged_row(nodes)):
                continue
            if not all(_hugging(n, horizontal, primary) for n in nodes) and not (primary and horizontal):
                continue
            varying = [
                i
                for i, kid in enumerate(kids)
                if kid.get("layoutPositioning") != "ABSOLUTE"
                and _differs([(n.get("children") or [])[i] for n in nodes], horizontal)
            ]
            if len(varying) != 1 or (primary and any(k.get("layoutGrow") for k in kids)):
                continue
            index = varying[0]
            if primary and horizontal and _trailing_line(nodes, index):
                for node in nodes:
                    _grow_to_end(node, (node.get("children") or [])[index], changes)
                continue
            for node in nodes:
                _set(node, sizing, "FIXED", changes)
                child = (node.get("children") or [])[index]
                if primary:
                    _set(child, "layoutGrow", 1, changes)
                else:
                    _set(child, "layoutAlign", "STRETCH", changes)
    for i in range(len(kids)):
        _loosen([(n.get("children") or [])[i] for n in nodes], changes)
