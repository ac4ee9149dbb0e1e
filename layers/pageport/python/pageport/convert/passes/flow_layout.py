"""Pass "flow_layout": auto layout beyond flex on every frame the walk left without it, children
before their parents (a parent hugs only children whose size is exact): a GRID where the children
sit in rows and columns (convert.grid), else stacks, rows and lines of boxes (convert.flow). A
flex container the walk refused (its CSS fields would move an item) gets it here where its
geometry allows, and its warning is withdrawn."""

from __future__ import annotations

from collections.abc import Callable

from pageport.convert import flow, grid, margins
from pageport.convert.figma import Node
from pageport.convert.nodes import walk_nodes
from pageport.convert.state import ConversionState


def run(state: ConversionState) -> None:
    in_flow = state.in_flow

    def placed_in_flow(node: Node) -> bool:
        return in_flow.get(id(node), False)

    drifts: dict[int, float] = {}  # by id(): how far a laid-out frame's content moved, at most

    def drift(node: Node) -> float:
        return drifts.get(id(node), 0.0)

    withdrawn: list[int] = []
    # A frame may grow to its children only where its parent lays it out later (no layout yet).
    laid_out = {id(k) for n in walk_nodes(state.page) if "layoutMode" in n for k in n.get("children") or []}
    for node in _post_order(state.page):
        if node["type"] != "FRAME" or "layoutMode" in node or not node.get("children") or node.get("rotation"):
            continue
        if (cells := grid.plan(node, placed_in_flow, drift)) is not None:
            grid.emit(node, cells)
            drifts[id(node)] = cells.drift
        elif (stack := _stack(node, placed_in_flow, drift, id(node) not in laid_out)) is not None:
            flow.emit(node, stack)
            drifts[id(node)] = stack.drift
        else:
            continue
        if (warning := state.refused_flex.get(id(node))) is not None:
            # A flex container the CSS fields could not lay out, whose geometry does.
            node["pageport"]["autoLayout"] = True
            withdrawn.append(warning)
    for index in sorted(withdrawn, reverse=True):
        del state.warnings[index]


def _stack(node: Node, in_flow: Callable[[Node], bool], drift: flow.Drift, may_grow: bool) -> flow.Stack | None:
    """A stack of the frame's children: with one gap per level (flow), in a frame grown to
    children sticking out of it (where its parent's layout is still to be planned, around the
    grown box), or each child in a frame padded by its margins (margins)."""
    stack = flow.plan(node, in_flow, drift)
    if stack is None and may_grow:
        stack = _grown_plan(node, in_flow, drift)
    return stack or margins.plan(node, in_flow, drift)


# How far a child may stick out of a frame that draws nothing (a heading's line box above its
# container's top) for the frame to grow to it and stack its children.
_OVERHANG = 8.0


def _grown_plan(node: Node, in_flow: Callable[[Node], bool], drift: flow.Drift) -> flow.Stack | None:
    """A stack for a frame that draws nothing, grown to its children where they stick out of it
    at the top or bottom by a few pixels: nothing it draws moves, and its children can flow (a
    paragraph that wraps again on resize pushes what follows)."""
    if node.get("fills") or node.get("strokes") or node.get("effects") or node.get("clipsContent"):
        return None
    if node.get("blendMode", "PASS_THROUGH") != "PASS_THROUGH" or node.get("opacity", 1) != 1:
        return None
    kids = [k for k in node["children"] if in_flow(k)]
    if not kids:
        return None
    bb = node["absoluteBoundingBox"]
    top = min(k["absoluteBoundingBox"]["y"] for k in kids)
    bottom = max(k["absoluteBoundingBox"]["y"] + k["absoluteBoundingBox"]["height"] for k in kids)
    above, below = max(0.0, bb["y"] - top), max(0.0, bottom - bb["y"] - bb["height"])
    if not (above or below) or max(above, below) > _OVERHANG:
        return None
    saved = bb["y"], bb["height"]
    bb["y"], bb["height"] = bb["y"] - above, bb["height"] + above + below
    stack = flow.plan(node, in_flow, drift)
    if stack is None:
        bb["y"], bb["height"] = saved
    return stack


def _post_order(root: Node) -> list[Node]:
    out: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(node.get("children") or [])
    out.reverse()  # every node after its descendants
    return out
