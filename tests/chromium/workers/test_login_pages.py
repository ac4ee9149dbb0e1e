"""A page behind a login is captured only with its sign-in details, and they go nowhere else: not
to another origin, not into any log line, artifact, response, row or message, and not past the
job (the sealed copy is deleted when the capture's outcome is written). Real Chromium, the real
create route and capture worker, moto S3/SQS/KMS, real PostgreSQL."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import boto3
import pytest
from pageport.kinds.page_import import job as capture_job
from pageport.kinds.page_import.messages import CaptureMessage
from pageport.workers.webhook_client import Delivery

from devstack.apigw import invoke
from tests.conftest import drain
from tests.support.workers import objects_under, serve

COOKIE, HEADER, TOKEN = "ck-s3cret-0f9a", "hdr-s3cret-77b1", "ls-s3cret-c4d2"
SECRETS = (COOKIE, HEADER, TOKEN)
PIXEL = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d4944415478da63f8cf00000301010018dd8db00000000049454e44ae426082"
)


class _Elsewhere(BaseHTTPRequestHandler):
    """Another origin the private page loads an image from: it records what it was sent."""

    seen: list[dict[str, str]] = []

    def do_GET(self) -> None:
        type(self).seen.append(dict(self.headers.items()))
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.end_headers()
        self.wfile.write(PIXEL)

    def log_message(self, *args: Any) -> None:
        pass


def _login_site(elsewhere: str) -> type[BaseHTTPRequestHandler]:
    page = f"""<!doctype html><html><body><h1>Welcome back, Dana</h1>
<img src="{elsewhere}/pixel.png" width="10" height="10"><p id="api">api pending</p><p id="ls">no token</p>
<script>
fetch('/api/me').then((r) => r.text()).then((t) => {{ document.getElementById('api').textContent = t; }});
const held = localStorage.getItem('token') === {json.dumps(TOKEN)};
document.getElementById('ls').textContent = held ? 'token ok' : 'no token';
</script></body></html>"""

    class Site(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            signed_in = f"session={COOKIE}" in (self.headers.get("Cookie") or "")
            if self.path == "/private.html" and not signed_in:
                self._send(302, "", {"Location": "/login.html"})
            elif self.path == "/private.html":
                self._send(200, page)
            elif self.path == "/api/me":
                ok = self.headers.get("X-Api-Key") == HEADER
                self._send(200 if ok else 401, "api ok" if ok else "api refused")
            elif self.path == "/login.html":
                self._send(200, "<!doctype html><html><body><h1>Please sign in</h1></body></html>")
            else:
                self._send(404, "missing")

        def _send(self, status: int, body: str, headers: dict[str, str] | None = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body.encode())

        def log_message(self, *args: Any) -> None:
            pass

    return Site


@pytest.fixture(scope="module")
def sites() -> Iterator[tuple[str, str]]:
    # Another host (cookies are per host: browsers share them across one host's ports).
    other = ThreadingHTTPServer(("127.0.0.2", 0), _Elsewhere)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    elsewhere = f"http://127.0.0.2:{other.server_address[1]}"
    server, login = serve(_login_site(elsewhere))
    yield login, elsewhere
    server.shutdown()
    other.shutdown()


AUTH = {
    "cookies": [{"name": "session", "value": COOKIE}],
    "headers": {"X-Api-Key": HEADER},
    "localStorage": {"token": TOKEN},
}


def _import(tenant: Any, url: str, auth: dict[str, Any] | None) -> Any:
    body: dict[str, Any] = {"url": url, "viewport": {"width": 800, "height": 600}}
    if auth is not None:
        body["auth"] = auth
    return invoke("POST", f"/projects/{tenant.project_id}/page-imports", subject=tenant.subject, body=body)


def _captured_text(stack: Any, message: dict[str, Any]) -> str:
    return json.dumps(
        json.loads(objects_under(stack.bucket, message["artifactPrefix"])[message["artifactPrefix"] + "capture.json"])
    )


def test_a_page_behind_a_login_is_captured_with_its_details_which_leak_nowhere(
    db, stack, tenant, sites, caplog: pytest.LogCaptureFixture
) -> None:
    login, _ = sites
    caplog.set_level(logging.DEBUG, logger="pageport")
    _Elsewhere.seen.clear()
    created = _import(tenant, login + "/private.html", AUTH)
    assert created.status == 201, created.body
    assert created.body["sourceKind"] == "authenticated_url" and "auth" not in created.body
    (message,) = drain(stack.queues["capture"])
    assert message["auth"]["key"] == f"page-imports/{created.body['pageImportId']}/auth/sealed"
    sealed = boto3.client("s3").get_object(Bucket=stack.bucket, Key=message["auth"]["key"])
    assert not any(s.encode() in sealed["Body"].read() for s in SECRETS)  # encrypted at rest
    assert boto3.client("s3").get_object_tagging(Bucket=stack.bucket, Key=message["auth"]["key"])["TagSet"] == [
        {"Key": "pageport", "Value": "secret"}
    ]

    assert capture_job.run_capture(CaptureMessage.model_validate(message)) is Delivery.APPLIED
    row = db.execute("SELECT status, error_message, source_kind FROM page_import").fetchone()
    assert row["status"] == "1", row
    text = _captured_text(stack, message)
    assert "Welcome back, Dana" in text and "api ok" in text and "token ok" in text
    # Another origin got neither the cookie nor the header.
    assert _Elsewhere.seen and all("Cookie" not in h and "X-Api-Key" not in h for h in _Elsewhere.seen)
    # After the job: the sealed copy is gone, and no secret is anywhere.
    assert message["auth"]["key"] not in objects_under(stack.bucket, "page-imports/")
    stored = b"".join(objects_under(stack.bucket, "").values()).decode("utf-8", "replace")
    tables = json.dumps(
        db.execute("SELECT p.*, b.request, b.message FROM page_import p, batch_item b").fetchall(), default=str
    )
    got = invoke(
        "GET", f"/projects/{tenant.project_id}/page-imports/{created.body['pageImportId']}", subject=tenant.subject
    )
    logged = "\n".join(r.getMessage() + json.dumps(r.__dict__, default=str) for r in caplog.records)
    for place, content in {
        "artifacts": stored,
        "rows": tables,
        "message": json.dumps(message),
        "response": json.dumps(got.body) + json.dumps(created.body),
        "logs": logged,
    }.items():
        assert not any(s in content for s in SECRETS), f"a secret in the {place}"


@pytest.mark.parametrize("auth", [None, {"cookies": [{"name": "session", "value": "wrong-value"}]}])
def test_without_the_right_details_the_capture_is_the_login_page(db, stack, tenant, sites, auth) -> None:
    login, _ = sites
    assert _import(tenant, login + "/private.html", auth).status == 201
    (message,) = drain(stack.queues["capture"])
    assert capture_job.run_capture(CaptureMessage.model_validate(message)) is Delivery.APPLIED
    text = _captured_text(stack, message)
    assert "Please sign in" in text and "Welcome back" not in text


def test_a_capture_whose_details_are_gone_fails_saying_so(db, stack, tenant, sites) -> None:
    login, _ = sites
    assert _import(tenant, login + "/private.html", AUTH).status == 201
    (message,) = drain(stack.queues["capture"])
    boto3.client("s3").delete_object(Bucket=stack.bucket, Key=message["auth"]["key"])
    assert capture_job.run_capture(CaptureMessage.model_validate(message)) is Delivery.APPLIED
    row = db.execute("SELECT status, error_message FROM page_import").fetchone()
    assert row["status"] == "2" and "sign-in details" in row["error_message"]
