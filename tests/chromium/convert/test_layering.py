"""Layering against real Chromium: a captured page's design, drawn by the preview renderer,
shows what the page's screenshot shows where CSS stacking, clipping and opacity decide it."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from pageport.capture.capture import CaptureBundle, CaptureRequest, capture_page
from pageport.convert import convert_capture
from pageport.render import render_preview
from PIL import Image
from playwright.sync_api import Browser


@pytest.fixture(scope="module")
def layering(browser: Browser, base_url: str) -> tuple[CaptureBundle, dict[str, Any], Image.Image]:
    bundle = capture_page(CaptureRequest(base_url + "layering.html", 800, 600, 1, None), browser=browser)
    conversion = convert_capture(bundle.capture_json, bundle.assets)
    result: dict[str, Any] = json.loads(conversion.result_json)
    design = Image.open(io.BytesIO(render_preview(result, conversion.images)))
    return bundle, result, design.convert("RGB")


def _pixel(img: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    r, g, b = img.getpixel((x, y))  # type: ignore[misc]
    return r, g, b


def _nodes(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield node
    for c in node.get("children", []):
        yield from _nodes(c)


@pytest.mark.parametrize(
    ("what", "x", "y"),
    [
        ("a negative z-index child under its parent's background", 20, 190),
        ("overflow-x: clip keeps the vertical overflow", 20, 300),
        ("overflow-x: clip cuts the horizontal overflow", 170, 250),
        ("an absolute box whose containing block is outside an overflow: hidden parent", 170, 360),
        ("a float over the in-flow block beside it", 20, 530),
        ("z-index 2 over z-index 1", 60, 110),
        ("a positioned box over a later sibling of its static parent", 320, 605),
        ("an opacity group", 20, 450),
        ("a fixed header, once, where the screenshot shows it", 400, 5),
        ("a fixed footer, once, at the bottom of the first viewport", 400, 585),
    ],
)
def test_the_design_shows_what_the_screenshot_shows(
    layering: tuple[CaptureBundle, dict[str, Any], Image.Image], what: str, x: int, y: int
) -> None:
    bundle, _, design = layering
    shot = Image.open(io.BytesIO(bundle.screenshot_png)).convert("RGB")
    want, got = _pixel(shot, x, y), _pixel(design, x, y)
    assert max(abs(a - b) for a, b in zip(want, got, strict=True)) <= 8, f"{what}: page {want}, design {got}"


def test_fixed_boxes_are_placed_once_and_the_opacity_group_holds_its_children(
    layering: tuple[CaptureBundle, dict[str, Any], Image.Image],
) -> None:
    _, result, _ = layering
    names = [n["name"] for n in _nodes(result["document"])]
    assert names.count("Header") == names.count("Footer") == 1
    fade = next(n for n in _nodes(result["document"]) if n["name"] == "Fade")
    assert fade["opacity"] == 0.5 and len(fade["children"]) == 1
