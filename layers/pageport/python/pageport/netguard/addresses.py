"""Is an IP address public? Global unicast only, judged from explicit IANA tables.

Python's ``ipaddress.is_global`` changed between patch releases (3.11.10, 3.12.4, 3.13), so
the tables live here and say exactly what is refused and why. IPv6 forms that carry an IPv4
address (mapped, compatible, translated, 6to4, NAT64, Teredo) are judged by that address,
because that is where the packets end up.
"""

from __future__ import annotations

import enum
import ipaddress
from typing import NamedTuple

__all__ = [
    "ALWAYS_BLOCKED",
    "AddressClass",
    "IPAddress",
    "Verdict",
    "classify_address",
    "describe_address",
    "embedded_ipv4",
    "is_public_address",
]

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


class Verdict(enum.Enum):
    """What a policy may do with an address."""

    PUBLIC = "public"  # global unicast: always allowed
    LOCAL = "local"  # loopback, private, link-local...: allowed only with allow_private
    FORBIDDEN = "forbidden"  # never (cloud metadata, unspecified, multicast, reserved...)


class AddressClass(NamedTuple):  # NamedTuple, not dataclass: urls.py is cold-start code
    verdict: Verdict
    reason: str  # "public", "loopback", "link-local (cloud metadata)", ...


PUBLIC = AddressClass(Verdict.PUBLIC, "public")

_L, _F = Verdict.LOCAL, Verdict.FORBIDDEN

# Refused whatever allow_private says: instance/task credentials live behind these.
ALWAYS_BLOCKED: dict[IPAddress, str] = {
    ipaddress.ip_address(a): r
    for a, r in (
        ("169.254.169.254", "link-local (cloud metadata)"),
        ("169.254.170.2", "link-local (container metadata)"),
        ("169.254.170.23", "link-local (EKS pod identity)"),
        ("fd00:ec2::254", "unique-local (cloud metadata)"),
        ("fd00:ec2::23", "unique-local (EKS pod identity)"),
    )
}

# IANA IPv4 Special-Purpose Address Registry (and multicast/reserved), most specific first.
# Blocks that IANA marks globally reachable (AS112, AMT, 192.0.0.9/10) are absent or folded
# into their refused parent: nothing a crawler needs lives there.
_V4: list[tuple[ipaddress.IPv4Network, Verdict, str]] = [
    (ipaddress.IPv4Network(n), v, r)
    for n, v, r in (
        ("255.255.255.255/32", _F, "broadcast"),
        ("0.0.0.0/32", _F, "unspecified"),
        ("192.0.0.0/24", _F, "IETF-reserved"),
        ("192.0.2.0/24", _F, "documentation"),
        ("198.51.100.0/24", _F, "documentation"),
        ("203.0.113.0/24", _F, "documentation"),
        ("192.88.99.0/24", _F, "6to4 relay anycast"),
        ("169.254.0.0/16", _L, "link-local"),
        ("192.168.0.0/16", _L, "private"),
        ("198.18.0.0/15", _L, "benchmarking"),
        ("172.16.0.0/12", _L, "private"),
        ("100.64.0.0/10", _L, "shared (CGNAT)"),
        ("0.0.0.0/8", _F, "'this network'"),
        ("10.0.0.0/8", _L, "private"),
        ("127.0.0.0/8", _L, "loopback"),
        ("224.0.0.0/4", _F, "multicast"),
        ("240.0.0.0/4", _F, "reserved"),
    )
]

# IPv6 blocks with no embedded IPv4 (IANA IPv6 Special-Purpose Address Registry). Anything
# outside 2000::/3 (global unicast) is refused as reserved after these.
_V6: list[tuple[ipaddress.IPv6Network, Verdict, str]] = [
    (ipaddress.IPv6Network(n), v, r)
    for n, v, r in (
        ("::/128", _F, "unspecified"),
        ("::1/128", _L, "loopback"),
        ("100::/64", _F, "discard-only"),
        ("2001:2::/48", _L, "benchmarking"),
        ("2001:db8::/32", _F, "documentation"),
        ("3fff::/20", _F, "documentation"),
        ("2001::/23", _F, "IETF-reserved"),
        ("5f00::/16", _F, "SRv6 SID"),
        ("fc00::/7", _L, "unique-local"),
        ("fe80::/10", _L, "link-local"),
        ("fec0::/10", _L, "site-local"),
        ("ff00::/8", _F, "multicast"),
    )
]
_GLOBAL_UNICAST = ipaddress.IPv6Network("2000::/3")
_TEREDO = ipaddress.IPv6Network("2001::/32")

# (network, label, how to pull the IPv4 address out of the 128-bit integer)
_EMBEDDING: list[tuple[ipaddress.IPv6Network, str, int]] = [
    (ipaddress.IPv6Network(n), label, shift)
    for n, label, shift in (
        ("::ffff:0:0/96", "IPv4-mapped", 0),
        ("::ffff:0:0:0/96", "IPv4-translated", 0),
        ("64:ff9b::/96", "NAT64", 0),
        ("64:ff9b:1::/48", "local NAT64", 0),
        ("2002::/16", "6to4", 80),
        ("::/96", "IPv4-compatible", 0),  # after ::/128 and ::1/128 (checked first)
    )
]


def embedded_ipv4(ip: ipaddress.IPv6Address) -> list[tuple[str, ipaddress.IPv4Address]]:
    """IPv4 addresses that ``ip`` carries, with the name of the form (empty if none)."""
    if ip in _TEREDO:
        server, client = ip.teredo or (None, None)
        assert server is not None and client is not None
        return [("Teredo server", server), ("Teredo client", client)]
    value = int(ip)
    for net, label, shift in _EMBEDDING:
        if ip in net and ip not in (ipaddress.IPv6Address(0), ipaddress.IPv6Address(1)):
            return [(label, ipaddress.IPv4Address((value >> shift) & 0xFFFFFFFF))]
    return []


def _classify_v4(ip: ipaddress.IPv4Address) -> AddressClass:
    for net, verdict, reason in _V4:
        if ip in net:
            return AddressClass(verdict, reason)
    return PUBLIC


def classify_address(ip: IPAddress) -> AddressClass:
    """Classify ``ip``: PUBLIC (global unicast), LOCAL (only with allow_private) or FORBIDDEN.

    IPv6 forms that embed an IPv4 address are judged by that address; a scope id
    (``fe80::1%eth0``) is ignored.
    """
    if isinstance(ip, ipaddress.IPv6Address) and ip.scope_id:
        ip = ipaddress.IPv6Address(int(ip))
    if ip in ALWAYS_BLOCKED:
        return AddressClass(Verdict.FORBIDDEN, ALWAYS_BLOCKED[ip])
    if isinstance(ip, ipaddress.IPv4Address):
        return _classify_v4(ip)
    embedded = embedded_ipv4(ip)
    if embedded:
        worst = PUBLIC
        for label, v4 in embedded:
            inner = classify_address(v4)
            if inner.verdict is not Verdict.PUBLIC and worst.verdict is not Verdict.FORBIDDEN:
                worst = AddressClass(inner.verdict, f"{label} {inner.reason} ({v4})")
        return worst
    for net6, verdict, reason in _V6:
        if ip in net6:
            return AddressClass(verdict, reason)
    if ip not in _GLOBAL_UNICAST:
        return AddressClass(Verdict.FORBIDDEN, "reserved")
    return PUBLIC


def is_public_address(ip: IPAddress) -> bool:
    """True only for global unicast addresses (see :func:`classify_address`)."""
    return classify_address(ip).verdict is Verdict.PUBLIC


def describe_address(ip: IPAddress) -> str:
    """Why ``ip`` is (not) public: ``"public"``, ``"loopback"``, ``"private"``,
    ``"link-local (cloud metadata)"``, ``"IPv4-mapped loopback (127.0.0.1)"``..."""
    return classify_address(ip).reason
