"""Pass "names": every layer the walk could not name from the page (a bare <div>: `Frame`)
is named by what it is in the design: an image, a divider, a text block, a card (a painted box
holding content), a row, column or grid (its auto layout), or content. Never a tag name."""

from __future__ import annotations

from pageport.convert.figma import Node
from pageport.convert.naming import clip
from pageport.convert.state import ConversionState

UNNAMED = "Frame"  # what nodes.frame() calls a node whose element said nothing of itself
_LAYOUT_NAMES = {"HORIZONTAL": "Row", "VERTICAL": "Column", "GRID": "Grid"}
_THIN = 3.0  # px: a box this thin on one side is a rule


def run(state: ConversionState) -> None:
    stack: list[Node] = [state.page]
    while stack:
        node = stack.pop()
        if node["name"] == UNNAMED or not node["name"]:
            node["name"] = structural_name(node)
        stack.extend(node.get("children", []))


def structural_name(node: Node) -> str:
    kids = node.get("children") or []
    fills = [p for p in node.get("fills", []) if p.get("visible", True)]
    if not kids:
        if any(p["type"] == "IMAGE" for p in fills):
            return "Image"
        box = node["absoluteBoundingBox"]
        if min(box["width"], box["height"]) <= _THIN:
            return "Divider"
        return "Shape"
    if all(k["type"] == "TEXT" for k in kids):
        text = " ".join(k.get("characters", "") for k in kids)
        return f'Text "{clip(text, 32)}"' if text.strip() else "Text"
    painted = bool(fills or node.get("strokes") or node.get("effects"))
    if painted and len(kids) > 1:
        return "Card"
    mode = node.get("layoutMode")
    if mode in _LAYOUT_NAMES:
        return _LAYOUT_NAMES[mode]
    return "Content"
