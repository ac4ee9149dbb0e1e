"""Images in a result are PNG, JPEG or GIF bytes (all figma.createImage takes); SVG images are
drawn as VECTOR nodes carrying their markup."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from pageport.convert import convert_capture
from pageport.convert.image_fills import MAX_SVG_TILES
from PIL import Image, features

from tests.support.builders import box, capture, el, png, sha
from tests.support.image_checks import assert_images_consistent, sniff

STRIPES = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">'
    '<rect width="40" height="20" fill="#6366f1"/></svg>'
)


def encoded(fmt: str, *, mode: str = "RGBA", size: tuple[int, int] = (8, 6), **params: Any) -> bytes:
    img = Image.new(mode, size, (10, 200, 30, 255) if mode == "RGBA" else (10, 200, 30))
    if mode == "RGBA":
        img.putpixel((0, 0), (0, 0, 0, 0))  # one transparent pixel: alpha must survive
    out = io.BytesIO()
    img.save(out, format=fmt, **params)
    return out.getvalue()


def img_capture(data: bytes, mime: str, **styles: str) -> bytes:
    node = el(
        "img",
        box(10, 10, 80, 60),
        {"display": "inline", **styles},
        attrs={"alt": "Pic"},
        images=[{"source": "img", "url": "https://x/pic", "sha256": sha(data)}],
    )
    doc = json.loads(capture([node], assets={sha(data): data}))
    doc["assets"][sha(data)]["mime"] = mime
    return json.dumps(doc).encode()


def convert(capture_json: bytes, assets: dict[str, bytes]) -> tuple[dict[str, Any], dict[str, bytes]]:
    conversion = convert_capture(capture_json, assets)
    result: dict[str, Any] = json.loads(conversion.result_json)
    assert_images_consistent(result, conversion.images)
    return result, conversion.images


def walk(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield node
    for child in node.get("children", []):
        yield from walk(child)


def image_paints(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [p for n in walk(result["document"]) for p in n.get("fills", []) if p["type"] == "IMAGE"]


def vectors(result: dict[str, Any]) -> list[dict[str, Any]]:
    return [n for n in walk(result["document"]) if n["type"] == "VECTOR"]


FORMATS = [
    pytest.param("WEBP", "image/webp", {"lossless": True}, id="webp"),
    pytest.param("BMP", "image/bmp", {}, id="bmp"),
    pytest.param("ICO", "image/x-icon", {"sizes": [(8, 6)]}, id="ico"),
    pytest.param("TIFF", "image/tiff", {}, id="tiff"),
    pytest.param(
        "AVIF",
        "image/avif",
        {"quality": 100},
        id="avif",
        marks=pytest.mark.skipif(not features.check("avif"), reason="this Pillow has no AVIF"),
    ),
]


@pytest.mark.parametrize(("fmt", "mime", "params"), FORMATS)
def test_other_formats_are_carried_as_png_under_the_hash_of_the_png(fmt: str, mime: str, params: Any) -> None:
    data = encoded(fmt, mode="RGB" if fmt == "BMP" else "RGBA", **params)
    result, carried = convert(img_capture(data, mime), {sha(data): data})
    (paint,) = image_paints(result)
    ref = paint["imageRef"]
    assert ref != sha(data) and ref == sha(carried[ref])
    assert result["images"][ref] == {"sha256": ref, "mime": "image/png", "width": 8.0, "height": 6.0}
    with Image.open(io.BytesIO(carried[ref])) as out:
        assert out.format == "PNG" and out.size == (8, 6)
        if fmt != "BMP":
            assert out.mode == "RGBA" and out.getpixel((0, 0))[3] == 0 and out.getpixel((3, 3))[3] == 255
    assert result["warnings"] == []  # re-encoding loses nothing


@pytest.mark.parametrize(("fmt", "mime"), [("PNG", "image/png"), ("JPEG", "image/jpeg"), ("GIF", "image/gif")])
def test_png_jpeg_and_gif_pass_through_unchanged_whatever_they_were_served_as(fmt: str, mime: str) -> None:
    data = encoded(fmt, mode="RGB")
    result, carried = convert(img_capture(data, "application/octet-stream"), {sha(data): data})
    (paint,) = image_paints(result)
    assert paint["imageRef"] == sha(data) and carried == {sha(data): data}
    assert result["images"][sha(data)]["mime"] == mime  # sniffed, not the served type


def test_format_is_judged_by_bytes_not_the_captured_mime() -> None:
    webp = encoded("WEBP", lossless=True)
    result, carried = convert(img_capture(webp, "image/png"), {sha(webp): webp})
    (ref,) = carried
    assert result["images"][ref]["mime"] == "image/png"
    assert ref != sha(webp) and sniff(carried[ref]) == "image/png"


def test_animated_image_keeps_its_first_frame_with_a_warning() -> None:
    frames = [Image.new("RGB", (6, 4), color) for color in ((255, 0, 0), (0, 0, 255))]
    out = io.BytesIO()
    frames[0].save(out, format="WEBP", save_all=True, append_images=frames[1:], lossless=True, duration=100)
    data = out.getvalue()
    result, carried = convert(img_capture(data, "image/webp"), {sha(data): data})
    (png_bytes,) = carried.values()
    with Image.open(io.BytesIO(png_bytes)) as first:
        assert first.convert("RGB").getpixel((2, 2)) == (255, 0, 0)
    assert any("animated WEBP image: first frame only" in w for w in result["warnings"])


def test_undecodable_image_is_left_out_with_its_paints_and_a_warning() -> None:
    junk = b"\x89PNG\r\n\x1a\n" + b"not really a png" * 4
    result, carried = convert(img_capture(junk, "image/png"), {sha(junk): junk})
    assert carried == {} and result["images"] == {} and image_paints(result) == []
    assert any("cannot be decoded left out" in w for w in result["warnings"])


def test_asset_not_matching_its_hash_leaves_no_dangling_paint() -> None:
    data = png(8, 6)
    capture_json = img_capture(data, "image/png")
    result, carried = convert(capture_json, {sha(data): png(8, 6, (0, 0, 0))})
    assert carried == {} and image_paints(result) == []
    assert any("does not match its SHA-256" in w for w in result["warnings"])


def test_image_registered_but_never_painted_is_not_carried() -> None:
    # A background image in a box with no height is drawn nowhere; the box's border keeps the
    # node, so nothing else hides the registration.
    data = png(8, 6)
    div = el(
        "div",
        box(0, 0, 100, 0),
        {
            "background-image": 'url("https://x/a.png")',
            "background-repeat": "no-repeat",
            "border-top-style": "solid",
            "border-top-width": "1px",
            "border-top-color": "rgb(0, 0, 0)",
        },
        children=[el("p", box(0, 0, 10, 10), {"background-color": "rgb(1, 2, 3)"})],
        images=[{"source": "background", "url": "https://x/a.png", "sha256": sha(data), "layer": 0}],
    )
    result, carried = convert(capture([div], assets={sha(data): data}), {sha(data): data})
    assert carried == {} and result["images"] == {}


def svg_background(w: float, h: float, size: str, repeat: str, position: str = "0% 0%", markup: str = STRIPES) -> bytes:
    data = markup.encode()
    div = el(
        "div",
        box(100, 50, w, h),
        {
            "background-image": 'url("https://x/s.svg")',
            "background-size": size,
            "background-repeat": repeat,
            "background-position": position,
        },
        images=[{"source": "background", "url": "https://x/s.svg", "sha256": sha(data), "layer": 0}],
    )
    doc = json.loads(capture([div], assets={sha(data): data}))
    doc["assets"][sha(data)].update(kind="svg", mime="image/svg+xml")
    return json.dumps(doc).encode()


def test_svg_background_is_a_vector_at_its_drawn_rect_not_an_image_fill() -> None:
    data = STRIPES.encode()
    result, carried = convert(svg_background(200, 100, "80px 40px", "no-repeat", "center"), {sha(data): data})
    assert carried == {} and image_paints(result) == []
    (vector,) = vectors(result)
    assert vector["absoluteBoundingBox"] == {"x": 160.0, "y": 80.0, "width": 80.0, "height": 40.0}
    markup = vector["pageport"]["svg"]
    assert markup.startswith('<svg width="80" height="40"') and '<rect width="40" height="20"' in markup
    assert not any("SVG" in w for w in result["warnings"])


def test_repeated_svg_background_is_one_vector_per_tile() -> None:
    data = STRIPES.encode()
    result, _ = convert(svg_background(100, 30, "auto", "repeat"), {sha(data): data})
    tiles = vectors(result)
    # 40x20 tiles over 100x30 from the corner: 3 columns (the last one cut) by 2 rows.
    assert sorted((t["absoluteBoundingBox"]["x"], t["absoluteBoundingBox"]["y"]) for t in tiles) == [
        (x, y) for x in (100.0, 140.0, 180.0) for y in (50.0, 70.0)
    ]
    (group,) = [n for n in walk(result["document"]) if n["name"] == "SVG tiles"]
    assert group["clipsContent"] is True and group["absoluteBoundingBox"]["width"] == 100.0


def test_repeat_x_tiles_one_row_only() -> None:
    data = STRIPES.encode()
    result, _ = convert(svg_background(100, 60, "auto", "repeat-x"), {sha(data): data})
    assert {t["absoluteBoundingBox"]["y"] for t in vectors(result)} == {50.0} and len(vectors(result)) == 3


def test_too_many_svg_tiles_draw_one_with_a_warning() -> None:
    data = STRIPES.encode()
    result, _ = convert(svg_background(1000, 1000, "4px 2px", "repeat"), {sha(data): data})
    assert len(vectors(result)) == 1 and MAX_SVG_TILES < 250 * 500
    assert any("SVG background repeated 125000 times drawn once" in w for w in result["warnings"])


def test_svg_background_larger_than_its_box_is_clipped_by_it() -> None:
    data = STRIPES.encode()
    result, _ = convert(svg_background(50, 20, "cover", "no-repeat", "center"), {sha(data): data})
    (vector,) = vectors(result)
    assert vector["absoluteBoundingBox"] == {"x": 100.0, "y": 47.5, "width": 50.0, "height": 25.0}
    clip = next(n for n in walk(result["document"]) if vector in n.get("children", []))
    assert clip["type"] == "FRAME" and clip["clipsContent"] is True
    assert clip["absoluteBoundingBox"] == {"x": 100.0, "y": 50.0, "width": 50.0, "height": 20.0}


def test_svg_without_viewbox_gets_one_so_it_scales_to_its_drawn_size() -> None:
    markup = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
    data = markup.encode()
    result, _ = convert(svg_background(100, 100, "100px 100px", "no-repeat", markup=markup), {sha(data): data})
    (vector,) = vectors(result)
    assert 'viewBox="0 0 10 10"' in vector["pageport"]["svg"]
    assert 'width="100" height="100"' in vector["pageport"]["svg"]


def test_svg_pseudo_element_content_is_a_vector() -> None:
    data = STRIPES.encode()
    host = el(
        "p",
        box(0, 0, 300, 20),
        pseudo={
            "before": {
                "content": "",
                "box": box(5, 0, 40, 20),
                "styles": {"display": "inline-block", "visibility": "visible"},
                "images": [{"source": "content", "url": "https://x/s.svg", "sha256": sha(data)}],
            }
        },
    )
    result, carried = convert(capture([host], assets={sha(data): data}), {sha(data): data})
    assert carried == {} and image_paints(result) == []
    (vector,) = vectors(result)
    assert vector["absoluteBoundingBox"] == {"x": 5.0, "y": 0.0, "width": 40.0, "height": 20.0}


def test_svg_img_is_recognised_by_its_bytes_whatever_it_was_served_as() -> None:
    data = STRIPES.encode()
    result, carried = convert(img_capture(data, "text/plain"), {sha(data): data})
    assert carried == {} and image_paints(result) == []
    (vector,) = vectors(result)
    assert vector["pageport"]["tag"] == "img" and "#6366f1" in vector["pageport"]["svg"]


def test_mixed_page_keeps_the_image_invariant() -> None:
    webp, jpeg, junk, svg = encoded("WEBP"), encoded("JPEG", mode="RGB"), b"GIF89a-broken", STRIPES.encode()
    assets = {sha(d): d for d in (webp, jpeg, junk, svg)}
    kids = [
        el(
            "img",
            box(0, 100 * i, 80, 60),
            {"display": "inline"},
            attrs={"alt": f"i{i}"},
            images=[{"source": "img", "sha256": sha(d)}],
        )
        for i, d in enumerate((webp, jpeg, junk, svg, webp))
    ]
    kids.append(
        el(
            "div",
            box(200, 0, 100, 100),
            {"background-image": "url(a), url(b)", "background-repeat": "no-repeat"},
            images=[
                {"source": "background", "sha256": sha(svg), "layer": 0},
                {"source": "background", "sha256": sha(webp), "layer": 1},
            ],
        )
    )
    result, carried = convert(capture(kids, assets=assets), assets)  # convert() asserts the invariant
    assert len(carried) == 2 and {m["mime"] for m in result["images"].values()} == {"image/png", "image/jpeg"}
    assert len(vectors(result)) == 2
