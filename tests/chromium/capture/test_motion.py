"""Motion settled before capture: CSS animations and transitions, reveal-on-scroll, looping
animations and a canvas chart animating in, against real Chromium (fixture motion.html)."""

from __future__ import annotations

import base64
import io

import pytest
from pageport.capture.capture import CaptureBundle, CaptureLimits
from pageport.capture.schema import CaptureDocument
from PIL import Image
from playwright.sync_api import Browser

from tests.chromium.capture.test_capture import by_id, run


@pytest.fixture(scope="module")
def motion(browser: Browser, base_url: str) -> tuple[CaptureBundle, CaptureDocument, Image.Image]:
    bundle, doc = run(browser, base_url + "motion.html", width=800, height=600)
    shot = Image.open(io.BytesIO(bundle.screenshot_png)).convert("RGB")
    return bundle, doc, shot


def test_css_animation_is_finished_in_walk_and_screenshot(motion) -> None:
    _, doc, shot = motion
    fade = by_id(doc, "fade")
    # Mid-animation it would be translucent and up to 40 px lower.
    assert "opacity" not in fade.styles
    assert fade.styles.get("transform", "none") in ("none", "matrix(1, 0, 0, 1, 0, 0)")
    assert (fade.box.x, fade.box.y, fade.box.height) == (20, 100, 80)
    assert shot.getpixel((30, 102)) == (200, 0, 0) and shot.getpixel((30, 178)) == (200, 0, 0)
    assert shot.getpixel((30, 185)) == (255, 255, 255)


def test_transition_is_finished(motion) -> None:
    _, doc, shot = motion
    assert by_id(doc, "grow").box.width == 300
    assert shot.getpixel((315, 240)) == (0, 0, 200)


def test_reveal_on_scroll_transition_is_finished(motion) -> None:
    _, doc, shot = motion
    reveal = by_id(doc, "reveal")
    assert "opacity" not in reveal.styles and (reveal.box.x, reveal.box.y) == (20, 1800)
    assert shot.getpixel((255, 1850)) == (120, 0, 120)


def test_looping_animation_is_frozen_at_its_start_with_a_warning(motion) -> None:
    _, doc, shot = motion
    spin = by_id(doc, "spin")
    assert spin.styles.get("transform", "none") in ("none", "matrix(1, 0, 0, 1, 0, 0)")
    assert (spin.box.width, spin.box.height) == (60, 60)
    assert shot.getpixel((401, 101)) == (0, 150, 0)
    assert any("looping animations" in w and "spin" in w for w in doc.warnings)


def test_canvas_chart_is_captured_once_drawn(motion, browser: Browser, base_url: str) -> None:
    bundle, doc, _ = motion
    (ref,) = by_id(doc, "chart").images
    assert ref.sha256 is not None
    captured = Image.open(io.BytesIO(bundle.assets[ref.sha256])).convert("RGBA")
    page = browser.new_page()
    try:
        page.goto(base_url + "motion.html")
        url = page.evaluate(
            """() => { const c = document.createElement('canvas'); c.width = 300; c.height = 150;
                       window.drawChart(c.getContext('2d'), 1); return c.toDataURL('image/png'); }"""
        )
    finally:
        page.close()
    final = Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGBA")
    assert captured.tobytes() == final.tobytes()
    assert not any("still changing" in w for w in doc.warnings)


def test_canvas_still_moving_at_the_limit_is_a_warning(browser: Browser, base_url: str) -> None:
    limits = CaptureLimits(max_motion_s=0.2, network_quiet_ms=0)
    _, doc = run(browser, base_url + "motion.html", width=800, height=600, limits=limits)
    assert any("#chart still changing" in w for w in doc.warnings)
