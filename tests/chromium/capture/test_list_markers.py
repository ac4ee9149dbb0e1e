"""List markers (::marker) in real Chromium: the text derived from list-style-type, ::marker
content and the list-item counter, and the box where the browser painted it (checked against
the screenshot's pixels: each list's item text is transparent, so the marker is the only ink)."""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Iterator

import pytest
from pageport.capture.capture import CaptureBundle, CaptureRequest, capture_page
from pageport.capture.schema import Box, CaptureDocument, ElementNode, ListMarker
from pageport.convert import convert_capture
from PIL import Image
from playwright.sync_api import Browser

from tests.chromium.capture.site import FIXTURES


@pytest.fixture(scope="module")
def captured(browser: Browser, base_url: str) -> tuple[CaptureBundle, CaptureDocument]:
    bundle = capture_page(CaptureRequest(base_url + "lists.html", 600, 700, 1, None), browser=browser)
    return bundle, CaptureDocument.model_validate_json(bundle.capture_json)


def elements(node: ElementNode) -> Iterator[ElementNode]:
    yield node
    for child in node.children:
        if isinstance(child, ElementNode):
            yield from elements(child)


def marker(doc: CaptureDocument, element_id: str) -> ListMarker | None:
    (el,) = [e for e in elements(doc.root) if e.attrs.get("id") == element_id]
    return el.marker


def ink(png: bytes, near: Box, margin: int = 14, vmargin: int = 4) -> tuple[int, int, int, int]:
    """Bounds (x0, y0, x1, y1) of the non-white pixels around `near`."""
    im = Image.open(io.BytesIO(png)).convert("L")
    x0, y0 = max(0, int(near.x) - margin), max(0, int(near.y) - vmargin)
    crop = im.crop((x0, y0, int(near.x + near.width) + margin, int(near.y + near.height) + vmargin))
    mask = crop.point(lambda v: 255 if v < 200 else 0)
    bbox = mask.getbbox()
    assert bbox is not None, f"no ink near {near}"
    return bbox[0] + x0, bbox[1] + y0, bbox[2] + x0, bbox[3] + y0


@pytest.mark.parametrize(
    ("element_id", "text"),
    [
        ("o3", "3. "),
        ("o10", "10. "),
        ("o11", "11. "),
        ("r3", "3. "),
        ("r1", "1. "),
        ("iv", "iv. "),
        ("A", "A. "),
        ("AB", "AB. "),
        ("z1", "01. "),
        ("s5", "5. "),
        ("s10", "10. "),
        ("arrow", "\u2192 "),  # the space after a CSS escape ends it
        ("paren", "A) "),
        ("dash", "- "),
        ("u7", "7. "),  # Chromium honours <li value> in a <ul> too
        ("u8", "8. "),
    ],
)
def test_marker_text_follows_the_list_item_counter(captured, element_id: str, text: str) -> None:
    _, doc = captured
    m = marker(doc, element_id)
    assert m is not None and (m.kind, m.text, m.position) == ("text", text, "outside")
    assert m.styles["color"] == "rgb(255, 0, 0)"


def test_text_markers_end_at_the_content_edge_on_the_baseline(captured) -> None:
    bundle, doc = captured
    for element_id in ("o3", "o10", "iv", "AB", "big"):
        m = marker(doc, element_id)
        assert m is not None
        x0, _, x1, y1 = ink(bundle.screenshot_png, m.box, vmargin=0)  # rows are close: stay in the row
        assert m.box.x - 1 <= x0 and x1 <= m.box.x + m.box.width, (element_id, m.box, x0, x1)
        assert abs(y1 - m.baseline) <= 1, (element_id, m.baseline, y1)  # digits and letters sit on it
        assert m.box.y < m.baseline < m.box.y + m.box.height
    big = marker(doc, "big")
    assert big is not None and big.styles["font-size"] == "32px" and big.styles["color"] == "rgb(0, 0, 255)"


@pytest.mark.parametrize("element_id", ["disc", "circle", "square", "inside", "img"])
def test_symbol_and_image_markers_are_where_they_are_painted(captured, element_id: str) -> None:
    bundle, doc = captured
    m = marker(doc, element_id)
    assert m is not None
    x0, y0, x1, y1 = ink(bundle.screenshot_png, m.box)
    # The circle is a 1 px stroke centred on the rect's edge: its ink reaches 1 px further.
    tol = 1.01 if element_id == "circle" else 0.51
    for got, want in ((x0, m.box.x), (y0, m.box.y), (x1, m.box.x + m.box.width), (y1, m.box.y + m.box.height)):
        assert abs(got - want) <= tol, (element_id, m.box, (x0, y0, x1, y1))


def test_marker_kinds_positions_and_image(captured) -> None:
    bundle, doc = captured
    kinds = {i: (m.kind, m.text, m.position) for i in ("disc", "circle", "square", "inside") if (m := marker(doc, i))}
    assert kinds == {
        "disc": ("symbol", "\u2022", "outside"),
        "circle": ("symbol", "\u25e6", "outside"),
        "square": ("symbol", "\u25aa", "outside"),
        "inside": ("symbol", "\u2022", "inside"),
    }
    img = marker(doc, "img")
    assert img is not None and img.kind == "image" and img.image is not None
    data = (FIXTURES / "marker.png").read_bytes()
    assert img.image.sha256 == hashlib.sha256(data).hexdigest() and img.image.sha256 in bundle.assets
    assert (img.box.width, img.box.height) == (10, 8)
    assert marker(doc, "none") is None


def test_every_marker_converts_to_a_node(captured) -> None:
    bundle, doc = captured
    conv = convert_capture(bundle.capture_json, bundle.assets)

    def nodes(n: dict) -> Iterator[dict]:
        yield n
        for c in n.get("children", []):
            yield from nodes(c)

    drawn = [n for n in nodes(json.loads(conv.result_json)["document"]) if n["name"] == "::marker"]
    expected = sum(1 for e in elements(doc.root) if e.marker is not None)
    assert len(drawn) == expected == 27
    assert {n["type"] for n in drawn} == {"TEXT", "ELLIPSE", "RECTANGLE"}
