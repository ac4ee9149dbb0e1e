"""Pages that misbehave end as a clear failure within the capture's time budget: no hang, no
crash, no 5xx from our API. Real Chromium behind the egress proxy, the real capture worker and
webhook handlers, a loopback fault server (below)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from typing import Any

import pytest
from pageport.kinds.page_import import job as capture_job
from pageport.workers.webhook_client import Delivery

from devstack.apigw import invoke
from tests.conftest import AwsResources
from tests.support.workers import WebhookLog, queued_capture_message, serve

BUDGET_S = 15  # the capture's own budget: what the Lambda has left minus the worker's reserve
REMAINING_S = BUDGET_S + capture_job.RESERVE_S
HUGE_BYTES = 50 * 1024 * 1024
_CHUNK = b"<p>" + b"word " * 2000 + b"</p>\n"


class _Faults(BaseHTTPRequestHandler):
    """Every path is one way a page can misbehave."""

    stop: threading.Event  # set at teardown: a page that never finishes lets go then

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if path == "/never-loads":  # headers, a first byte, then nothing until the test ends
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<!doctype html><title>slow</title><p>still loading")
            self.wfile.flush()
            self.stop.wait(120)
        elif path == "/redirects-forever":
            hop = int(self.path.partition("?")[2] or 0)
            self.send_response(302)
            self.send_header("Location", f"/redirects-forever?{hop + 1}")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/huge":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(HUGE_BYTES))
            self.end_headers()
            sent = 0
            try:
                while sent < HUGE_BYTES and not self.stop.is_set():
                    chunk = _CHUNK[: HUGE_BYTES - sent]
                    self.wfile.write(chunk)
                    sent += len(chunk)
            except OSError:
                pass  # the browser gave up on it
        elif path == "/server-error":
            body = b"<!doctype html><title>oops</title><p>Internal Server Error"
            self.send_response(500)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif path == "/closes":  # the connection is dropped before any answer
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
        else:
            self.send_error(404)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def faults() -> Iterator[str]:
    stop = threading.Event()
    handler = type("Faults", (_Faults,), {"stop": stop})
    server, url = serve(handler)
    yield url
    stop.set()
    server.shutdown()


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/never-loads", "time budget"),
        ("/redirects-forever", "ERR_TOO_MANY_REDIRECTS"),
        ("/huge", "time budget"),  # 50 MB of text: Chromium is still laying it out
        ("/server-error", "(HTTP 500)"),
        ("/closes", "ERR_EMPTY_RESPONSE"),
    ],
)
def test_a_misbehaving_page_fails_clearly_within_its_budget(
    db: Any, stack: AwsResources, tenant: Any, webhooks: WebhookLog, faults: str, path: str, expected: str
) -> None:
    message = queued_capture_message(stack, tenant, faults + path)

    started = time.monotonic()
    assert capture_job.run_capture(message, remaining_s=REMAINING_S) is Delivery.APPLIED
    elapsed = time.monotonic() - started

    # The budget, plus closing the context and writing failure.json and the manifest; never the
    # Lambda's whole remaining time (it would have timed out, and SQS redelivered the page).
    assert elapsed < min(BUDGET_S + 10, REMAINING_S), f"{path} took {elapsed:.1f} s"
    answer = invoke(
        "GET", f"/projects/{tenant.project_id}/page-imports/{message.page_import_id}", subject=tenant.subject
    )
    assert answer.status == 200, answer.body
    job = answer.body
    assert job["status"] == "2", job
    assert expected in job["errorMessage"]
    assert job["errorMessage"] != capture_job.UNEXPECTED and "Traceback" not in job["errorMessage"]
    assert [status for _, _, status in webhooks.calls] == [200]
