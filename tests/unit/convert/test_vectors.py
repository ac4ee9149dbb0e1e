"""vectors: inline SVG as VECTOR nodes carrying their markup."""

from __future__ import annotations

from pageport.capture.schema import Box
from pageport.convert.vectors import svg_vectors

from tests.support.builders import box, capture, el
from tests.unit.convert.results import convert, find


def test_inline_svg_keeps_its_markup_with_current_color_resolved() -> None:
    svg = el(
        "svg",
        box(0, 0, 24, 24),
        {"color": "rgb(220, 38, 38)", "display": "inline"},
        svg='<svg viewBox="0 0 24 24"><path fill="currentColor" d="M0 0h24v24z"/></svg>',
        attrs={"aria-label": "Heart"},
    )
    node = find(convert(capture([svg])), type="VECTOR")
    markup = node["pageport"]["svg"]
    assert 'fill="rgb(220, 38, 38)"' in markup
    assert 'xmlns="http://www.w3.org/2000/svg"' in markup and 'width="24"' in markup
    assert node["name"] == 'Icon "Heart"'


SQUARE = '<svg viewBox="0 0 10 10"><rect width="10" height="10" fill="currentColor"/></svg>'


def test_svg_vector_inside_its_clip_is_the_vector_itself_in_black() -> None:
    node = svg_vectors(SQUARE, [(10, 10, 20, 20)], Box(x=0, y=0, width=100, height=100))
    assert node is not None and node["type"] == "VECTOR"
    assert 'fill="black"' in node["pageport"]["svg"] and 'width="20"' in node["pageport"]["svg"]


def test_svg_vectors_crossing_their_clip_are_grouped_in_a_clipping_frame() -> None:
    clip = Box(x=0, y=0, width=30, height=30)
    node = svg_vectors(SQUARE, [(0, 0, 20, 20), (20, 0, 20, 20), (40, 40, 20, 20)], clip)
    assert node is not None and (node["type"], node["name"], node["clipsContent"]) == ("FRAME", "SVG tiles", True)
    assert len(node["children"]) == 2  # the third tile lies outside the clip


def test_no_svg_vector_outside_its_clip() -> None:
    assert svg_vectors(SQUARE, [(50, 50, 10, 10)], Box(x=0, y=0, width=30, height=30)) is None
