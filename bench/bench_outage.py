"""What a database outage costs once it is over: a batch on the local stack whose PostgreSQL is
stopped for 90 s in the middle, against the same number of pages with no outage.

    .venv/bin/python bench/bench_outage.py [--pages N] [--away S]

One `pageport dev` (workers on, private targets allowed) on a throwaway data dir. A batch of N
pages (30); once 6 are done the embedded PostgreSQL is stopped for `--away` seconds, then
started. The figure is the time from its return to the batch's end (every page complete). The
baseline is a batch of as many pages as were left at the stop, with no outage, from its creation
to its end, in the same stack. Also printed: captures per page of the outage batch (goal 1.0:
the worker reports again, it never captures again). The LAST line is one JSON object. About
3 minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

from bench_e2e import VIEWPORT, Stack, serve_site
from common import emit, result

from tests.support.embedded_database import EmbeddedDatabase

STOP_AFTER = 6
BATCH_TIMEOUT_S = 600


def _batch(stack: Stack, urls: list[str]) -> str:
    body = {
        "id": str(uuid.uuid4()),
        "type": "page_import",
        "requests": [{"url": u, "viewport": VIEWPORT} for u in urls],
    }
    return str(stack.call("POST", "/page-batches", body)["id"])


def _counts(stack: Stack, batch_id: str) -> dict[str, int]:
    counts: dict[str, int] = stack.call("GET", f"/page-batches/{batch_id}")["counts"]
    return counts


def _until(stack: Stack, batch_id: str, done: Any) -> dict[str, int]:
    deadline = time.monotonic() + BATCH_TIMEOUT_S
    while True:
        try:
            counts = _counts(stack, batch_id)
        except SystemExit:  # a 503 while the database is away: the client waits, as the CLI does
            counts = {}
        if counts and done(counts):
            return counts
        if time.monotonic() > deadline:
            raise SystemExit(f"batch {batch_id} did not finish: {counts}")
        time.sleep(0.1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--away", type=float, default=90.0, help="seconds the database is stopped")
    args = parser.parse_args()

    root = Path(tempfile.mkdtemp(prefix="pageport-bench-outage-"))
    stack = Stack(root)
    began = time.monotonic()
    try:
        with serve_site() as site:
            stack.start()
            # Warm the capture worker and its browser before anything is timed.
            _until(stack, _batch(stack, [f"{site}/index.html?warm"]), lambda c: c["processing"] == 0)

            urls = [f"{site}/index.html?outage={i}" for i in range(args.pages)]
            outage_batch = _batch(stack, urls)
            at_stop = _until(stack, outage_batch, lambda c: c["completed"] >= STOP_AFTER)
            database = EmbeddedDatabase(stack.data / "postgres")
            socket_dir = database.stop()
            left = args.pages - at_stop["completed"]
            time.sleep(args.away)
            database.start(socket_dir)
            back = time.monotonic()
            final = _until(stack, outage_batch, lambda c: c["processing"] == 0)
            after = time.monotonic() - back
            if final["completed"] != args.pages:
                raise SystemExit(f"the outage batch did not complete: {final}")

            started = time.monotonic()
            calm = _batch(stack, [f"{site}/index.html?calm={i}" for i in range(left)])
            _until(stack, calm, lambda c: c["processing"] == 0)
            baseline = time.monotonic() - started

            captures = Counter(
                str(r.get("page_import_id")) for r in stack.records() if r.get("message") == "capture succeeded"
            )
            jobs = stack.call("GET", f"/page-batches/{outage_batch}/items?limit=100")["items"]
            per_page = sum(captures.get(str(item.get("jobId")), 0) for item in jobs) / len(jobs)
            outage_lines = sum(1 for r in stack.records() if r.get("message") == "the database is unreachable")
            print(
                f"{args.pages} pages, database stopped for {args.away:g} s after {at_stop['completed']} were done "
                f"({left} left): the batch ended {after:.2f} s after the database came back; "
                f"{left} pages with no outage took {baseline:.2f} s"
            )
            print(f"captures per page {per_page:.3f}; 'database is unreachable' logged {outage_lines} times")
    finally:
        stack.stop()
        shutil.rmtree(root, ignore_errors=True)
    print(f"bench took {time.monotonic() - began:.0f} s")
    line = result(
        "outage_recovery", "s", after, "the same number of remaining pages with no outage", baseline, "ratio <= 1.5"
    )
    line.update(captures_per_page=round(per_page, 3), captures_goal="captures_per_page == 1.0", away_s=args.away)
    emit(line)


if __name__ == "__main__":
    main()
