"""image_fills: an image placed in a box as a paint or a child, and its position offsets."""

from __future__ import annotations

import pytest
from pageport.capture.schema import Box
from pageport.convert.css import CssError
from pageport.convert.image_fills import image_paint, position_offset

BOX = Box(x=0, y=0, width=100, height=100)


@pytest.mark.parametrize(
    ("tokens", "expected"),
    [
        (["center"], (40.0, 40.0)),
        (["top", "right"], (80.0, 0.0)),  # keywords in y-x order are swapped
        (["25%", "10px"], (20.0, 10.0)),
    ],
)
def test_position_offset(tokens: list[str], expected: tuple[float, float]) -> None:
    assert position_offset(tokens, 80, 80) == expected


def test_four_value_positions_are_refused() -> None:
    with pytest.raises(CssError):
        position_offset(["right", "10px", "bottom", "5px"], 80, 80)


def test_image_covering_the_box_is_a_stretch_fill() -> None:
    paint, child = image_paint("abc", BOX, (0, 0, 100, 100), "STRETCH")
    assert child is None and paint is not None and paint["scaleMode"] == "STRETCH"
    assert "imageTransform" not in paint


def test_centred_cover_image_keeps_its_scale_mode() -> None:
    paint, _ = image_paint("abc", BOX, (-50, 0, 200, 100), "FILL")
    assert paint is not None and paint["scaleMode"] == "FILL"


def test_image_covering_part_of_the_box_is_a_child_rectangle() -> None:
    paint, child = image_paint("abc", BOX, (10, 10, 20, 20), "STRETCH")
    assert paint is None and child is not None
    assert (child["type"], child["absoluteBoundingBox"]) == (
        "RECTANGLE",
        {"x": 10.0, "y": 10.0, "width": 20.0, "height": 20.0},
    )


def test_image_outside_the_box_draws_nothing() -> None:
    assert image_paint("abc", BOX, (200, 200, 10, 10), "STRETCH") == (None, None)
