"""The webhook client signs with one botocore session per process, and still with the
credentials and region the environment holds at the time of each call."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import botocore.session
import pytest
from pageport.workers import webhook_client
from pageport.workers.webhook_client import signed_post


class _Recorder(BaseHTTPRequestHandler):
    authorizations: list[str] = []

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        type(self).authorizations.append(self.headers["Authorization"])
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def webhook_url(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    for name in ("AWS_SESSION_TOKEN", "AWS_SECURITY_TOKEN", "AWS_PROFILE"):
        monkeypatch.delenv(name, raising=False)
    _Recorder.authorizations = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/_webhooks/page-imports"
    finally:
        server.shutdown()
        server.server_close()


def _use(monkeypatch: pytest.MonkeyPatch, key: str, region: str) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", key)
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", key + "-secret")
    monkeypatch.setenv("AWS_DEFAULT_REGION", region)


def test_each_webhook_is_signed_with_the_credentials_and_region_of_the_moment(
    webhook_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use(monkeypatch, "AKIAFIRSTKEY", "eu-west-1")
    assert signed_post(webhook_url, b"{}")[0] == 200
    _use(monkeypatch, "AKIAROTATEDKEY", "us-east-2")  # rotated (or restored from a snapshot)
    assert signed_post(webhook_url, b"{}")[0] == 200

    scopes = [re.search(r"Credential=([^/]+)/\d+/([^/]+)/lambda/", a) for a in _Recorder.authorizations]
    assert [(m[1], m[2]) for m in scopes if m] == [("AKIAFIRSTKEY", "eu-west-1"), ("AKIAROTATEDKEY", "us-east-2")]


def test_webhooks_share_one_botocore_session(webhook_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _use(monkeypatch, "AKIASOMEKEY", "eu-west-1")
    shared = getattr(webhook_client, "_session", None)
    if shared is not None:  # a session left by an earlier test would hide the first build
        shared.cache_clear()
    built: list[object] = []
    original = botocore.session.Session.__init__

    def counting(self: botocore.session.Session, *args: Any, **kwargs: Any) -> None:
        built.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(botocore.session.Session, "__init__", counting)
    for _ in range(3):
        assert signed_post(webhook_url, b"{}")[0] == 200
    assert len(built) == 1
