"""convert_capture on hand-written captures: one CSS feature per test, checked in the tree."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pageport.convert import convert_capture

from tests.convert.builders import box, capture, el, png, sha, text, text_styles

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "convert"


def convert(data: bytes, assets: dict[str, bytes] | None = None) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(convert_capture(data, assets or {}).result_json)
    return result


def walk(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield node
    for child in node.get("children", []):
        yield from walk(child)


def find(result: dict[str, Any], **match: Any) -> dict[str, Any]:
    hits = [n for n in walk(result["document"]) if all(n.get(k) == v for k, v in match.items())]
    assert len(hits) == 1, f"{len(hits)} nodes match {match}"
    return hits[0]


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


def test_linear_gradient_90deg_red_to_blue() -> None:
    div = el(
        "div",
        box(10, 20, 200, 100),
        {"background-image": "linear-gradient(90deg, rgb(255, 0, 0), rgb(0, 0, 255))"},
        attrs={"id": "g"},
    )
    paint = find(convert(capture([div])), name="#g")["fills"][0]
    assert paint["type"] == "GRADIENT_LINEAR"
    start, end, width = paint["gradientHandlePositions"]
    assert (start, end) == ({"x": 0.0, "y": 0.5}, {"x": 1.0, "y": 0.5})
    assert width["x"] == 0.0 and width["y"] > 0.5  # perpendicular to the axis
    stops = paint["gradientStops"]
    assert [s["position"] for s in stops] == [0.0, 1.0]
    assert stops[0]["color"] == {"r": 1.0, "g": 0.0, "b": 0.0, "a": 1.0}
    assert stops[1]["color"] == {"r": 0.0, "g": 0.0, "b": 1.0, "a": 1.0}


def test_bold_span_inside_paragraph_is_a_style_override() -> None:
    normal = text_styles()
    bold = text_styles(font_weight="700")
    p = el(
        "p",
        box(0, 0, 400, 24),
        {},
        [
            text([("Hello ", box(0, 2, 44, 20))], normal),
            el(
                "b",
                box(44, 2, 36, 20),
                {"display": "inline", "font-weight": "700"},
                [text([("bold", box(44, 2, 36, 20))], bold)],
            ),
            text([(" world", box(80, 2, 46, 20))], normal),
        ],
    )
    node = find(convert(capture([p])), type="TEXT")
    assert node["characters"] == "Hello bold world"
    assert node["style"]["fontWeight"] == 400
    overrides = node["characterStyleOverrides"]
    bold_ids = {overrides[i] for i in range(6, 10)}
    assert len(bold_ids) == 1 and 0 not in bold_ids
    assert all(o == 0 for o in overrides[:6])
    assert len(overrides) == 10  # trailing default-style characters are trimmed
    assert node["styleOverrideTable"][str(bold_ids.pop())] == {"fontStyle": "Bold", "fontWeight": 700.0}


def test_wrapped_paragraph_reflows_as_one_text_node() -> None:
    styles = text_styles()
    p = el(
        "p",
        box(0, 0, 200, 48),
        {},
        [text([("A paragraph that", box(0, 2, 190, 20)), ("wraps twice", box(0, 26, 120, 20))], styles)],
    )
    node = find(convert(capture([p])), type="TEXT")
    assert node["characters"] == "A paragraph that wraps twice"
    assert node["style"]["textAutoResize"] == "HEIGHT"
    assert node["style"]["lineHeightPx"] == 24
    assert node["absoluteBoundingBox"] == {"x": 0.0, "y": 0.0, "width": 200.0, "height": 48.0}


def test_per_corner_border_radius() -> None:
    div = el(
        "div",
        box(0, 0, 100, 50),
        {"background-color": "rgb(0, 0, 0)", "border-top-left-radius": "8px", "border-bottom-left-radius": "8px"},
        attrs={"id": "r"},
    )
    node = find(convert(capture([div])), name="#r")
    assert node["rectangleCornerRadii"] == [8, 0, 0, 8]
    assert "cornerRadius" not in node


def test_pill_radius_is_clamped_like_css() -> None:
    div = el(
        "div",
        box(0, 0, 100, 40),
        {
            "background-color": "rgb(0, 0, 0)",
            **{f"border-{c}-radius": "999px" for c in ("top-left", "top-right", "bottom-right", "bottom-left")},
        },
        attrs={"id": "pill"},
    )
    assert find(convert(capture([div])), name="#pill")["cornerRadius"] == 20


def test_box_shadows_become_drop_and_inner_shadows() -> None:
    div = el(
        "div",
        box(0, 0, 100, 50),
        {
            "background-color": "rgb(255, 255, 255)",
            "box-shadow": "rgba(0, 0, 0, 0.25) 0px 4px 12px -2px, rgb(255, 0, 0) 1px 2px 3px 0px inset",
        },
        attrs={"id": "s"},
    )
    effects = find(convert(capture([div])), name="#s")["effects"]
    drop = next(e for e in effects if e["type"] == "DROP_SHADOW")
    inner = next(e for e in effects if e["type"] == "INNER_SHADOW")
    assert drop["offset"] == {"x": 0, "y": 4}
    assert (drop["radius"], drop["spread"]) == (12, -2)
    assert drop["color"] == {"r": 0.0, "g": 0.0, "b": 0.0, "a": 0.25}
    assert inner["offset"] == {"x": 1, "y": 2} and inner["radius"] == 3
    assert effects.index(drop) > effects.index(inner)  # CSS's first shadow is the top one


def test_borders_uniform_and_per_side() -> None:
    solid = {
        f"border-{s}-{p}": v
        for s in ("top", "right", "bottom", "left")
        for p, v in (("width", "2px"), ("style", "solid"), ("color", "rgb(0, 0, 255)"))
    }
    a = el("div", box(0, 0, 100, 50), solid, attrs={"id": "a"})
    b = el("div", box(0, 60, 100, 50), {**solid, "border-left-width": "6px"}, attrs={"id": "b"})
    result = convert(capture([a, b]))
    uniform = find(result, name="#a")
    assert uniform["strokeWeight"] == 2 and uniform["strokeAlign"] == "INSIDE"
    assert uniform["strokes"][0]["color"] == {"r": 0.0, "g": 0.0, "b": 1.0, "a": 1.0}
    assert "individualStrokeWeights" not in uniform
    sides = find(result, name="#b")["individualStrokeWeights"]
    assert sides == {"top": 2, "right": 2, "bottom": 2, "left": 6}


@pytest.mark.parametrize(("fit", "mode"), [("cover", "FILL"), ("contain", "FIT"), ("fill", "STRETCH")])
def test_object_fit_maps_to_scale_mode(fit: str, mode: str) -> None:
    data = png(40, 20)
    img = el(
        "img",
        box(0, 0, 100, 100),
        {"display": "inline", "object-fit": fit},
        attrs={"alt": "Photo"},
        images=[
            {"source": "img", "url": "https://x/p.png", "sha256": sha(data), "naturalWidth": 40, "naturalHeight": 20}
        ],
    )
    result = convert(capture([img], assets={sha(data): data}), {sha(data): data})
    node = find(result, name="Image: Photo")
    assert node["type"] == "RECTANGLE"
    paint = node["fills"][-1]
    assert (paint["type"], paint["scaleMode"], paint["imageRef"]) == ("IMAGE", mode, sha(data))
    assert result["images"][sha(data)] == {"sha256": sha(data), "mime": "image/png", "width": 40, "height": 20}


def test_object_position_corner_crops_with_an_image_transform() -> None:
    data = png(40, 20)
    img = el(
        "img",
        box(0, 0, 100, 100),
        {"object-fit": "cover", "object-position": "0% 0%"},
        attrs={"alt": "Photo"},
        images=[{"source": "img", "sha256": sha(data), "naturalWidth": 40, "naturalHeight": 20}],
    )
    paint = find(convert(capture([img], assets={sha(data): data}), {sha(data): data}), name="Image: Photo")["fills"][-1]
    assert paint["scaleMode"] == "STRETCH"
    assert paint["imageTransform"] == [[0.5, 0.0, 0.0], [0.0, 1.0, 0.0]]


def test_hidden_elements_are_left_out() -> None:
    shown = {"background-color": "rgb(0, 0, 0)"}
    result = convert(
        capture(
            [
                el("div", box(0, 0, 10, 10), {**shown, "opacity": "0"}, attrs={"id": "transparent"}),
                el(
                    "div",
                    box(0, 0, 10, 10),
                    {**shown, "visibility": "hidden"},
                    visible=False,
                    attrs={"id": "invisible"},
                ),
                el("div", box(0, 0, 0, 0), {}, attrs={"id": "empty"}),
                el("div", box(0, 0, 10, 10), shown, attrs={"id": "shown"}),
            ]
        )
    )
    names = {n["name"] for n in walk(result["document"])}
    assert "#shown" in names
    assert not names & {"#transparent", "#invisible", "#empty"}


def test_children_follow_paint_order_and_fixed_boxes_are_hoisted() -> None:
    shown = {"background-color": "rgb(0, 0, 0)"}
    top = el(
        "div", box(0, 0, 50, 50), {**shown, "position": "absolute", "z-index": "2"}, paintOrder=100, attrs={"id": "top"}
    )
    under = el("div", box(0, 0, 50, 50), shown, paintOrder=5, attrs={"id": "under"})
    bar = el("div", box(0, 0, 800, 40), {**shown, "position": "fixed"}, paintOrder=200, attrs={"id": "bar"})
    wrapper = el("section", box(0, 0, 800, 100), {"overflow-x": "hidden", "overflow-y": "hidden"}, [top, under, bar])
    result = convert(capture([wrapper]))
    section = find(result, name="Section")
    assert [c["name"] for c in section["children"]] == ["#under", "#top"]
    assert section["clipsContent"] is True
    root_children = result["document"]["children"]
    assert root_children[-1]["name"] == "#bar"
    assert root_children[-1]["scrollBehavior"] == "FIXED"


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
    assert node["name"] == "Icon: Heart"


def test_fonts_kept_when_loadable_else_recorded_fallback_with_warning() -> None:
    web = text_styles(font_family='"Brand Sans", sans-serif')
    system = text_styles(font_family='"Helvetica Neue", Arial, sans-serif')
    doc = capture(
        [
            el("p", box(0, 0, 300, 24), {}, [text([("Brand", box(0, 2, 50, 20))], web)]),
            el("p", box(0, 30, 300, 24), {}, [text([("System", box(0, 32, 60, 20))], system)]),
        ],
        fonts=[{"family": "Brand Sans", "url": "https://x/brand.woff2", "status": "loaded"}],
    )
    conversion = convert_capture(doc, {})
    result = json.loads(conversion.result_json)
    families = {n["characters"]: n["style"]["fontFamily"] for n in walk(result["document"]) if n["type"] == "TEXT"}
    assert families == {"Brand": "Brand Sans", "System": "Arimo"}
    assert result["fonts"]["fallbacks"] == {"Helvetica Neue": "Arimo"}
    assert any("Helvetica Neue" in w for w in conversion.warnings)
    assert conversion.warning_count == len(conversion.warnings) == len(result["warnings"])


def test_unexpressible_properties_are_counted_warnings() -> None:
    div = el(
        "div",
        box(0, 0, 100, 100),
        {"background-color": "rgb(0, 0, 0)", "filter": "grayscale(1)", "clip-path": "circle(50%)"},
    )
    conversion = convert_capture(capture([div]), {})
    assert conversion.warning_count == 2
    assert any("filter grayscale(1)" in w for w in conversion.warnings)


def test_fixture_capture_is_deterministic() -> None:
    data = (FIXTURES / "card.capture.json").read_bytes()
    image = (FIXTURES / "card-photo.png").read_bytes()
    first = convert_capture(data, {sha(image): image})
    second = convert_capture(data, {sha(image): image})
    assert first.result_json == second.result_json
    assert first.warning_count == second.warning_count
    assert first.images == {sha(image): image}
    result = json.loads(first.result_json)
    ids = [n["id"] for n in walk(result["document"])]
    assert ids == [f"1:{i}" for i in range(1, len(ids) + 1)]
    # Canonical JSON: sorted keys, no whitespace.
    assert first.result_json == json.dumps(result, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
