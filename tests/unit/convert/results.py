"""Reading converted results in tests: convert a capture, walk the tree, find one node."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from pageport.capture.schema import CaptureDocument
from pageport.convert import Conversion, convert_capture
from pageport.convert.passes import run_passes
from pageport.convert.state import ConversionState

from tests.support.paths import FIXTURES as TEST_FIXTURES

FIXTURES = TEST_FIXTURES / "convert"


def convert(data: bytes, assets: dict[str, bytes] | None = None) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(convert_capture(data, assets or {}).result_json)
    return result


def conversion(data: bytes, assets: dict[str, bytes] | None = None) -> Conversion:
    return convert_capture(data, assets or {})


def walked(data: bytes, assets: dict[str, bytes] | None = None) -> tuple[dict[str, Any], list[str]]:
    """The page as the element walk alone leaves it (the "build" pass: flex auto layout, no
    flow layout, names or ids yet) and its warnings, as a result-shaped dict."""
    state = ConversionState(CaptureDocument.model_validate_json(data), assets or {})
    run_passes(state, until="build")
    return {"document": state.page}, list(state.warnings)


def walk(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield node
    for child in node.get("children", []):
        yield from walk(child)


def find(result: dict[str, Any], **match: Any) -> dict[str, Any]:
    hits = [n for n in walk(result["document"]) if all(n.get(k) == v for k, v in match.items())]
    assert len(hits) == 1, f"{len(hits)} nodes match {match}"
    return hits[0]
