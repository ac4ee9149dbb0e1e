"""Fault: the local stack's fault switch (devstack/faults.py) fails a share of the S3 and SQS
calls for a window in the middle of a batch, as those services do on a bad minute. Nothing is
lost and nothing fails that would have succeeded: every page of the batch completes."""

from __future__ import annotations

import uuid
from collections import Counter
from typing import Any

from devstack.faults import switch_on
from tests.e2e.conftest import DevStack, wait_for

PAGES = 20
VIEWPORT = {"width": 800, "height": 600}
SHARE = 0.3
WINDOW_S = 15


def test_s3_and_sqs_errors_for_a_while_lose_nothing(make_stack: Any, site: str) -> None:
    stack: DevStack = make_stack("--allow-private-targets").start()
    tenant = stack.cli_json("admin", "create-project", "--org", "Faults", "--project", "Site", "--member", "fay")
    token, project = stack.token("fay"), f"/projects/{tenant['projectId']}"
    body = {
        "id": str(uuid.uuid4()),
        "type": "page_import",
        "requests": [{"url": f"{site}/index.html?n={i}", "viewport": VIEWPORT} for i in range(PAGES)],
    }
    status, batch = stack.call("POST", f"{project}/page-batches", token, body)
    assert status == 201, batch
    path = f"{project}/page-batches/{body['id']}"
    wait_for(
        lambda: stack.call("GET", path, token)[1]["counts"]["completed"],
        lambda completed: completed >= 2,
        timeout=90,
        what="two pages",
        stack=stack,
    )
    switch_on(stack.data_dir, "s3", SHARE, WINDOW_S)
    switch_on(stack.data_dir, "sqs", SHARE, WINDOW_S)

    done = wait_for(
        lambda: stack.call("GET", path, token)[1],
        lambda batch: batch["counts"]["processing"] == 0,
        timeout=240,
        what="the batch",
        stack=stack,
    )
    assert done["counts"]["completed"] == PAGES, done["counts"]
    injected = Counter(r.get("service") for r in stack.log_records() if r.get("message") == "fault injected")
    assert injected["s3"] > 0 and injected["sqs"] > 0, injected
