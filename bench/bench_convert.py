"""Conversion speed: convert_capture vs the floor of json.loads + json.dumps of the same capture.

Captures every fidelity page once (system Chromium, via `capture_page`), then times, in the
same run and interleaved, `convert_capture(capture_json, assets)` against
`json.dumps(json.loads(capture_json))` (reading and writing the same bytes is the least any
converter must do). Prints one JSON line per page and, LAST, the summary (median of per-page
ratios). Run: `.venv/bin/python bench/bench_convert.py [--repeat N] [page ...]`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "fidelity"))

import harness
from pageport.convert import convert_capture


def _median_times(fns: list[Callable[[], object]], repeat: int) -> list[float]:
    """Median wall time of each fn, sampled alternately so that all see the same machine load."""
    samples: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for fn, out in zip(fns, samples, strict=True):
            start = time.perf_counter()
            fn()
            out.append(time.perf_counter() - start)
    return [statistics.median(s) for s in samples]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("pages", nargs="*")
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    names = args.pages or harness.page_names()
    captures: dict[str, harness.Captured] = {}
    with harness.serve_pages() as base, harness.chromium() as browser:
        for name in names:
            captures[name] = harness.capture(browser, f"{base}/{harness.page_path(name)}")
    ratios = []
    ours_all, floor_all = [], []
    for name, cap in captures.items():
        data, assets = cap.capture_json, cap.assets
        convert_capture(data, assets)  # warm caches and imports
        ours, floor = _median_times(
            [
                lambda d=data, a=assets: convert_capture(d, a),  # type: ignore[misc]
                lambda d=data: json.dumps(json.loads(d)),  # type: ignore[misc]
            ],
            args.repeat,
        )
        ratios.append(ours / floor)
        ours_all.append(ours)
        floor_all.append(floor)
        print(
            json.dumps(
                {
                    "name": f"convert/{name}",
                    "unit": "ms",
                    "median": round(ours * 1e3, 3),
                    "baseline": "json.loads+json.dumps of capture.json",
                    "baseline_median": round(floor * 1e3, 3),
                    "ratio": round(ours / floor, 3),
                    "goal": "ratio <= 5",
                    "capture_bytes": len(data),
                }
            ),
            flush=True,
        )
    print(
        json.dumps(
            {
                "name": "convert",
                "unit": "ms",
                "median": round(statistics.median(ours_all) * 1e3, 3),
                "baseline": "json.loads+json.dumps of capture.json",
                "baseline_median": round(statistics.median(floor_all) * 1e3, 3),
                "ratio": round(statistics.median(ratios), 3),
                "goal": "ratio <= 5",
                "pages": len(ratios),
                "worst_ratio": round(max(ratios), 3),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
