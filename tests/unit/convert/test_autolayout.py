"""The Figma auto-layout simulator, on hand-computed cases: one per field, and its refusals."""

from __future__ import annotations

import pytest
from pageport.convert.autolayout import Box, Child, Frame, Refused, lay_out

ROW = Frame("HORIZONTAL", 400, 72, padding=(16, 24, 16, 16), item_spacing=16)
ROW_KIDS = [Child(80, 40), Child(100, 20), Child(60, 40)]


def xs(frame: Frame, kids: list[Child]) -> list[float]:
    return [b.x for b in lay_out(frame, kids).boxes]


def ys(frame: Frame, kids: list[Child]) -> list[float]:
    return [b.y for b in lay_out(frame, kids).boxes]


def test_children_are_packed_in_layer_order_inside_the_padding_item_spacing_apart() -> None:
    out = lay_out(ROW, ROW_KIDS)
    assert out.boxes == (Box(16, 16, 80, 40), Box(112, 16, 100, 20), Box(228, 16, 60, 40))
    assert (out.width, out.height) == (400, 72)  # FIXED: the frame keeps its size


def test_primary_axis_alignment_moves_the_packed_run() -> None:
    # inner width 360, content 80 + 100 + 60 + 2 * 16 = 272: 88 px free.
    assert xs(ROW._replace(primary_align="MAX"), ROW_KIDS) == [104, 200, 316]
    assert xs(ROW._replace(primary_align="CENTER"), ROW_KIDS) == [60, 156, 272]


def test_space_between_spreads_the_free_space_and_ignores_item_spacing() -> None:
    # (360 - 240) / 2 = 60 between the children.
    assert xs(ROW._replace(primary_align="SPACE_BETWEEN"), ROW_KIDS) == [16, 156, 316]


def test_counter_axis_alignment_aligns_each_child_in_the_inner_height() -> None:
    # inner height 72 - 32 = 40.
    assert ys(ROW._replace(counter_align="CENTER"), ROW_KIDS) == [16, 26, 16]
    assert ys(ROW._replace(counter_align="MAX"), ROW_KIDS) == [16, 36, 16]


def test_vertical_frames_swap_the_axes() -> None:
    col = Frame("VERTICAL", 100, 300, padding=(10, 10, 10, 10), item_spacing=5, counter_align="MAX")
    assert lay_out(col, [Child(50, 20), Child(80, 30)]).boxes == (Box(40, 10, 50, 20), Box(10, 35, 80, 30))


def test_baseline_lines_up_the_first_baselines() -> None:
    row = Frame("HORIZONTAL", 200, 60, padding=(5, 0, 0, 0), counter_align="BASELINE")
    kids = [Child(40, 30, baseline=20), Child(40, 50, baseline=40)]
    assert ys(row, kids) == [25, 5]


def test_hugging_sizes_the_frame_from_its_content() -> None:
    row = Frame(
        "HORIZONTAL", 999, 999, padding=(2, 5, 3, 5), item_spacing=10, primary_sizing="AUTO", counter_sizing="AUTO"
    )
    out = lay_out(row, [Child(30, 10), Child(40, 20)])
    assert (out.width, out.height) == (5 + 30 + 10 + 40 + 5, 2 + 20 + 3)
    assert out.boxes == (Box(5, 2, 30, 10), Box(45, 2, 40, 20))


def test_growing_children_share_the_free_space_equally() -> None:
    # 300 - 50 - 20 (spacing) = 230 free, 115 each whatever their own width.
    row = Frame("HORIZONTAL", 300, 40, item_spacing=10)
    out = lay_out(row, [Child(50, 40), Child(20, 40, grow=1), Child(999, 40, grow=1)])
    assert out.boxes == (Box(0, 0, 50, 40), Box(60, 0, 115, 40), Box(185, 0, 115, 40))


def test_stretch_takes_the_inner_counter_size() -> None:
    assert lay_out(ROW, [Child(80, 10, align="STRETCH")]).boxes == (Box(16, 16, 80, 40),)


def test_layout_sizing_fill_is_grow_on_the_primary_axis_and_stretch_on_the_counter_axis() -> None:
    col = Frame("VERTICAL", 100, 100, item_spacing=0)
    kids = [Child(10, 30), Child(10, 10, sizing_horizontal="FILL", sizing_vertical="FILL")]
    assert lay_out(col, kids).boxes == (Box(0, 0, 10, 30), Box(0, 30, 100, 70))
    # FIXED / HUG keep the child's own size, overriding layoutGrow and layoutAlign.
    kids = [Child(10, 10, grow=1, align="STRETCH", sizing_horizontal="HUG", sizing_vertical="FIXED")]
    assert lay_out(col, kids).boxes == (Box(0, 0, 10, 10),)


def test_wrap_starts_a_new_row_when_the_next_child_does_not_fit() -> None:
    # 90 + 10 + 90 = 190 fits in 200; the third would need 290: second row, 30 + 5 below.
    grid = Frame("HORIZONTAL", 200, 45, item_spacing=10, counter_axis_spacing=5, wrap=True)
    kids = [Child(90, 20), Child(90, 30), Child(90, 10)]
    assert lay_out(grid, kids).boxes == (Box(0, 0, 90, 20), Box(100, 0, 90, 30), Box(0, 35, 90, 10))
    # Hugging height: the rows' heights and the spacing between them.
    assert lay_out(grid._replace(height=1, counter_sizing="AUTO"), kids).height == 45


def test_wrap_aligns_the_rows_as_a_block_and_each_child_in_its_row() -> None:
    # Rows 30 and 10 tall, 5 apart: 45 of 100, so the block starts at 27.5.
    grid = Frame("HORIZONTAL", 200, 100, item_spacing=10, counter_axis_spacing=5, wrap=True, counter_align="CENTER")
    kids = [Child(90, 20), Child(90, 30), Child(90, 10)]
    assert ys(grid, kids) == [32.5, 27.5, 62.5]


def test_absolute_children_keep_their_position_and_take_no_space() -> None:
    kids = [Child(80, 40), Child(500, 500, x=-3, y=7, absolute=True), Child(100, 20)]
    assert lay_out(ROW, kids).boxes == (Box(16, 16, 80, 40), Box(-3, 7, 500, 500), Box(112, 16, 100, 20))


@pytest.mark.parametrize(
    ("frame", "kids", "reason"),
    [
        (Frame("VERTICAL", 100, 100, wrap=True), [Child(10, 10)], "wrap in a vertical frame"),
        (Frame("HORIZONTAL", 100, 100, wrap=True, primary_sizing="AUTO"), [Child(10, 10)], "hugs its width"),
        (Frame("VERTICAL", 100, 100, counter_align="BASELINE"), [Child(10, 10, baseline=5)], "vertical"),
        (Frame("HORIZONTAL", 100, 100, counter_align="BASELINE"), [Child(10, 10)], "has no baseline"),
        (Frame("HORIZONTAL", 100, 100, primary_sizing="AUTO"), [Child(10, 10, grow=1)], "growing child"),
        (Frame("HORIZONTAL", 100, 100, wrap=True), [Child(10, 10, align="STRETCH")], "stretched child"),
        (Frame("HORIZONTAL", 100, 100, counter_sizing="AUTO"), [Child(10, 10, align="STRETCH")], "every child"),
        (Frame("HORIZONTAL", 100, 100, primary_align="SPACE_BETWEEN"), [Child(10, 10)], "single child"),
        (Frame("HORIZONTAL", 100, 100, primary_align="SPACE_BETWEEN"), [Child(60, 10)] * 2, "overflow"),
        (Frame("HORIZONTAL", 100, 100), [Child(120, 10), Child(1, 1, grow=1)], "no room"),
        (Frame("HORIZONTAL", 100, 100), [Child(10, 10, grow=0.5)], "layoutGrow 0.5"),
    ],
)
def test_layouts_it_cannot_pin_down_are_refused(frame: Frame, kids: list[Child], reason: str) -> None:
    with pytest.raises(Refused, match=reason):
        lay_out(frame, kids)


def test_a_stretched_child_held_by_its_max_width_is_aligned_by_the_frame() -> None:
    # Figma: FILL across up to maxWidth, then counterAxisAlignItems places it.
    frame = Frame("VERTICAL", 300, 50, counter_align="CENTER")
    out = lay_out(frame, [Child(100, 50, align="STRETCH", max_width=100)])
    assert out.boxes[0] == Box(100, 0, 100, 50)
    narrow = lay_out(frame._replace(width=80), [Child(100, 50, align="STRETCH", max_width=100)])
    assert narrow.boxes[0] == Box(0, 0, 80, 50)
