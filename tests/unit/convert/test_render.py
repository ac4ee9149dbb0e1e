"""render_preview draws known trees to known pixels."""

from __future__ import annotations

import io
import json
from typing import Any

from pageport.convert import convert_capture
from pageport.render import render_preview, text_blocks
from PIL import Image

from tests.support.builders import png, sha
from tests.support.paths import FIXTURES as TEST_FIXTURES

FIXTURES = TEST_FIXTURES / "convert"


def bb(x: float, y: float, w: float, h: float) -> dict[str, float]:
    return {"x": x, "y": y, "width": w, "height": h}


def solid(r: float, g: float, b: float, a: float = 1.0) -> dict[str, Any]:
    return {"type": "SOLID", "blendMode": "NORMAL", "color": {"r": r, "g": g, "b": b, "a": a}}


def frame(box: dict[str, float], **props: Any) -> dict[str, Any]:
    return {"id": "1:9", "name": "n", "type": props.pop("type", "FRAME"), "absoluteBoundingBox": box, **props}


def draw(root: dict[str, Any], images: dict[str, bytes] | None = None, scale: float = 1.0) -> Image.Image:
    return Image.open(io.BytesIO(render_preview({"document": root}, images or {}, scale=scale)))


def _rgb(img: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    r, g, b = img.convert("RGB").getpixel((x, y))  # type: ignore[misc]
    return r, g, b


def test_solid_fill_stroke_radius_and_opacity() -> None:
    root = frame(
        bb(0, 0, 100, 100),
        fills=[solid(1, 1, 1)],
        children=[
            frame(
                bb(10, 10, 40, 40),
                fills=[solid(1, 0, 0)],
                cornerRadius=12,
                strokes=[solid(0, 0, 1)],
                strokeWeight=3,
                strokeAlign="INSIDE",
            ),
            frame(bb(60, 60, 30, 30), fills=[solid(0, 0, 0)], opacity=0.5),
        ],
    )
    img = draw(root)
    assert img.size == (100, 100)
    assert img.getpixel((30, 30)) == (255, 0, 0)  # fill
    assert img.getpixel((30, 11)) == (0, 0, 255)  # inside stroke
    assert img.getpixel((10, 10)) == (255, 255, 255)  # rounded corner left uncovered
    assert img.getpixel((75, 75)) in ((127, 127, 127), (128, 128, 128))  # 50% black on white
    assert img.getpixel((95, 5)) == (255, 255, 255)


def test_linear_gradient_ends_and_clip() -> None:
    gradient = {
        "type": "GRADIENT_LINEAR",
        "blendMode": "NORMAL",
        "gradientHandlePositions": [{"x": 0, "y": 0.5}, {"x": 1, "y": 0.5}, {"x": 0, "y": 1}],
        "gradientStops": [
            {"position": 0, "color": {"r": 1, "g": 0, "b": 0, "a": 1}},
            {"position": 1, "color": {"r": 0, "g": 0, "b": 1, "a": 1}},
        ],
    }
    root = frame(
        bb(0, 0, 200, 50),
        fills=[gradient],
        clipsContent=True,
        children=[frame(bb(190, 40, 40, 40), fills=[solid(0, 1, 0)])],
    )
    img = draw(root)
    r0, _, b0 = _rgb(img, 0, 25)
    r1, _, b1 = _rgb(img, 199, 25)
    assert r0 > 250 and b0 < 5 and r1 < 5 and b1 > 250
    mid = _rgb(img, 100, 25)
    assert abs(mid[0] - mid[2]) < 6  # halfway
    assert img.getpixel((195, 45)) == (0, 255, 0)
    assert img.size == (200, 50)  # the child's overflow is clipped by the canvas/frame


def test_drop_shadow_is_drawn_outside_the_shape_only() -> None:
    shadow = {
        "type": "DROP_SHADOW",
        "visible": True,
        "radius": 0,
        "spread": 0,
        "offset": {"x": 10, "y": 10},
        "color": {"r": 0, "g": 0, "b": 0, "a": 1},
    }
    root = frame(
        bb(0, 0, 100, 100),
        fills=[solid(1, 1, 1)],
        children=[frame(bb(20, 20, 40, 40), fills=[solid(1, 0, 0, 0.0)], effects=[shadow])],
    )
    img = draw(root)
    assert img.getpixel((65, 65)) == (0, 0, 0)  # shadow beyond the box
    assert img.getpixel((40, 40)) == (255, 255, 255)  # not seen through a transparent fill


def test_image_fill_fit_letterboxes() -> None:
    data = png(40, 20, (200, 30, 30))
    root = frame(
        bb(0, 0, 100, 100),
        fills=[solid(1, 1, 1)],
        children=[
            frame(
                bb(0, 0, 100, 100),
                type="RECTANGLE",
                fills=[{"type": "IMAGE", "blendMode": "NORMAL", "imageRef": sha(data), "scaleMode": "FIT"}],
            )
        ],
    )
    img = draw(root, {sha(data): data})
    assert img.getpixel((50, 50)) == (200, 30, 30)
    assert img.getpixel((50, 10)) == (255, 255, 255)  # above the fitted image


def test_text_is_drawn_in_its_color_with_runs() -> None:
    node = frame(
        bb(10, 10, 300, 30),
        type="TEXT",
        characters="Hello bold",
        style={
            "fontFamily": "Inter",
            "fontSize": 20,
            "fontWeight": 400,
            "lineHeightPx": 30,
            "textAutoResize": "WIDTH_AND_HEIGHT",
        },
        characterStyleOverrides=[0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
        styleOverrideTable={"1": {"fontWeight": 700, "fills": [solid(0, 0, 1)]}},
        fills=[solid(1, 0, 0)],
    )
    root = frame(bb(0, 0, 320, 50), fills=[solid(1, 1, 1)], children=[node])
    img = draw(root).convert("RGB")
    colors = {img.getpixel((x, y)) for x in range(320) for y in range(50)}
    assert (255, 0, 0) in colors and (0, 0, 255) in colors
    blocks = text_blocks({"document": root})
    assert [b.text for b in blocks] == ["Hello bold"]
    x0, y0, x1, y1 = blocks[0].box
    assert (x0, y0) == (10, 10) and 80 < x1 < 200 and y1 == 40


def test_plugin_style_relative_coordinates_and_scale() -> None:
    root = {
        "type": "FRAME",
        "x": 0,
        "y": 0,
        "width": 50,
        "height": 50,
        "fills": [solid(1, 1, 1)],
        "children": [{"type": "RECTANGLE", "x": 10, "y": 10, "width": 10, "height": 10, "fills": [solid(0, 0, 0)]}],
    }
    img = draw(root, scale=2)
    assert img.size == (100, 100)
    assert img.getpixel((30, 30)) == (0, 0, 0) and img.getpixel((45, 45)) == (255, 255, 255)


def test_converted_fixture_renders() -> None:
    data = (FIXTURES / "card.capture.json").read_bytes()
    image = (FIXTURES / "card-photo.png").read_bytes()
    conversion = convert_capture(data, {sha(image): image})
    img = draw(json.loads(conversion.result_json)["document"], conversion.images)
    assert img.size == (400, 320)
    assert img.getpixel((180, 110)) == (30, 120, 200)  # the photo, object-fit: cover
    assert img.getpixel((200, 289)) != (255, 255, 255)  # the card's shadow below it
