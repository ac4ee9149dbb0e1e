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
    "rfc6052_embed",
    "rfc6052_extract",
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
        ("2002::/16", "6to4", 80),
        ("::/96", "IPv4-compatible", 0),  # after ::/128 and ::1/128 (checked first)
    )
]


# RFC 6052 §2.2: where each prefix length puts the 32 IPv4 bits, as (first bit, bit count)
# runs counted from the left; bits 64-71 (the "u" octet) are never used, so a run stops there.
RFC6052_LAYOUT: dict[int, tuple[tuple[int, int], ...]] = {
    32: ((32, 32),),
    40: ((40, 24), (72, 8)),
    48: ((48, 16), (72, 16)),
    56: ((56, 8), (72, 24)),
    64: ((72, 32),),
    96: ((96, 32),),
}
_NAT64_WELL_KNOWN = ipaddress.IPv6Network("64:ff9b::/96")  # RFC 6052 §2.1: /96 only
# RFC 8215's local-use prefix: an operator takes a /48../96 inside it, and the address alone does
# not say which. Every length that fits is read, and the worst reading decides (so an address
# is public only if it is under every layout; refusing a rare public one is the safe error).
_NAT64_LOCAL_USE = ipaddress.IPv6Network("64:ff9b:1::/48")
_LOCAL_USE_LENGTHS = (48, 56, 64, 96)
_THIS_NETWORK = ipaddress.IPv4Network("0.0.0.0/8")


def rfc6052_extract(ip: ipaddress.IPv6Address, prefix_length: int) -> ipaddress.IPv4Address:
    """The IPv4 address that ``ip`` embeds under a ``prefix_length`` NAT64 prefix (RFC 6052
    §2.2). The u octet and the suffix are ignored, as a translator ignores them: an address
    with junk there still reaches the embedded IPv4 address."""
    value, v4 = int(ip), 0
    for first, count in RFC6052_LAYOUT[prefix_length]:
        v4 = (v4 << count) | ((value >> (128 - first - count)) & ((1 << count) - 1))
    return ipaddress.IPv4Address(v4)


def rfc6052_embed(prefix: ipaddress.IPv6Network, v4: ipaddress.IPv4Address) -> ipaddress.IPv6Address:
    """``v4`` embedded under the NAT64 ``prefix`` (RFC 6052 §2.2): the inverse of rfc6052_extract."""
    value, bits, taken = int(prefix.network_address), int(v4), 0
    for first, count in RFC6052_LAYOUT[prefix.prefixlen]:
        part = (bits >> (32 - taken - count)) & ((1 << count) - 1)
        value |= part << (128 - first - count)
        taken += count
    return ipaddress.IPv6Address(value)


def _nat64_readings(ip: ipaddress.IPv6Address) -> list[tuple[str, ipaddress.IPv4Address]]:
    if ip in _NAT64_WELL_KNOWN:
        return [("NAT64", ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))]
    if ip in _NAT64_LOCAL_USE:
        readings = [rfc6052_extract(ip, n) for n in _LOCAL_USE_LENGTHS]
        # A reading in 0.0.0.0/8 is what zero operator bits give under a longer layout; no
        # translator forwards there (a martian destination), so it only counts if it is all there is.
        meaningful = [v4 for v4 in readings if v4 not in _THIS_NETWORK] or readings[-1:]
        return [("local NAT64", v4) for v4 in dict.fromkeys(meaningful)]
    return []


def embedded_ipv4(ip: ipaddress.IPv6Address) -> list[tuple[str, ipaddress.IPv4Address]]:
    """IPv4 addresses that ``ip`` carries, with the name of the form (empty if none)."""
    nat64 = _nat64_readings(ip)
    if nat64:
        return nat64
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


_SEVERITY = {Verdict.PUBLIC: 0, Verdict.LOCAL: 1, Verdict.FORBIDDEN: 2}


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
            if _SEVERITY[inner.verdict] > _SEVERITY[worst.verdict]:
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
