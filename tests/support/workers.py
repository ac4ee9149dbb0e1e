"""Worker test fixtures: the loopback fixture site, the real webhook handlers behind a loopback
HTTP server (recording what the workers sent), moto S3/SQS and real PostgreSQL.

A plugin of the root conftest: the worker tests of tests/integration/workers/ and
tests/chromium/workers/ share them. tests/e2e/ and tests/unit/discovery/ have a `site` of
their own, which their conftest.py puts in place of this one."""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, SimpleHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import boto3
import pytest
from pageport.kinds.code2des.messages import ConvertMessage
from pageport.kinds.page_discovery.layout import discovery_prefix
from pageport.kinds.page_discovery.models import DiscoveryMessage
from pageport.kinds.page_import.messages import CaptureMessage
from pageport.settings import get_settings

from devstack.apigw import invoke_webhook
from tests.conftest import AwsResources, Tenant, drain
from tests.support import create_page_import, queued_convert_message
from tests.support.paths import FIXTURES

SITE = FIXTURES / "workers" / "site"
CARD_CAPTURE = FIXTURES / "convert" / "card.capture.json"


class _Site(SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=str(SITE), **kwargs)

    def log_message(self, *args):
        pass


@dataclass
class WebhookLog:
    """Every webhook a worker sent: (path, JSON body, status the real handler answered)."""

    calls: list[tuple[str, dict[str, Any], int]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def bodies(self, path: str) -> list[dict[str, Any]]:
        with self.lock:
            return [body for p, body, _ in self.calls if p == path]


def _webhooks(log: WebhookLog) -> type[BaseHTTPRequestHandler]:
    class Webhooks(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"])).decode()
            function = {"/page-imports": "page_import_webhook", "/code2des": "code2des_webhook"}[self.path]
            answer = invoke_webhook(function, body)
            with log.lock:
                log.calls.append((self.path, json.loads(body), answer.status))
            payload = json.dumps(answer.body).encode()
            self.send_response(answer.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *args):
            pass

    return Webhooks


def serve(handler: type[BaseHTTPRequestHandler]) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    server, url = serve(_Site)
    yield url
    server.shutdown()


@pytest.fixture
def webhooks() -> WebhookLog:
    return WebhookLog()


@pytest.fixture
def stack(db, aws, monkeypatch, webhooks: WebhookLog) -> Iterator[AwsResources]:
    server, url = serve(_webhooks(webhooks))
    monkeypatch.setenv("PAGE_IMPORT_WEBHOOK_URL", url + "/page-imports")
    monkeypatch.setenv("CODE2DES_WEBHOOK_URL", url + "/code2des")
    monkeypatch.setenv("PAGEPORT_ALLOW_PRIVATE_TARGETS", "true")
    get_settings.cache_clear()
    yield aws
    server.shutdown()
    get_settings.cache_clear()


class HookedSite:
    """A loopback site whose routes can run a hook before answering (sleep, write to S3...).
    Routes are path -> (HTML body, hook or None); anything else is 404."""

    def __init__(self) -> None:
        self.routes: dict[str, tuple[bytes, Callable[[], None] | None]] = {}
        self.requests: list[str] = []
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                site.requests.append(self.path)
                body, hook = site.routes.get(self.path, (b"not found", None))
                if hook is not None:
                    hook()
                self.send_response(200 if self.path in site.routes else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server, self.url = serve(Handler)

    def page(self, path: str, title: str, links: tuple[str, ...] = (), hook: Callable[[], None] | None = None) -> str:
        anchors = "".join(f'<a href="{href}">{href}</a>' for href in links)
        self.routes[path] = (f"<!doctype html><title>{title}</title><body><p>{title}</p>{anchors}".encode(), hook)
        return self.url + path


@pytest.fixture
def hooked_site() -> Iterator[HookedSite]:
    site = HookedSite()
    yield site
    site.server.shutdown()


def objects_under(bucket: str, prefix: str) -> dict[str, bytes]:
    """Every object under `prefix`, by key: what a worker wrote, byte for byte."""
    s3 = boto3.client("s3")
    keys = [o["Key"] for o in s3.list_objects_v2(Bucket=bucket, Prefix=prefix).get("Contents", [])]
    return {key: s3.get_object(Bucket=bucket, Key=key)["Body"].read() for key in keys}


def queued_capture_message(stack: AwsResources, tenant: Tenant, url: str) -> CaptureMessage:
    """Create a Page Import of `url` through the API and take its message off the capture queue."""
    create_page_import(tenant, url)
    (body,) = drain(stack.queues["capture"])
    return CaptureMessage.model_validate(body)


def card_convert_message(db: Any, tenant: Tenant) -> ConvertMessage:
    """A queued Code2Des of a completed capture the converter can read (the card fixture)."""
    return queued_convert_message(db, tenant, json.loads(CARD_CAPTURE.read_text()))


def discovery_message(url: str) -> DiscoveryMessage:
    item_id = str(uuid.uuid4())
    return DiscoveryMessage(batch_item_id=item_id, url=url, max_pages=10, artifact_prefix=discovery_prefix(item_id))
