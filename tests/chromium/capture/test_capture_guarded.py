"""capture_page behind the SSRF egress proxy (pageport.netguard), as the worker runs it.

Asset bytes must come through the browser, so a target the proxy refuses stays refused for
the capture too: no second, unguarded HTTP client fetches it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator

import pytest
from pageport.capture.capture import CaptureRequest, capture_page
from pageport.capture.schema import CaptureDocument, ElementNode
from pageport.netguard.chromium import (
    chromium_launch_kwargs,
    guard_context,
    new_guarded_context_kwargs,
)
from pageport.netguard.policy import TargetPolicy
from pageport.netguard.proxy import EgressProxy
from playwright.sync_api import Browser, BrowserContext, sync_playwright

from tests.chromium.capture.site import FIXTURES, serve_fixtures


@pytest.fixture(scope="module")
def proxy() -> Iterator[EgressProxy]:
    # Loopback allowed so the fixture site is reachable; metadata addresses stay refused.
    with EgressProxy(TargetPolicy(allow_private=True)) as p:
        yield p


@pytest.fixture(scope="module")
def browser(proxy: EgressProxy, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    home = str(tmp_path_factory.mktemp("chromium-home"))
    with sync_playwright() as p:
        b = p.chromium.launch(**chromium_launch_kwargs(proxy.url), env={**os.environ, "HOME": home})
        yield b
        b.close()


def find(doc: CaptureDocument, element_id: str) -> ElementNode:
    stack: list[ElementNode] = [doc.root]
    while stack:
        node = stack.pop()
        if node.attrs.get("id") == element_id:
            return node
        stack.extend(c for c in node.children if isinstance(c, ElementNode))
    raise AssertionError(element_id)


def test_assets_come_through_the_proxy_only(browser: Browser, proxy: EgressProxy) -> None:
    def on_context(context: BrowserContext) -> None:
        guard_context(context, proxy.blocked)

    with serve_fixtures() as base:
        bundle = capture_page(
            CaptureRequest(base + "guarded.html", 800, 600),
            browser=browser,
            context_kwargs=new_guarded_context_kwargs(),
            on_context=on_context,
        )
    doc = CaptureDocument.model_validate_json(bundle.capture_json)
    photo = (FIXTURES / "photo.png").read_bytes()
    assert find(doc, "ok").images[0].sha256 == hashlib.sha256(photo).hexdigest()
    meta = find(doc, "meta").images[0]
    assert meta.url == "http://169.254.169.254/latest/meta-data/logo.png"
    assert meta.sha256 is None
    assert find(doc, "meta-bg").images[0].sha256 is None
    assert f"asset {meta.url} not retrievable (network error)" in doc.warnings
    refused = {b.host for b in proxy.blocked}
    assert refused == {"169.254.169.254"}
    assert len(bundle.assets) == 1
