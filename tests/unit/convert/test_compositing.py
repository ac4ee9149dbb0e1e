"""compositing: opacity, blend modes, clipping and filters; what cannot be expressed is warned."""

from __future__ import annotations

import json

from pageport.convert import convert_capture

from tests.support.builders import box, capture, el, text, text_styles
from tests.unit.convert.results import conversion, convert, find


def test_unexpressible_properties_are_counted_warnings() -> None:
    div = el(
        "div",
        box(0, 0, 100, 100),
        {"background-color": "rgb(0, 0, 0)", "filter": "grayscale(1)", "clip-path": "circle(50%)"},
    )
    conversion = convert_capture(capture([div]), {})
    assert conversion.warning_count == 2
    assert any("filter grayscale(1)" in w for w in conversion.warnings)


def test_opacity_and_blend_mode_are_kept_and_unknown_blends_warn() -> None:
    shown = {"background-color": "rgb(0, 0, 0)"}
    result = conversion(
        capture(
            [
                el(
                    "div",
                    box(0, 0, 10, 10),
                    {**shown, "opacity": "0.5", "mix-blend-mode": "multiply"},
                    attrs={"id": "a"},
                ),
                el("div", box(0, 20, 10, 10), {**shown, "mix-blend-mode": "plus-darker"}, attrs={"id": "b"}),
            ]
        )
    )
    tree = json.loads(result.result_json)
    a = find(tree, name="A")
    assert (a["opacity"], a["blendMode"]) == (0.5, "MULTIPLY")
    assert find(tree, name="B")["blendMode"] == "PASS_THROUGH"
    assert any(w.endswith("mix-blend-mode plus-darker") for w in result.warnings)


def test_blur_filters_become_blur_effects() -> None:
    styles = {"background-color": "rgb(0, 0, 0)", "filter": "blur(4px)", "backdrop-filter": "blur(2.5px)"}
    effects = find(convert(capture([el("div", box(0, 0, 10, 10), styles, attrs={"id": "f"})])), name="F")["effects"]
    assert [(e["type"], e["radius"]) for e in effects] == [("LAYER_BLUR", 4.0), ("BACKGROUND_BLUR", 2.5)]


def test_translations_are_exact_other_transforms_warn() -> None:
    shown = {"background-color": "rgb(0, 0, 0)"}
    moved = el("div", box(0, 0, 10, 10), {**shown, "transform": "matrix(1, 0, 0, 1, 5, 5)"})
    turned = el("div", box(0, 20, 10, 10), {**shown, "transform": "matrix(0, 1, -1, 0, 0, 0)"})
    warnings = conversion(capture([moved, turned])).warnings
    assert len([w for w in warnings if "transform" in w]) == 1
    assert "matrix(0, 1, -1, 0, 0, 0) kept as its bounding box" in warnings[0]


def test_overflow_hidden_clips_and_visible_does_not() -> None:
    child = {"background-color": "rgb(0, 0, 0)"}
    result = convert(
        capture(
            [
                el(
                    "div",
                    box(0, 0, 50, 50),
                    {"overflow-y": "hidden"},
                    [el("i", box(0, 0, 9, 9), child)],
                    attrs={"id": "c"},
                ),
                el("div", box(0, 60, 50, 50), {**child}, [el("i", box(0, 60, 9, 9), child)], attrs={"id": "v"}),
            ]
        )
    )
    assert find(result, name="C")["clipsContent"] is True
    assert find(result, name="V")["clipsContent"] is False


def test_text_in_a_scaled_box_is_drawn_at_the_scaled_size() -> None:
    """The captured boxes inside `transform: scale(0.9)` are scaled; the computed font size is
    not: the text kept 16 px in a box drawn at 14.4, and Figma set it 10 % wider than the page."""
    styles = text_styles(font_size="16px", line_height="20px", letter_spacing="1px")
    words = text([("Pricing plans", box(10, 2, 90, 18))], styles)
    card = el("div", box(0, 0, 200, 40), {"transform": "matrix(0.9, 0, 0, 0.9, 0, 0)"}, [words])
    node = find(convert(capture([card])), type="TEXT")
    assert (node["style"]["fontSize"], node["style"]["lineHeightPx"], node["style"]["letterSpacing"]) == (14.4, 18, 0.9)


def test_text_in_a_turned_box_keeps_the_width_it_was_captured_at() -> None:
    """A turned box's captured line is the bounding box of the turned text, wider than the text:
    auto width would shrink it to the text."""
    words = text([("Pricing plans", box(10, 2, 104, 24))], text_styles(font_size="16px"))
    card = el("div", box(0, 0, 200, 40), {"transform": "matrix(0.9986, 0.0523, -0.0523, 0.9986, 0, 0)"}, [words])
    node = find(convert(capture([card])), type="TEXT")
    assert (node["style"]["textAutoResize"], node["absoluteBoundingBox"]["width"]) == ("HEIGHT", 104)
