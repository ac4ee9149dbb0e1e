"""Address classification: global unicast only; IPv6 forms judged by the IPv4 they carry."""

from __future__ import annotations

import ipaddress

import pytest
from pageport.netguard.addresses import (
    Verdict,
    classify_address,
    describe_address,
    is_public_address,
)

L, F = Verdict.LOCAL, Verdict.FORBIDDEN

PUBLIC = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.0.1.255",
    "192.169.0.1",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4001:81d::200e",
    "::ffff:8.8.8.8",
    "2002:808:808::1",
    "64:ff9b::808:808",
    "2001:0:4136:e378:8000:63bf:f7f7:f7f7",  # Teredo: both IPv4 public
]

NOT_PUBLIC = [
    # (address, verdict, describe_address)
    ("127.0.0.1", L, "loopback"),
    ("127.255.255.254", L, "loopback"),
    ("10.0.0.1", L, "private"),
    ("172.16.0.1", L, "private"),
    ("192.168.0.1", L, "private"),
    ("100.64.0.1", L, "shared (CGNAT)"),
    ("100.127.255.255", L, "shared (CGNAT)"),
    ("169.254.0.1", L, "link-local"),
    ("169.254.169.254", F, "link-local (cloud metadata)"),
    ("169.254.170.2", F, "link-local (container metadata)"),
    ("198.18.0.1", L, "benchmarking"),
    ("198.19.255.255", L, "benchmarking"),
    ("0.0.0.0", F, "unspecified"),  # noqa: S104
    ("0.1.2.3", F, "'this network'"),
    ("192.0.0.1", F, "IETF-reserved"),
    ("192.0.2.1", F, "documentation"),
    ("198.51.100.1", F, "documentation"),
    ("203.0.113.1", F, "documentation"),
    ("192.88.99.1", F, "6to4 relay anycast"),
    ("224.0.0.1", F, "multicast"),
    ("239.255.255.250", F, "multicast"),
    ("240.0.0.1", F, "reserved"),
    ("255.255.255.255", F, "broadcast"),
    ("::", F, "unspecified"),
    ("::1", L, "loopback"),
    ("fe80::1", L, "link-local"),
    ("fe80::1%eth0", L, "link-local"),
    ("fec0::1", L, "site-local"),
    ("fc00::1", L, "unique-local"),
    ("fd12:3456::1", L, "unique-local"),
    ("fd00:ec2::254", F, "unique-local (cloud metadata)"),
    ("ff02::1", F, "multicast"),
    ("2001:db8::1", F, "documentation"),
    ("3fff::1", F, "documentation"),
    ("2001:2::1", L, "benchmarking"),
    ("2001:10::1", F, "IETF-reserved"),
    ("100::1", F, "discard-only"),
    ("5f00::1", F, "SRv6 SID"),
    ("4000::1", F, "reserved"),
    ("::ffff:127.0.0.1", L, "IPv4-mapped loopback (127.0.0.1)"),
    ("::ffff:7f00:1", L, "IPv4-mapped loopback (127.0.0.1)"),
    ("::ffff:169.254.169.254", F, "IPv4-mapped link-local (cloud metadata) (169.254.169.254)"),
    ("::ffff:0.0.0.0", F, "IPv4-mapped unspecified (0.0.0.0)"),
    ("::127.0.0.1", L, "IPv4-compatible loopback (127.0.0.1)"),
    ("::10.0.0.1", L, "IPv4-compatible private (10.0.0.1)"),
    ("::ffff:0:10.0.0.1", L, "IPv4-translated private (10.0.0.1)"),
    ("2002:7f00:1::1", L, "6to4 loopback (127.0.0.1)"),
    ("2002:a9fe:a9fe::", F, "6to4 link-local (cloud metadata) (169.254.169.254)"),
    ("64:ff9b::7f00:1", L, "NAT64 loopback (127.0.0.1)"),
    ("64:ff9b::a9fe:a9fe", F, "NAT64 link-local (cloud metadata) (169.254.169.254)"),
    ("64:ff9b:1::c0a8:1", L, "local NAT64 private (192.168.0.1)"),
    # Teredo: server IPv4 in bits 32-63, client IPv4 inverted in the last 32 bits.
    ("2001:0:4136:e378:8000:63bf:80ff:fffe", L, "Teredo client loopback (127.0.0.1)"),
    ("2001:0:a00:1:8000:63bf:f7f7:f7f7", L, "Teredo server private (10.0.0.1)"),
]


@pytest.mark.parametrize("text", PUBLIC)
def test_public(text: str) -> None:
    ip = ipaddress.ip_address(text)
    assert is_public_address(ip)
    assert describe_address(ip) == "public"


@pytest.mark.parametrize(("text", "verdict", "reason"), NOT_PUBLIC)
def test_not_public(text: str, verdict: Verdict, reason: str) -> None:
    ip = ipaddress.ip_address(text)
    assert not is_public_address(ip)
    assert classify_address(ip) == (verdict, reason)
    assert describe_address(ip) == reason
