"""The flow_layout pass: block flow, rows and lines of boxes as auto layout, checked by the
simulation of Figma's layout, so that no child moves."""

from __future__ import annotations

from typing import Any

from pageport.convert import autolayout
from pageport.convert.flow import hugs_exactly
from pageport.convert.grid import GridPlan
from pageport.convert.grid import lay_out as grid_lay_out

from tests.support.builders import box, capture, el, text, text_styles
from tests.unit.convert.results import convert, walk

_FILL = {"background-color": "rgb(10, 20, 30)"}


def _block(x: float, y: float, w: float, h: float, **attrs: Any) -> dict[str, Any]:
    return el("div", box(x, y, w, h), dict(_FILL), **attrs)


def _frame_at(result: dict[str, Any], x: float, y: float, w: float, h: float) -> dict[str, Any]:
    want = box(x, y, w, h)
    hits = [n for n in walk(result["document"]) if n["absoluteBoundingBox"] == want and n["type"] == "FRAME"]
    assert len(hits) == 1, hits
    return hits[0]


def _placed(node: dict[str, Any]) -> list[autolayout.Box]:
    """Where Figma's layout (the simulation) puts each child of an auto-layout frame, absolute."""
    bb = node["absoluteBoundingBox"]
    frame = autolayout.Frame(
        node["layoutMode"],
        bb["width"],
        bb["height"],
        (node["paddingTop"], node["paddingRight"], node["paddingBottom"], node["paddingLeft"]),
        node["itemSpacing"],
        primary_align=node["primaryAxisAlignItems"],
        counter_align=node["counterAxisAlignItems"],
        primary_sizing=node["primaryAxisSizingMode"],
        counter_sizing=node["counterAxisSizingMode"],
    )
    kids = [
        autolayout.Child(
            c["absoluteBoundingBox"]["width"],
            c["absoluteBoundingBox"]["height"],
            c["absoluteBoundingBox"]["x"] - bb["x"],
            c["absoluteBoundingBox"]["y"] - bb["y"],
            align=c.get("layoutAlign", "INHERIT"),
            absolute=c.get("layoutPositioning") == "ABSOLUTE",
        )
        for c in node["children"]
    ]
    out = autolayout.lay_out(frame, kids)
    return [autolayout.Box(b.x + bb["x"], b.y + bb["y"], b.width, b.height) for b in out.boxes]


def _grid_plan(frame: dict[str, Any]) -> GridPlan:
    """The plan the result's GRID fields describe."""
    padding = (frame["paddingTop"], frame["paddingRight"], frame["paddingBottom"], frame["paddingLeft"])
    cells = [(c, c["gridRowAnchorIndex"], c["gridColumnAnchorIndex"]) for c in frame["children"]]
    x0, y0 = frame["absoluteBoundingBox"]["x"], frame["absoluteBoundingBox"]["y"]
    gaps = frame["gridRowGap"], frame["gridColumnGap"]
    # The padding from the page's origin: Figma's placement in the boxes' absolute coordinates.
    absolute = (padding[0] + y0, padding[1], padding[2], padding[3] + x0)
    return GridPlan(frame["gridRowSizes"], frame["gridColumnSizes"], *gaps, absolute, cells, 0.0)


def _assert_nothing_moves(result: dict[str, Any]) -> None:
    for node in walk(result["document"]):
        if node.get("layoutMode") in ("HORIZONTAL", "VERTICAL"):
            for child, got in zip(node["children"], _placed(node), strict=True):
                b = child["absoluteBoundingBox"]
                assert abs(got.x - b["x"]) <= 1 and abs(got.y - b["y"]) <= 1, (node["name"], child["name"])
                assert abs(got.width - b["width"]) <= 1 and abs(got.height - b["height"]) <= 1


def test_stacked_blocks_become_a_vertical_stack_with_padding_and_spacing() -> None:
    section = el(
        "section",
        box(0, 0, 400, 200),
        dict(_FILL),
        [_block(20, 20, 360, 40), _block(20, 76, 360, 40), _block(20, 132, 200, 40)],
    )
    result = convert(capture([section]))
    frame = _frame_at(result, 0, 0, 400, 200)
    assert frame["layoutMode"] == "VERTICAL"
    assert (frame["paddingTop"], frame["paddingLeft"], frame["itemSpacing"]) == (20, 20, 16)
    assert frame["counterAxisAlignItems"] == "MIN"
    assert [c.get("layoutAlign") for c in frame["children"]] == ["STRETCH", "STRETCH", None]
    _assert_nothing_moves(result)


def test_uneven_distances_wrap_the_closest_children_in_a_frame_of_their_own() -> None:
    # A heading 8 px above its text, the next block 40 px below: [heading, text] is one group.
    section = el(
        "section",
        box(0, 0, 300, 200),
        dict(_FILL),
        [_block(0, 0, 300, 30), _block(0, 38, 300, 40), _block(0, 118, 300, 40)],
    )
    result = convert(capture([section]))
    frame = _frame_at(result, 0, 0, 300, 200)
    assert frame["layoutMode"] == "VERTICAL"
    assert frame["itemSpacing"] == 40
    group = frame["children"][0]
    assert group["absoluteBoundingBox"] == box(0, 0, 300, 78)
    assert (group["layoutMode"], group["itemSpacing"], group["fills"]) == ("VERTICAL", 8, [])
    assert len(group["children"]) == 2
    _assert_nothing_moves(result)


def test_boxes_side_by_side_on_lines_become_rows_in_a_column() -> None:
    # Buttons of different widths on two lines: no columns, so rows in a column.
    widths = [100, 60, 140, 80, 120]
    cards, x = [], 20.0
    for i, w in enumerate(widths):
        if i == 3:
            x = 20.0
        cards.append(_block(x, 20 + 90 * (i // 3), w, 70))
        x += w + 20
    lines = el("div", box(0, 0, 380, 200), dict(_FILL), cards)
    result = convert(capture([lines]))
    frame = _frame_at(result, 0, 0, 380, 200)
    assert frame["layoutMode"] == "VERTICAL"
    rows = frame["children"]
    assert [r["layoutMode"] for r in rows] == ["HORIZONTAL", "HORIZONTAL"]
    assert [len(r["children"]) for r in rows] == [3, 2]
    _assert_nothing_moves(result)


def test_cards_in_rows_and_columns_become_a_grid() -> None:
    cards = [_block(20 + 120 * (i % 3), 20 + 90 * (i // 3), 100, 70) for i in range(5)]
    gallery = el("div", box(0, 0, 380, 200), dict(_FILL), cards)
    result = convert(capture([gallery]))
    frame = _frame_at(result, 0, 0, 380, 200)
    assert frame["layoutMode"] == "GRID"
    assert (frame["gridRowCount"], frame["gridColumnCount"]) == (2, 3)
    assert (frame["gridRowSizes"], frame["gridColumnSizes"]) == ([70, 70], [100, 100, 100])
    assert (frame["gridRowGap"], frame["gridColumnGap"]) == (20, 20)
    assert (frame["paddingTop"], frame["paddingLeft"]) == (20, 20)
    cells = [(c["gridRowAnchorIndex"], c["gridColumnAnchorIndex"]) for c in frame["children"]]
    assert cells == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    # Figma's placement (the top left of each cell) is where the page has each card.
    for (x, y), child in zip(grid_lay_out(_grid_plan(frame)), frame["children"], strict=True):
        assert (x, y) == (child["absoluteBoundingBox"]["x"], child["absoluteBoundingBox"]["y"])


def test_cells_out_of_reading_order_or_spanning_are_no_grid() -> None:
    cards = [_block(20 + 120 * (i % 3), 20 + 90 * (i // 3), 100, 70) for i in range(6)]
    cards[4] = _block(140, 110, 220, 70)  # spans two columns
    cards.pop(5)
    frame = _frame_at(convert(capture([el("div", box(0, 0, 380, 200), dict(_FILL), cards)])), 0, 0, 380, 200)
    assert frame.get("layoutMode") != "GRID"


def test_a_child_over_its_siblings_stays_where_it_is_as_absolute() -> None:
    photo = _block(0, 0, 200, 100)
    badge = _block(150, 10, 40, 20)  # over the photo's corner
    caption = _block(0, 110, 200, 30)
    card = el("div", box(0, 0, 200, 140), dict(_FILL), [photo, badge, caption])
    result = convert(capture([card]))
    frame = _frame_at(result, 0, 0, 200, 140)
    assert frame["layoutMode"] == "VERTICAL"
    assert [c.get("layoutPositioning") for c in frame["children"]] == [None, "ABSOLUTE", None]
    _assert_nothing_moves(result)


def test_children_change_layer_order_only_where_they_paint_nothing_in_common() -> None:
    # Painted bottom first but stacked top first: reordering is safe while they are apart...
    apart = el("div", box(0, 0, 100, 100), dict(_FILL), [_block(0, 60, 100, 40, paintOrder=9), _block(0, 0, 100, 40)])
    frame = _frame_at(convert(capture([apart])), 0, 0, 100, 100)
    assert frame["layoutMode"] == "VERTICAL"
    assert [c["absoluteBoundingBox"]["y"] for c in frame["children"]] == [0, 60]
    # ...and not when the lower one's shadow reaches the upper one.
    shadowed = _block(0, 60, 100, 40, paintOrder=9)
    shadowed["styles"]["box-shadow"] = "rgba(0, 0, 0, 0.5) 0px -10px 30px 0px"
    close = el("div", box(0, 0, 100, 100), dict(_FILL), [shadowed, _block(0, 0, 100, 40)])
    frame = _frame_at(convert(capture([close])), 0, 0, 100, 100)
    assert "layoutMode" not in frame
    assert [c["absoluteBoundingBox"]["y"] for c in frame["children"]] == [60, 0]


def test_a_frame_hugs_only_what_figma_sizes_exactly() -> None:
    one_line = text([("Sign up", box(16, 8, 60, 24))], text_styles())
    button = el("div", box(0, 0, 92, 40), dict(_FILL), [one_line, _block(80, 8, 8, 24)])
    frame = _frame_at(convert(capture([button])), 0, 0, 92, 40)
    assert frame["layoutMode"] == "HORIZONTAL"
    # The single line's height is exact; its width is Figma's own measure of the text.
    assert frame["counterAxisSizingMode"] == "AUTO"
    assert frame["primaryAxisSizingMode"] == "FIXED"
    paragraph: Any = {"type": "TEXT", "style": {"textAutoResize": "HEIGHT"}, "characters": "a\nb"}
    assert hugs_exactly(paragraph, True)  # a fixed width
    assert not hugs_exactly(paragraph, False)  # as many lines as Figma's metrics make
