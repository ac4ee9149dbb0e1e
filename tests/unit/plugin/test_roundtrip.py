"""The plugin's result fixtures the SSIM round trip covers (the round trip itself, which runs the
plugin in Node: tests/e2e/test_roundtrip.py)."""

from __future__ import annotations

from tests.support.plugin import RESULTS_DIR

FIXTURES = sorted(p.stem for p in RESULTS_DIR.glob("*.json"))


def test_every_page_has_a_fixture() -> None:
    assert len(FIXTURES) >= 10, FIXTURES
