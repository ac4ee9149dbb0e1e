"""Reading converted results in tests: convert a capture, walk the tree, find one node."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from pageport.convert import Conversion, convert_capture

from tests.support.paths import FIXTURES as TEST_FIXTURES

FIXTURES = TEST_FIXTURES / "convert"


def convert(data: bytes, assets: dict[str, bytes] | None = None) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(convert_capture(data, assets or {}).result_json)
    return result


def conversion(data: bytes, assets: dict[str, bytes] | None = None) -> Conversion:
    return convert_capture(data, assets or {})


def walk(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield node
    for child in node.get("children", []):
        yield from walk(child)


def find(result: dict[str, Any], **match: Any) -> dict[str, Any]:
    hits = [n for n in walk(result["document"]) if all(n.get(k) == v for k, v in match.items())]
    assert len(hits) == 1, f"{len(hits)} nodes match {match}"
    return hits[0]
