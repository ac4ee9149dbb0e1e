"""css.gradients: gradient layers as Figma gradient paints."""

from __future__ import annotations

import pytest
from pageport.convert.css import CssError, gradient


def test_to_right_is_a_horizontal_axis() -> None:
    grad = gradient("linear-gradient(to right, rgb(255, 0, 0), rgb(0, 0, 255) 75%)", 200, 100)
    start, end, _ = grad.paint["gradientHandlePositions"]
    assert (start, end) == ({"x": 0.0, "y": 0.5}, {"x": 1.0, "y": 0.5})
    assert [s["position"] for s in grad.paint["gradientStops"]] == [0.0, 0.75]
    assert grad.exact


def test_stops_without_positions_are_spread_evenly() -> None:
    grad = gradient("linear-gradient(rgb(0, 0, 0), rgb(1, 1, 1), rgb(2, 2, 2))", 10, 10)
    assert [s["position"] for s in grad.paint["gradientStops"]] == [0.0, 0.5, 1.0]


def test_radial_circle_at_a_corner() -> None:
    grad = gradient("radial-gradient(circle 10px at left top, rgb(0, 0, 0), rgb(255, 255, 255))", 100, 50)
    assert grad.paint["type"] == "GRADIENT_RADIAL"
    centre, x_handle, y_handle = grad.paint["gradientHandlePositions"]
    assert (centre, x_handle, y_handle) == ({"x": 0.0, "y": 0.0}, {"x": 0.1, "y": 0.0}, {"x": 0.0, "y": 0.2})


@pytest.mark.parametrize(
    "layer",
    [
        "repeating-linear-gradient(rgb(0, 0, 0), rgb(9, 9, 9) 10px)",
        "linear-gradient(rgb(0, 0, 0), 30%, rgb(9, 9, 9))",  # an interpolation hint
        "linear-gradient(rgb(0, 0, 0), rgb(9, 9, 9) 120%)",  # a stop past the box
    ],
)
def test_approximations_are_flagged_inexact(layer: str) -> None:
    assert not gradient(layer, 100, 100).exact


@pytest.mark.parametrize("layer", ["conic-gradient(red, blue)", "url(a.png)", "linear-gradient(rgb(0, 0, 0))"])
def test_unsupported_layers_are_refused(layer: str) -> None:
    with pytest.raises(CssError):
        gradient(layer, 100, 100)
