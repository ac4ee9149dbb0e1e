"""A site design: one page captured at two breakpoints, light and dark, becomes one component set
with a variant per capture, one variable collection with a Light and a Dark mode (each variant
showing its own), and components shared across the variants; no layer moves."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Literal

import pytest
from pageport.capture.capture import CaptureRequest, capture_page
from pageport.convert import convert_capture
from pageport.convert.site import SiteCapture, convert_site
from playwright.sync_api import Browser

VARIANTS: list[tuple[str, int, Literal["light", "dark"]]] = [
    ("desktop", 1024, "light"),
    ("mobile", 390, "light"),
    ("desktop", 1024, "dark"),
    ("mobile", 390, "dark"),
]


@pytest.fixture(scope="module")
def captures(browser: Browser, base_url: str) -> list[SiteCapture]:
    out = []
    for breakpoint, width, theme in VARIANTS:
        request = CaptureRequest(base_url + "theme-media.html", width, 700, 1, None, color_scheme=theme)
        bundle = capture_page(request, browser=browser)
        out.append(SiteCapture(breakpoint, theme, bundle.capture_json, bundle.assets))
    return out


@pytest.fixture(scope="module")
def site(captures: list[SiteCapture]) -> dict[str, Any]:
    return json.loads(convert_site(captures).result_json)


def _nodes(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield node
    for child in node.get("children", []):
        yield from _nodes(child)


def _key(color: dict[str, float]) -> tuple[int, int, int]:
    return round(color["r"] * 255), round(color["g"] * 255), round(color["b"] * 255)


def test_the_captures_are_one_component_set_of_named_variants(site: dict[str, Any]) -> None:
    assert site["version"] == 3
    root = site["document"]
    assert root["type"] == "COMPONENT_SET" and root["name"] == "Theme by media query"
    names = [child["name"] for child in root["children"]]
    assert names == [
        "breakpoint=desktop, theme=light",
        "breakpoint=mobile, theme=light",
        "breakpoint=desktop, theme=dark",
        "breakpoint=mobile, theme=dark",
    ]
    assert all(child["type"] == "COMPONENT" for child in root["children"])
    boxes = [child["absoluteBoundingBox"] for child in root["children"]]
    assert boxes[1]["x"] > boxes[0]["x"] + boxes[0]["width"]  # side by side, never overlapping
    assert boxes[2]["y"] > boxes[0]["y"] + boxes[0]["height"]  # dark below light


def test_one_collection_with_light_and_dark_and_every_paint_drawn_by_its_variants_mode(site: dict[str, Any]) -> None:
    (collection,) = site["variableCollections"].values()
    assert [m["name"] for m in collection["modes"]] == ["Light", "Dark"]
    light_mode, dark_mode = (m["modeId"] for m in collection["modes"])
    checked = 0
    for variant in site["document"]["children"]:
        mode = variant["explicitVariableModes"][collection["id"]]
        assert mode == (dark_mode if "theme=dark" in variant["name"] else light_mode)
        for node in _nodes(variant):
            for paint in node.get("fills", []) + node.get("strokes", []):
                if paint["type"] != "SOLID":
                    continue
                variable = site["variables"][paint["boundVariables"]["color"]["id"]]
                assert _key(variable["valuesByMode"][mode]) == _key(paint["color"]), node["name"]
                checked += 1
    assert checked > 20
    brand = next(v for v in site["variables"].values() if v["codeSyntax"].get("WEB") == "var(--brand)")
    assert _key(brand["valuesByMode"][light_mode]) == (37, 99, 235)
    assert _key(brand["valuesByMode"][dark_mode]) == (96, 165, 250)


def test_no_layer_moves_against_the_capture_converted_alone(site: dict[str, Any], captures: list[SiteCapture]) -> None:
    for variant, capture in zip(site["document"]["children"], captures, strict=True):
        alone = json.loads(convert_capture(capture.capture_json, capture.assets).result_json)["document"]
        dx, dy = variant["absoluteBoundingBox"]["x"], variant["absoluteBoundingBox"]["y"]
        for mine, theirs in zip(_nodes(variant), _nodes(alone), strict=True):
            box, other = mine["absoluteBoundingBox"], theirs["absoluteBoundingBox"]
            assert abs(box["x"] - dx - other["x"]) < 0.02 and abs(box["y"] - dy - other["y"]) < 0.02
            assert (box["width"], box["height"]) == (other["width"], other["height"])


def test_repeats_share_one_main_across_variants_and_a_page_is_never_an_instance(site: dict[str, Any]) -> None:
    instances: dict[str, set[str]] = {}
    for variant in site["document"]["children"]:
        for node in _nodes(variant):
            if node["type"] == "INSTANCE":
                instances.setdefault(node["componentId"], set()).add(variant["name"])
    assert instances, "the cards are components"
    assert max(len(variants) for variants in instances.values()) >= 2  # one main serves several variants
    for variant in site["document"]["children"]:
        assert all(child["type"] != "INSTANCE" for child in variant["children"])  # body, header: the page's own
