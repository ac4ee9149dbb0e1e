"""Grids as Figma GRID auto layout: a frame whose placed children sit in rows and columns (a CSS
grid, a float or inline-block gallery) becomes `layoutMode: GRID` with one FIXED track per row
and column, instead of rows wrapped in frames.

"Where tracks allow": every child sits in one cell (its row's top and its column's left edge, to
half a pixel; no spans), cells fill in reading order (only the last row may end early), each
column's width and each row's height is its widest or tallest child, and one gap between columns
and one between rows put every track where the page has it. Figma places a GRID's tracks from
the padding, in order, each `gap` apart, and each child at its cell's top left (its own size
kept): `lay_out` below is that placement, checked against the captured boxes with the same bound
as every auto layout (flow.PLACEMENT_TOLERANCE, levels below added up).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pageport.convert.figma import Node
from pageport.convert.flow import PLACEMENT_TOLERANCE, Drift
from pageport.convert.layout import TOLERANCE

_CELL = 0.5  # px: how far a child's edge may be from its track's and still sit in that cell
MIN_TRACKS = 2


@dataclass
class GridPlan:
    """A planned GRID: its tracks, gaps and padding, each child's cell, and the worst drift."""

    rows: list[float]  # track heights, top to bottom
    columns: list[float]  # track widths, left to right
    row_gap: float
    column_gap: float
    padding: tuple[float, float, float, float]  # top, right, bottom, left
    cells: list[tuple[Node, int, int]]  # (child, row, column), in layer order
    drift: float


def plan(node: Node, in_flow: Callable[[Node], bool], drift: Drift) -> GridPlan | None:
    """The GRID of `node`'s children, or None where they do not sit in a grid of at least two
    rows and two columns, or where Figma's placement would move one."""
    kids = node.get("children") or []
    flow = [k for k in kids if in_flow(k) and not k.get("rotation")]
    if len(flow) < 2 * MIN_TRACKS - 1 or len(flow) != len(kids):
        return None  # a layer the grid would not place stays where it is: flow.py's stacks do that
    if _draws_a_background_layer(node):
        return None
    boxes = [_box(k) for k in flow]
    row_tops = _tracks([b[1] for b in boxes])
    column_lefts = _tracks([b[0] for b in boxes])
    if len(row_tops) < MIN_TRACKS or len(column_lefts) < MIN_TRACKS:
        return None
    cells = [(_track(b[1], row_tops), _track(b[0], column_lefts)) for b in boxes]
    if not _reading_order(cells, len(column_lefts)):
        return None
    rows = [max(b[3] for b, (r, _) in zip(boxes, cells, strict=True) if r == i) for i in range(len(row_tops))]
    columns = [max(b[2] for b, (_, c) in zip(boxes, cells, strict=True) if c == i) for i in range(len(column_lefts))]
    row_gap = _gap(row_tops, rows)
    column_gap = _gap(column_lefts, columns)
    if row_gap is None or column_gap is None:
        return None
    fx, fy, fw, fh = _box(node)
    top, left = row_tops[0] - fy, column_lefts[0] - fx
    right = fw - (left + sum(columns) + column_gap * (len(columns) - 1))
    bottom = fh - (top + sum(rows) + row_gap * (len(rows) - 1))
    if min(top, left, right, bottom) < -TOLERANCE:
        return None
    padding = (round(top, 2), round(max(right, 0.0), 2), round(max(bottom, 0.0), 2), round(left, 2))
    grid = GridPlan(rows, columns, round(row_gap, 2), round(column_gap, 2), padding, [], 0.0)
    grid.cells = [(kid, r, c) for kid, (r, c) in zip(flow, cells, strict=True)]
    placed = lay_out(grid)
    worst = 0.0
    for kid, (x, y) in zip(flow, placed, strict=True):
        kx, ky, _, _ = _box(kid)
        worst = max(worst, drift(kid) + max(abs(x - (kx - fx)), abs(y - (ky - fy))))
    if worst > PLACEMENT_TOLERANCE:
        return None
    grid.drift = worst
    return grid


def lay_out(grid: GridPlan) -> list[tuple[float, float]]:
    """Where Figma puts each child of the grid (relative to the frame): its cell's top left."""
    top, _, _, left = grid.padding
    row_at = [top + sum(grid.rows[:i]) + grid.row_gap * i for i in range(len(grid.rows))]
    column_at = [left + sum(grid.columns[:i]) + grid.column_gap * i for i in range(len(grid.columns))]
    return [(column_at[c], row_at[r]) for _, r, c in grid.cells]


def emit(node: Node, grid: GridPlan) -> None:
    """Write the GRID fields on `node` and each child's cell."""
    node["layoutMode"] = "GRID"
    node["gridRowCount"] = len(grid.rows)
    node["gridColumnCount"] = len(grid.columns)
    node["gridRowGap"] = grid.row_gap
    node["gridColumnGap"] = grid.column_gap
    node["gridRowSizes"] = [round(v, 2) for v in grid.rows]
    node["gridColumnSizes"] = [round(v, 2) for v in grid.columns]
    node["paddingTop"], node["paddingRight"], node["paddingBottom"], node["paddingLeft"] = grid.padding
    for kid, row, column in grid.cells:
        kid["gridRowAnchorIndex"] = row
        kid["gridColumnAnchorIndex"] = column


def _draws_a_background_layer(node: Node) -> bool:
    """A shadow on a frame that does not clip its children: the plugin draws the frame's fills
    and shadows on a background layer of its own (frames.ts, frameEffects), which would take a
    grid cell, so it leaves such a frame's grid off; a stack places the layer absolutely."""
    shadows = any(e.get("type") in ("DROP_SHADOW", "INNER_SHADOW") for e in node.get("effects") or [])
    return shadows and not node.get("clipsContent")


def _box(n: Node) -> tuple[float, float, float, float]:
    b = n["absoluteBoundingBox"]
    return b["x"], b["y"], b["width"], b["height"]


def _tracks(starts: Sequence[float]) -> list[float]:
    """The distinct track starts (within half a pixel), in order."""
    out: list[float] = []
    for value in sorted(starts):
        if not out or value - out[-1] > _CELL:
            out.append(value)
    return out


def _track(start: float, tracks: Sequence[float]) -> int:
    return min(range(len(tracks)), key=lambda i: abs(tracks[i] - start))


def _reading_order(cells: Sequence[tuple[int, int]], columns: int) -> bool:
    """Each cell once, filled row by row (the last row may end early), children in that order."""
    if len(set(cells)) != len(cells):
        return False
    expected = [(i // columns, i % columns) for i in range(len(cells))]
    return list(cells) == expected


def _gap(starts: Sequence[float], sizes: Sequence[float]) -> float | None:
    """The one gap between consecutive tracks, if they all share it (within TOLERANCE)."""
    gaps = [starts[i + 1] - (starts[i] + sizes[i]) for i in range(len(starts) - 1)]
    if not gaps or min(gaps) < -TOLERANCE or max(gaps) - min(gaps) > TOLERANCE:
        return None
    return max(0.0, sum(gaps) / len(gaps))
