"""Auto layout against real Chromium: flex containers the browser laid out keep auto layout
where Figma's layout (the converter's simulation) puts every item where Chromium did."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pageport.capture.capture import CaptureRequest, capture_page
from pageport.convert import convert_capture
from pageport.convert.layout import auto_layout_share
from playwright.sync_api import Browser


@pytest.fixture(scope="module")
def converted(browser: Browser, base_url: str) -> tuple[dict[str, Any], list[str]]:
    bundle = capture_page(CaptureRequest(base_url + "autolayout.html", 800, 600, 1, None), browser=browser)
    conversion = convert_capture(bundle.capture_json, bundle.assets)
    return json.loads(conversion.result_json), conversion.warnings


def _frame(result: dict[str, Any], name: str) -> dict[str, Any]:
    stack = [result["document"]]
    while stack:
        n = stack.pop()
        if n["name"] == name:
            return n
        stack.extend(n.get("children", []))
    raise AssertionError(f"no node {name}")


@pytest.mark.parametrize(
    ("name", "fields"),
    [
        (
            "Row section",
            {"layoutMode": "HORIZONTAL", "itemSpacing": 16, "paddingLeft": 16, "counterAxisAlignItems": "CENTER"},
        ),
        ("Column section", {"layoutMode": "VERTICAL", "itemSpacing": 8, "counterAxisAlignItems": "MAX"}),
        ("Between section", {"primaryAxisAlignItems": "SPACE_BETWEEN"}),
        ("Wrap section", {"layoutWrap": "WRAP", "itemSpacing": 10, "counterAxisSpacing": 5}),
        ("Grow section", {"layoutMode": "HORIZONTAL", "itemSpacing": 10}),
        ("Nav section", {"layoutMode": "HORIZONTAL", "itemSpacing": 16}),
        ("Absolute section", {"layoutMode": "HORIZONTAL"}),
        ("Stretch section", {"layoutMode": "HORIZONTAL"}),
    ],
)
def test_flex_containers_figma_can_lay_out_keep_auto_layout(
    converted: tuple[dict[str, Any], list[str]], name: str, fields: dict[str, Any]
) -> None:
    frame = _frame(converted[0], name)
    assert frame["pageport"]["autoLayout"] is True
    assert {k: frame.get(k) for k in fields} == fields


def test_item_fields_follow_the_flex_items(converted: tuple[dict[str, Any], list[str]]) -> None:
    result = converted[0]
    assert [c.get("layoutGrow") for c in _frame(result, "Grow section")["children"]] == [None, 1, 1]
    absolute = _frame(result, "Absolute section")["children"]
    assert [c.get("layoutPositioning") for c in absolute] == [None, None, "ABSOLUTE"]
    assert [c.get("layoutAlign") for c in _frame(result, "Stretch section")["children"]] == ["STRETCH", "STRETCH"]


def test_a_reversed_row_is_laid_out_from_its_geometry(converted: tuple[dict[str, Any], list[str]]) -> None:
    # The walk refuses row-reverse (Figma has no reversed auto layout); the flow_layout pass then
    # lays the row out in its visual order, its items apart so their layers may swap, and
    # withdraws the warning.
    result, warnings = converted
    row = _frame(result, "Reverse section")
    assert row["layoutMode"] == "HORIZONTAL"
    xs = [c["absoluteBoundingBox"]["x"] for c in row["children"]]
    assert xs == sorted(xs)
    assert not any("flex-direction row-reverse" in w for w in warnings)
    assert auto_layout_share(result) == (9, 9)
