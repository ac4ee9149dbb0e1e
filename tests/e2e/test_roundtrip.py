"""Every fixture result, placed by the plugin's materializer in the in-memory Figma and read
back into the result's shape, renders like the result itself (SSIM >= 0.99 with the same
preview renderer): what the designer gets is what the converter produced."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path
from typing import Any

import pytest
from pageport.render import render_preview
from pageport.render.similarity import ssim
from PIL import Image

from tests.support.plugin import RESULTS_DIR, run_vitest
from tests.unit.plugin.test_roundtrip import FIXTURES

MIN_SSIM = 0.99


def _images(encoded: dict[str, str]) -> dict[str, bytes]:
    return {key: base64.b64decode(value) for key, value in encoded.items()}


@pytest.fixture(scope="module")
def read_backs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("roundtrip")
    run = run_vitest("test/roundtrip.test.ts", env={"PAGEPORT_ROUNDTRIP_OUT": str(out)})
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    return out


@pytest.mark.parametrize("name", FIXTURES)
def test_read_back_renders_like_the_result(read_backs: Path, name: str) -> None:
    response: dict[str, Any] = json.loads((RESULTS_DIR / f"{name}.json").read_text())
    original = render_preview(response["document"], _images(response["images"]))
    placed_tree: dict[str, Any] = json.loads((read_backs / f"{name}.json").read_text())
    placed = render_preview(placed_tree, _images(placed_tree["images"]))
    with Image.open(io.BytesIO(original)) as a, Image.open(io.BytesIO(placed)) as b:
        assert a.size == b.size, f"{name}: placed design is {b.size}, the result {a.size}"
    score = ssim(original, placed)
    assert score >= MIN_SSIM, f"{name}: SSIM {score:.4f} < {MIN_SSIM}"
