"""Fault: the capture worker's Chromium killed (SIGKILL, every one of its processes, as an
out-of-memory kill would) in the middle of a batch on the local stack. The capture worker
launches a new browser; the page it was capturing comes back through its queue; every page of
the batch completes, and an import made afterwards completes too."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.e2e.conftest import DevStack, FaultBatch, wait_for
from tests.support.processes import command_of, descendants, function_processes, kill_all

PAGES = 12
VIEWPORT = {"width": 800, "height": 600}


def _chromium_of_capture_worker(stack: DevStack) -> list[int]:
    assert stack.process is not None
    worker = function_processes(stack.process.pid)["capture_worker"]
    # By program (argv[0]), so neither the worker nor Playwright's driver is ever among them.
    return [pid for pid in descendants([worker]) if "chrom" in Path(command_of(pid).split(" ", 1)[0]).name]


def test_a_killed_capture_browser_costs_a_retry_not_the_batch(make_stack: Any, site: str) -> None:
    stack: DevStack = make_stack("--allow-private-targets").start()
    batch = FaultBatch.start(stack, site, PAGES, "cat")
    batch.wait_completed(3)  # once a few pages are done, the browser dies mid-batch
    browser = _chromium_of_capture_worker(stack)
    assert browser
    kill_all(browser)
    killed_at = time.monotonic()

    assert batch.wait_end(timeout=120)["completed"] == PAGES
    records = stack.log_records()
    # The page being captured went back to its queue (and completed on the new browser).
    assert any("the capture browser ended" in str(r.get("message")) for r in records)
    assert any(r.get("message") == "record handed back to SQS" for r in records)
    # A new browser, not the killed one.
    assert set(_chromium_of_capture_worker(stack)).isdisjoint(browser)

    # And the next import completes.
    token, project = batch.token, batch.project
    status, single = stack.call("POST", f"{project}/page-imports", token, {"url": f"{site}/", "viewport": VIEWPORT})
    assert status == 201, single
    imported = wait_for(
        lambda: stack.call("GET", f"{project}/page-imports/{single['pageImportId']}", token)[1],
        lambda job: job["status"] != "0",
        timeout=60,
        what="the import after the crash",
        stack=stack,
    )
    assert imported["status"] == "1", imported
    assert time.monotonic() - killed_at < 120
