"""Benchmark capture_page against the floor: bare Playwright goto + full-page screenshot.

    .venv/bin/python bench/bench_capture.py [--rounds N]

Both run on the fixture pages (tests/fixtures/capture, served on 127.0.0.1) in one warm
browser, interleaved so they share the machine's load. Each sample includes creating and
closing a fresh context and page, as the worker does per job. Prints a table per page, then
as the LAST line one JSON object: name, unit, median, baseline, baseline_median, ratio, goal.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

sys.path[:0] = [
    str(Path(__file__).resolve().parent.parent),
    str(Path(__file__).resolve().parent.parent / "layers" / "pageport" / "python"),
]

from pageport.capture.capture import CaptureRequest, capture_page  # noqa: E402

from tests.chromium.capture.site import launch_kwargs, serve_fixtures  # noqa: E402

PAGES = ("basic.html", "lazy.html", "ready.html", "tall.html", "big.html?n=500")
WIDTH, HEIGHT, SCALE = 1280, 800, 1


def floor_once(browser: Browser, url: str) -> float:
    start = time.perf_counter()
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=SCALE)
    try:
        page = context.new_page()
        page.goto(url, wait_until="load")
        page.screenshot(full_page=True, type="png")
    finally:
        context.close()
    return time.perf_counter() - start


def capture_once(browser: Browser, url: str) -> float:
    start = time.perf_counter()
    capture_page(CaptureRequest(url, WIDTH, HEIGHT, SCALE), browser=browser)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5, help="samples per page and method")
    args = parser.parse_args()
    captures: list[float] = []
    floors: list[float] = []
    with tempfile.TemporaryDirectory() as home, serve_fixtures() as base, sync_playwright() as p:
        browser = p.chromium.launch(**launch_kwargs(home))
        print(f"{'page':<18} {'capture s':>10} {'floor s':>9} {'ratio':>6}")
        for name in PAGES:
            url = base + name
            capture_once(browser, url)  # warm caches and code paths
            floor_once(browser, url)
            page_captures, page_floors = [], []
            for _ in range(args.rounds):
                page_floors.append(floor_once(browser, url))
                page_captures.append(capture_once(browser, url))
            c, f = statistics.median(page_captures), statistics.median(page_floors)
            print(f"{name:<18} {c:>10.3f} {f:>9.3f} {c / f:>6.2f}")
            captures += page_captures
            floors += page_floors
        browser.close()
    median = statistics.median(captures)
    baseline_median = statistics.median(floors)
    print(
        f"all pages: capture median {median:.3f} s, floor median {baseline_median:.3f} s, "
        f"{60 / median:.1f} pages/min per worker (floor {60 / baseline_median:.1f})"
    )
    print(
        json.dumps(
            {
                "name": "capture_page seconds per page (fixture pages, warm browser)",
                "unit": "s",
                "median": round(median, 4),
                "baseline": "Playwright new_context + goto(load) + full-page screenshot, same browser",
                "baseline_median": round(baseline_median, 4),
                "ratio": round(median / baseline_median, 3),
                "goal": "ratio <= 2",
            }
        )
    )


if __name__ == "__main__":
    main()
