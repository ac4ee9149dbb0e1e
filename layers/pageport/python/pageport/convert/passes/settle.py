"""Auto-layout frames' children where Figma will put them.

The walk keeps auto layout on a frame when Figma's layout of it (autolayout.lay_out) puts every
child within a pixel of where the browser did; Figma then puts the child there, not where the
capture had it. So that the result says what the plugin will place (the round trip exact, a
text box a fraction of a pixel above its frame no longer), every auto-layout frame's children,
top down, are moved with everything inside them to the boxes Figma's layout gives them, and a
hugging frame takes the size Figma gives it. A layout the simulator refuses to pin down
(BASELINE alignment, for one) is left as captured.
"""

from __future__ import annotations

from typing import Any

from pageport.convert.autolayout import Child, Frame, Refused, lay_out
from pageport.convert.css import round_to
from pageport.convert.nodes import walk_nodes
from pageport.convert.state import ConversionState


def run(state: ConversionState) -> None:
    settle(state.page)


def settle(root: Any) -> None:
    """Every auto-layout frame under `root`: hugging sizes children first (a frame hugs what its
    children became), then positions parents first (a parent's move carries its children)."""
    frames = [n for n in walk_nodes(root) if n.get("layoutMode") in ("HORIZONTAL", "VERTICAL") and n.get("children")]
    for node in reversed(frames):
        if node.get("primaryAxisSizingMode", "AUTO") == "AUTO" or node.get("counterAxisSizingMode", "AUTO") == "AUTO":
            _settle_frame(node, move=False)
    for node in frames:
        _settle_frame(node, move=True)


def simulated(node: Any) -> tuple[Frame, list[Child]]:
    """The auto-layout frame `node` and its children as Figma's layout (autolayout.lay_out) takes them."""
    bb = node["absoluteBoundingBox"]
    frame = Frame(
        mode=node["layoutMode"],
        width=bb["width"],
        height=bb["height"],
        padding=tuple(float(node.get(f"padding{side}") or 0) for side in ("Top", "Right", "Bottom", "Left")),  # type: ignore[arg-type]
        item_spacing=float(node.get("itemSpacing") or 0),
        counter_axis_spacing=float(node.get("counterAxisSpacing") or 0),
        primary_align=node.get("primaryAxisAlignItems") or "MIN",
        counter_align=node.get("counterAxisAlignItems") or "MIN",
        primary_sizing=node.get("primaryAxisSizingMode") or "AUTO",
        counter_sizing=node.get("counterAxisSizingMode") or "AUTO",
        wrap=node.get("layoutWrap") == "WRAP",
    )
    children = [
        Child(
            width=k["absoluteBoundingBox"]["width"],
            height=k["absoluteBoundingBox"]["height"],
            x=k["absoluteBoundingBox"]["x"] - bb["x"],
            y=k["absoluteBoundingBox"]["y"] - bb["y"],
            grow=float(k.get("layoutGrow") or 0),
            align="STRETCH" if k.get("layoutAlign") == "STRETCH" else "INHERIT",
            absolute=k.get("layoutPositioning") == "ABSOLUTE",
            sizing_horizontal=k.get("layoutSizingHorizontal"),
            sizing_vertical=k.get("layoutSizingVertical"),
            min_width=k.get("minWidth"),
            max_width=k.get("maxWidth"),
        )
        for k in node["children"]
    ]
    return frame, children


def _settle_frame(node: Any, *, move: bool) -> None:
    bb = node["absoluteBoundingBox"]
    frame, children = simulated(node)
    if frame.counter_align == "BASELINE":
        return
    kids = node["children"]
    try:
        out = lay_out(frame, children)
    except Refused:
        return
    bb["width"], bb["height"] = round_to(out.width, 2), round_to(out.height, 2)
    if not move:
        return
    for kid, box in zip(kids, out.boxes, strict=True):
        kb = kid["absoluteBoundingBox"]
        dx, dy = bb["x"] + box.x - kb["x"], bb["y"] + box.y - kb["y"]
        if dx or dy:
            for inner in walk_nodes(kid):
                ib = inner["absoluteBoundingBox"]
                ib["x"], ib["y"] = round_to(ib["x"] + dx, 2), round_to(ib["y"] + dy, 2)
        kb["width"], kb["height"] = round_to(box.width, 2), round_to(box.height, 2)
