"""EgressProxy with the real Chromium (sync Playwright): everything the page does goes
through the proxy, which resolves with our resolver and refuses what the policy refuses.

One browser for the module; each test gets a fresh context (fresh connection pools) with
its own proxy (Chromium supports a proxy per context), and sets that proxy's policy.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from pageport.netguard.chromium import (
    NON_NETWORK_URL,
    chromium_launch_kwargs,
    guard_context,
    new_guarded_context_kwargs,
)
from pageport.netguard.policy import TargetPolicy
from pageport.netguard.proxy import EgressProxy
from playwright.sync_api import Browser, BrowserContext, Error, Page, sync_playwright

from tests.support.netguard_servers import Certificates, FixtureServer, make_certificates, serving

# No skip when Chromium is missing: `make test` installs it, and a silent skip would hide that.

ANSWERS = {
    "site.test": ["127.0.0.1"],
    "public.test": ["127.0.0.1"],
    "intranet.test": ["10.0.0.2"],
}


def resolver(host: str, port: int) -> list[str]:
    return ANSWERS[host]


STRICT = TargetPolicy(resolver=resolver)
PERMISSIVE = TargetPolicy(allow_private=True, resolver=resolver)


@pytest.fixture(scope="module")
def server() -> Iterator[FixtureServer]:
    with serving() as srv:
        yield srv


@pytest.fixture(scope="module")
def tls_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FixtureServer]:
    certs: Certificates = make_certificates(tmp_path_factory.mktemp("certs"))
    with serving(tls=certs.server) as srv:
        yield srv


@pytest.fixture(scope="module")
def default_proxy() -> Iterator[EgressProxy]:
    with EgressProxy(STRICT) as egress:
        yield egress


@pytest.fixture(scope="module")
def browser(default_proxy: EgressProxy, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    home = tmp_path_factory.mktemp("home")
    with sync_playwright() as p:
        chromium = p.chromium.launch(**chromium_launch_kwargs(default_proxy.url), env={**os.environ, "HOME": str(home)})
        yield chromium
        chromium.close()


@pytest.fixture
def proxy() -> Iterator[EgressProxy]:
    """A proxy per test (tests set ``proxy.policy``): late requests of one test's pages can
    never land in the next test's ``blocked``."""
    with EgressProxy(STRICT) as egress:
        yield egress


@pytest.fixture
def context(
    browser: Browser, proxy: EgressProxy, server: FixtureServer, tls_server: FixtureServer
) -> Iterator[BrowserContext]:
    server.reset()
    tls_server.reset()
    ctx = browser.new_context(**new_guarded_context_kwargs(proxy.url), ignore_https_errors=True)
    guard_context(ctx, proxy.blocked)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def test_pages_load_through_the_proxy_which_resolves_the_name(
    page: Page, proxy: EgressProxy, server: FixtureServer, tls_server: FixtureServer
) -> None:
    # site.test exists only in our resolver: Chromium could not have resolved it itself.
    proxy.policy = PERMISSIVE
    response = page.goto(f"http://site.test:{server.port}/page")
    assert response is not None and response.status == 200
    assert page.inner_text("#h") == "fixture page"
    assert server.hits() == [(f"site.test:{server.port}", "/page")]

    response = page.goto(f"https://site.test:{tls_server.port}/page")  # CONNECT tunnel
    assert response is not None and response.status == 200
    assert tls_server.hits() == [(f"site.test:{tls_server.port}", "/page")]
    assert proxy.blocked == []


def test_public_looking_name_resolving_to_loopback_is_blocked(
    page: Page, proxy: EgressProxy, server: FixtureServer, tls_server: FixtureServer
) -> None:
    proxy.policy = STRICT
    response = page.goto(f"http://public.test:{server.port}/page")
    assert response is not None and response.status == 403
    with pytest.raises(Error, match="ERR_TUNNEL_CONNECTION_FAILED"):
        page.goto(f"https://public.test:{tls_server.port}/page")

    reason = "public.test resolves to 127.0.0.1, which is a loopback address"
    # (Chromium may retry a refused CONNECT: compare distinct refusals.)
    assert {(b.url, b.reason) for b in proxy.blocked} == {
        (f"http://public.test:{server.port}/page", reason),
        (f"public.test:{tls_server.port}", reason),
    }
    assert server.hits() == [] and tls_server.hits() == []


def test_redirect_to_cloud_metadata_is_blocked_even_with_allow_private(
    page: Page, proxy: EgressProxy, server: FixtureServer
) -> None:
    proxy.policy = PERMISSIVE
    metadata = "http://169.254.169.254/latest/meta-data/"
    response = page.goto(f"http://site.test:{server.port}/redirect?to={quote(metadata)}")
    assert response is not None and response.status == 403
    assert response.url == metadata
    assert [(b.url, b.reason) for b in proxy.blocked] == [
        (metadata, "169.254.169.254 is a link-local (cloud metadata) address")
    ]


def test_subresources_on_private_and_loopback_addresses_are_blocked(
    page: Page, proxy: EgressProxy, server: FixtureServer
) -> None:
    proxy.policy = STRICT
    direct = f"http://127.0.0.1:{server.port}/direct.png"
    page.set_content(
        '<img src="http://10.0.0.1/pixel.png">'
        '<img src="http://intranet.test/logo.png">'
        f'<img src="{direct}">'
        f'<script>window.done = fetch("http://[::ffff:7f00:1]:{server.port}/api")'
        '.then(() => "answered", () => "failed")</script>',
        wait_until="load",  # the images have settled
    )
    assert page.evaluate("window.done") == "failed"  # the fetch has settled too
    blocked = {b.url: b.reason for b in proxy.blocked}
    assert blocked == {
        "http://10.0.0.1/pixel.png": "10.0.0.1 is a private address",
        "http://intranet.test/logo.png": ("intranet.test resolves to 10.0.0.2, which is a private address"),
        direct: "127.0.0.1 is a loopback address",
        f"http://[::ffff:7f00:1]:{server.port}/api": ("::ffff:7f00:1 is an IPv4-mapped loopback (127.0.0.1) address"),
    }
    # Loopback went through the proxy (which refused it), never straight to the server.
    assert server.hits() == []


WEBSOCKET_JS = """url => new Promise(resolve => {
  const ws = new WebSocket(url);
  ws.onmessage = event => { resolve("message:" + event.data); ws.close(); };
  ws.onerror = () => resolve("error");
  setTimeout(() => resolve("timeout"), 5000);
})"""


def test_websocket_to_loopback_is_blocked(page: Page, proxy: EgressProxy, server: FixtureServer) -> None:
    proxy.policy = STRICT
    assert page.evaluate(WEBSOCKET_JS, f"ws://127.0.0.1:{server.port}/ws") == "error"
    assert {(b.host, b.reason) for b in proxy.blocked} == {("127.0.0.1", "127.0.0.1 is a loopback address")}
    assert server.ws_connections == 0


def test_websocket_is_tunnelled_when_allowed(page: Page, proxy: EgressProxy, server: FixtureServer) -> None:
    proxy.policy = PERMISSIVE
    assert page.evaluate(WEBSOCKET_JS, f"ws://site.test:{server.port}/ws") == "message:hello"
    assert server.ws_connections == 1
    assert proxy.blocked == []


def test_file_navigation_is_blocked(page: Page, proxy: EgressProxy) -> None:
    proxy.policy = PERMISSIVE
    with pytest.raises(Error, match="ERR_BLOCKED_BY_CLIENT"):
        page.goto("file:///etc/passwd")
    assert [(b.url, b.reason, b.source) for b in proxy.blocked] == [
        ("file:///etc/passwd", "file: URLs are not allowed", "browser")
    ]


def test_other_schemes_are_refused_in_the_browser_and_private_hosts_by_the_proxy(
    page: Page, proxy: EgressProxy, server: FixtureServer
) -> None:
    # The route matches only non-network schemes (NON_NETWORK_URL); the proxy still sees
    # every http(s) request.
    proxy.policy = STRICT
    page.set_content(
        '<img src="ftp://public.test/a.png">'
        '<img src="GOPHER://public.test/b.png">'
        '<img src="http://10.0.0.1/pixel.png">'
        f'<img src="http://intranet.test:{server.port}/logo.png">',
        wait_until="load",
    )
    assert sorted((b.url, b.reason, b.source) for b in proxy.blocked) == [
        ("ftp://public.test/a.png", "ftp: URLs are not allowed", "browser"),
        ("gopher://public.test/b.png", "gopher: URLs are not allowed", "browser"),
        ("http://10.0.0.1/pixel.png", "10.0.0.1 is a private address", "proxy"),
        (
            f"http://intranet.test:{server.port}/logo.png",
            "intranet.test resolves to 10.0.0.2, which is a private address",
            "proxy",
        ),
    ]
    assert server.hits() == []


SCHEME_CASES = [
    "http://a.test/",
    "https://a.test/x?y#z",
    "ws://a.test/s",
    "wss://a.test/s",
    "HTTP://A.TEST/",
    "HtTpS://a.test/",
    "file:///etc/passwd",
    "FILE:///etc/passwd",
    "ftp://a.test/",
    "gopher://a.test/",
    "chrome://version",
    "chrome-extension://abc/x.js",
    "view-source:http://a.test/",
    "filesystem:http://a.test/temporary/x",
    "httpx://a.test/",
    "https+unix://a.test/",
    "wsx://a.test/",
    "http2://a.test/",
    "xhttp://a.test/",
    "ht:tp://a.test/",
    "http\u017f://a.test/",  # a long s: "s" to Python's IGNORECASE, not to JavaScript's
]


def test_the_route_pattern_matches_exactly_the_non_network_schemes_in_both_engines(page: Page) -> None:
    # Playwright's driver matches the pattern as a JavaScript RegExp; the client in Python.
    expected = [url.partition(":")[0].lower() not in {"http", "https", "ws", "wss"} for url in SCHEME_CASES]
    assert [bool(NON_NETWORK_URL.search(url)) for url in SCHEME_CASES] == expected
    assert NON_NETWORK_URL.flags == re.UNICODE  # none that Playwright would pass on
    in_javascript = page.evaluate(
        "([source, urls]) => urls.map(url => new RegExp(source).test(url))",
        [NON_NETWORK_URL.pattern, SCHEME_CASES],
    )
    assert in_javascript == expected


def test_ipv4_mapped_ipv6_literal_is_blocked(page: Page, proxy: EgressProxy, server: FixtureServer) -> None:
    proxy.policy = STRICT
    response = page.goto(f"http://[::ffff:127.0.0.1]:{server.port}/page")
    assert response is not None and response.status == 403
    assert [(b.host, b.reason) for b in proxy.blocked] == [
        ("::ffff:7f00:1", "::ffff:7f00:1 is an IPv4-mapped loopback (127.0.0.1) address")
    ]
    assert server.hits() == []


def test_webrtc_is_removed(page: Page, proxy: EgressProxy) -> None:
    proxy.policy = STRICT
    page.set_content("<p>x</p>")
    assert page.evaluate("typeof RTCPeerConnection") == "undefined"


def test_the_launch_level_proxy_guards_contexts_without_their_own(
    browser: Browser, default_proxy: EgressProxy, server: FixtureServer
) -> None:
    server.reset()
    default_proxy.blocked.clear()
    ctx = browser.new_context(**new_guarded_context_kwargs())
    try:
        guard_context(ctx, default_proxy.blocked)
        page = ctx.new_page()
        response = page.goto(f"http://127.0.0.1:{server.port}/page")
        assert response is not None and response.status == 403
        assert page.evaluate(WEBSOCKET_JS, f"ws://localhost:{server.port}/ws") == "error"
    finally:
        ctx.close()
    assert {(b.host, b.reason) for b in default_proxy.blocked} == {
        ("127.0.0.1", "127.0.0.1 is a loopback address"),
        ("localhost", "localhost is not a public host"),
    }
    assert server.hits() == [] and server.ws_connections == 0
