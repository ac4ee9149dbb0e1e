"""Icon fonts end to end: a page using Font Awesome Free (served from the repository) is
captured with its font files, and its glyphs convert to VECTOR outlines, not TEXT."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from pageport.capture.capture import CaptureRequest, capture_page
from pageport.capture.schema import CaptureDocument
from pageport.convert import convert_capture
from playwright.sync_api import Browser

from tests.chromium.capture.site import FONT_AWESOME

_BOX_OF = (
    "(id) => { const r = document.getElementById(id).getBoundingClientRect();"
    " return {x: r.x, y: r.y, width: r.width, height: r.height}; }"
)


@pytest.fixture(scope="module")
def captured(browser: Browser, base_url: str) -> Iterator[tuple[Any, dict[str, Any]]]:
    bundle = capture_page(CaptureRequest(base_url + "icons.html", 800, 600, 1, None), browser=browser)
    page = browser.new_page(viewport={"width": 800, "height": 600})
    try:
        page.goto(base_url + "icons.html")
        page.evaluate("document.fonts.ready")
        boxes = {element_id: page.evaluate(_BOX_OF, element_id) for element_id in ("user", "fw")}
    finally:
        page.close()
    yield bundle, boxes


def walk(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield node
    for child in node.get("children", []):
        yield from walk(child)


def test_font_awesome_files_are_stored_with_their_faces(captured) -> None:
    bundle, _ = captured
    doc = CaptureDocument.model_validate_json(bundle.capture_json)
    stored = {(f.family, f.weight): f.sha256 for f in doc.fonts}
    for family, weight, name in (
        ("Font Awesome 6 Free", "900", "fa-solid-900.woff2"),
        ("Font Awesome 6 Brands", "400", "fa-brands-400.woff2"),
    ):
        digest = hashlib.sha256((FONT_AWESOME / "webfonts" / name).read_bytes()).hexdigest()
        assert stored[(family, weight)] == digest
        assert digest in bundle.assets
        assert doc.assets[digest].kind == "font"


def test_icon_glyphs_convert_to_vectors_where_the_browser_drew_them(captured) -> None:
    bundle, rects = captured
    rect = rects["user"]
    conv = convert_capture(bundle.capture_json, bundle.assets)
    nodes = list(walk(json.loads(conv.result_json)["document"]))
    texts = [n["characters"] for n in nodes if n["type"] == "TEXT"]
    assert not [t for t in texts if any(0xE000 <= ord(c) <= 0xF8FF for c in t)], texts
    assert "Plain words stay text." in texts
    icons = [n for n in nodes if n["type"] == "VECTOR" and n.get("pageport", {}).get("tag") == "icon"]
    assert len(icons) == 4  # house, github, user, check
    (user,) = [n for n in icons if 'fill="rgb(220,38,38)"' in n["pageport"]["svg"]]
    bb = user["absoluteBoundingBox"]
    for key in ("x", "y", "width", "height"):
        assert abs(bb[key] - rect[key]) <= 1, (key, bb, rect)
    assert not [w for w in conv.warnings if "icon" in w or "private-use" in w]


def test_icon_in_a_fixed_width_box_is_centred_by_text_align(captured) -> None:
    """FA's fa-fw: the <i> is 1.25em wide with text-align: center; the 14 px check sits in its middle."""
    bundle, rects = captured
    conv = convert_capture(bundle.capture_json, bundle.assets)
    nodes = list(walk(json.loads(conv.result_json)["document"]))
    (check,) = [n for n in nodes if n["type"] == "VECTOR" and 'fill="rgb(22,163,74)"' in n["pageport"]["svg"]]
    bb, fw = check["absoluteBoundingBox"], rects["fw"]
    assert fw["width"] - bb["width"] > 4  # the box is wider than the glyph
    assert abs((bb["x"] + bb["width"] / 2) - (fw["x"] + fw["width"] / 2)) <= 0.5, (bb, fw)
