"""A design reflows as its page does: captured at 1000 px by real Chromium, converted, placed in
the in-memory Figma and its frame dragged to 940 and 1080 px, every labelled box lands where
Chromium lays the page out at that width (a full-width band with its logo and links spread
apart, a centred max-width container, a paragraph that wraps again and pushes what follows down,
a growing column beside a fixed one, absolute boxes pinned right and centred)."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from typing import Any

import pytest
from pageport.capture.capture import CaptureRequest, capture_page
from pageport.capture.probes import probe_widths
from pageport.convert import convert_capture
from playwright.sync_api import Browser

from tests.support.placement import ResizeOracle

WIDTH = 1000
RESIZED = (940, 1080)
NARROW = 560  # under the held box's max-width
# Labelled boxes the design keeps as layers (the container gives way to its card, the intro to its text).
LABELS = ("Band", "Logo", "Links", "Card", "Held", "Columns", "Wide", "Narrow", "Stage", "Badge", "Middle")


def _capture(browser: Browser, url: str, width: int) -> tuple[bytes, dict[str, bytes]]:
    bundle = capture_page(CaptureRequest(url, width, 700, 1, None), browser=browser)
    return bundle.capture_json, dict(bundle.assets)


def _labelled(capture_json: bytes) -> dict[str, dict[str, float]]:
    """The page's own boxes of the labelled elements."""
    out: dict[str, dict[str, float]] = {}
    stack = [json.loads(capture_json)["root"]]
    while stack:
        n = stack.pop()
        if label := (n.get("attrs") or {}).get("aria-label"):
            out[label] = n["box"]
        stack.extend(n.get("children") or [])
    return out


def _named(design: dict[str, Any]) -> dict[str, dict[str, float]]:
    """The design's boxes by the label their layer names quote (`Band "Band"`)."""
    out: dict[str, dict[str, float]] = {}
    stack = [design]
    while stack:
        n = stack.pop()
        if n["name"].endswith('"'):
            out.setdefault(n["name"].rsplit('"', 2)[-2], n["absoluteBoundingBox"])
        stack.extend(n.get("children") or [])
    return out


@pytest.fixture(scope="module")
def oracle() -> Iterator[ResizeOracle]:
    with ResizeOracle() as server:
        yield server


@pytest.fixture(scope="module")
def resized(browser: Browser, base_url: str, oracle: ResizeOracle) -> dict[int, dict[str, Any]]:
    capture_json, assets = _capture(browser, base_url + "reflow.html", WIDTH)
    conversion = convert_capture(capture_json, assets)
    response = {
        "document": json.loads(conversion.result_json),
        "images": {k: base64.b64encode(v).decode() for k, v in conversion.images.items()},
    }
    designs, _ = oracle.resized("reflow", response, (*RESIZED, NARROW))
    return designs


def test_the_capture_lays_the_page_out_at_two_nearby_widths(browser: Browser, base_url: str) -> None:
    capture_json, _ = _capture(browser, base_url + "reflow.html", WIDTH)
    probes = json.loads(capture_json)["probes"]
    assert [p["width"] for p in probes] == list(probe_widths(WIDTH)) == [950, 1050]
    page = json.loads(capture_json)
    band = next(c for c in page["root"]["children"][0]["children"] if c.get("attrs", {}).get("aria-label") == "Band")
    # The band spans the viewport at each probe width.
    assert [p["boxes"][str(band["id"])][2] for p in probes] == [950, 1050]


@pytest.mark.parametrize("width", RESIZED)
def test_every_box_lands_where_the_page_puts_it_at_the_new_width(
    browser: Browser, base_url: str, resized: dict[int, dict[str, Any]], width: int
) -> None:
    page = _labelled(_capture(browser, base_url + "reflow.html", width)[0])
    design = _named(resized[width])
    off = {}
    for label in LABELS:
        want, got = page[label], design[label]
        worst = max(abs(want[k] - got[k]) for k in ("x", "y", "width", "height"))
        if worst > 1:
            off[label] = (want, got)
    assert not off, off


def test_a_box_held_at_its_max_width_fills_a_frame_narrower_than_that(
    browser: Browser, base_url: str, resized: dict[int, dict[str, Any]]
) -> None:
    page = _labelled(_capture(browser, base_url + "reflow.html", NARROW)[0])
    design = _named(resized[NARROW])
    for label in ("Band", "Held", "Wide", "Narrow"):
        want, got = page[label], design[label]
        assert max(abs(want[k] - got[k]) for k in ("x", "width")) <= 1, (label, want, got)
