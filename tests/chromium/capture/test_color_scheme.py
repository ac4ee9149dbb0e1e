"""A capture renders the colour scheme it is asked for: through prefers-color-scheme, and through
the page's own theme switch where its stylesheets have one (a toggle-only dark mode)."""

from __future__ import annotations

from typing import Literal

import pytest
from pageport.capture.capture import CaptureRequest, capture_page
from pageport.capture.schema import CaptureDocument
from playwright.sync_api import Browser


def _document(browser: Browser, url: str, scheme: Literal["light", "dark"]) -> CaptureDocument:
    bundle = capture_page(CaptureRequest(url, 800, 600, 1, None, color_scheme=scheme), browser=browser)
    return CaptureDocument.model_validate_json(bundle.capture_json)


@pytest.mark.parametrize(
    ("scheme", "background", "switch"),
    [("light", "rgb(255, 255, 255)", None), ("dark", "rgb(15, 23, 42)", None)],
)
def test_a_media_query_theme_follows_the_requested_scheme(
    browser: Browser, base_url: str, scheme: Literal["light", "dark"], background: str, switch: str | None
) -> None:
    doc = _document(browser, base_url + "theme-media.html", scheme)
    assert doc.document.color_scheme == scheme
    assert doc.document.background_color == background
    assert doc.document.theme_switch == switch
    brand = {p.name: p.color for p in doc.custom_properties}["--brand"]
    assert brand == ("rgb(96, 165, 250)" if scheme == "dark" else "rgb(37, 99, 235)")


def test_a_toggle_only_dark_mode_is_switched_on_as_the_page_would(browser: Browser, base_url: str) -> None:
    dark = _document(browser, base_url + "theme-switch.html", "dark")
    assert dark.document.theme_switch == '[data-theme="dark"]'
    assert dark.document.background_color == "rgb(24, 24, 27)"
    light = _document(browser, base_url + "theme-switch.html", "light")
    assert light.document.theme_switch == '[data-theme="light"]'
    assert light.document.background_color == "rgb(250, 250, 250)"
