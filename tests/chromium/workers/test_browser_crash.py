"""A crashed, killed or hung capture browser is replaced, never fatal: the job it was running goes
back to its queue and completes on a fresh browser, the others never notice, and the next import
works. A page that crashes its own tab fails alone while the browser goes on.

The capture worker runs as on Lambda: its handler module, fed the queue's messages by a loop
that does what the SQS event source does (a failed record comes back, here at once; the queue's
redrive sends it to the DLQ after 3 receives). Real Chromium, moto S3/SQS, real PostgreSQL."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from typing import Any

import boto3
import pytest
from pageport.capture.browser_health import PAGE_CRASHED
from pageport.kinds.page_import import job as capture_job

from devstack.apigw import invoke, lambda_context, load_function
from devstack.pollers import sqs_event
from tests.conftest import AwsResources
from tests.support import create_page_import
from tests.support.processes import descendants, kill_all, running
from tests.support.workers import HookedSite

# What a page that exhausts memory does: keep allocating until its tab's heap limit.
MEMORY_HOG = (
    b"<!doctype html><title>hog</title><p>hog</p><script>"
    b"const kept = []; for (;;) kept.push(new Array(100000).fill(kept.length));</script>"
)


def kill_browser() -> None:
    """SIGKILL the capture browser and all its processes, as an out-of-memory kill would."""
    assert capture_job._browser_processes is not None
    kill_all(descendants([capture_job._browser_processes.browser]))


def run_capture_queue(stack: AwsResources, timeout_s: float = 60) -> list[dict[str, Any]]:
    """Feed the capture queue to the worker's handler one message at a time until it is empty;
    returns each invocation's batchItemFailures (a failed record is visible again at once)."""
    sqs = boto3.client("sqs")
    url = stack.queues["capture"]
    arn = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    handler = load_function("capture_worker").lambda_handler
    failures: list[dict[str, Any]] = []
    while True:
        messages = sqs.receive_message(
            QueueUrl=url, MaxNumberOfMessages=1, VisibilityTimeout=120, AttributeNames=["All"]
        ).get("Messages", [])
        if not messages:
            return failures
        result = handler(sqs_event(messages, arn, "us-east-1"), lambda_context("capture_worker", timeout_s))
        failed = {item["itemIdentifier"] for item in result.get("batchItemFailures", [])}
        failures += result.get("batchItemFailures", [])
        for message in messages:
            if message["MessageId"] in failed:
                sqs.change_message_visibility(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"], VisibilityTimeout=0)
            else:
                sqs.delete_message(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"])


def _status(tenant: Any, page_import_id: str) -> dict[str, Any]:
    answer = invoke("GET", f"/projects/{tenant.project_id}/page-imports/{page_import_id}", subject=tenant.subject)
    assert answer.status == 200, answer.body
    body: dict[str, Any] = answer.body
    return body


def _import_pages(hooked_site: HookedSite, tenant: Any, count: int, hooks: dict[int, Callable[[], None]]) -> list[str]:
    """Create `count` Page Imports; page i runs hooks[i] the first time it is requested."""
    created = []
    for index in range(count):
        hook = hooks.get(index)
        once: list[bool] = []

        def first_time(hook: Callable[[], None] | None = hook, once: list[bool] = once) -> None:
            if hook is not None and not once:
                once.append(True)
                hook()

        url = hooked_site.page(f"/page-{index}.html", f"Page {index}", hook=first_time)
        created.append(create_page_import(tenant, url)["pageImportId"])
    return created


def _dead_letters(stack: AwsResources) -> list[Any]:
    return boto3.client("sqs").receive_message(QueueUrl=stack.queues["capture-dlq"]).get("Messages", [])


@pytest.mark.parametrize("kills", [1, 3])
def test_a_killed_browser_is_replaced_and_every_page_completes(
    db: Any, stack: AwsResources, tenant: Any, hooked_site: HookedSite, kills: int
) -> None:
    # The browser dies while it loads pages 1, 3 and 4 (the page is being requested: mid-capture).
    at = [1, 3, 4][:kills]
    ids = _import_pages(hooked_site, tenant, 6, dict.fromkeys(at, kill_browser))

    failures = run_capture_queue(stack)

    assert len(failures) == kills  # each killed job went back to its queue once
    for page_import_id in ids:
        job = _status(tenant, page_import_id)
        assert job["status"] == "1", job
    assert _dead_letters(stack) == []
    # Each killed page was requested again (by a fresh browser), the others once.
    for index in range(6):
        assert hooked_site.requests.count(f"/page-{index}.html") == (2 if index in at else 1)

    # The worker goes on: the next import completes.
    (after,) = _import_pages(hooked_site, tenant, 1, {})
    assert run_capture_queue(stack) == []
    assert _status(tenant, after)["status"] == "1"


def test_a_page_that_crashes_its_tab_fails_alone_and_the_browser_goes_on(
    db: Any, stack: AwsResources, tenant: Any, hooked_site: HookedSite
) -> None:
    first = create_page_import(tenant, hooked_site.page("/before.html", "Before"))["pageImportId"]
    assert run_capture_queue(stack) == []
    before = capture_job._browser_processes
    hooked_site.routes["/hog.html"] = (MEMORY_HOG, None)
    hog = create_page_import(tenant, hooked_site.url + "/hog.html")["pageImportId"]
    last = create_page_import(tenant, hooked_site.page("/after.html", "After"))["pageImportId"]

    assert run_capture_queue(stack) == []  # nothing handed back: the crash is the page's own

    crashed = _status(tenant, hog)
    assert crashed["status"] == "2" and crashed["errorMessage"] == PAGE_CRASHED, crashed
    assert _status(tenant, first)["status"] == "1"
    assert _status(tenant, last)["status"] == "1"
    assert capture_job._browser_processes == before  # the same browser captured the page after it


def test_a_hung_browser_is_killed_and_replaced(
    db: Any, stack: AwsResources, tenant: Any, hooked_site: HookedSite, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(capture_job, "HANG_GRACE_S", 2.0)
    stopped: list[int] = []

    def stop_browser() -> None:  # SIGSTOP: it neither dies nor works
        assert capture_job._browser_processes is not None
        stopped.append(capture_job._browser_processes.browser)
        os.kill(capture_job._browser_processes.browser, signal.SIGSTOP)

    # The browser stops answering while it loads the first page.
    ids = _import_pages(hooked_site, tenant, 2, {0: stop_browser})

    # A budget of 8 s: the watchdog kills the browser 2 s after it.
    failures = run_capture_queue(stack, timeout_s=capture_job.RESERVE_S + 8)

    assert len(failures) == 1
    assert [_status(tenant, i)["status"] for i in ids] == ["1", "1"]
    (hung,) = stopped
    assert capture_job._browser_processes is not None and capture_job._browser_processes.browser != hung
    assert not running(hung)  # killed, not left stopped
