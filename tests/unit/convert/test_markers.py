"""markers: a list item's ::marker becomes a node where the browser drew it (TEXT for counters
and strings, the painted shape for disc/circle/square, an image for list-style-image)."""

from __future__ import annotations

from typing import Any

from tests.support.builders import box, capture, el, png, sha, text_styles
from tests.support.paths import REPO_ROOT
from tests.unit.convert.results import conversion, convert, walk


def item(marker: dict[str, Any], **styles: str) -> dict[str, Any]:
    li = el("li", box(60, 100, 300, 18), {"display": "list-item", **styles}, attrs={"id": "li"})
    li["marker"] = {"position": "outside", "styles": text_styles(color="rgb(255, 0, 0)"), **marker}
    return li


def markers(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [n for n in walk(result["document"]) if n["name"] == "::marker"]


def test_counter_marker_is_text_ending_at_the_content_edge() -> None:
    li = item({"kind": "text", "text": "3. ", "box": box(42.21, 100, 17.79, 17), "baseline": 114})
    (node,) = markers(convert(capture([el("ol", box(20, 100, 340, 18), {}, [li])])))
    # The marker's space stays: its box (17.79 px) spans it. Its digit was drawn tabular, which
    # Figma cannot ask for: the box keeps the page's width rather than shrink to Figma's.
    assert (node["type"], node["characters"]) == ("TEXT", "3. ")
    assert node["absoluteBoundingBox"]["x"] == 42.21
    assert (node["absoluteBoundingBox"]["width"], node["style"]["textAutoResize"]) == (17.79, "HEIGHT")
    assert node["fills"][0]["color"] == {"r": 1.0, "g": 0.0, "b": 0.0, "a": 1.0}
    # Centred on the captured inline box, as every TEXT node is (line height 24 px).
    bb = node["absoluteBoundingBox"]
    assert bb["y"] + bb["height"] / 2 == 100 + 17 / 2


def test_disc_circle_and_square_are_the_shapes_chromium_paints() -> None:
    lis = [
        item({"kind": "symbol", "text": sym, "box": box(44, 107 + 20 * i, 5, 5), "baseline": 114 + 20 * i})
        for i, sym in enumerate(("\u2022", "\u25e6", "\u25aa"))
    ]
    disc, circle, square = markers(convert(capture([el("ul", box(20, 100, 340, 60), {}, lis)])))
    red = {"r": 1.0, "g": 0.0, "b": 0.0, "a": 1.0}
    assert (disc["type"], disc["fills"][0]["color"], disc["absoluteBoundingBox"]["width"]) == ("ELLIPSE", red, 5)
    assert (circle["type"], circle["fills"], circle["strokes"][0]["color"]) == ("ELLIPSE", [], red)
    assert (circle["strokeWeight"], circle["strokeAlign"]) == (1.0, "CENTER")
    assert (square["type"], square["fills"][0]["color"]) == ("RECTANGLE", red)


def test_image_marker_is_an_image_at_its_rect() -> None:
    data = png(10, 8)
    ref = {"source": "marker", "url": "https://example.test/m.png", "sha256": sha(data)}
    li = item({"kind": "image", "text": "", "box": box(43, 105, 10, 8), "baseline": 113, "image": ref})
    result = convert(capture([el("ul", box(20, 100, 340, 18), {}, [li])], assets={sha(data): data}), {sha(data): data})
    (node,) = markers(result)
    assert node["type"] == "RECTANGLE" and node["fills"][0]["type"] == "IMAGE"
    assert node["absoluteBoundingBox"] == {"x": 43, "y": 105, "width": 10, "height": 8}
    assert result["images"]


def test_unknown_counter_style_is_a_warning() -> None:
    li = item(
        {"kind": "text", "text": "1. ", "box": box(42, 100, 18, 17), "baseline": 114, "fallback": True},
        **{"list-style-type": "georgian"},
    )
    conv = conversion(capture([el("ol", box(20, 100, 340, 18), {}, [li])]))
    assert any(w.endswith("<li> ::marker: list-style-type georgian drawn as decimal") for w in conv.warnings)


def test_hidden_list_item_draws_no_marker() -> None:
    li = item({"kind": "text", "text": "1. ", "box": box(42, 100, 18, 17), "baseline": 114})
    li["marker"]["styles"]["visibility"] = "hidden"
    assert not markers(convert(capture([el("ol", box(20, 100, 340, 18), {}, [li])])))


def test_marker_in_an_icon_font_is_a_vector() -> None:
    solid = (REPO_ROOT / "bench/fidelity/pages/icons/fontawesome/webfonts/fa-solid-900.woff2").read_bytes()
    li = item({"kind": "text", "text": "\uf00c ", "box": box(40, 100, 20, 16), "baseline": 114})
    li["marker"]["styles"].update({"font-family": '"Font Awesome 6 Free"', "font-weight": "900"})
    face = {"family": "Font Awesome 6 Free", "weight": "900", "sha256": sha(solid), "status": "loaded", "url": "x"}
    result = convert(capture([el("ul", box(20, 100, 340, 18), {}, [li])], fonts=[face]), {sha(solid): solid})
    (node,) = markers(result)
    assert node["type"] == "VECTOR" and 'fill="rgb(255,0,0)"' in node["pageport"]["svg"]
