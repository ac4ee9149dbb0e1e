"""normalize_target_url: the `url` rule of api.md, every spelling of a non-public address."""

from __future__ import annotations

import subprocess
import sys

import pytest
from pageport.netguard.urls import MAX_URL_LENGTH, TargetUrlError, normalize_target_url

ACCEPTED = [
    # (input, normalized)
    ("https://example.com/pricing#plans", "https://example.com/pricing"),
    ("HTTPS://EXAMPLE.COM", "https://example.com/"),
    ("http://example.com", "http://example.com/"),
    ("http://example.com:80/a?b=1#x", "http://example.com/a?b=1"),
    ("https://example.com:443/", "https://example.com/"),
    ("http://example.com:443/", "http://example.com:443/"),
    ("https://example.com:8443/x", "https://example.com:8443/x"),
    ("https://example.com:000443/", "https://example.com/"),
    ("http://example.com:/", "http://example.com/"),
    ("https://example.com/?", "https://example.com/?"),
    ("https://example.com/a/b?x=1&y=%20z", "https://example.com/a/b?x=1&y=%20z"),
    ("  https://example.com/  ", "https://example.com/"),
    ("https://example.com/é?q=é", "https://example.com/%C3%A9?q=%C3%A9"),
    ('https://example.com/"<>`', "https://example.com/%22%3C%3E%60"),
    ("https://example.com/a\\b", "https://example.com/a/b"),
    ("https://example.com#only-fragment", "https://example.com/"),
    ("https://bücher.de/", "https://xn--bcher-kva.de/"),
    ("https://BÜCHER.de/", "https://xn--bcher-kva.de/"),
    ("https://XN--BCHER-KVA.de/", "https://xn--bcher-kva.de/"),
    ("https://ＥＸＡＭＰＬＥ。com/", "https://example.com/"),  # noqa: RUF001 - fullwidth on purpose
    ("https://💩.la/", "https://xn--ls8h.la/"),
    ("https://%65xample.com/", "https://example.com/"),
    ("https://example.com./", "https://example.com./"),
    ("https://my_host.example.com/", "https://my_host.example.com/"),
    ("https://127.0.0.1.nip.io/", "https://127.0.0.1.nip.io/"),  # a name: DNS is checked later
    ("https://localhost.example.com/", "https://localhost.example.com/"),
    ("http://8.8.8.8/", "http://8.8.8.8/"),
    ("http://0x08.0x08.0x08.0x08/", "http://8.8.8.8/"),
    ("http://134744072/", "http://8.8.8.8/"),
    ("http://010.010.010.010/", "http://8.8.8.8/"),
    ("http://8.526344/", "http://8.8.8.8/"),
    ("http://[2606:4700:0:0:0:0:0:1111]/", "http://[2606:4700::1111]/"),
    ("http://[2606:4700::1111]:8080/", "http://[2606:4700::1111]:8080/"),
    ("http://[2001:db9:0:1:0:0:1:0]/", "http://[2001:db9:0:1::1:0]/"),
    ("http://[::ffff:8.8.8.8]/", "http://[::ffff:808:808]/"),
    ("http://[2002:808:808::1]/", "http://[2002:808:808::1]/"),  # 6to4 of a public IPv4
    ("http://[64:ff9b::808:808]/", "http://[64:ff9b::808:808]/"),  # NAT64 of a public IPv4
]

REFUSED = [
    # (input, exact message)
    ("ftp://example.com/", "URL must use http or https"),
    ("file:///etc/passwd", "URL must use http or https"),
    ("javascript:alert(1)", "URL must use http or https"),
    ("gopher://127.0.0.1:25/", "URL must use http or https"),
    ("example.com/path", "URL must use http or https"),
    ("", "URL must not be empty"),
    ("http:example.com", "URL must start with http://"),
    ("http:///example.com", "URL must include a host"),
    ("https://:443/", "URL must include a host"),
    ("https://user:pw@example.com/", "URL must not contain credentials"),
    ("https://@example.com/", "URL must not contain credentials"),
    ("https://example.com@127.0.0.1/", "URL must not contain credentials"),
    ("https://exa mple.com/", "URL must not contain spaces or control characters"),
    ("https://example.com/a\nb", "URL must not contain spaces or control characters"),
    ("https://example.com:0/", "URL port must be a number between 1 and 65535"),
    ("https://example.com:65536/", "URL port must be a number between 1 and 65535"),
    ("https://example.com:1000443/", "URL port must be a number between 1 and 65535"),
    ("https://example.com:8o/", "URL port must be a number between 1 and 65535"),
    ("http://localhost/", "localhost is not a public host"),
    ("http://LOCALHOST:3000/", "localhost is not a public host"),
    ("http://localhost./", "localhost is not a public host"),
    ("http://api.localhost/", "api.localhost is not a public host"),
    ("http://%6cocalhost/", "localhost is not a public host"),
    ("http://[fe80::1%25eth0]/", "URL must not contain an IPv6 zone identifier"),
    ("http://[fe80::1%eth0]/", "URL must not contain an IPv6 zone identifier"),
    ("http://[::1/", "URL host is not a valid IPv6 address"),
    ("http://[::1]x/", "URL host is not a valid IPv6 address"),
    ("http://[1:2:3:4:5:6:7:8:9]/", "URL host is not a valid IPv6 address"),
    ("http://[127.0.0.1]/", "URL host is not a valid IPv6 address"),
    # numeric-looking garbage is refused, not guessed
    ("http://1.2.3.4.5/", "URL host 1.2.3.4.5 is not a valid IP address"),
    ("http://256.0.0.1/", "URL host 256.0.0.1 is not a valid IP address"),
    ("http://1.2.3.256/", "URL host 1.2.3.256 is not a valid IP address"),
    ("http://4294967296/", "URL host 4294967296 is not a valid IP address"),
    ("http://09.0.0.1/", "URL host 09.0.0.1 is not a valid IP address"),
    ("http://0x7g.0.0.1/", "URL host 0x7g.0.0.1 is not a valid IP address"),
    ("http://127..0.1/", "URL host 127..0.1 is not a valid IP address"),
    ("http://example.123/", "URL host example.123 is not a valid IP address"),
    ("http://1_0.0.0.1/", "URL host 1_0.0.0.1 is not a valid IP address"),
    ("http://a..b/", "URL host a..b is not a valid host name"),
    ("http://exa!mple.com/", "URL host exa!mple.com is not a valid host name"),
    ("http://xn--a.com/", "URL host xn--a.com is not a valid host name"),
    ("http://xn--zz.com/", "URL host xn--zz.com is not a valid host name"),
    ("http://%zz.com/", "URL host %zz.com is not a valid host name"),
    ("http://%ff.com/", "URL host is not a valid host name"),
    ("https://" + "a" * 64 + ".com/", "URL host " + "a" * 64 + ".com is not a valid host name"),
    (
        "https://example.com/" + "a" * MAX_URL_LENGTH,
        f"URL must be at most {MAX_URL_LENGTH} characters",
    ),
]


# (input, message before ", not a public one"): every spelling of a non-public literal.
NOT_PUBLIC = [
    ("http://127.0.0.1/", "127.0.0.1 is a loopback address"),
    ("http://127.0.0.1.:8080/", "127.0.0.1. means 127.0.0.1, a loopback address"),
    ("http://2130706433/", "2130706433 means 127.0.0.1, a loopback address"),
    ("http://0177.0.0.1/", "0177.0.0.1 means 127.0.0.1, a loopback address"),
    ("http://0x7f.0.0.1/", "0x7f.0.0.1 means 127.0.0.1, a loopback address"),
    ("http://0x7f000001/", "0x7f000001 means 127.0.0.1, a loopback address"),
    ("http://0x7F.1/", "0x7F.1 means 127.0.0.1, a loopback address"),
    ("http://127.1/", "127.1 means 127.0.0.1, a loopback address"),
    ("http://0177.1/", "0177.1 means 127.0.0.1, a loopback address"),
    ("http://127.0.1/", "127.0.1 means 127.0.0.1, a loopback address"),
    ("http://10.1/", "10.1 means 10.0.0.1, a private address"),
    ("http://012.0x0.1/", "012.0x0.1 means 10.0.0.1, a private address"),
    ("http://%31%32%37.0.0.1/", "%31%32%37.0.0.1 means 127.0.0.1, a loopback address"),
    ("http://１２７.０.０.１/", "１２７.０.０.１ means 127.0.0.1, a loopback address"),  # noqa: RUF001
    ("http://127。0。0。1/", "127。0。0。1 means 127.0.0.1, a loopback address"),
    ("http://0/", "0 means 0.0.0.0, an unspecified address"),
    ("http://0.0.0.0:9001/", "0.0.0.0 is an unspecified address"),
    (
        "http://169.254.169.254/latest/meta-data/",
        "169.254.169.254 is a link-local (cloud metadata) address",
    ),
    (
        "http://2852039166/",
        "2852039166 means 169.254.169.254, a link-local (cloud metadata) address",
    ),
    ("http://169.254.1.1/", "169.254.1.1 is a link-local address"),
    ("http://192.168.1.1/", "192.168.1.1 is a private address"),
    ("http://172.31.255.255/", "172.31.255.255 is a private address"),
    ("http://100.64.0.1/", "100.64.0.1 is a shared (CGNAT) address"),
    ("http://198.18.0.1/", "198.18.0.1 is a benchmarking address"),
    ("http://192.0.0.8/", "192.0.0.8 is an IETF-reserved address"),
    ("http://192.0.2.1/", "192.0.2.1 is a documentation address"),
    ("http://224.0.0.1/", "224.0.0.1 is a multicast address"),
    ("http://240.0.0.1/", "240.0.0.1 is a reserved address"),
    ("http://255.255.255.255/", "255.255.255.255 is a broadcast address"),
    ("http://[::1]/", "::1 is a loopback address"),
    ("http://[0:0:0:0:0:0:0:1]:8080/", "[0:0:0:0:0:0:0:1] means ::1, a loopback address"),
    ("http://[::]/", ":: is an unspecified address"),
    (
        "http://[::ffff:127.0.0.1]/",
        "[::ffff:127.0.0.1] means ::ffff:7f00:1, an IPv4-mapped loopback (127.0.0.1) address",
    ),
    ("http://[::ffff:7f00:1]/", "::ffff:7f00:1 is an IPv4-mapped loopback (127.0.0.1) address"),
    (
        "http://[::FFFF:a9fe:a9fe]/",
        "::ffff:a9fe:a9fe is an IPv4-mapped link-local (cloud metadata) (169.254.169.254) address",
    ),
    (
        "http://[::127.0.0.1]/",
        "[::127.0.0.1] means ::7f00:1, an IPv4-compatible loopback (127.0.0.1) address",
    ),
    ("http://[::ffff:0:a00:1]/", "::ffff:0:a00:1 is an IPv4-translated private (10.0.0.1) address"),
    ("http://[2002:7f00:1::]/", "2002:7f00:1:: is a 6to4 loopback (127.0.0.1) address"),
    ("http://[2002:c0a8:101::1]/", "2002:c0a8:101::1 is a 6to4 private (192.168.1.1) address"),
    (
        "http://[64:ff9b::a9fe:a9fe]/",
        "64:ff9b::a9fe:a9fe is a NAT64 link-local (cloud metadata) (169.254.169.254) address",
    ),
    ("http://[64:ff9b:1::a00:1]/", "64:ff9b:1::a00:1 is a local NAT64 private (10.0.0.1) address"),
    (
        "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
        "2001:0:4136:e378:8000:63bf:80ff:fffe is a Teredo client loopback (127.0.0.1) address",
    ),
    ("http://[fd00:ec2::254]/", "fd00:ec2::254 is a unique-local (cloud metadata) address"),
    ("http://[fc00::1]/", "fc00::1 is a unique-local address"),
    ("http://[fe80::1]/", "fe80::1 is a link-local address"),
    ("http://[fec0::1]/", "fec0::1 is a site-local address"),
    ("http://[ff02::1]/", "ff02::1 is a multicast address"),
    ("http://[2001:db8::1]/", "2001:db8::1 is a documentation address"),
    ("http://[100::1]/", "100::1 is a discard-only address"),
]


@pytest.mark.parametrize(("raw", "expected"), ACCEPTED)
def test_accepted(raw: str, expected: str) -> None:
    assert normalize_target_url(raw) == expected


@pytest.mark.parametrize(("raw", "message"), REFUSED)
def test_refused(raw: str, message: str) -> None:
    with pytest.raises(TargetUrlError) as info:
        normalize_target_url(raw)
    assert str(info.value) == message


@pytest.mark.parametrize(("raw", "message"), NOT_PUBLIC)
def test_not_public_literals(raw: str, message: str) -> None:
    with pytest.raises(TargetUrlError) as info:
        normalize_target_url(raw)
    assert str(info.value) == f"{message}, not a public one"


def test_backslash_ends_the_authority_like_a_browser() -> None:
    # Python's urlsplit would read host 127.0.0.1 here; browsers read evil.example.
    assert normalize_target_url("http://evil.example\\@127.0.0.1/") == ("http://evil.example/@127.0.0.1/")


def test_length_limit_is_inclusive() -> None:
    base = "https://example.com/"
    exact = base + "a" * (MAX_URL_LENGTH - len(base))
    assert normalize_target_url(exact) == exact
    with pytest.raises(TargetUrlError):
        normalize_target_url(exact + "a")


def test_length_limit_applies_after_percent_encoding() -> None:
    raw = "https://example.com/" + "é" * 2000  # 2,020 characters, 12,020 once encoded
    with pytest.raises(TargetUrlError, match="at most 4096"):
        normalize_target_url(raw)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("http://localhost:3000/x#y", "http://localhost:3000/x"),
        ("http://api.localhost/", "http://api.localhost/"),
        ("http://127.0.0.1:8000/", "http://127.0.0.1:8000/"),
        ("http://0x7f.1/", "http://127.0.0.1/"),
        ("http://10.0.0.5/", "http://10.0.0.5/"),
        ("http://[::1]:8000/", "http://[::1]:8000/"),
        ("http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/"),
        ("http://[fd12::1]/", "http://[fd12::1]/"),
    ],
)
def test_allow_private_accepts_local_targets(raw: str, expected: str) -> None:
    assert normalize_target_url(raw, allow_private=True) == expected


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("http://169.254.169.254/", "169.254.169.254 is a link-local (cloud metadata) address"),
        ("http://[fd00:ec2::254]/", "fd00:ec2::254 is a unique-local (cloud metadata) address"),
        ("http://0.0.0.0/", "0.0.0.0 is an unspecified address"),
        ("http://224.0.0.1/", "224.0.0.1 is a multicast address"),
        ("http://u:p@localhost/", "URL must not contain credentials"),
        ("file:///etc/passwd", "URL must use http or https"),
        ("http://localhost/" + "a" * MAX_URL_LENGTH, "URL must be at most 4096 characters"),
    ],
)
def test_allow_private_keeps_the_other_rules(raw: str, message: str) -> None:
    with pytest.raises(TargetUrlError) as info:
        normalize_target_url(raw, allow_private=True)
    assert str(info.value).startswith(message)


def test_a_host_judged_once_is_judged_again_under_the_other_rule() -> None:
    """Hosts are parsed and judged once per (host, allow_private) (a batch shares a few): a
    local host accepted for local development is still refused to a public caller, and a
    refusal is never remembered as an acceptance."""
    assert normalize_target_url("http://127.0.0.1:8000/a", allow_private=True) == "http://127.0.0.1:8000/a"
    for _ in range(2):
        with pytest.raises(TargetUrlError, match="loopback"):
            normalize_target_url("http://127.0.0.1:8000/b", allow_private=False)
    assert normalize_target_url("http://127.0.0.1:8000/c", allow_private=True) == "http://127.0.0.1:8000/c"


def test_error_is_a_value_error() -> None:
    assert issubclass(TargetUrlError, ValueError)


def test_import_is_light() -> None:
    # API Lambdas import this on cold start: no HTTP client, no browser, no IDNA tables.
    code = (
        "import sys, pageport.netguard.urls; "
        "print(sorted(m for m in ('idna', 'urllib3', 'playwright', 'socket', 'pydantic') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("prefix", ["", "\u00e9"], ids=["ascii", "non-ascii"])
def test_every_space_or_control_character_is_refused_anywhere(prefix: str) -> None:
    """Both checks (ASCII URLs take a faster one) refuse exactly what str.isspace, C0 and DEL name."""
    refused = "URL must not contain spaces or control characters"
    for code in [*range(0x80), 0x85, 0xA0, 0x2028, 0x3000]:
        c = chr(code)
        url = f"https://example.com/{prefix}a{c}b?q={c}"
        if c.isspace() or code < 0x20 or code == 0x7F:
            with pytest.raises(TargetUrlError, match=refused):
                normalize_target_url(url)
        else:
            try:
                normalize_target_url(url)
            except TargetUrlError as exc:
                assert str(exc) != refused, repr(c)


@pytest.mark.parametrize(
    ("raw", "normalized"),
    [
        ("https://example.com?a/b#c", "https://example.com/?a/b"),
        ("https://example.com#a?b/c", "https://example.com/"),
        ("https://example.com\\a?b", "https://example.com/a?b"),
        ("https://example.com:8080#x", "https://example.com:8080/"),
    ],
)
def test_the_authority_ends_at_the_first_delimiter(raw: str, normalized: str) -> None:
    assert normalize_target_url(raw) == normalized
