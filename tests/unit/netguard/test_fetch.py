"""SafeFetcher against loopback fixture servers: every hop checked, DNS pinned, body capped."""

from __future__ import annotations

import re
import ssl
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from pageport.netguard.fetch import FetchError, SafeFetcher
from pageport.netguard.policy import BlockedTarget, TargetPolicy

from tests.support.netguard_servers import Certificates, FixtureServer, make_certificates, serving


class Resolver:
    """Answers from a table; a host given a list of answer lists gets the next list per
    call (a DNS rebinding attacker); every call is recorded."""

    def __init__(self, table: dict[str, list[list[str]]]) -> None:
        self.table = table
        self.calls: list[tuple[str, int]] = []

    def __call__(self, host: str, port: int) -> list[str]:
        self.calls.append((host, port))
        answers = self.table[host]
        return answers[min(len([c for c in self.calls if c[0] == host]), len(answers)) - 1]


def fixed(**hosts: str) -> Resolver:
    return Resolver({name.replace("_", "."): [[ip]] for name, ip in hosts.items()})


@pytest.fixture(scope="module")
def server() -> Iterator[FixtureServer]:
    with serving() as srv:
        yield srv


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> Certificates:
    return make_certificates(tmp_path_factory.mktemp("certs"))


@pytest.fixture(scope="module")
def tls_server(certificates: Certificates) -> Iterator[tuple[FixtureServer, list[str]]]:
    sni: list[str] = []
    context = certificates.server

    def record_sni(sock: ssl.SSLObject, name: str | None, ctx: ssl.SSLContext) -> None:
        sni.append(name or "")

    context.sni_callback = record_sni
    with serving(tls=context) as srv:
        yield srv, sni


@pytest.fixture(autouse=True)
def _fresh_log(server: FixtureServer) -> None:
    server.reset()


def permissive(resolver: Resolver, **kwargs: object) -> SafeFetcher:
    return SafeFetcher(TargetPolicy(allow_private=True, resolver=resolver), timeout=5, **kwargs)


def test_follows_redirects_and_checks_every_hop(server: FixtureServer) -> None:
    port = server.port
    resolver = fixed(site_test="127.0.0.1", other_test="127.0.0.1")
    hop2 = f"http://other.test:{port}/redirect?to={quote('/page')}"
    url = f"http://site.test:{port}/redirect?to={quote(hop2)}"

    response = permissive(resolver).fetch(url)

    assert (response.status, response.url) == (200, f"http://other.test:{port}/page")
    assert b"fixture page" in response.body and not response.truncated
    assert response.headers["content-type"] == response.headers["Content-Type"]
    assert resolver.calls == [("site.test", port), ("other.test", port), ("other.test", port)]
    assert [host for host, _ in server.hits()] == [
        f"site.test:{port}",
        f"other.test:{port}",
        f"other.test:{port}",
    ]


@pytest.mark.parametrize(
    ("location", "reason"),
    [
        (
            "http://169.254.169.254/latest/meta-data/",
            "169.254.169.254 is a link-local (cloud metadata) address",
        ),
        ("http://[::ffff:a9fe:a9fe]/", "IPv4-mapped link-local (cloud metadata) (169.254.169.254)"),
        ("http://metadata.test/", "metadata.test resolves to 169.254.169.254"),
        ("file:///etc/passwd", "URL must use http or https"),
        ("http://127.0.0.1:9001/2018-06-01/runtime/invocation/next", "Lambda runtime API"),
    ],
)
def test_redirect_to_a_forbidden_target_is_blocked_even_with_allow_private(
    server: FixtureServer, location: str, reason: str
) -> None:
    resolver = fixed(site_test="127.0.0.1", metadata_test="169.254.169.254")
    url = f"http://site.test:{server.port}/redirect?to={quote(location)}"
    with pytest.raises(BlockedTarget) as info:
        permissive(resolver).fetch(url)
    assert reason in info.value.reason
    assert info.value.target == location
    assert len(server.hits()) == 1  # the redirect itself, nothing after it


def test_default_policy_refuses_loopback_before_connecting(server: FixtureServer) -> None:
    resolver = fixed(public_test="127.0.0.1")
    fetcher = SafeFetcher(TargetPolicy(resolver=resolver), timeout=5)
    with pytest.raises(BlockedTarget, match=re.escape("public.test resolves to 127.0.0.1")):
        fetcher.fetch(f"http://public.test:{server.port}/page")
    with pytest.raises(BlockedTarget, match=re.escape("means 127.0.0.1, a loopback address")):
        fetcher.fetch(f"http://0x7f.1:{server.port}/page")
    with pytest.raises(BlockedTarget, match=re.escape("localhost is not a public host")):
        fetcher.fetch(f"http://localhost:{server.port}/page")
    assert server.hits() == []


def test_connection_goes_to_the_first_checked_answer(server: FixtureServer) -> None:
    # Every later lookup answers an address where nothing listens: if anything resolved
    # again (urllib3, the system resolver), the fetch would fail.
    resolver = Resolver({"site.test": [["127.0.0.1"], ["127.0.0.3"]]})
    response = permissive(resolver).fetch(f"http://site.test:{server.port}/page")
    assert response.status == 200
    assert resolver.calls == [("site.test", server.port)]
    assert server.hits() == [(f"site.test:{server.port}", "/page")]


def test_each_redirect_hop_is_resolved_and_checked_again(server: FixtureServer) -> None:
    # DNS rebinding across a redirect to the same host: the second answer is checked.
    resolver = Resolver({"site.test": [["127.0.0.1"], ["169.254.169.254"]]})
    url = f"http://site.test:{server.port}/redirect?to={quote('/page')}"
    with pytest.raises(BlockedTarget, match=re.escape("cloud metadata")):
        permissive(resolver).fetch(url)
    assert len(resolver.calls) == 2
    assert len(server.hits()) == 1


def test_body_is_capped(server: FixtureServer) -> None:
    fetcher = permissive(fixed(site_test="127.0.0.1"), max_bytes=1000)
    exact = fetcher.fetch(f"http://site.test:{server.port}/bytes?n=1000")
    assert (len(exact.body), exact.truncated) == (1000, False)
    over = fetcher.fetch(f"http://site.test:{server.port}/bytes?n=1001")
    assert (len(over.body), over.truncated) == (1000, True)


def test_decompressed_body_is_capped(server: FixtureServer) -> None:
    fetcher = permissive(fixed(site_test="127.0.0.1"), max_bytes=100_000)
    response = fetcher.fetch(f"http://site.test:{server.port}/gzip-zeros?n=20000000")
    assert (len(response.body), response.truncated) == (100_000, True)
    assert set(response.body) == {0}


def test_too_many_redirects(server: FixtureServer) -> None:
    fetcher = permissive(fixed(site_test="127.0.0.1"), max_redirects=3)
    with pytest.raises(FetchError, match=re.escape("more than 3 redirects")):
        fetcher.fetch(f"http://site.test:{server.port}/loop")
    assert len(server.hits()) == 4


def test_error_statuses_are_answers(server: FixtureServer) -> None:
    response = permissive(fixed(site_test="127.0.0.1")).fetch(f"http://site.test:{server.port}/missing")
    assert (response.status, response.ok, response.body) == (404, False, b"not found")
    with pytest.raises(FetchError) as info:
        response.raise_for_status()
    assert info.value.status == 404


def test_network_failures_are_fetch_errors(server: FixtureServer) -> None:
    resolver = fixed(site_test="127.0.0.1", closed_test="127.0.0.1")
    with pytest.raises(FetchError, match=re.escape("cannot resolve nowhere.test")):
        permissive(resolver).fetch("http://nowhere.test/")
    with pytest.raises(FetchError, match=re.escape("cannot connect to closed.test:1")):
        permissive(resolver).fetch("http://closed.test:1/")


def test_whole_fetch_has_a_deadline(server: FixtureServer) -> None:
    fetcher = SafeFetcher(TargetPolicy(allow_private=True, resolver=fixed(site_test="127.0.0.1")), timeout=0.3)
    with pytest.raises(FetchError, match=r"timed out|timeout"):
        fetcher.fetch(f"http://site.test:{server.port}/slow?s=2")


def test_https_verifies_the_host_name_while_connecting_to_the_pinned_address(
    tls_server: tuple[FixtureServer, list[str]], certificates: Certificates
) -> None:
    server, sni = tls_server
    resolver = fixed(site_test="127.0.0.1", other_test="127.0.0.1")
    fetcher = permissive(resolver, ca_certs=str(certificates.ca_file))

    response = fetcher.fetch(f"https://site.test:{server.port}/page")
    assert response.status == 200 and b"fixture page" in response.body
    assert sni[-1] == "site.test"
    assert server.hits()[-1] == (f"site.test:{server.port}", "/page")

    # Same address, a name the certificate does not cover: refused by verification.
    with pytest.raises(FetchError, match=re.escape("other.test")):
        fetcher.fetch(f"https://other.test:{server.port}/page")
    assert sni[-1] == "other.test"
    # Without our CA the certificate is not trusted at all.
    with pytest.raises(FetchError, match=re.escape("CERTIFICATE_VERIFY_FAILED")):
        permissive(resolver).fetch(f"https://site.test:{server.port}/page")
