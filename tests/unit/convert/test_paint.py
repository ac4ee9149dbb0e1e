"""paint: a box's backgrounds, borders, corner radii, shadows and outlines."""

from __future__ import annotations

import json

from tests.support.builders import box, capture, el, png, sha
from tests.unit.convert.results import conversion, convert, find


def test_linear_gradient_90deg_red_to_blue() -> None:
    div = el(
        "div",
        box(10, 20, 200, 100),
        {"background-image": "linear-gradient(90deg, rgb(255, 0, 0), rgb(0, 0, 255))"},
        attrs={"id": "g"},
    )
    paint = find(convert(capture([div])), name="G")["fills"][0]
    assert paint["type"] == "GRADIENT_LINEAR"
    start, end, width = paint["gradientHandlePositions"]
    assert (start, end) == ({"x": 0.0, "y": 0.5}, {"x": 1.0, "y": 0.5})
    assert width["x"] == 0.0 and width["y"] > 0.5  # perpendicular to the axis
    stops = paint["gradientStops"]
    assert [s["position"] for s in stops] == [0.0, 1.0]
    assert stops[0]["color"] == {"r": 1.0, "g": 0.0, "b": 0.0, "a": 1.0}
    assert stops[1]["color"] == {"r": 0.0, "g": 0.0, "b": 1.0, "a": 1.0}


def test_per_corner_border_radius() -> None:
    div = el(
        "div",
        box(0, 0, 100, 50),
        {"background-color": "rgb(0, 0, 0)", "border-top-left-radius": "8px", "border-bottom-left-radius": "8px"},
        attrs={"id": "r"},
    )
    node = find(convert(capture([div])), name="R")
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
    assert find(convert(capture([div])), name="Pill")["cornerRadius"] == 20


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
    effects = find(convert(capture([div])), name="S")["effects"]
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
    uniform = find(result, name="A")
    assert uniform["strokeWeight"] == 2 and uniform["strokeAlign"] == "INSIDE"
    assert uniform["strokes"][0]["color"] == {"r": 0.0, "g": 0.0, "b": 1.0, "a": 1.0}
    assert "individualStrokeWeights" not in uniform
    sides = find(result, name="B")["individualStrokeWeights"]
    assert sides == {"top": 2, "right": 2, "bottom": 2, "left": 6}


def test_outline_is_an_outside_stroke_unless_a_border_is_drawn() -> None:
    outline = {"outline-style": "solid", "outline-width": "3px", "outline-color": "rgb(255, 0, 0)"}
    border = {"border-top-style": "solid", "border-top-width": "1px", "border-top-color": "rgb(0, 0, 0)"}
    result = conversion(
        capture(
            [
                el("div", box(0, 0, 50, 50), outline, attrs={"id": "alone"}),
                el("div", box(0, 60, 50, 50), {**outline, **border}, attrs={"id": "bordered"}),
            ]
        )
    )
    tree = json.loads(result.result_json)
    alone = find(tree, name="Alone")
    assert (alone["strokeAlign"], alone["strokeWeight"]) == ("OUTSIDE", 3)
    assert alone["strokes"][0]["color"] == {"r": 1.0, "g": 0.0, "b": 0.0, "a": 1.0}
    assert find(tree, name="Bordered")["strokeAlign"] == "INSIDE"
    assert any("#" in w and "outline not expressed" in w for w in result.warnings)


def test_dashed_border_gets_dashes_three_times_its_weight() -> None:
    dashed = {
        f"border-{s}-{p}": v
        for s in ("top", "right", "bottom", "left")
        for p, v in (("width", "2px"), ("style", "dashed"), ("color", "rgb(0, 0, 0)"))
    }
    node = find(convert(capture([el("div", box(0, 0, 50, 50), dashed, attrs={"id": "d"})])), name="D")
    assert node["strokeDashes"] == [6.0, 6.0]


def test_elliptical_radius_is_drawn_circular_with_a_warning_per_corner() -> None:
    corners = ("top-left", "top-right", "bottom-right", "bottom-left")
    styles = {"background-color": "rgb(0, 0, 0)", **{f"border-{c}-radius": "10px 4px" for c in corners}}
    result = conversion(capture([el("div", box(0, 0, 100, 50), styles, attrs={"id": "e"})]))
    assert find(json.loads(result.result_json), name="E")["cornerRadius"] == 4
    assert sum("elliptical" in w for w in result.warnings) == 4


def test_background_layers_paint_bottom_first_and_unparsable_ones_warn() -> None:
    styles = {
        "background-color": "rgb(255, 255, 255)",
        "background-image": "linear-gradient(rgb(255, 0, 0), rgb(0, 0, 255)), conic-gradient(red, blue)",
    }
    result = conversion(capture([el("div", box(0, 0, 100, 50), styles, attrs={"id": "bg"})]))
    fills = find(json.loads(result.result_json), name="Background")["fills"]
    assert [f["type"] for f in fills] == ["SOLID", "GRADIENT_LINEAR"]  # the conic layer is left out
    assert any("conic-gradient is not supported" in w for w in result.warnings)


def test_gradient_layer_with_a_size_and_position_is_a_rectangle_where_it_is_drawn() -> None:
    styles = {
        "background-color": "rgb(255, 255, 255)",
        "background-image": "linear-gradient(to right, rgb(255, 0, 0), rgb(0, 0, 255))",
        "background-size": "50% 100%",
        "background-position": "100% 0%",
        "background-repeat": "no-repeat",
    }
    result = conversion(capture([el("div", box(0, 0, 100, 40), styles, attrs={"id": "g"})]))
    node = find(json.loads(result.result_json), name="G")
    assert [f["type"] for f in node["fills"]] == ["SOLID"]
    (rect,) = node["children"]
    assert rect["absoluteBoundingBox"] == {"x": 50.0, "y": 0.0, "width": 50.0, "height": 40.0}
    paint = rect["fills"][0]
    assert paint["type"] == "GRADIENT_LINEAR"
    assert [(round(v["x"], 2), round(v["y"], 2)) for v in paint["gradientHandlePositions"][:2]] == [
        (0.0, 0.5),
        (1.0, 0.5),
    ]
    assert not any("background-size" in w for w in result.warnings)


def test_repeated_gradient_tiles_are_cut_to_the_box() -> None:
    styles = {
        "background-image": "linear-gradient(rgb(0, 0, 0), rgb(255, 255, 255))",
        "background-size": "20px 20px",
    }
    node = find(
        json.loads(conversion(capture([el("div", box(0, 0, 50, 40), styles, attrs={"id": "t"})])).result_json),
        name="T",
    )
    tiles = [c["absoluteBoundingBox"] for c in node["children"]]
    assert len(tiles) == 6 and {t["width"] for t in tiles} == {20.0, 10.0}
    last = next(c for c in node["children"] if c["absoluteBoundingBox"]["x"] == 40)
    # The cut tile shows the left half of the tile's gradient: its handles span twice its width.
    assert last["fills"][0]["gradientHandlePositions"][0]["x"] == 1.0


def test_layers_above_a_partial_layer_stay_above_it() -> None:
    data = png(10, 10)
    styles = {
        "background-color": "rgb(255, 255, 255)",
        "background-image": "url(https://x/t.png), linear-gradient(rgb(255, 0, 0), rgb(0, 0, 255))",
        "background-size": "100% 100%, 50% 50%",
        "background-position": "0% 0%, 0% 0%",
        "background-repeat": "no-repeat",
    }
    image = {"source": "background", "url": "https://x/t.png", "sha256": sha(data), "layer": 0}
    div = el("div", box(0, 0, 100, 40), styles, attrs={"id": "s"}, images=[image])
    node = find(convert(capture([div], assets={sha(data): data}), {sha(data): data}), name="S")
    assert [f["type"] for f in node["fills"]] == ["SOLID"]
    kinds = [c["fills"][0]["type"] for c in node["children"]]
    assert kinds == ["GRADIENT_LINEAR", "IMAGE"]  # the image (top layer) is drawn last
    assert node["children"][1]["absoluteBoundingBox"] == {"x": 0.0, "y": 0.0, "width": 100.0, "height": 40.0}
