"""NAT64 addresses (RFC 6052 §2.2) judged by the IPv4 address they embed, at every prefix length:
the u octet (bits 64-71) is skipped, and under the local-use prefix 64:ff9b:1::/48 (RFC 8215),
whose sub-prefix length the address does not reveal, every reading that fits is judged."""

from __future__ import annotations

import ipaddress

import pytest
from pageport.netguard.addresses import (
    RFC6052_LAYOUT,
    Verdict,
    classify_address,
    rfc6052_embed,
    rfc6052_extract,
)

V4 = ipaddress.IPv4Address
V6 = ipaddress.IPv6Address
NET = ipaddress.IPv6Network

# RFC 6052 §2.4, the table of examples (192.0.2.33 under each Network-Specific Prefix).
RFC_EXAMPLES = [
    ("2001:db8::/32", "2001:db8:c000:221::"),
    ("2001:db8:100::/40", "2001:db8:1c0:2:21::"),
    ("2001:db8:122::/48", "2001:db8:122:c000:2:2100::"),
    ("2001:db8:122:300::/56", "2001:db8:122:3c0:0:221::"),
    ("2001:db8:122:344::/64", "2001:db8:122:344:c0:2:2100:0"),
    ("2001:db8:122:344::/96", "2001:db8:122:344::192.0.2.33"),
    ("64:ff9b::/96", "64:ff9b::192.0.2.33"),
]


@pytest.mark.parametrize(("prefix", "address"), RFC_EXAMPLES)
def test_the_rfc_examples_embed_and_extract(prefix: str, address: str) -> None:
    net = NET(prefix)
    assert rfc6052_embed(net, V4("192.0.2.33")) == V6(address)
    assert rfc6052_extract(V6(address), net.prefixlen) == V4("192.0.2.33")


def test_every_length_skips_the_u_octet_and_carries_32_bits() -> None:
    assert sorted(RFC6052_LAYOUT) == [32, 40, 48, 56, 64, 96]
    for runs in RFC6052_LAYOUT.values():
        assert sum(count for _, count in runs) == 32
        assert all(not (first < 72 and first + count > 64) for first, count in runs)


@pytest.mark.parametrize("length", [32, 40, 48, 56, 64])
def test_the_u_octet_and_suffix_are_ignored_as_a_translator_ignores_them(length: int) -> None:
    address = int(rfc6052_embed(NET(f"2001:db8::/{length}"), V4("169.254.169.254")))
    assert rfc6052_extract(V6(address | (0xFF << 56)), length) == V4("169.254.169.254")  # u octet
    assert rfc6052_extract(V6(address | 0xFF), length) == V4("169.254.169.254")  # suffix


# Local-use sub-prefixes of every length that fits inside 64:ff9b:1::/48 (non-zero operator bits).
LOCAL_USE_PREFIXES = {
    48: "64:ff9b:1::/48",
    56: "64:ff9b:1:ab00::/56",
    64: "64:ff9b:1:abcd::/64",
    96: "64:ff9b:1:abcd:1:1234::/96",
}

EMBEDDED = [
    # (IPv4, the verdict it has on its own)
    ("169.254.169.254", Verdict.FORBIDDEN),  # cloud metadata
    ("169.254.170.2", Verdict.FORBIDDEN),
    ("127.0.0.1", Verdict.LOCAL),
    ("10.1.2.3", Verdict.LOCAL),
    ("192.168.1.1", Verdict.LOCAL),
    ("172.16.5.4", Verdict.LOCAL),
    ("100.64.0.1", Verdict.LOCAL),
    ("224.0.0.1", Verdict.FORBIDDEN),
]


@pytest.mark.parametrize(("v4", "own"), EMBEDDED)
@pytest.mark.parametrize("length", sorted(LOCAL_USE_PREFIXES))
def test_local_use_nat64_is_judged_by_the_embedded_address(length: int, v4: str, own: Verdict) -> None:
    address = rfc6052_embed(NET(LOCAL_USE_PREFIXES[length]), V4(v4))
    assert classify_address(V4(v4)).verdict is own
    judged = classify_address(address)
    assert judged.verdict is not Verdict.PUBLIC, (address, judged)
    assert judged.verdict is own
    assert judged.reason.startswith("local NAT64 ") and judged.reason.endswith(f"({v4})")


def test_the_metadata_address_at_48_is_named_as_such() -> None:
    """Bits 48-63 and 72-87 hold it; the last 32 bits (all that was read before) are zero."""
    address = V6("64:ff9b:1:a9fe:a9:fe00::")
    assert rfc6052_embed(NET("64:ff9b:1::/48"), V4("169.254.169.254")) == address
    judged = classify_address(address)
    assert judged.verdict is Verdict.FORBIDDEN
    assert judged.reason == "local NAT64 link-local (cloud metadata) (169.254.169.254)"


@pytest.mark.parametrize("suffix", [0x0808, 0x0808_0808, 0xFF << 56])
def test_junk_after_a_48_bit_embedding_does_not_hide_it(suffix: int) -> None:
    """The /96 reading of these is public (8.8.8.8...), but a /48 translator sends them to the
    metadata address: the worst reading decides."""
    address = V6(int(rfc6052_embed(NET("64:ff9b:1::/48"), V4("169.254.169.254"))) | suffix)
    judged = classify_address(address)
    assert judged.verdict is Verdict.FORBIDDEN
    assert "(169.254.169.254)" in judged.reason


@pytest.mark.parametrize("prefix", ["64:ff9b:1::/96", "64:ff9b:1:abcd::/64", "64:ff9b:1:abcd:1:1234::/96"])
def test_a_public_address_under_local_use_is_public_when_every_reading_is(prefix: str) -> None:
    address = rfc6052_embed(NET(prefix), V4("8.8.8.8"))
    assert classify_address(address).verdict is Verdict.PUBLIC


def test_readings_in_this_network_left_by_zero_operator_bits_are_skipped() -> None:
    """64:ff9b:1::/96 + 10.0.0.1 reads 0.0.0.0 at /48 and /56 and 0.0.0.10 at /64: not where a
    translator sends anything; the /96 reading decides. With nothing else, 'this network' does."""
    assert classify_address(V6("64:ff9b:1::a00:1")).reason == "local NAT64 private (10.0.0.1)"
    assert classify_address(V6("64:ff9b:1::")).verdict is Verdict.FORBIDDEN


@pytest.mark.parametrize(("v4", "own"), [*EMBEDDED, ("8.8.8.8", Verdict.PUBLIC), ("93.184.216.34", Verdict.PUBLIC)])
def test_the_well_known_prefix_is_judged_by_its_96_bit_embedding(v4: str, own: Verdict) -> None:
    address = rfc6052_embed(NET("64:ff9b::/96"), V4(v4))
    judged = classify_address(address)
    assert judged.verdict is own
    if own is not Verdict.PUBLIC:
        assert judged.reason.startswith("NAT64 ") and judged.reason.endswith(f"({v4})")


@pytest.mark.parametrize("length", [32, 40])
@pytest.mark.parametrize(("v4", "own"), EMBEDDED)
def test_short_prefixes_round_trip_non_public_addresses(length: int, v4: str, own: Verdict) -> None:
    """/32 and /40 prefixes are an operator's own (Network-Specific) ones, ordinary global
    unicast we cannot recognise; the extraction itself must still be exact at those lengths."""
    prefix = NET(f"2001:db8:{'100:' if length == 40 else ''}:/{length}")
    address = rfc6052_embed(prefix, V4(v4))
    assert rfc6052_extract(address, length) == V4(v4)
    assert address in prefix
