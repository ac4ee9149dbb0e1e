"""EgressProxy driven with raw sockets: CONNECT and absolute-form requests, refusals,
concurrency, clean shutdown. The Chromium tests (test_chromium.py) drive it for real."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from pageport.netguard.policy import BlockedRequest, TargetPolicy
from pageport.netguard.proxy import EgressProxy

from tests.support.netguard_servers import FixtureServer, serving

ANSWERS = {"site.test": ["127.0.0.1"], "public.test": ["127.0.0.1"]}


def resolver(host: str, port: int) -> list[str]:
    return ANSWERS[host]


def proxy_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if "egress-proxy" in t.name or "_handle" in t.name]


@pytest.fixture(scope="module")
def server() -> Iterator[FixtureServer]:
    with serving() as srv:
        yield srv


@pytest.fixture
def strict() -> Iterator[EgressProxy]:
    with EgressProxy(TargetPolicy(resolver=resolver)) as proxy:
        yield proxy
    assert proxy_threads() == []


@pytest.fixture
def permissive() -> Iterator[EgressProxy]:
    with EgressProxy(TargetPolicy(allow_private=True, resolver=resolver)) as proxy:
        yield proxy
    assert proxy_threads() == []


def exchange(proxy: EgressProxy, request: bytes, then: bytes = b"", timeout_s: float = 5) -> bytes:
    """Send ``request`` (and ``then`` once the proxy answered); read until EOF."""
    with socket.create_connection(proxy.address, timeout=timeout_s) as sock:
        sock.sendall(request)
        if then:
            first = sock.recv(65536)
            sock.sendall(then)
        else:
            first = b""
        chunks = [first]
        while chunk := sock.recv(65536):
            chunks.append(chunk)
        return b"".join(chunks)


def test_connect_to_a_name_resolving_to_loopback_is_refused(strict: EgressProxy, server: FixtureServer) -> None:
    server.reset()
    reply = exchange(strict, f"CONNECT public.test:{server.port} HTTP/1.1\r\n\r\n".encode())
    assert reply.startswith(b"HTTP/1.1 403 Forbidden\r\n")
    assert b"public.test resolves to 127.0.0.1, which is a loopback address" in reply
    assert strict.blocked == [
        BlockedRequest(
            url=f"public.test:{server.port}",
            host="public.test",
            reason="public.test resolves to 127.0.0.1, which is a loopback address",
            source="proxy",
        )
    ]
    assert server.hits() == []


def test_connect_tunnels_to_the_checked_address(permissive: EgressProxy, server: FixtureServer) -> None:
    server.reset()
    inner = f"GET /page HTTP/1.1\r\nHost: site.test:{server.port}\r\nConnection: close\r\n\r\n"
    reply = exchange(
        permissive,
        f"CONNECT site.test:{server.port} HTTP/1.1\r\nHost: site.test:{server.port}\r\n\r\n".encode(),
        then=inner.encode(),
    )
    assert reply.startswith(b"HTTP/1.1 200 Connection established\r\n\r\nHTTP/1.1 200 OK")
    assert b"fixture page" in reply
    assert server.hits() == [(f"site.test:{server.port}", "/page")]
    assert permissive.blocked == []


def test_absolute_form_is_forwarded_in_origin_form(permissive: EgressProxy, server: FixtureServer) -> None:
    server.reset()
    reply = exchange(
        permissive,
        (
            f"GET http://site.test:{server.port}/page?x=1 HTTP/1.1\r\n"
            "Host: somewhere-else.test\r\nProxy-Connection: keep-alive\r\n"
            "Proxy-Authorization: Basic Zm9vOmJhcg==\r\n\r\n"
        ).encode(),
    )
    head, _, body = reply.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 OK")
    assert b"Connection: close" in head.split(b"\r\n")
    assert b"fixture page" in body
    # Host comes from the checked authority, not from the client's header.
    assert server.hits() == [(f"site.test:{server.port}", "/page?x=1")]


@pytest.mark.parametrize(
    ("target", "reason"),
    [
        ("http://127.0.0.1:{port}/", "127.0.0.1 is a loopback address"),
        (
            "http://[::ffff:7f00:1]:{port}/",
            "::ffff:7f00:1 is an IPv4-mapped loopback (127.0.0.1) address",
        ),
        (
            "http://public.test:{port}/",
            "public.test resolves to 127.0.0.1, which is a loopback address",
        ),
        ("ws://127.0.0.1:{port}/ws", "127.0.0.1 is a loopback address"),
    ],
)
def test_absolute_form_refusals(strict: EgressProxy, server: FixtureServer, target: str, reason: str) -> None:
    server.reset()
    url = target.format(port=server.port)
    reply = exchange(strict, f"GET {url} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert reply.startswith(b"HTTP/1.1 403 Forbidden\r\n")
    assert [(b.url, b.reason) for b in strict.blocked] == [(url, reason)]
    assert server.hits() == []


def test_metadata_is_refused_even_with_allow_private(permissive: EgressProxy) -> None:
    reply = exchange(permissive, b"CONNECT 169.254.169.254:80 HTTP/1.1\r\n\r\n")
    assert reply.startswith(b"HTTP/1.1 403")
    assert permissive.blocked[0].reason == "169.254.169.254 is a link-local (cloud metadata) address"


def test_the_proxy_will_not_connect_to_itself(permissive: EgressProxy) -> None:
    port = permissive.address[1]
    reply = exchange(permissive, f"GET http://127.0.0.1:{port}/ HTTP/1.1\r\n\r\n".encode())
    assert reply.startswith(b"HTTP/1.1 403")
    assert permissive.blocked[0].reason == "the egress proxy itself"


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"GET /relative HTTP/1.1\r\nHost: site.test\r\n\r\n", b"400"),
        (b"GET https://site.test/ HTTP/1.1\r\n\r\n", b"400"),
        (b"CONNECT site.test HTTP/1.1\r\n\r\n", b"400"),
        (b"CONNECT u@site.test:443 HTTP/1.1\r\n\r\n", b"400"),
        (b"nonsense\r\n\r\n", b"400"),
        (b"CONNECT site.test:\xb2 HTTP/1.1\r\n\r\n", b"400"),  # "\xb2" is "²" in latin-1: isdigit() but not int()
        (b"CONNECT nowhere.test:443 HTTP/1.1\r\n\r\n", b"502"),
    ],
)
def test_malformed_or_unresolvable(permissive: EgressProxy, request_bytes: bytes, status: bytes) -> None:
    assert exchange(permissive, request_bytes).split(b" ")[1] == status
    assert permissive.blocked == []


def test_many_concurrent_connections(permissive: EgressProxy, server: FixtureServer) -> None:
    server.reset()

    def one(i: int) -> bytes:
        # 64 at once on a loaded 2-core machine can wait seconds for a turn: this checks that
        # every connection is served correctly, not how fast.
        request = f"GET http://site.test:{server.port}/bytes?n={i} HTTP/1.1\r\n\r\n".encode()
        return exchange(permissive, request, timeout_s=60)

    with ThreadPoolExecutor(max_workers=64) as pool:
        replies = list(pool.map(one, range(200)))
    assert all(r.startswith(b"HTTP/1.1 200") for r in replies)
    assert [len(r.partition(b"\r\n\r\n")[2]) for r in replies] == list(range(200))
    assert len(server.hits()) == 200


def test_close_cuts_open_tunnels_and_leaves_no_threads(server: FixtureServer) -> None:
    proxy = EgressProxy(TargetPolicy(allow_private=True, resolver=resolver)).start()
    tunnels = []
    for _ in range(5):
        sock = socket.create_connection(proxy.address, timeout=5)
        sock.sendall(f"CONNECT site.test:{server.port} HTTP/1.1\r\n\r\n".encode())
        assert sock.recv(1024).startswith(b"HTTP/1.1 200")
        tunnels.append(sock)
    idle = socket.create_connection(proxy.address, timeout=5)  # never sends a request
    deadline = time.monotonic() + 5
    while len([t for t in proxy_threads() if "_handle" in t.name]) < 6:  # all accepted
        assert time.monotonic() < deadline
        time.sleep(0.01)
    address = proxy.address

    proxy.close()

    for sock in [*tunnels, idle]:
        assert sock.recv(1024) == b""  # EOF, not a timeout
        sock.close()
    assert proxy_threads() == []
    with pytest.raises(OSError):
        socket.create_connection(address, timeout=1)
