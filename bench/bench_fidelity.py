"""Fidelity benchmark: how much of the way from a blank frame to a perfect copy a design closes.

Every page in bench/fidelity/pages (our fixture pages `NAME.html`, and whole sites
`NAME/index.html`: the three published templates and the Font Awesome page), and every page of
the real-pages corpus (corpus/, in its own colour scheme; `--no-corpus` leaves it out) is served on
loopback and captured by the capture worker's own `capture_page` (system Chromium, scale 1) at
1280 px and at 390 px, and, for a page with a dark theme of its own (a dark media query or a
theme switch), dark at both widths too (`NAME@WIDTH-dark`; the peer sees the same scheme).
The capture is converted, and the design rendered by `pageport.render`,
which draws each text in the family the design names (the font Figma will use). The peer
(`@builder.io/html-to-figma@0.0.3`, installed into bench/fidelity/node_modules by npm when
missing) runs its browser bundle on the same page in the same Chromium, and its layers go
through the same renderer.

Per page and width, against the page's full-height screenshot:
- gain: (SSIM(design) - SSIM(blank)) / (1 - SSIM(blank)), grayscale, where the blank is a
  white frame of the page's size; the share of the gap to a perfect copy that a design closes.
- text recall: the page's visible words found in the design's text nodes.
- auto layout: the flex containers that kept auto layout, of all flex containers.

Each page prints one JSON line; the LAST line is the summary (mean gain ours vs peer, goal
"ratio >= 1", beside `mean_gain` with its goal ">= 0.82"). A Markdown table of every page goes
to stderr, and the corpus's distribution per width (mean, 10th percentile, the worst page).
Run: `.venv/bin/python bench/bench_fidelity.py [--out DIR] [--width W] [--no-corpus] [page ...]`;
`--out DIR` writes, per page, the reference screenshot, our render, the peer's render and a
diff heat map of each.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "fidelity"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import harness
from pageport.convert import convert_capture
from pageport.convert.layout import auto_layout_share
from pageport.render import render_preview

from tests.support.corpus import PAGES_DIR, corpus_pages

BASELINE = f"{harness.PEER_PACKAGE}@{harness.PEER_VERSION}"
MEAN_GAIN_GOAL = 0.82
MIN_GAIN_GOAL = 0.70
TEXT_RECALL_GOAL = 0.98


@dataclass(frozen=True)
class PageScore:
    page: str
    width: int
    scheme: str
    gain: float
    peer_gain: float
    text_recall: float
    peer_text_recall: float
    auto_layout_kept: int
    flex_containers: int
    warnings: int


def _ratio(ours: float, peer: float) -> float | None:
    return round(ours / peer, 4) if peer > 0 else None


def measure(
    browser: object,
    base: str,
    name: str,
    viewport: tuple[int, int],
    out: Path | None,
    scheme: str = "light",
    path: str | None = None,
) -> PageScore:
    url = f"{base}/{path or harness.page_path(name)}"
    cap = harness.capture(browser, url, viewport, scheme)
    conv = convert_capture(cap.capture_json, cap.assets)
    result = json.loads(conv.result_json)
    ours_png = render_preview(result, conv.images)
    peer_tree, peer_images = harness.run_peer(browser, url, viewport, scheme)
    peer_png = render_preview(peer_tree, peer_images)
    ours = harness.gain(cap.screenshot_png, ours_png)
    peer = harness.gain(cap.screenshot_png, peer_png)
    page_words = harness.visible_words(cap.capture_json)
    kept, flex = auto_layout_share(result)
    score = PageScore(
        page=name,
        width=viewport[0],
        scheme=scheme,
        gain=ours.gain,
        peer_gain=peer.gain,
        text_recall=harness.text_recall(page_words, harness.design_words(result)),
        peer_text_recall=harness.text_recall(page_words, harness.design_words(peer_tree)),
        auto_layout_kept=kept,
        flex_containers=flex,
        warnings=conv.warning_count,
    )
    if out is not None:
        folder = out / f"{name}@{viewport[0]}{_suffix(scheme)}"
        folder.mkdir(parents=True, exist_ok=True)
        size = harness.png_size(cap.screenshot_png)
        (folder / "screenshot.png").write_bytes(cap.screenshot_png)
        (folder / "ours.png").write_bytes(harness.fit(ours_png, size))
        (folder / "peer.png").write_bytes(harness.fit(peer_png, size))
        (folder / "ours-heat.png").write_bytes(harness.heat_map(cap.screenshot_png, ours_png))
        (folder / "peer-heat.png").write_bytes(harness.heat_map(cap.screenshot_png, peer_png))
        (folder / "capture.json").write_bytes(cap.capture_json)
        (folder / "result.json").write_bytes(conv.result_json)
        (folder / "peer.json").write_text(json.dumps(peer_tree))
        (folder / "warnings.json").write_text(json.dumps(conv.warnings, indent=1))
    print(
        json.dumps(
            {
                "name": f"fidelity/{name}@{viewport[0]}{_suffix(scheme)}",
                "unit": "gain (share of the gap from a blank frame to a perfect copy, 0..1)",
                "median": round(ours.gain, 4),
                "baseline": BASELINE,
                "baseline_median": round(peer.gain, 4),
                "ratio": _ratio(ours.gain, peer.gain),
                "goal": "ratio >= 1",
                "ssim": round(ours.ssim, 4),
                "peer_ssim": round(peer.ssim, 4),
                "blank_ssim": round(ours.blank_ssim, 4),
                "text_recall": round(score.text_recall, 4),
                "peer_text_recall": round(score.peer_text_recall, 4),
                "auto_layout": f"{kept}/{flex}",
                "warnings": conv.warning_count,
            }
        ),
        flush=True,
    )
    return score


def _suffix(scheme: str) -> str:
    return "" if scheme == "light" else f"-{scheme}"


def table(scores: list[PageScore]) -> str:
    rows = [
        "| page | width | gain | peer gain | text recall | peer text recall | auto layout kept | warnings |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for s in scores:
        rows.append(
            f"| {s.page} | {s.width}{_suffix(s.scheme)} | {s.gain:.3f} | {s.peer_gain:.3f} | {s.text_recall:.3f} | "
            f"{s.peer_text_recall:.3f} | {s.auto_layout_kept}/{s.flex_containers} | {s.warnings} |"
        )
    return "\n".join(rows)


def distribution(scores: list[PageScore]) -> str:
    """Mean, 10th percentile and the worst page of the gain, per width: where fidelity is lowest."""
    lines = []
    for width in sorted({s.width for s in scores}, reverse=True):
        at = sorted((s for s in scores if s.width == width), key=lambda s: s.gain)
        gains = [s.gain for s in at]
        p10 = statistics.quantiles(gains, n=10)[0] if len(gains) >= 2 else gains[0]
        worst = at[0]
        lines.append(
            f"{width} px: mean {statistics.fmean(gains):.3f}, 10th percentile {p10:.3f}, "
            f"worst {worst.page}{_suffix(worst.scheme)} {worst.gain:.3f}, behind the peer on "
            f"{sum(s.gain <= s.peer_gain for s in at)} of {len(at)}"
        )
    return "\n".join(lines)


def summary(scores: list[PageScore]) -> dict[str, object]:
    ours = statistics.fmean(s.gain for s in scores)
    peer = statistics.fmean(s.peer_gain for s in scores)
    kept = sum(s.auto_layout_kept for s in scores)
    flex = sum(s.flex_containers for s in scores)
    return {
        "name": "fidelity",
        "unit": "mean gain over pages and widths (share of the gap from a blank frame to a perfect copy)",
        "median": round(ours, 4),
        "baseline": BASELINE,
        "baseline_median": round(peer, 4),
        "ratio": _ratio(ours, peer),
        "goal": "ratio >= 1",
        "mean_gain": round(ours, 4),
        "mean_gain_goal": f">= {MEAN_GAIN_GOAL:.2f}",
        "min_gain": round(min(s.gain for s in scores), 4),
        "min_gain_goal": f">= {MIN_GAIN_GOAL:.2f}",
        "pages_ahead_of_peer": f"{sum(s.gain > s.peer_gain for s in scores)}/{len(scores)}",
        "pages_ahead_goal": "every page",
        "min_text_recall": round(min(s.text_recall for s in scores), 4),
        "text_recall_goal": f">= {TEXT_RECALL_GOAL:.2f} on every page",
        "auto_layout_kept_share": round(kept / flex, 4) if flex else None,
        "pages": len(scores),
        "dark_pages": sum(s.scheme == "dark" for s in scores),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pages", nargs="*", help="page names (default: all)")
    parser.add_argument("--out", type=Path, help="write screenshots, renders and heat maps here")
    parser.add_argument("--width", type=int, action="append", help="only these viewport widths (1280, 390)")
    parser.add_argument("--no-corpus", action="store_true", help="our fixture pages only, not the corpus (corpus/)")
    args = parser.parse_args()
    names = args.pages or harness.page_names()
    viewports = [v for v in harness.VIEWPORTS if not args.width or v[0] in args.width]
    harness.ensure_peer()
    scores: list[PageScore] = []
    corpus = [] if args.no_corpus else [p for p in corpus_pages() if not args.pages or p.name in args.pages]
    with harness.chromium() as browser:
        with harness.serve_pages() as base:
            for name in [n for n in names if n in harness.page_names()]:
                schemes = ["light", "dark"] if harness.has_dark_theme(name) else ["light"]
                for scheme in schemes:
                    for viewport in viewports:
                        scores.append(measure(browser, base, name, viewport, args.out, scheme))
        with harness.serve_pages(PAGES_DIR) as base:
            for page in corpus:
                for viewport in viewports:
                    scores.append(measure(browser, base, page.name, viewport, args.out, page.color_scheme, page.path))
    print(table(scores), file=sys.stderr)
    if corpus:
        corpus_names = {p.name for p in corpus}
        print("corpus fidelity:\n" + distribution([s for s in scores if s.page in corpus_names]), file=sys.stderr)
    print(json.dumps(summary(scores)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
