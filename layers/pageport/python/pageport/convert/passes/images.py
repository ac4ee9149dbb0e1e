"""Pass "images": carry exactly the images the tree references. One registered but never
painted (drawn at zero size) is dropped, and a paint whose bytes are not carried (none expected)
is dropped from its node."""

from __future__ import annotations

from pageport.convert.figma import Node
from pageport.convert.state import ConversionState


def run(state: ConversionState) -> None:
    carried = set(state.carried)
    used: set[str] = set()
    stack: list[Node] = [state.page]
    while stack:
        n = stack.pop()
        fills = n.get("fills")
        if fills and any(p["type"] == "IMAGE" for p in fills):
            n["fills"] = [p for p in fills if p["type"] != "IMAGE" or p.get("imageRef") in carried]
            used.update(p.get("imageRef", "") for p in n["fills"] if p["type"] == "IMAGE")
        stack.extend(n.get("children", []))
    state.result_images = {sha: state.carried[sha] for sha in sorted(used)}
