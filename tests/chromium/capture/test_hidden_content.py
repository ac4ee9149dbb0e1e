"""What a page displays but Chromium does not render is not captured (tests/fixtures/capture/details.html)."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.chromium.capture.test_capture import run, texts


def test_a_closed_details_element_is_captured_as_its_summary_alone(browser: Browser, base_url: str) -> None:
    """A docs sidebar's closed sections (Pico's) drew their hidden links over one another; the
    open section's links and every summary stay, and content-visibility: hidden is skipped too."""
    _, doc = run(browser, base_url + "details.html")
    words = {t.text.strip() for t in texts(doc.root)}
    assert {"Getting started", "Elements", "Typography"} <= words
    assert not words & {"Usage", "Themes", "Skipped content"}


def test_the_walk_sees_what_the_pages_resize_handlers_leave(browser: Browser, base_url: str) -> None:
    """The full-page screenshot resizes the viewport, firing the page's resize handlers: a
    sidebar menu folded by one was walked open and shot folded, so the design drew a menu the
    page did not show."""
    _, doc = run(browser, base_url + "resize.html", width=390)
    words = {t.text.strip() for t in texts(doc.root)}
    assert "Page text" in words and "Custom Components" not in words
