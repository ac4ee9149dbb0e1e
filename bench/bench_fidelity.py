"""Fidelity benchmark: Pageport's converter vs BuilderIO's html-to-figma, same renderer.

For each page in bench/fidelity/pages: capture it with the capture worker's `capture_page`
(system Chromium, 1280x800, scale 1), convert the capture, render the Figma tree with
`pageport.render`, and compare with the capture's screenshot by SSIM and by a
Design2Code-style text-block score. The peer (`@builder.io/html-to-figma@0.0.3`, installed
into bench/fidelity/node_modules by npm when missing) runs its browser bundle on the same page
in the same Chromium; its layers go through the same renderer and the same scores.

Each page prints one JSON line (score = mean of SSIM and text score; ratio = ours / peer); the
LAST line is the summary over all pages. Run: `.venv/bin/python bench/bench_fidelity.py
[--out DIR] [page ...]`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "fidelity"))

import harness
from pageport.convert import convert_capture
from pageport.render import render_preview

BASELINE = f"{harness.PEER_PACKAGE}@{harness.PEER_VERSION}"


def _line(name: str, ours: float, peer: float, **extra: object) -> str:
    row = {
        "name": name,
        "unit": "score (mean of SSIM and text-block score, 0..1)",
        "median": round(ours, 4),
        "baseline": BASELINE,
        "baseline_median": round(peer, 4),
        "ratio": round(ours / peer, 4) if peer else None,
        "goal": "ratio >= 1",
        **extra,
    }
    return json.dumps(row, sort_keys=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("pages", nargs="*", help="page names (default: all)")
    parser.add_argument("--out", type=Path, help="write previews and results here")
    args = parser.parse_args()
    names = args.pages or harness.page_names()
    harness.ensure_peer()
    ours_scores: list[float] = []
    peer_scores: list[float] = []
    details: dict[str, dict[str, float]] = {}
    with harness.serve_pages() as base, harness.chromium() as browser:
        for name in names:
            url = f"{base}/{name}.html"
            cap = harness.capture(browser, url)
            conv = convert_capture(cap.capture_json, cap.assets)
            result = json.loads(conv.result_json)
            ours_png = render_preview(result, conv.images)
            peer_tree, peer_images = harness.run_peer(browser, url)
            peer_png = render_preview(peer_tree, peer_images)
            ref = harness.reference_blocks(cap.capture_json)
            width = float(harness.VIEWPORT[0])
            o_ssim = harness.ssim(cap.screenshot_png, ours_png)
            p_ssim = harness.ssim(cap.screenshot_png, peer_png)
            o_text = harness.text_score(ref, harness.candidate_blocks(result), width)
            p_text = harness.text_score(ref, harness.candidate_blocks(peer_tree), width)
            ours = (o_ssim + o_text["score"]) / 2
            peer = (p_ssim + p_text["score"]) / 2
            ours_scores.append(ours)
            peer_scores.append(peer)
            details[name] = {"ssim": o_ssim, "peer_ssim": p_ssim, "text": o_text["score"], "peer_text": p_text["score"]}
            if args.out:
                out = args.out / name
                out.mkdir(parents=True, exist_ok=True)
                (out / "screenshot.png").write_bytes(cap.screenshot_png)
                (out / "ours.png").write_bytes(ours_png)
                (out / "peer.png").write_bytes(peer_png)
                (out / "result.json").write_bytes(conv.result_json)
                (out / "peer.json").write_text(json.dumps(peer_tree))
            print(
                _line(
                    f"fidelity/{name}",
                    ours,
                    peer,
                    ssim=round(o_ssim, 4),
                    peer_ssim=round(p_ssim, 4),
                    text=round(o_text["score"], 4),
                    peer_text=round(p_text["score"], 4),
                    text_parts={k: round(v, 3) for k, v in o_text.items()},
                    peer_text_parts={k: round(v, 3) for k, v in p_text.items()},
                    warnings=conv.warning_count,
                ),
                flush=True,
            )
    ours_mean = statistics.fmean(ours_scores)
    peer_mean = statistics.fmean(peer_scores)
    print(
        _line(
            "fidelity",
            ours_mean,
            peer_mean,
            pages=len(names),
            ssim=round(statistics.fmean(d["ssim"] for d in details.values()), 4),
            peer_ssim=round(statistics.fmean(d["peer_ssim"] for d in details.values()), 4),
            text=round(statistics.fmean(d["text"] for d in details.values()), 4),
            peer_text=round(statistics.fmean(d["peer_text"] for d in details.values()), 4),
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
