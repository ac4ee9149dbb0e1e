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
            "Section #row",
            {"layoutMode": "HORIZONTAL", "itemSpacing": 16, "paddingLeft": 16, "counterAxisAlignItems": "CENTER"},
        ),
        ("Section #column", {"layoutMode": "VERTICAL", "itemSpacing": 8, "counterAxisAlignItems": "MAX"}),
        ("Section #between", {"primaryAxisAlignItems": "SPACE_BETWEEN"}),
        ("Section #wrap", {"layoutWrap": "WRAP", "itemSpacing": 10, "counterAxisSpacing": 5}),
        ("Section #grow", {"layoutMode": "HORIZONTAL", "itemSpacing": 10}),
        ("Section #nav", {"layoutMode": "HORIZONTAL", "itemSpacing": 16}),
        ("Section #absolute", {"layoutMode": "HORIZONTAL"}),
        ("Section #stretch", {"layoutMode": "HORIZONTAL"}),
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
    assert [c.get("layoutGrow") for c in _frame(result, "Section #grow")["children"]] == [None, 1, 1]
    absolute = _frame(result, "Section #absolute")["children"]
    assert [c.get("layoutPositioning") for c in absolute] == [None, None, "ABSOLUTE"]
    assert [c.get("layoutAlign") for c in _frame(result, "Section #stretch")["children"]] == ["STRETCH", "STRETCH"]


def test_a_reversed_row_keeps_absolute_positions_and_says_so(converted: tuple[dict[str, Any], list[str]]) -> None:
    result, warnings = converted
    assert "layoutMode" not in _frame(result, "Section #reverse")
    assert any(w.endswith("flex layout kept as absolute positions: flex-direction row-reverse") for w in warnings)
    assert auto_layout_share(result) == (8, 9)
