"""Resize benchmark: does a design reflow like its page when a designer drags its frame wider or
narrower?

Every page of the real-pages corpus (corpus/, in its own colour scheme) is served on loopback and
captured by the capture worker's own `capture_page` at its design widths (1280 and 390 px) and at
the widths a designer tries next (1280 -> 1220 and 1360; 390 -> 360 and 430). The design converted
at its own width is placed by the plugin's materializer in the in-memory Figma
(plugin/test/roundtrip/resize-server.ts, Figma's layout rules: auto layout with FILL/HUG/FIXED,
min/max, wrap, grid tracks, absolute children by their constraints, text measured with the font
files), its frame resized to the new width, read back and rendered by `pageport.render`. It is
scored with the fidelity bench's gain against the page captured at that width, beside the same
design left as a fixed picture (not resized) against the same page.

Per page and width one JSON line: the gain at the design's own width, the resized design's gain,
the fixed picture's, and the share of its own gain the resized design keeps. The LAST line is the
summary: `median` the mean share kept over every resize, `baseline_median` the fixed picture's,
goal "share kept >= 0.92 (every resize >= 0.85, ahead of the fixed picture)". A Markdown table goes
to stderr.
Run: `.venv/bin/python bench/bench_resize.py [--out DIR] [--cache DIR] [page-name-filter ...]`;
`--out DIR` writes each page's screenshots and renders; `--cache DIR` keeps captures between runs
(for working on the converter; a capture change needs a fresh cache).
"""

from __future__ import annotations

import argparse
import base64
import json
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent / "fidelity"))

import common  # noqa: F401  (puts the layer and the repository on sys.path)
import harness
from pageport.convert import convert_capture
from pageport.render import render_preview

from tests.support.corpus import PAGES_DIR, WIDTHS, CorpusPage, corpus_pages, serve_directory
from tests.support.placement import ResizeOracle

RESIZES = {1280: (1220, 1360), 390: (360, 430)}
MOBILE = 600  # px: a narrower viewport is a phone's (844 px tall, as the corpus captures 390)
MEAN_SHARE_GOAL = 0.92
MIN_SHARE_GOAL = 0.85
GOAL = f"share kept >= {MEAN_SHARE_GOAL} (every resize >= {MIN_SHARE_GOAL}, ahead of the fixed picture)"


@dataclass(frozen=True)
class ResizeScore:
    page: str
    own_width: int
    width: int
    own_gain: float
    gain: float
    fixed_gain: float

    @property
    def kept(self) -> float:
        return self.gain / self.own_gain if self.own_gain > 0 else 0.0


def _capture(browser: Any, url: str, width: int, scheme: str, cache: Path | None, key: str) -> harness.Captured:
    path = cache / f"{key}@{width}.json" if cache else None
    if path and path.exists():
        stored = json.loads(path.read_text())
        return harness.Captured(
            base64.b64decode(stored["capture"]),
            base64.b64decode(stored["screenshot"]),
            {k: base64.b64decode(v) for k, v in stored["assets"].items()},
        )
    viewport = WIDTHS.get(width, (width, 800 if width > MOBILE else 844))
    captured = harness.capture(browser, url, viewport, scheme)
    if path:
        stored = {
            "capture": base64.b64encode(captured.capture_json).decode(),
            "screenshot": base64.b64encode(captured.screenshot_png).decode(),
            "assets": {k: base64.b64encode(v).decode() for k, v in captured.assets.items()},
        }
        path.write_text(json.dumps(stored))
    return captured


def measure(
    browser: Any, oracle: ResizeOracle, base: str, page: CorpusPage, own: int, out: Path | None, cache: Path | None
) -> list[ResizeScore]:
    url = f"{base}/{page.path}"
    cap = _capture(browser, url, own, page.color_scheme, cache, page.name)
    conv = convert_capture(cap.capture_json, cap.assets)
    result = json.loads(conv.result_json)
    response = {"document": result, "images": {k: base64.b64encode(v).decode() for k, v in conv.images.items()}}
    own_png = render_preview(result, conv.images)
    own_gain = harness.gain(cap.screenshot_png, own_png).gain
    designs, images = oracle.resized(page.name, response, RESIZES[own])
    scores = []
    for width in RESIZES[own]:
        page_at = _capture(browser, url, width, page.color_scheme, cache, page.name)
        design_png = render_preview(designs[width], images)
        score = ResizeScore(
            page.name,
            own,
            width,
            own_gain,
            harness.gain(page_at.screenshot_png, design_png).gain,
            harness.gain(page_at.screenshot_png, own_png).gain,
        )
        scores.append(score)
        if out is not None:
            folder = out / f"{page.name}@{own}"
            folder.mkdir(parents=True, exist_ok=True)
            size = harness.png_size(page_at.screenshot_png)
            (folder / f"page-{width}.png").write_bytes(page_at.screenshot_png)
            (folder / f"design-{width}.png").write_bytes(harness.fit(design_png, size))
            (folder / f"heat-{width}.png").write_bytes(harness.heat_map(page_at.screenshot_png, design_png))
            (folder / "own.png").write_bytes(own_png)
            (folder / "result.json").write_bytes(conv.result_json)
        print(
            json.dumps(
                {
                    "name": f"resize/{page.name}@{own}->{width}",
                    "unit": "share of the own width's gain kept",
                    "median": round(score.kept, 4),
                    "own_gain": round(own_gain, 4),
                    "gain": round(score.gain, 4),
                    "fixed_gain": round(score.fixed_gain, 4),
                }
            ),
            flush=True,
        )
    return scores


def table(scores: list[ResizeScore]) -> str:
    rows = [
        "| page | own | → width | own gain | resized | fixed picture | kept |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for s in scores:
        gains = f"{s.own_gain:.3f} | {s.gain:.3f} | {s.fixed_gain:.3f}"
        rows.append(f"| {s.page} | {s.own_width} | {s.width} | {gains} | {s.kept:.2f} |")
    return "\n".join(rows)


def summary(scores: list[ResizeScore]) -> dict[str, object]:
    kept = statistics.fmean(s.kept for s in scores)
    fixed = statistics.fmean(s.fixed_gain / s.own_gain if s.own_gain > 0 else 0.0 for s in scores)
    return {
        "name": "resize",
        "unit": "mean share of the own width's gain a resized design keeps",
        "median": round(kept, 4),
        "baseline": "the same design as a fixed picture",
        "baseline_median": round(fixed, 4),
        "ratio": round(kept / fixed, 4) if fixed > 0 else None,
        "goal": GOAL,
        "min_kept": round(min(s.kept for s in scores), 4),
        "resizes_at_or_above_min": f"{sum(s.kept >= MIN_SHARE_GOAL for s in scores)}/{len(scores)}",
        "resizes_ahead_of_fixed": f"{sum(s.gain > s.fixed_gain for s in scores)}/{len(scores)}",
        "mean_gain_resized": round(statistics.fmean(s.gain for s in scores), 4),
        "mean_gain_own": round(statistics.fmean(s.own_gain for s in scores), 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--cache", type=Path)
    parser.add_argument("--width", type=int, choices=sorted(RESIZES))
    parser.add_argument("pages", nargs="*", help="only corpus pages whose name contains one of these")
    args = parser.parse_args()
    if args.cache:
        args.cache.mkdir(parents=True, exist_ok=True)
    pages = [p for p in corpus_pages() if not args.pages or any(f in p.name for f in args.pages)]
    widths = [args.width] if args.width else sorted(RESIZES, reverse=True)
    scores: list[ResizeScore] = []
    with serve_directory(PAGES_DIR) as base, harness.chromium() as browser, ResizeOracle() as oracle:
        for page in pages:
            for own in widths:
                try:
                    scores.extend(measure(browser, oracle, base, page, own, args.out, args.cache))
                except Exception as e:  # one page's failure is reported, the run goes on
                    print(f"{page.name}@{own}: {type(e).__name__}: {e}", file=sys.stderr, flush=True)
    print(table(scores), file=sys.stderr)
    print(json.dumps(summary(scores)), flush=True)


if __name__ == "__main__":
    main()
