"""Every corpus page (corpus/), captured at 1280 px as the capture worker does and converted,
keeps the invariants: the plugin places it exactly (its read-back equals the result field by
field), bound values are the values, nothing the page hides is drawn, and every text is in a
font Figma has that draws its script. `bench/bench_invariants.py` runs both widths and counts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.support.corpus import (
    PAGES_DIR,
    Converted,
    CorpusPage,
    convert_corpus_page,
    corpus_pages,
    invariant_breaks,
    serve_directory,
)
from tests.support.placement import PlacementOracle

WIDTH = 1280
# Pages whose result names an instance the plugin places as a plain frame, because Figma's layout
# of the instance would move a layer (its hugging code block or list item re-sized): the converter's
# component fit does not yet model it. Strict: once a page keeps every invariant, drop it here.
KNOWN_BREAKS = {
    "libreoffice-help-hi": "a list item instance would move its text by 9.7 px; placed as a plain frame",
    "mdl-android": "a nav column instance would move a link by 4.3 px; placed as a plain frame",
    "pico-classless": "two code-block instances would move by 167 and 217 px; placed as plain frames",
}
PAGES = [
    pytest.param(page, id=page.name, marks=pytest.mark.xfail(reason=KNOWN_BREAKS[page.name], strict=True))
    if page.name in KNOWN_BREAKS
    else pytest.param(page, id=page.name)
    for page in corpus_pages()
]


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with serve_directory(PAGES_DIR) as url:
        yield url


@pytest.fixture(scope="module")
def converted(browser: Browser, base_url: str) -> dict[str, Converted]:
    return {page.name: convert_corpus_page(browser, base_url, page, WIDTH) for page in corpus_pages()}


def test_the_corpus_is_forty_pages_of_ten_kinds_in_several_scripts() -> None:
    pages = corpus_pages()
    assert len(pages) >= 40
    assert len({p.kind for p in pages}) >= 10
    assert {"Jpan", "Hans", "Arab", "Deva"} <= {s for p in pages for s in p.scripts}


@pytest.mark.parametrize("page", PAGES)
def test_result_keeps_its_invariants(
    converted: dict[str, Converted], oracle: PlacementOracle, page: CorpusPage
) -> None:
    found = invariant_breaks(converted[page.name], oracle)
    broken = {kind: breaks for kind, breaks in found.items() if breaks}
    assert not broken, f"{page.name}: " + "; ".join(f"{k}: {len(b)}, first {b[:3]}" for k, b in broken.items())
