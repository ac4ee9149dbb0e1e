"""Auto layout on converted flex containers: kept only where it reproduces the capture."""

from __future__ import annotations

from tests.support.builders import box, capture, el
from tests.unit.convert.results import convert, find


def test_flex_row_with_gap_becomes_horizontal_auto_layout() -> None:
    row = el(
        "div",
        box(0, 0, 400, 72),
        {
            "display": "flex",
            "column-gap": "16px",
            "row-gap": "16px",
            "align-items": "center",
            "padding-top": "16px",
            "padding-right": "24px",
            "padding-bottom": "16px",
            "padding-left": "16px",
            "background-color": "rgb(255, 255, 255)",
        },
        [
            el("span", box(16, 16, 80, 40), {"background-color": "rgb(224, 231, 255)"}),
            el("span", box(112, 26, 100, 20), {"background-color": "rgb(224, 231, 255)"}),
            el("span", box(228, 16, 60, 40), {"background-color": "rgb(224, 231, 255)"}),
        ],
        attrs={"class": "row"},
    )
    frame = find(convert(capture([row])), name="div.row")
    assert frame["layoutMode"] == "HORIZONTAL"
    assert frame["itemSpacing"] == 16
    assert (frame["paddingLeft"], frame["paddingRight"]) == (16, 24)
    assert (frame["paddingTop"], frame["paddingBottom"]) == (16, 16)
    assert frame["counterAxisAlignItems"] == "CENTER"
    assert frame["primaryAxisAlignItems"] == "MIN"
    assert [c["absoluteBoundingBox"]["x"] for c in frame["children"]] == [16, 112, 228]


def test_flex_row_that_auto_layout_cannot_reproduce_keeps_absolute_positions() -> None:
    # The middle child is pushed by a margin: Figma's itemSpacing cannot say that.
    row = el(
        "div",
        box(0, 0, 400, 40),
        {"display": "flex", "column-gap": "16px", "background-color": "rgb(255, 255, 255)"},
        [
            el("span", box(0, 0, 80, 40), {"background-color": "rgb(1, 2, 3)"}),
            el("span", box(130, 0, 80, 40), {"background-color": "rgb(1, 2, 3)"}),
        ],
        attrs={"class": "row"},
    )
    frame = find(convert(capture([row])), name="div.row")
    assert "layoutMode" not in frame
    assert [c["absoluteBoundingBox"]["x"] for c in frame["children"]] == [0, 130]
