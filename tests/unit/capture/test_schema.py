"""schema: the capture.json models and style property tables."""

from __future__ import annotations

import json

import pytest
from pageport.capture.schema import (
    ELEMENT_STYLE_PROPERTIES,
    STYLE_DEFAULTS,
    TEXT_STYLE_PROPERTIES,
    CaptureDocument,
    ElementNode,
    TextNode,
)
from pydantic import ValidationError

from tests.support.builders import box, capture, el, text


def test_every_default_is_for_a_captured_property() -> None:
    assert set(STYLE_DEFAULTS) - set(ELEMENT_STYLE_PROPERTIES) == {"content"}  # pseudo-elements' own
    assert set(TEXT_STYLE_PROPERTIES) - set(ELEMENT_STYLE_PROPERTIES) == set()


def test_document_reads_camel_case_and_tells_nodes_apart() -> None:
    doc = CaptureDocument.model_validate_json(
        capture([el("p", box(0, 0, 9, 9), {}, [text([("Hi", box(0, 0, 9, 9))])])])
    )
    (body,) = doc.root.children
    assert isinstance(body, ElementNode) and doc.document.page_width == 800
    (p,) = body.children
    assert isinstance(p, ElementNode) and isinstance(p.children[0], TextNode)
    assert p.children[0].line_boxes[0].text == "Hi"


def test_element_style_fills_in_defaults() -> None:
    node = ElementNode.model_validate(el("div", box(0, 0, 1, 1), {"opacity": "0.5"}))
    assert (node.style("opacity"), node.style("position"), node.style("nonsense")) == ("0.5", "static", None)


def test_unknown_keys_are_ignored_but_unknown_kinds_refused() -> None:
    raw = json.loads(capture([]))
    raw["futureField"] = 1
    CaptureDocument.model_validate(raw)
    raw["root"]["children"][0]["kind"] = "comment"
    with pytest.raises(ValidationError):
        CaptureDocument.model_validate(raw)
