"""Sizing intent read off the probe layouts (convert.reflow), and the reflow pass's Figma terms
for it on small trees: each change is made only where Figma's layout keeps the captured boxes."""

from __future__ import annotations

from typing import Any

import pytest
from pageport.convert.passes import reflow as reflow_pass
from pageport.convert.reflow import Span, behaviour, keeps_proportions

PARENT = (Span(0, 1000), (Span(0, 950), Span(0, 1050)))


@pytest.mark.parametrize(
    ("child", "expected"),
    [
        ((Span(20, 960), (Span(20, 910), Span(20, 1010))), "FILL"),
        ((Span(20, 100), (Span(20, 100), Span(20, 100))), "MIN"),
        ((Span(880, 100), (Span(830, 100), Span(930, 100))), "MAX"),
        ((Span(140, 720), (Span(115, 720), Span(165, 720))), "CENTER"),
        ((Span(500, 250), (Span(475, 237.5), Span(525, 262.5))), "SCALE"),
        # Narrower it fills, wider it stops (a max-width): the probes disagree, nothing is said.
        ((Span(20, 960), (Span(20, 910), Span(20, 960))), None),
    ],
)
def test_a_childs_behaviour_is_what_both_probes_agree_on(
    child: tuple[Span, tuple[Span, ...]], expected: str | None
) -> None:
    assert behaviour(PARENT, child) == expected


def test_a_parent_that_keeps_its_width_says_nothing_of_its_children() -> None:
    fixed = (Span(0, 500), (Span(0, 500), Span(0, 500)))
    assert behaviour(fixed, (Span(0, 500), (Span(0, 500), Span(0, 500)))) is None


def _node(name: str, x: float, y: float, w: float, h: float, **fields: Any) -> dict[str, Any]:
    return {
        "id": "",
        "name": name,
        "type": "FRAME",
        "absoluteBoundingBox": {"x": x, "y": y, "width": w, "height": h},
        **fields,
    }


def _stack(*kids: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return _node(
        "Stack",
        0,
        0,
        1000,
        sum(k["absoluteBoundingBox"]["height"] for k in kids),
        layoutMode="VERTICAL",
        primaryAxisSizingMode="FIXED",
        counterAxisSizingMode="FIXED",
        children=list(kids),
        **fields,
    )


def test_a_filling_child_stretches_and_one_with_margins_gets_a_padded_frame() -> None:
    flush = _node("Flush", 0, 0, 1000, 50)
    inset = _node("Inset", 24, 50, 952, 50)
    stack = _stack(flush, inset, counterAxisAlignItems="CENTER")  # the inset one centred, as settled
    reflow_pass._vertical(stack, {id(flush): "FILL", id(inset): "FILL"})
    assert flush["layoutAlign"] == "STRETCH"
    wrapper = stack["children"][1]
    assert wrapper["children"] == [inset] and inset["layoutAlign"] == "STRETCH"
    assert (wrapper["paddingLeft"], wrapper["paddingRight"], wrapper["layoutAlign"]) == (24, 24, "STRETCH")


def test_fixed_children_centred_by_the_page_centre_the_stack() -> None:
    card = _node("Card", 140, 0, 720, 50)
    stack = _stack(card, counterAxisAlignItems="MIN", paddingLeft=140, paddingRight=140)
    reflow_pass._vertical(stack, {id(card): "CENTER"})
    assert stack["counterAxisAlignItems"] == "CENTER"
    # Padding read off the first child (left only): centring takes the page's margins as padding.
    narrow = _node("Narrow", 400, 0, 200, 50)
    other = _stack(narrow, counterAxisAlignItems="MIN", paddingLeft=400)
    reflow_pass._vertical(other, {id(narrow): "CENTER"})
    assert (other["counterAxisAlignItems"], other["paddingLeft"], other["paddingRight"]) == ("CENTER", 400, 400)
    # A child that keeps to the left as the page widens leaves a left-aligned stack as it is.
    left = _node("Left", 0, 0, 200, 50)
    kept = _stack(left, counterAxisAlignItems="MIN")
    reflow_pass._vertical(kept, {id(left): "MIN"})
    assert kept["counterAxisAlignItems"] == "MIN" and "paddingRight" not in kept


def test_a_row_spreads_its_ends_apart_or_lets_the_filling_child_grow() -> None:
    logo = _node("Logo", 24, 0, 120, 40)
    links = _node("Links", 764, 0, 212, 40)
    row = _node(
        "Row",
        0,
        0,
        1000,
        40,
        layoutMode="HORIZONTAL",
        primaryAxisSizingMode="FIXED",
        counterAxisSizingMode="FIXED",
        paddingLeft=24,
        paddingRight=24,
        itemSpacing=620,
        children=[logo, links],
    )
    reflow_pass._horizontal(row, {id(logo): "MIN", id(links): "MAX"})
    assert (row["primaryAxisAlignItems"], row["itemSpacing"]) == ("SPACE_BETWEEN", 0)
    side = _node("Side", 0, 0, 200, 40)
    main = _node("Main", 200, 0, 800, 40)
    columns = _node(
        "Columns",
        0,
        0,
        1000,
        40,
        layoutMode="HORIZONTAL",
        primaryAxisSizingMode="FIXED",
        counterAxisSizingMode="FIXED",
        children=[side, main],
    )
    reflow_pass._horizontal(columns, {id(side): "MIN", id(main): "FILL"})
    assert main.get("layoutGrow") == 1 and "layoutGrow" not in side


def test_a_wrapping_row_of_full_width_columns_becomes_a_stack() -> None:
    a, b = _node("A", 12, 0, 366, 100), _node("B", 12, 124, 366, 100)
    row = _node(
        "Row",
        0,
        0,
        390,
        224,
        layoutMode="HORIZONTAL",
        layoutWrap="WRAP",
        primaryAxisSizingMode="FIXED",
        counterAxisSizingMode="FIXED",
        paddingLeft=12,
        paddingRight=12,
        counterAxisSpacing=24,
        children=[a, b],
    )
    reflow_pass._unwrap(row)
    assert (row["layoutMode"], row["itemSpacing"], "layoutWrap" in row) == ("VERTICAL", 24, False)


def test_a_box_whose_height_follows_its_width_keeps_its_proportions() -> None:
    own = Span(0, 400, 100)
    assert keeps_proportions(own, (Span(0, 380, 95), Span(0, 420, 105)))
    assert not keeps_proportions(own, (Span(0, 380, 100), Span(0, 420, 100)))  # a fixed height


def test_a_stack_hugs_its_content_with_the_room_below_it_as_padding() -> None:
    a, b = _node("A", 0, 0, 1000, 40), _node("B", 0, 50, 1000, 40)
    stack = _stack(a, b, itemSpacing=10)
    stack["absoluteBoundingBox"]["height"] = 106  # 16 px below the last child (its margin)
    reflow_pass._hug_height(stack, fixed_height=False)
    assert (stack["primaryAxisSizingMode"], stack["paddingBottom"]) == ("AUTO", 16)
    # A frame the page keeps at its height (its content changed height at a probe, it did not)
    # hugs only where its content fills it.
    tall = _stack(_node("C", 0, 0, 1000, 40), itemSpacing=0)
    tall["absoluteBoundingBox"]["height"] = 400
    reflow_pass._hug_height(tall, fixed_height=True)
    assert tall["primaryAxisSizingMode"] == "FIXED"


def test_a_child_spanning_its_parents_height_stretches_with_it() -> None:
    parent = _node("Header", 0, 0, 390, 600)
    assert reflow_pass._vertical_constraint(parent, _node("Background", 0, 0, 390, 600)) == "TOP_BOTTOM"
    assert reflow_pass._vertical_constraint(parent, _node("Badge", 300, 10, 50, 20)) == "TOP"
