"""A column of blocks with margins of their own (convert.margins) as one stack: each block in a
transparent frame padded by its margins, every block where the page put it."""

from __future__ import annotations

from typing import Any

from pageport.convert import margins
from pageport.convert.autolayout import Child, lay_out


def _node(name: str, x: float, y: float, w: float, h: float) -> dict[str, Any]:
    return {"id": "", "name": name, "type": "FRAME", "absoluteBoundingBox": {"x": x, "y": y, "width": w, "height": h}}


def test_blocks_with_their_own_margins_stack_in_frames_padded_by_them() -> None:
    heading = _node("Heading", 0, 8, 400, 30)
    paragraph = _node("Paragraph", 0, 62, 400, 90)
    code = _node("Code", 20, 170, 360, 60)  # indented, 18 px below
    section = _node("Section", 0, 0, 400, 250)
    section["children"] = [heading, paragraph, code]
    stack = margins.plan(section, lambda n: True, lambda n: 0.0)
    assert stack is not None
    wrappers = [w for w, _ in stack.wrappers]
    assert [w["children"] for w in wrappers] == [[heading], [paragraph], [code]]
    assert [s.frame.padding for _, s in stack.wrappers] == [(8, 0, 0, 0), (24, 0, 0, 0), (18, 20, 0, 20)]
    # Figma's layout of the stack (no gap, each frame stretched) puts every frame where it is.
    kids = [
        Child(400, w["absoluteBoundingBox"]["height"], 0, w["absoluteBoundingBox"]["y"], align="STRETCH")
        for w in wrappers
    ]
    assert [b.y for b in lay_out(stack.frame, kids).boxes] == [0, 38, 152]


def test_blocks_side_by_side_are_not_a_column() -> None:
    section = _node("Section", 0, 0, 400, 100)
    section["children"] = [_node("A", 0, 0, 190, 40), _node("B", 210, 0, 190, 40), _node("C", 0, 60, 400, 40)]
    assert margins.plan(section, lambda n: True, lambda n: 0.0) is None
