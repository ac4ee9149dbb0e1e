"""The real-pages corpus (corpus/): its pages served on loopback, captured by the capture
worker's own `capture_page`, converted, and what the page itself shows, read independently of
the walker, for the invariants (pageport.convert.invariants) to check the result against.

Used by tests/invariants/ and bench/bench_invariants.py (and the fidelity bench's --corpus)."""

from __future__ import annotations

import base64
import contextlib
import functools
import http.server
import json
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from tests.support.paths import REPO_ROOT
from tests.support.placement import PlacementOracle

CORPUS_DIR = REPO_ROOT / "corpus"
PAGES_DIR = CORPUS_DIR / "pages"
WIDTHS = {1280: (1280, 800), 390: (390, 844)}


@dataclass(frozen=True)
class CorpusPage:
    name: str
    kind: str
    path: str  # under PAGES_DIR
    scripts: tuple[str, ...]
    color_scheme: Literal["light", "dark"]


def corpus_pages() -> list[CorpusPage]:
    manifest = json.loads((CORPUS_DIR / "corpus.json").read_text(encoding="utf-8"))
    return [
        CorpusPage(
            name=e["name"],
            kind=e["kind"],
            path=f"{e['name']}/{e['page']}",
            scripts=tuple(e["scripts"]),
            color_scheme=e.get("colorScheme", "light"),
        )
        for e in manifest["pages"]
    ]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve_directory(root: Path) -> Iterator[str]:
    """`root` over HTTP on loopback, until the block ends."""
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


# What the page shows, read by a rule of our own rather than the walker's: the text of every
# text node whose element a reader cannot see (display:none or visibility:hidden or opacity:0 on
# it or an ancestor, clipped to nothing by clip or clip-path, inside a box of at most 1x1 px
# whose overflow is hidden: the sr-only pattern), and the text of every one that is seen.
PAGE_TEXTS_JS = r"""() => {
  const hiddenBy = new Map();
  // visibility is inherited and a descendant may set it back: only the text's own element's counts.
  const isHidden = (el) => {
    if (hiddenBy.has(el)) return hiddenBy.get(el);
    let hidden = false;
    const s = getComputedStyle(el);
    const positioned = s.position === "absolute" || s.position === "fixed";
    if (s.display === "none" || parseFloat(s.opacity) === 0) hidden = true;
    else if (positioned && /^rect\(\s*0(px)?[\s,]+0(px)?[\s,]+0(px)?[\s,]+0(px)?\s*\)$/.test(s.clip)) hidden = true;
    else if (/inset\(\s*50%/.test(s.clipPath)) hidden = true;
    else {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 && r.height <= 1 && s.overflow !== "visible" && el.textContent.trim()) hidden = true;
    }
    if (!hidden && el.parentElement) hidden = isHidden(el.parentElement);
    hiddenBy.set(el, hidden);
    return hidden;
  };
  const hidden = [], shown = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const text = t.data.replace(/\s+/g, " ").trim();
    const el = t.parentElement;
    if (!text || !el || ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "TITLE"].includes(el.tagName)) continue;
    (isHidden(el) || getComputedStyle(el).visibility !== "visible" ? hidden : shown).push(text);
  }
  return { hidden, shown };
}"""


@dataclass
class Converted:
    """One corpus page at one width: the capture, the result and what the page showed."""

    page: CorpusPage
    width: int
    capture_json: bytes
    screenshot_png: bytes
    result: dict[str, Any]
    images: dict[str, bytes]
    hidden_texts: list[str]
    shown_texts: list[str]
    capture_ms: float
    convert_ms: float

    def response(self) -> dict[str, Any]:
        """The result as the API returns it (GET .../result): the document and its images."""
        return {"document": self.result, "images": {k: base64.b64encode(v).decode() for k, v in self.images.items()}}


def capture_and_convert(
    browser: Any, base_url: str, path: str, width: int, color_scheme: Literal["light", "dark"] = "light"
) -> tuple[bytes, bytes, dict[str, Any], dict[str, bytes], dict[str, list[str]], float, float]:
    """Capture `path` as the worker does, convert it, and read the page's own texts."""
    import time

    from pageport.capture.capture import CaptureRequest, capture_page
    from pageport.convert import convert_capture

    vw, vh = WIDTHS.get(width, (width, 800))
    url = f"{base_url}/{path}"
    start = time.perf_counter()
    with contextlib.redirect_stdout(open(os.devnull, "w")):
        bundle = capture_page(
            CaptureRequest(url=url, viewport_width=vw, viewport_height=vh, color_scheme=color_scheme), browser=browser
        )
    captured = time.perf_counter()
    conv = convert_capture(bundle.capture_json, dict(bundle.assets))
    converted = time.perf_counter()
    texts = page_texts(browser, url, (vw, vh), color_scheme)
    result = json.loads(conv.result_json)
    return (
        bundle.capture_json,
        bundle.screenshot_png,
        result,
        dict(conv.images),
        texts,
        (captured - start) * 1000,
        (converted - captured) * 1000,
    )


def page_texts(
    browser: Any, url: str, viewport: tuple[int, int], color_scheme: Literal["light", "dark"]
) -> dict[str, list[str]]:
    context = browser.new_context(
        viewport={"width": viewport[0], "height": viewport[1]}, device_scale_factor=1, color_scheme=color_scheme
    )
    try:
        tab = context.new_page()
        tab.goto(url, wait_until="load")
        texts: dict[str, list[str]] = tab.evaluate(PAGE_TEXTS_JS)
        return texts
    finally:
        context.close()


def invariant_breaks(
    c: Converted, oracle: PlacementOracle, advance_scales: tuple[float, ...] = ()
) -> dict[str, list[str]]:
    """Every invariant's breaks on one converted page (an empty list each: it keeps them);
    `advance_scales`: also count the wrapped texts that keep their lines so (oracle.kept)."""
    from pageport.capture.schema import CaptureDocument
    from pageport.convert.invariants import binding_breaks, font_breaks, hidden_text_breaks

    doc = CaptureDocument.model_validate_json(c.capture_json)
    web = [f.family for f in doc.fonts if f.url and f.status == "loaded"]
    return {
        "placement": oracle.breaks(c.page.name, c.response(), advance_scales),
        "bindings": binding_breaks(c.result),
        "hidden": hidden_text_breaks(c.result, c.hidden_texts, c.shown_texts),
        "fonts": font_breaks(c.result, web),
    }


def convert_corpus_page(browser: Any, base_url: str, page: CorpusPage, width: int) -> Converted:
    capture_json, png, result, images, texts, cap_ms, conv_ms = capture_and_convert(
        browser, base_url, page.path, width, page.color_scheme
    )
    return Converted(page, width, capture_json, png, result, images, texts["hidden"], texts["shown"], cap_ms, conv_ms)
