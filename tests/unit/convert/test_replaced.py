"""replaced: <img> pixels placed by object-fit/object-position, and form controls."""

from __future__ import annotations

import json

import pytest
from pageport.convert import convert_capture

from tests.support.builders import box, capture, el, png, sha
from tests.unit.convert.results import convert, find, walk


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
    node = find(result, name='Image "Photo"')
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
    paint = find(convert(capture([img], assets={sha(data): data}), {sha(data): data}), name='Image "Photo"')["fills"][
        -1
    ]
    assert paint["scaleMode"] == "STRETCH"
    assert paint["imageTransform"] == [[0.5, 0.0, 0.0], [0.0, 1.0, 0.0]]


def test_checkbox_is_a_simple_shape_with_a_warning() -> None:
    checked = el("input", box(0, 0, 13, 13), {"display": "inline-block"}, form={"type": "checkbox", "checked": True})
    radio = el("input", box(20, 0, 13, 13), {"display": "inline-block"}, form={"type": "radio", "checked": False})
    conversion = convert_capture(capture([checked, radio]), {})
    nodes = {n["name"]: n for n in walk(json.loads(conversion.result_json)["document"])}
    assert nodes["Checked"]["fills"][0]["color"] == {"r": 0.0, "g": 0.4588, "b": 1.0, "a": 1.0}
    assert nodes["Checked"]["cornerRadius"] == 2.0
    assert nodes["Unchecked"]["type"] == "ELLIPSE" and nodes["Unchecked"]["strokeAlign"] == "INSIDE"
    assert sum("drawn as a simple shape" in w for w in conversion.warnings) == 2


def test_placeholder_is_text_in_a_faded_color_and_passwords_are_masked() -> None:
    field = {"display": "inline-block", "color": "rgb(0, 0, 0)", "font-size": "16px", "line-height": "20px"}
    empty = el("input", box(0, 0, 200, 30), field, form={"type": "text", "placeholder": "Email"})
    secret = el("input", box(0, 40, 200, 30), field, form={"type": "password", "value": "hunter2"})
    texts = {n["characters"]: n for n in walk(convert(capture([empty, secret]))["document"]) if n["type"] == "TEXT"}
    assert set(texts) == {"Email", "•••••••"}
    assert texts["Email"]["fills"][0]["color"]["a"] == 0.55
    assert texts["Email"]["absoluteBoundingBox"]["y"] == 5  # centred in the field: (30 - 20) / 2


def test_a_value_that_fills_its_button_has_room_to_stay_one_line() -> None:
    # A button shrinks to its value: Figma's advances a hair wider (13.33 px for 13.333 px)
    # would wrap "Go" into two lines in a box exactly that wide.
    field = {"display": "inline-block", "color": "rgb(0, 0, 0)", "font-size": "13.3333px", "line-height": "15px"}
    go = el("input", box(10, 0, 17.78, 15), field, form={"type": "submit", "value": "Go"})
    (node,) = [n for n in walk(convert(capture([go]))["document"]) if n["type"] == "TEXT"]
    bb = node["absoluteBoundingBox"]
    assert node["style"]["textAutoResize"] == "HEIGHT"
    assert (bb["x"], bb["width"]) == (10, 18.14)  # 2 % wider, to the right of a left-aligned value


def test_placeholder_takes_the_pages_placeholder_colour_and_stays_hidden_where_the_page_hides_it() -> None:
    field = {"display": "inline-block", "color": "rgb(0, 0, 0)", "font-size": "16px", "line-height": "20px"}
    red = el(
        "input",
        box(0, 0, 200, 30),
        field,
        form={"type": "text", "placeholder": "Red", "placeholderColor": "rgb(200, 0, 0)"},
    )
    hidden = el(
        "input",
        box(0, 40, 200, 30),
        field,
        form={"type": "text", "placeholder": "Full name", "placeholderColor": "rgba(0, 0, 0, 0)"},
    )
    texts = {n["characters"]: n for n in walk(convert(capture([red, hidden]))["document"]) if n["type"] == "TEXT"}
    assert set(texts) == {"Red"}  # a floating label's transparent placeholder draws nothing
    assert texts["Red"]["fills"][0]["color"] == {"r": 0.7843, "g": 0.0, "b": 0.0, "a": 1.0}


def test_snapshot_replaces_the_subtree_with_an_image_at_its_box() -> None:
    data = png(120, 90)
    child = el("span", box(10, 10, 50, 20), {"background-color": "rgb(0, 0, 0)"}, attrs={"id": "inner"})
    turned = el(
        "div",
        box(0, 0, 50, 40),
        {"background-color": "rgb(200, 0, 0)", "transform": "matrix(0.8, 0.6, -0.6, 0.8, 0, 0)", "opacity": "0.5"},
        [child],
        attrs={"id": "turned"},
        images=[{"source": "snapshot", "sha256": sha(data), "box": box(0, 0, 60, 45), "reason": "transform rotate"}],
    )
    conversion = convert_capture(capture([turned], assets={sha(data): data}), {sha(data): data})
    tree = json.loads(conversion.result_json)
    node = find(tree, name="Turned (image)")
    assert node["type"] == "RECTANGLE" and "children" not in node and "opacity" not in node
    assert node["absoluteBoundingBox"] == {"x": 0.0, "y": 0.0, "width": 60.0, "height": 45.0}
    assert node["fills"] == [{"type": "IMAGE", "blendMode": "NORMAL", "imageRef": sha(data), "scaleMode": "STRETCH"}]
    assert not [n for n in walk(tree["document"]) if n["name"] == "Inner"]
    assert any(w.endswith("transform rotate drawn as an image of its pixels") for w in conversion.warnings)
    assert not any("kept as its bounding box" in w for w in conversion.warnings)


def test_snapshot_not_captured_falls_back_to_nodes_with_warnings() -> None:
    turned = el(
        "div",
        box(0, 0, 50, 40),
        {"background-color": "rgb(200, 0, 0)", "transform": "matrix(0.8, 0.6, -0.6, 0.8, 0, 0)"},
        attrs={"id": "turned"},
        images=[{"source": "snapshot", "sha256": None, "box": box(0, 0, 60, 45), "reason": "transform rotate"}],
    )
    conversion = convert_capture(capture([turned]), {})
    assert find(json.loads(conversion.result_json), name="Turned")["type"] == "FRAME"
    assert any("kept as its bounding box" in w for w in conversion.warnings)
    assert any("image not captured" in w for w in conversion.warnings)
