"""Generated pages keep the invariants: hypothesis draws pages from the grammar of what real
pages do (tests/support/page_generator.py), each is captured at 1024 px, converted and placed,
and every invariant is checked.

The same 200 pages every run (derandomized; PAGEPORT_GENERATED_PAGES sets how many): the pages
that break an invariant are counted and may not be more than KNOWN_BROKEN, the count measured
when the generator landed, so a change that breaks one more page fails. PAGEPORT_SHRINK=1 makes
each break fail at once: hypothesis shrinks it to a minimal page, written to
tests/fixtures/generated/new-failure.html; renamed after what it shows, it stays a regression
test (test_kept_page_keeps_its_invariants). bench/bench_invariants.py draws 1,000 others."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from playwright.sync_api import Browser

from tests.support.corpus import Converted, CorpusPage, capture_and_convert, invariant_breaks, serve_directory
from tests.support.page_generator import Box, pages, render, write_assets
from tests.support.paths import FIXTURES
from tests.support.placement import PlacementOracle

KEPT = FIXTURES / "generated"
NEW_FAILURE = KEPT / "new-failure.html"
WIDTH = 1024
EXAMPLES = int(os.environ.get("PAGEPORT_GENERATED_PAGES", "200"))
SHRINK = os.environ.get("PAGEPORT_SHRINK") == "1"
# Of the 200 pages, how many may break an invariant: the bar. (Six did when the generator
# landed, one case: a grid the plugin painted on a background layer; kept as
# shadowed-grid-padding-binding.html; then none.) Since the in-memory Figma measures text with the
# font files (issue 45), 69 did, each a text box Figma measured another size than Chromium drew it;
# after the second session on it, 10: a paragraph in a turned box (its captured lines are the
# bounding boxes of turned lines: 3), "Visible label" wrapping in a narrow flex cell (3), Japanese
# mixed with English measuring 3 px apart (3), and a link's label breaking elsewhere (1).
KNOWN_BROKEN = 10
BROKEN: dict[str, dict[str, list[str]]] = {}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    folder = tmp_path_factory.mktemp("generated-pages")
    write_assets(folder)
    with serve_directory(folder) as url:
        yield folder, url


def check(browser: Browser, oracle: PlacementOracle, folder: Path, url: str, name: str) -> dict[str, list[str]]:
    capture_json, png, result, images, texts, cap_ms, conv_ms = capture_and_convert(browser, url, name, WIDTH)
    page = CorpusPage(name=name, kind="generated", path=name, scripts=(), color_scheme="light")
    converted = Converted(
        page, WIDTH, capture_json, png, result, images, texts["hidden"], texts["shown"], cap_ms, conv_ms
    )
    return {kind: found for kind, found in invariant_breaks(converted, oracle).items() if found}


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
@given(tree=pages())
def test_generated_page_keeps_its_invariants(
    browser: Browser, oracle: PlacementOracle, site: tuple[Path, str], tree: Box
) -> None:
    folder, url = site
    markup = render(tree)
    name = f"page-{hashlib.sha256(markup.encode()).hexdigest()[:12]}.html"
    (folder / name).write_text(markup, encoding="utf-8")
    broken = check(browser, oracle, folder, url, name)
    if broken:
        BROKEN[name] = broken
    if broken and SHRINK:
        # Hypothesis runs the smallest failing page last: that is the one left in the file.
        NEW_FAILURE.write_text(markup, encoding="utf-8")
        raise AssertionError(f"{name} (kept as {NEW_FAILURE.name}): {broken}")


def test_no_more_generated_pages_break_than_known() -> None:
    lines = [f"{name}: " + "; ".join(f"{k}: {v[:2]}" for k, v in found.items()) for name, found in BROKEN.items()]
    assert len(BROKEN) <= KNOWN_BROKEN, (
        f"{len(BROKEN)} of {EXAMPLES} pages break (known: {KNOWN_BROKEN}):\n" + "\n".join(lines)
    )


KEPT_PAGES = sorted(p for p in KEPT.glob("*.html") if p != NEW_FAILURE)


@pytest.mark.parametrize("kept", KEPT_PAGES, ids=lambda p: p.stem)
def test_kept_page_keeps_its_invariants(
    browser: Browser, oracle: PlacementOracle, site: tuple[Path, str], kept: Path
) -> None:
    folder, url = site
    shutil.copyfile(kept, folder / kept.name)
    broken = check(browser, oracle, folder, url, kept.name)
    assert not broken, f"{kept.name}: " + "; ".join(f"{kind}: {found[:3]}" for kind, found in broken.items())
