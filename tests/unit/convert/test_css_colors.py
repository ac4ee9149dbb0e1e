"""css.colors: computed colors as Figma RGBA."""

from __future__ import annotations

import pytest
from pageport.convert.css import parse_color, solid
from pageport.convert.figma import RGBA


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("rgb(255, 0, 0)", (1.0, 0.0, 0.0, 1.0)),
        ("rgba(0, 0, 255, 0.5)", (0.0, 0.0, 1.0, 0.5)),
        ("#0f08", (0.0, 1.0, 0.0, 0.5333)),
        ("transparent", (0.0, 0.0, 0.0, 0.0)),
        ("color(srgb 1 0.5 0 / 50%)", (1.0, 0.5, 0.0, 0.5)),
        ("oklch(1 0 0)", (1.0, 1.0, 1.0, 1.0)),
        ("lab(0 0 0)", (0.0, 0.0, 0.0, 1.0)),
    ],
)
def test_parse_color(value: str, expected: tuple[float, float, float, float]) -> None:
    color = parse_color(value)
    assert color is not None
    assert (color["r"], color["g"], color["b"], color["a"]) == pytest.approx(expected, abs=0.002)


@pytest.mark.parametrize("value", [None, "", "currentcolor", "hsl(1 2 3)", "rgb(a, b, c)"])
def test_unreadable_colors_are_none(value: str | None) -> None:
    assert parse_color(value) is None


def test_solid_records_opacity_only_below_one() -> None:
    red: RGBA = {"r": 1.0, "g": 0.0, "b": 0.0, "a": 1.0}
    assert "opacity" not in solid(red)
    assert solid(red, 0.33333)["opacity"] == 0.3333
