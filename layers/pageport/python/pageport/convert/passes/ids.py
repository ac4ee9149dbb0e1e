"""Pass "ids": every node gets its id, "1:n" in depth-first pre-order from the root (1:1)."""

from __future__ import annotations

from pageport.convert.figma import Node
from pageport.convert.state import ConversionState


def run(state: ConversionState) -> None:
    counter = 0
    stack: list[Node] = [state.page]
    while stack:
        node = stack.pop()
        counter += 1
        node["id"] = f"1:{counter}"
        stack.extend(reversed(node.get("children", [])))
