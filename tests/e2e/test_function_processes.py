"""The local stack runs each function but the API routes in a process of its own, as Lambda
gives each function its own containers: each kind's worker and webhook, the dead-letter
consumer and the dispatcher. Work flows through them; a stop, even a SIGKILL of the stack,
leaves none of them (or their Chromium) behind."""

from __future__ import annotations

import signal
import time
from typing import Any

from tests.e2e.conftest import DevStack, wait_for
from tests.support.processes import descendants, function_processes, running

VIEWPORT = {"width": 800, "height": 600}
GONE_WITHIN_S = 10


def _finished(stack: DevStack, path: str, token: str) -> Any:
    job = wait_for(lambda: stack.call("GET", path, token)[1], lambda job: job["status"] != "0", timeout=90, stack=stack)
    return job


def test_each_function_has_its_own_process_and_none_outlives_the_stack(make_stack: Any, site: str) -> None:
    stack: DevStack = make_stack("--allow-private-targets").start()
    assert stack.process is not None
    functions = function_processes(stack.process.pid)
    assert set(functions) == {
        "capture_worker",
        "convert_worker",
        "discovery_worker",
        "dead_letter",
        "dispatcher",
        "page_import_webhook",
        "code2des_webhook",
    }, functions
    assert len(set(functions.values())) == len(functions)

    # A page import and its conversion pass through the capture worker, the page-import
    # webhook (the gateway's function URL invokes it), the convert worker and its webhook.
    tenant = stack.cli_json("admin", "create-project", "--org", "Hosts", "--project", "Site", "--member", "hal")
    token, project = stack.token("hal"), f"/projects/{tenant['projectId']}"
    status, created = stack.call("POST", f"{project}/page-imports", token, {"url": f"{site}/", "viewport": VIEWPORT})
    assert status == 201, created
    path = f"{project}/page-imports/{created['pageImportId']}"
    assert _finished(stack, path, token)["status"] == "1"
    body = {"pageImportId": created["pageImportId"], "figmaFileKey": "f", "screenId": "s"}
    status, code2des = stack.call("POST", f"{project}/code2des", token, body)
    assert status == 201, code2des
    assert _finished(stack, f"{project}/code2des/{code2des['code2desId']}", token)["status"] == "1"

    # Killed outright, the stack takes every function process (and Chromium) with it.
    everything = descendants(list(functions.values()))
    assert len(everything) > len(functions)  # the capture worker's Chromium and its driver
    stack.process.send_signal(signal.SIGKILL)
    stack.process.wait()
    stack.process = None
    deadline = time.monotonic() + GONE_WITHIN_S
    while [pid for pid in everything if running(pid)] and time.monotonic() < deadline:
        time.sleep(0.2)
    assert [pid for pid in everything if running(pid)] == []

    # Started again on the same data dir, then stopped: a clean stop within 10 s, none left.
    stack.start()
    assert stack.process is not None
    again = descendants(list(function_processes(stack.process.pid).values()))
    assert stack.stop() < 10
    assert [pid for pid in again if running(pid)] == []
