"""The page's CSS custom properties are captured with what they resolve to and what they are
used for, and name the design tokens of the converted page."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pageport.capture.capture import CaptureRequest, capture_page
from pageport.capture.schema import CaptureDocument
from pageport.convert import convert_capture
from playwright.sync_api import Browser


@pytest.fixture(scope="module")
def bundle(browser: Browser, base_url: str) -> Any:
    return capture_page(CaptureRequest(base_url + "tokens.html", 800, 600, 1, None), browser=browser)


def test_custom_properties_are_resolved_at_the_root_with_their_uses(bundle: Any) -> None:
    doc = CaptureDocument.model_validate_json(bundle.capture_json)
    props = {p.name: p for p in doc.custom_properties}
    assert props["--brand"].color == "rgb(37, 99, 235)"
    assert props["--brand"].uses == ["background"]
    assert props["--ink"].uses == ["color"]
    assert props["--space-4"].length == 16  # 1rem, resolved
    assert props["--space-4"].uses == ["spacing"]
    assert props["--radius-md"].length == 8 and props["--radius-md"].uses == ["radius"]
    assert "--local" not in props  # declared on one element only, not at the root


def test_tokens_take_the_names_the_page_gave_them(bundle: Any) -> None:
    result = json.loads(convert_capture(bundle.capture_json, dict(bundle.assets)).result_json)
    by_syntax = {v["codeSyntax"].get("WEB"): v["name"] for v in result["variables"].values()}
    assert by_syntax["var(--brand)"] == "color/brand"
    assert by_syntax["var(--ink)"] == "color/ink"
    assert by_syntax["var(--radius-md)"] == "radius/radius-md"
