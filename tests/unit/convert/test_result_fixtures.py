"""The plugin's result fixtures (plugin/test/fixtures/results) match what the converter makes
of the committed captures (tests/fixtures/pages/captures), and keep the image guarantees."""

from __future__ import annotations

import base64
import importlib.util
import json
import sys
from types import ModuleType
from typing import Any

import pytest

from tests.support.image_checks import assert_images_consistent
from tests.support.paths import REPO_ROOT

ROOT = REPO_ROOT


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_fixtures", ROOT / "scripts" / "make_fixtures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_fixtures", module)
    spec.loader.exec_module(module)
    return module


fixtures = _load_script()
PAGES = sorted(fixtures.pages())
SITES = sorted(fixtures.SITES)


def test_every_page_has_a_capture_and_a_result_and_nothing_else() -> None:
    captures = sorted(p.name for p in fixtures.CAPTURES.iterdir() if p.is_dir()) if fixtures.CAPTURES.exists() else []
    results = sorted(p.stem for p in fixtures.RESULTS.glob("*.json"))
    assert captures == fixtures.fixture_names(), "captures do not match the fixture pages: run `make fixtures`"
    assert results == fixtures.fixture_names(), "results do not match the fixture pages: run `make fixtures`"
    # The pages the plugin needs are there (bench pages may grow; these must not go away).
    assert {"formats", "wide", "images", "svg"} <= set(PAGES)


@pytest.mark.parametrize("name", PAGES)
def test_committed_result_is_what_the_converter_makes(name: str) -> None:
    capture_json, assets = fixtures.load_capture(name)
    committed = (fixtures.RESULTS / f"{name}.json").read_text(encoding="utf-8")
    fresh = fixtures.dumps(fixtures.response(name, capture_json, assets))
    assert fresh == committed, f"{name}: stale: run `make fixtures`"


@pytest.mark.parametrize("name", SITES)
def test_committed_site_result_is_what_the_converter_makes_of_its_variants(name: str) -> None:
    committed = (fixtures.RESULTS / f"{name}.json").read_text(encoding="utf-8")
    assert fixtures.dumps(fixtures.site_response(name)) == committed, f"{name}: stale: run `make fixtures`"
    variants = sorted(p.name for p in (fixtures.CAPTURES / name).iterdir())
    assert variants == sorted(f"{b}-{t}" for b, _, t in fixtures.SITES[name][1])


@pytest.mark.parametrize("name", PAGES + SITES)
def test_committed_result_has_the_api_shape_and_image_guarantees(name: str) -> None:
    body: dict[str, Any] = json.loads((fixtures.RESULTS / f"{name}.json").read_text(encoding="utf-8"))
    assert sorted(body) == ["code2desId", "document", "images", "nextCursor", "warningCount"]
    assert body["nextCursor"] is None
    assert body["code2desId"] == fixtures.code2des_id(name)
    result = body["document"]
    assert body["warningCount"] == len(result["warnings"])
    images = {sha: base64.b64decode(b64, validate=True) for sha, b64 in body["images"].items()}
    assert_images_consistent(result, images)


def test_fixtures_exercise_what_the_plugin_must_handle() -> None:
    def load(name: str) -> dict[str, Any]:
        body: dict[str, Any] = json.loads((fixtures.RESULTS / f"{name}.json").read_text(encoding="utf-8"))
        return body

    wide = load("wide")
    assert any(meta["width"] > 4096 for meta in wide["document"]["images"].values())
    formats = load("formats")["document"]
    mimes = {meta["mime"] for meta in formats["images"].values()}
    assert mimes == {"image/png"}  # WebP, BMP and ICO, all re-encoded
    svgs = [n for n in _walk(formats["document"]) if n["type"] == "VECTOR" and "svg" in n.get("pageport", {})]
    # <img src=svg>, the centred background, the tiles of the repeated one, the ::before content.
    assert len(svgs) >= 4


def _walk(node: dict[str, Any]) -> list[dict[str, Any]]:
    out = [node]
    for child in node.get("children", []):
        out.extend(_walk(child))
    return out
