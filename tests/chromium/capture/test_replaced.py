"""Replaced content and what nodes cannot draw, captured in real Chromium and converted
(fixture replaced.html): rotated, scaled, clipped and masked boxes, a cross-origin iframe, a
video without a poster, a WebGL canvas and a tainted canvas become images of their pixels; a
same-origin iframe is converted inside a frame."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from pageport.capture.capture import CaptureBundle, CaptureLimits
from pageport.capture.schema import CaptureDocument
from pageport.convert import convert_capture
from PIL import Image
from playwright.sync_api import Browser

from tests.chromium.capture.test_capture import by_id, run

IMAGED = ("rot", "grown", "clipped", "masked", "xframe", "vid", "gl", "tainted")


@pytest.fixture(scope="module")
def captured(browser: Browser, base_url: str) -> tuple[CaptureBundle, CaptureDocument]:
    return run(browser, base_url + "replaced.html", width=800, height=600, scale=2)


@pytest.fixture(scope="module")
def converted(captured) -> tuple[dict[str, Any], list[str], dict[str, bytes], CaptureDocument]:
    bundle, doc = captured
    conversion = convert_capture(bundle.capture_json, bundle.assets)
    return json.loads(conversion.result_json), conversion.warnings, conversion.images, doc


def nodes(tree: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield tree
    for child in tree.get("children", []):
        yield from nodes(child)


def image_node(result: dict[str, Any], doc: CaptureDocument, element_id: str) -> dict[str, Any]:
    """The image node drawn in place of the element: named after it, at its snapshot's box."""
    (ref,) = [r for r in by_id(doc, element_id).images if r.source == "snapshot"]
    assert ref.box is not None
    at = {"x": ref.box.x, "y": ref.box.y, "width": ref.box.width, "height": ref.box.height}
    (hit,) = [n for n in nodes(result["document"]) if n["absoluteBoundingBox"] == at and "(image)" in n["name"]]
    return hit


def element_frame(result: dict[str, Any], doc: CaptureDocument, element_id: str) -> dict[str, Any]:
    """The FRAME drawn for the element: at its box, named by what it is (never by its tag)."""
    box = by_id(doc, element_id).box
    assert box is not None
    at = {"x": box.x, "y": box.y, "width": box.width, "height": box.height}
    (hit,) = [n for n in nodes(result["document"]) if n["type"] == "FRAME" and n["absoluteBoundingBox"] == at]
    assert hit["name"] and hit["name"].lower() not in ("div", "iframe")
    return hit


def pixel(images: dict[str, bytes], node: dict[str, Any], fx: float, fy: float) -> tuple[int, ...]:
    img = Image.open(io.BytesIO(images[node["fills"][0]["imageRef"]])).convert("RGB")
    value = img.getpixel((int(img.width * fx), int(img.height * fy)))
    assert isinstance(value, tuple)
    return value


def close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 6) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def test_snapshots_cover_the_elements_on_screen_bounds_at_device_scale(captured) -> None:
    bundle, doc = captured
    for element_id in IMAGED:
        node = by_id(doc, element_id)
        (ref,) = [r for r in node.images if r.source == "snapshot"]
        assert ref.sha256 is not None and ref.box is not None and ref.reason
        assert doc.assets[ref.sha256].kind == "snapshot"
        shot = Image.open(io.BytesIO(bundle.assets[ref.sha256]))
        assert abs(shot.width - ref.box.width * 2) <= 1 and abs(shot.height - ref.box.height * 2) <= 1
        assert (ref.box.x, ref.box.y) == (max(0, node.box.x), max(0, node.box.y))
    # Scaled text and a clipped box with much text keep their nodes (editable, searchable);
    # a same-origin frame is converted, not imaged.
    assert not by_id(doc, "shrunk").images and not by_id(doc, "frame").images
    assert not by_id(doc, "slanted").images


def test_rotated_clipped_and_masked_boxes_are_images_of_their_pixels(converted) -> None:
    result, warnings, images, doc = converted
    rot = image_node(result, doc, "rot")
    assert rot["type"] == "RECTANGLE" and "children" not in rot
    assert close(pixel(images, rot, 0.5, 0.5), (200, 0, 0))
    assert close(pixel(images, rot, 0.02, 0.95), (255, 255, 255))  # outside the rotated box
    clipped = image_node(result, doc, "clipped")
    assert close(pixel(images, clipped, 0.5, 0.5), (0, 150, 0))
    assert close(pixel(images, clipped, 0.02, 0.02), (255, 255, 255))  # cut by the circle
    masked = image_node(result, doc, "masked")
    assert close(pixel(images, masked, 0.02, 0.5), (0, 0, 0), 12)
    assert close(pixel(images, masked, 0.98, 0.5), (255, 255, 255), 12)
    grown = image_node(result, doc, "grown")
    assert grown["absoluteBoundingBox"] == {"x": 210.0, "y": 30.0, "width": 60.0, "height": 60.0}
    assert any("transform matrix(0.866025, 0.5" in w and "drawn as an image" in w for w in warnings)
    assert any("clip-path drawn as an image" in w for w in warnings)
    assert not any("kept as its bounding box" in w and "0.866025" in w for w in warnings)


def test_frames_videos_and_canvases_are_images_of_their_pixels(converted) -> None:
    result, _, images, doc = converted
    assert close(pixel(images, image_node(result, doc, "xframe"), 0.9, 0.9), (250, 200, 0))
    assert close(pixel(images, image_node(result, doc, "vid"), 0.5, 0.5), (255, 128, 0), 12)  # first frame
    assert close(pixel(images, image_node(result, doc, "gl"), 0.5, 0.5), (255, 128, 0), 2)
    assert close(pixel(images, image_node(result, doc, "tainted"), 0.5, 0.5), (0, 120, 120))
    # Their pixels are kept, so the walk's "content not captured" warnings are withdrawn.
    assert not any("cross-origin or empty" in w or "is tainted" in w for w in doc.warnings)


def test_clipped_box_with_much_text_keeps_its_text_with_a_warning(converted) -> None:
    result, warnings, _, _ = converted
    texts = [n["characters"] for n in nodes(result["document"]) if n["type"] == "TEXT"]
    assert any(t.startswith("A hero section cut at an angle") for t in texts)
    assert any("clip-path not expressed" in w for w in warnings)


def test_same_origin_iframe_is_converted_inside_a_frame(converted) -> None:
    result, _, _, doc = converted
    frame = element_frame(result, doc, "frame")
    assert frame["type"] == "FRAME"
    texts = [n for n in nodes(frame) if n["type"] == "TEXT"]
    assert [t["characters"] for t in texts] == ["Frame content"]
    assert frame["clipsContent"] is True


def test_background_layers_keep_their_size_position_and_order(converted) -> None:
    result, warnings, _, doc = converted
    layers = element_frame(result, doc, "layers")
    assert [f["type"] for f in layers["fills"]] == ["SOLID"]
    gradient, image = layers["children"]
    assert gradient["fills"][0]["type"] == "GRADIENT_LINEAR"
    assert gradient["absoluteBoundingBox"] == {"x": 660.0, "y": 300.0, "width": 100.0, "height": 100.0}
    assert image["fills"][0]["type"] == "IMAGE"
    assert image["absoluteBoundingBox"] == {"x": 570.0, "y": 310.0, "width": 20.0, "height": 20.0}
    assert not any("#layers" in w or "background-size" in w for w in warnings)


def test_snapshot_limits_leave_the_rest_drawn_as_nodes_with_a_warning(browser: Browser, base_url: str) -> None:
    bundle, doc = run(browser, base_url + "replaced.html", width=800, height=600, limits=CaptureLimits(max_snapshots=1))
    assert sum(1 for r in doc.assets.values() if r.kind == "snapshot") == 1
    assert sum("over the limit of element images" in w for w in doc.warnings) == len(IMAGED) - 1
    warnings = convert_capture(bundle.capture_json, bundle.assets).warnings
    assert any("kept as its bounding box" in w for w in warnings) or any(
        "clip-path not expressed" in w for w in warnings
    )
