"""nodes: the building blocks every concern shares."""

from __future__ import annotations

from pageport.capture.schema import Box, ElementNode
from pageport.convert.nodes import content_box, frame, inset_box, paints, rectangle, round_px, style_getter

from tests.support.builders import box, el


def test_round_px_never_yields_negative_zero() -> None:
    assert str(round_px(-0.001)) == "0.0"
    assert round_px(1.005001) == 1.01


def test_rectangle_clamps_negative_sizes() -> None:
    assert rectangle(Box(x=1.234, y=-0.0, width=-5, height=2.5)) == {"x": 1.23, "y": 0.0, "width": 0.0, "height": 2.5}


def test_style_getter_fills_in_defaults() -> None:
    get = style_getter({"display": "flex"})
    assert (get("display"), get("position"), get("not-a-property")) == ("flex", "static", None)


def test_paints_counts_children_only_when_asked_to() -> None:
    node = frame("F", Box(x=0, y=0, width=1, height=1), "FRAME")
    assert not paints(node)
    node["children"] = [frame("C", Box(x=0, y=0, width=1, height=1), "TEXT")]
    assert paints(node) and not paints(node, own=True)


def test_content_box_is_the_box_itself_without_borders_or_padding() -> None:
    element = ElementNode.model_validate(el("div", box(0, 0, 100, 50)))
    assert content_box(element, element.style) is element.box
    padded = ElementNode.model_validate(
        el("div", box(0, 0, 100, 50), {"padding-left": "10%", "border-top-width": "2px"})
    )
    assert content_box(padded, padded.style) == Box(x=10, y=2, width=90, height=48)


def test_inset_box_clamps_what_borders_and_padding_overflow() -> None:
    get = style_getter({"padding-left": "30px", "padding-right": "30px"})
    assert inset_box(Box(x=0, y=0, width=40, height=10), get) == Box(x=30, y=0, width=0, height=10)
