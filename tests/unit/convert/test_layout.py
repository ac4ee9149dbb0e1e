"""Auto layout on converted flex containers: kept only where it reproduces the capture."""

from __future__ import annotations

import json

from pageport.convert.layout import auto_layout_share

from tests.support.builders import box, capture, el
from tests.unit.convert.results import conversion, convert, find, walked


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
    frame = find(convert(capture([row])), name="Row")
    assert frame["layoutMode"] == "HORIZONTAL"
    assert frame["itemSpacing"] == 16
    assert (frame["paddingLeft"], frame["paddingRight"]) == (16, 24)
    assert (frame["paddingTop"], frame["paddingBottom"]) == (16, 16)
    assert frame["counterAxisAlignItems"] == "CENTER"
    assert frame["primaryAxisAlignItems"] == "MIN"
    assert [c["absoluteBoundingBox"]["x"] for c in frame["children"]] == [16, 112, 228]
    assert frame["pageport"] == {"autoLayout": True, "classes": ["row"], "tag": "div"}


def test_flex_row_that_auto_layout_cannot_reproduce_keeps_absolute_positions() -> None:
    # The last child is pushed by a margin: the gaps differ, which one itemSpacing cannot say.
    row = el(
        "div",
        box(0, 0, 400, 40),
        {"display": "flex", "column-gap": "16px", "background-color": "rgb(255, 255, 255)"},
        [
            el("span", box(0, 0, 80, 40), {"background-color": "rgb(1, 2, 3)"}),
            el("span", box(96, 0, 80, 40), {"background-color": "rgb(1, 2, 3)"}),
            el("span", box(226, 0, 80, 40), {"background-color": "rgb(1, 2, 3)"}),
        ],
        attrs={"class": "row"},
    )
    walked_page, warnings = walked(capture([row]))
    frame = find(walked_page, name="Row")
    assert "layoutMode" not in frame
    assert [c["absoluteBoundingBox"]["x"] for c in frame["children"]] == [0, 96, 226]
    # Said, and recorded: the loss is never silent.
    assert frame["pageport"] == {"autoLayout": False, "classes": ["row"], "tag": "div"}
    assert [w for w in warnings if "flex layout" in w] == [
        f"#{row['id']} <div>: flex layout kept as absolute positions: Figma's layout would move '<span>' by 34 px"
    ]
    # The flow_layout pass then lays it out from its geometry (the first two wrapped, 16 px
    # apart, the third 50 px from them) and withdraws the warning.
    out = conversion(capture([row]))
    frame = find(json.loads(out.result_json), name="Row", absoluteBoundingBox=box(0, 0, 400, 40))
    assert frame["layoutMode"] == "HORIZONTAL"
    assert [c["name"] for c in frame["children"]] == ["Row", "Shape"]  # the wrapper, the third
    assert frame["pageport"]["autoLayout"] is True
    assert not [w for w in out.warnings if "flex layout" in w]


def _flex(styles: dict[str, str], kids: list[dict[str, object]], w: float = 300, h: float = 40) -> dict[str, object]:
    return el(
        "div",
        box(0, 0, w, h),
        {"display": "flex", "background-color": "rgb(255, 255, 255)", **styles},
        kids,
        attrs={"class": "row"},
    )


def _span(x: float, y: float, w: float, h: float, **styles: str) -> dict[str, object]:
    return el("span", box(x, y, w, h), {"background-color": "rgb(1, 2, 3)", **styles})


def test_flex_grow_children_that_share_the_free_space_equally_get_layout_grow() -> None:
    # 300 - 50 - 2 * 10 = 230 free: 115 each, as Figma's layoutGrow gives.
    row = _flex(
        {"column-gap": "10px"},
        [
            _span(0, 0, 50, 40),
            _span(60, 0, 115, 40, **{"flex-grow": "1"}),
            _span(185, 0, 115, 40, **{"flex-grow": "1"}),
        ],
    )
    frame = find(convert(capture([row])), name="Row")
    assert frame["layoutMode"] == "HORIZONTAL"
    assert [c.get("layoutGrow") for c in frame["children"]] == [None, 1, 1]


def test_flex_grow_children_of_unequal_growth_stay_fixed_size() -> None:
    # flex-grow with basis auto: the wider content stays wider, which layoutGrow would equalise.
    row = _flex({}, [_span(0, 0, 100, 40, **{"flex-grow": "1"}), _span(100, 0, 200, 40, **{"flex-grow": "1"})])
    frame = find(convert(capture([row])), name="Row")
    assert frame["layoutMode"] == "HORIZONTAL"
    assert [c.get("layoutGrow") for c in frame["children"]] == [None, None]


def test_stretched_items_get_layout_align_stretch_unless_align_self_says_otherwise() -> None:
    row = _flex(
        {"padding-top": "4px", "padding-bottom": "4px"},
        [_span(0, 4, 50, 32), _span(50, 4, 50, 32, **{"align-self": "flex-start"})],
    )
    frame = find(convert(capture([row])), name="Row")
    assert [c.get("layoutAlign") for c in frame["children"]] == ["STRETCH", None]


def test_wrapping_rows_become_wrap_with_counter_axis_spacing() -> None:
    row = _flex(
        {"flex-wrap": "wrap", "column-gap": "10px", "row-gap": "5px"},
        [_span(0, 0, 90, 20), _span(100, 0, 90, 20), _span(0, 25, 90, 20)],
        w=200,
        h=45,
    )
    frame = find(convert(capture([row])), name="Row")
    assert (frame["layoutWrap"], frame["counterAxisSpacing"], frame["itemSpacing"]) == ("WRAP", 5, 10)


def test_an_absolutely_positioned_child_is_absolute_in_auto_layout() -> None:
    row = _flex({}, [_span(0, 0, 50, 40), _span(250, -10, 20, 20, position="absolute"), _span(50, 0, 50, 40)])
    frame = find(convert(capture([row])), name="Row")
    assert frame["layoutMode"] == "HORIZONTAL"
    assert [c.get("layoutPositioning") for c in frame["children"]] == [None, "ABSOLUTE", None]


def test_a_lone_item_under_space_between_is_at_the_start() -> None:
    row = _flex({"justify-content": "space-between"}, [_span(0, 0, 50, 40)])
    frame = find(convert(capture([row])), name="Row")
    assert frame["primaryAxisAlignItems"] == "MIN"


def test_reversed_and_space_around_containers_are_refused_with_a_warning() -> None:
    rows = [
        _flex({"flex-direction": "row-reverse"}, [_span(250, 0, 50, 40), _span(200, 0, 50, 40)]),
        _flex({"justify-content": "space-around"}, [_span(50, 0, 50, 40), _span(200, 0, 50, 40)]),
    ]
    walked_page, warnings = walked(capture(rows))
    warned = [w.split(": ", 1)[1] for w in warnings if "flex layout" in w]
    assert warned == [
        "flex layout kept as absolute positions: flex-direction row-reverse",
        "flex layout kept as absolute positions: justify-content space-around",
    ]
    assert auto_layout_share(walked_page) == (0, 2)


def test_auto_layout_share_counts_the_flex_containers_that_kept_it() -> None:
    kept = _flex({}, [_span(0, 0, 50, 40), _span(50, 0, 50, 40)])
    lost = _flex({}, [_span(0, 0, 50, 40), _span(80, 0, 50, 40), _span(130, 0, 50, 40)])
    result, _ = walked(capture([kept, lost]))
    assert auto_layout_share(result) == (1, 2)
    assert auto_layout_share(result["document"]) == (1, 2)


def test_margins_between_and_around_items_become_item_spacing_and_padding() -> None:
    # Bootstrap's nav: `ms-auto` pushes the list right, each item has margin-right 16px, and
    # the items are centred on the row: read off the geometry, not the (zero) CSS gap.
    row = _flex(
        {"align-items": "center"},
        [_span(100, 10, 50, 20), _span(166, 5, 60, 30), _span(242, 15, 40, 10)],
        w=300,
        h=40,
    )
    frame = find(convert(capture([row])), name="Row")
    assert frame["layoutMode"] == "HORIZONTAL"
    assert (frame["paddingLeft"], frame["itemSpacing"], frame["counterAxisAlignItems"]) == (100, 16, "CENTER")
    assert frame["pageport"] == {"autoLayout": True, "classes": ["row"], "tag": "div"}


def test_wrapped_rows_spaced_by_margins_keep_auto_layout() -> None:
    # Bootstrap's .row of .col with gutters: 12 px in, 24 px between, rows 24 px apart.
    cols = [_span(12 + 124 * (i % 3), 124 * (i // 3), 100, 100) for i in range(5)]
    row = _flex({"flex-wrap": "wrap"}, cols, w=372, h=224)
    frame = find(convert(capture([row])), name="Row")
    assert (frame["layoutWrap"], frame["paddingLeft"], frame["itemSpacing"], frame["counterAxisSpacing"]) == (
        "WRAP",
        12,
        24,
        24,
    )
