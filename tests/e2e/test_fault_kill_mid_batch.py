"""Fault: `pageport dev` killed with SIGKILL in the middle of creating and dispatching a 500-item
batch, then restarted on the same data dir: no item is lost, every one ends terminal.

Workers are off (`--no-workers`) and the sweep's deadline is short (JOB_DEADLINE_S): the items
end through the sweep rather than 500 Chromium captures, which keeps the test to about a minute.
Whatever the kill interrupted (the create's transaction, the fast path's sends, the SQS
emulation's last snapshot) the client retries the create with the same batch id, as the plugin
does after a lost response."""

from __future__ import annotations

import signal
import threading
import time
import uuid
from typing import Any

from tests.e2e.conftest import DevStack, wait_for

ITEMS = 500
DEADLINE_S = 20
VIEWPORT = {"width": 800, "height": 600}


def _all_items(stack: DevStack, path: str, token: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    cursor: str | None = None
    while True:
        query = f"?limit=100{f'&cursor={cursor}' if cursor else ''}"
        status, page = stack.call("GET", f"{path}/items{query}", token)
        assert status == 200, page
        items.extend(page["items"])
        cursor = page.get("nextCursor")
        if not cursor:
            return items


def test_sigkill_mid_batch_then_restart_loses_no_item(make_stack: Any, site: str) -> None:
    stack: DevStack = make_stack("--allow-private-targets")
    stack.env = {"JOB_DEADLINE_S": str(DEADLINE_S)}
    stack.start("--no-workers")
    tenant = stack.cli_json("admin", "create-project", "--org", "Kill", "--project", "Batch", "--member", "kim")
    token = stack.token("kim")
    project = f"/projects/{tenant['projectId']}"
    batch_id = str(uuid.uuid4())
    body = {
        "id": batch_id,
        "type": "page_import",
        "requests": [{"url": f"{site}/index.html?n={i}", "viewport": VIEWPORT} for i in range(ITEMS)],
    }

    answered: list[tuple[int, Any]] = []

    def create() -> None:
        try:
            answered.append(stack.call("POST", f"{project}/page-batches", token, body))
        except OSError as exc:  # the connection died with the stack
            answered.append((0, repr(exc)))

    request = threading.Thread(target=create)
    request.start()
    time.sleep(0.5)  # the request is being served: validating, inserting or sending
    assert stack.process is not None
    stack.process.send_signal(signal.SIGKILL)
    stack.process.wait()
    stack.process = None
    request.join()

    stack.start("--no-workers")
    status, replay = stack.call("POST", f"{project}/page-batches", token, body)
    assert status in (200, 201), replay  # 201: the kill came before the commit; 200: after
    batch = f"{project}/page-batches/{batch_id}"

    final = wait_for(
        lambda: stack.call("GET", batch, token)[1],
        lambda view: view["counts"]["processing"] == 0,
        timeout=DEADLINE_S + 120,
        what="every item terminal",
        stack=stack,
    )
    assert final["counts"]["total"] == ITEMS
    assert final["status"] == "2" and final["counts"]["failed"] == ITEMS  # nobody ran them: all swept
    items = _all_items(stack, batch, token)
    assert len(items) == ITEMS and len({item["jobId"] for item in items}) == ITEMS
    assert all(item["status"] == "2" for item in items)
    imports = [stack.call("GET", f"{project}/page-imports/{item['jobId']}", token)[1] for item in items[:5]]
    assert all(job["status"] == "2" and job["errorMessage"] for job in imports)
    stack.stop()
