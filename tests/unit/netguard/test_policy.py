"""TargetPolicy: resolve once, check every answer, return the address to connect to."""

from __future__ import annotations

import pytest
from pageport.netguard.policy import BlockedTarget, TargetPolicy, UnresolvableHost

ANSWERS = {
    "public.test": ["93.184.216.34"],
    "both.test": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"],
    "mixed.test": ["93.184.216.34", "10.0.0.1"],
    "loop.test": ["127.0.0.1"],
    "metadata.test": ["169.254.169.254"],
    "mapped.test": ["::ffff:169.254.169.254"],
    "garbage.test": ["not-an-ip"],
    "empty.test": [],
}


class CountingResolver:
    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []

    def __call__(self, host: str, port: int) -> list[str]:
        self.calls.append((host, port))
        return list(ANSWERS[host])


@pytest.fixture
def resolver() -> CountingResolver:
    return CountingResolver()


def test_returns_the_first_checked_answer_after_one_lookup(resolver: CountingResolver) -> None:
    policy = TargetPolicy(resolver=resolver)
    assert policy.resolve_checked("both.test", 443) == "93.184.216.34"
    assert policy.resolve_checked_all("both.test", 443) == ANSWERS["both.test"]
    assert resolver.calls == [("both.test", 443), ("both.test", 443)]


def test_one_bad_answer_refuses_the_whole_host(resolver: CountingResolver) -> None:
    with pytest.raises(BlockedTarget) as info:
        TargetPolicy(resolver=resolver).resolve_checked("mixed.test", 80)
    assert info.value.target == "mixed.test:80"
    assert info.value.reason == "mixed.test resolves to 10.0.0.1, which is a private address"


@pytest.mark.parametrize(
    ("host", "port", "reason"),
    [
        ("loop.test", 80, "loop.test resolves to 127.0.0.1, which is a loopback address"),
        ("127.0.0.1", 80, "127.0.0.1 is a loopback address"),
        ("[::1]", 443, "::1 is a loopback address"),
        ("[::ffff:7f00:1]", 443, "::ffff:7f00:1 is an IPv4-mapped loopback (127.0.0.1) address"),
        ("10.1.2.3", 80, "10.1.2.3 is a private address"),
        ("localhost", 80, "localhost is not a public host"),
        ("API.localhost.", 80, "api.localhost is not a public host"),
    ],
)
def test_local_targets_refused_by_default(resolver: CountingResolver, host: str, port: int, reason: str) -> None:
    with pytest.raises(BlockedTarget) as info:
        TargetPolicy(resolver=resolver).resolve_checked(host, port)
    assert info.value.reason == reason


def test_literals_are_not_resolved(resolver: CountingResolver) -> None:
    assert TargetPolicy(resolver=resolver).resolve_checked("93.184.216.34", 80) == "93.184.216.34"
    assert TargetPolicy(resolver=resolver).resolve_checked("[2606:4700::1111]", 443) == ("2606:4700::1111")
    assert resolver.calls == []


def test_allow_private_accepts_local_targets(resolver: CountingResolver) -> None:
    policy = TargetPolicy(allow_private=True, resolver=resolver)
    assert policy.resolve_checked("loop.test", 8080) == "127.0.0.1"
    assert policy.resolve_checked("[::1]", 8080) == "::1"
    assert policy.resolve_checked("10.0.0.1", 80) == "10.0.0.1"


@pytest.mark.parametrize(
    ("host", "port", "reason"),
    [
        (
            "metadata.test",
            80,
            "metadata.test resolves to 169.254.169.254, which is a link-local (cloud metadata) address",
        ),
        (
            "mapped.test",
            80,
            "mapped.test resolves to ::ffff:a9fe:a9fe, which is an IPv4-mapped "
            "link-local (cloud metadata) (169.254.169.254) address",
        ),
        ("[fd00:ec2::254]", 80, "fd00:ec2::254 is a unique-local (cloud metadata) address"),
        ("127.0.0.1", 9001, "127.0.0.1 is the Lambda runtime API (port 9001)"),
        ("127.0.0.2", 9001, "127.0.0.2 is the Lambda runtime API (port 9001)"),
        ("[::ffff:127.0.0.1]", 9001, "::ffff:7f00:1 is the Lambda runtime API (port 9001)"),
        ("0.0.0.0", 9001, "0.0.0.0 is an unspecified address"),  # noqa: S104
        ("224.0.0.1", 80, "224.0.0.1 is a multicast address"),
        ("garbage.test", 80, "garbage.test resolved to 'not-an-ip', not an IP address"),
    ],
)
def test_always_refused_even_with_allow_private(resolver: CountingResolver, host: str, port: int, reason: str) -> None:
    with pytest.raises(BlockedTarget) as info:
        TargetPolicy(allow_private=True, resolver=resolver).resolve_checked(host, port)
    assert info.value.reason == reason


def test_lambda_runtime_api_from_the_environment(resolver: CountingResolver, monkeypatch: pytest.MonkeyPatch) -> None:
    policy = TargetPolicy(allow_private=True, resolver=resolver)
    assert policy.resolve_checked("10.0.0.7", 9100) == "10.0.0.7"
    monkeypatch.setenv("AWS_LAMBDA_RUNTIME_API", "10.0.0.7:9100")
    with pytest.raises(BlockedTarget, match="Lambda runtime API"):
        policy.resolve_checked("10.0.0.7", 9100)
    assert policy.resolve_checked("10.0.0.7", 9101) == "10.0.0.7"  # other ports are not it
    monkeypatch.setenv("AWS_LAMBDA_RUNTIME_API", "runtime.test:9001")
    with pytest.raises(BlockedTarget, match="Lambda runtime API"):
        policy.resolve_checked("RUNTIME.test", 9001)
    assert resolver.calls == []  # refused by name, never resolved


@pytest.mark.parametrize("host", ["empty.test", "unknown.test"])
def test_no_answer_is_unresolvable_not_blocked(resolver: CountingResolver, host: str) -> None:
    with pytest.raises(UnresolvableHost):
        TargetPolicy(resolver=resolver).resolve_checked(host, 80)


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("file:///etc/passwd", "file: URLs are not allowed (http, https, ws, wss only)"),
        ("chrome://settings", "chrome: URLs are not allowed (http, https, ws, wss only)"),
        ("data:text/html,hi", "data: URLs are not allowed (http, https, ws, wss only)"),
        ("ftp://public.test/", "ftp: URLs are not allowed (http, https, ws, wss only)"),
        (
            "ws://loop.test:8080/socket",
            "loop.test resolves to 127.0.0.1, which is a loopback address",
        ),
        ("https://mixed.test/", "mixed.test resolves to 10.0.0.1, which is a private address"),
        ("http://0x7f.1/", "127.0.0.1 is a loopback address"),
        ("https://u:p@public.test/", "URL must not contain credentials"),
    ],
)
def test_check_url_refuses(resolver: CountingResolver, url: str, reason: str) -> None:
    with pytest.raises(BlockedTarget) as info:
        TargetPolicy(resolver=resolver).check_url(url)
    assert (info.value.target, info.value.reason) == (url, reason)


def test_check_url_accepts_public_targets(resolver: CountingResolver) -> None:
    policy = TargetPolicy(resolver=resolver)
    for url in (
        "https://public.test/",
        "wss://both.test:8443/x",
        "ws://public.test/",
        "http://8.8.8.8/",
    ):
        policy.check_url(url)
    assert resolver.calls == [("public.test", 443), ("both.test", 8443), ("public.test", 80)]


def test_the_local_stacks_own_ports_stay_refused_even_with_private_targets(monkeypatch):
    import ipaddress

    from pageport.netguard.policy import TargetPolicy

    monkeypatch.setenv("PAGEPORT_PROTECTED_PORTS", "8000,41234")
    policy = TargetPolicy(allow_private=True)
    assert policy.refusal(ipaddress.ip_address("127.0.0.1"), 8000) == "a service of the local stack itself (port 8000)"
    assert policy.refusal(ipaddress.ip_address("::ffff:127.0.0.1"), 41234) is not None
    assert policy.refusal(ipaddress.ip_address("127.0.0.1"), 8080) is None
    assert policy.refusal(ipaddress.ip_address("10.0.0.5"), 8000) is None
