"""Validate and normalize a user-supplied target URL (the ``url`` rule of api.md, Page Import).

The host is parsed the way browsers parse it (WHATWG URL Standard: percent-decoding, UTS 46
mapping, and the IPv4 parser that accepts ``0x7f.1``, ``0177.0.0.1`` or ``2130706433``), so
that the address we judge is the address Chromium would connect to. Anything a browser would
read as an IP literal is rewritten canonically and judged; a host whose last label starts
with a digit but is no valid IPv4 address is refused rather than guessed (no top-level domain
starts with a digit).

Cheap to import (API Lambdas): stdlib only; ``idna`` is imported lazily for non-ASCII hosts.
"""

from __future__ import annotations

import functools
import ipaddress
from urllib.parse import unquote_to_bytes

from pageport.netguard.addresses import IPAddress, Verdict, classify_address

__all__ = ["MAX_URL_LENGTH", "TargetUrlError", "normalize_target_url"]

MAX_URL_LENGTH = 4096
_SCHEMES = {"http": 80, "https": 443}
# Character sets, not regexes: this module sits on API cold-start paths.
_LABEL_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_")
_HEX = frozenset("0123456789abcdefABCDEF")
_OCT = frozenset("01234567")
_DEC = frozenset("0123456789")
_IPV6_CHARS = _HEX | {":", "."}
# Percent-encode sets of the URL Standard (besides C0 controls, space and non-ASCII).
_PATH_ENCODE = frozenset('"#<>?`{}')
_QUERY_ENCODE = frozenset("\"#<>'")
_IDEOGRAPHIC_DOTS = str.maketrans({"\u3002": ".", "\uff0e": ".", "\uff61": "."})


class TargetUrlError(ValueError):
    """The URL is not an acceptable target; ``str(err)`` is a safe message for a 422."""


def normalize_target_url(raw: str, *, allow_private: bool = False) -> str:
    """Return the normalized form of ``raw`` or raise :class:`TargetUrlError`.

    Public ``http``/``https`` only, at most 4,096 characters, no credentials; fragment
    removed; scheme and host lowercased, host IDNA-encoded (punycode), IP literals in any
    spelling (``0x7f.1``, ``2130706433``, ``[::ffff:7f00:1]``...) rewritten canonically and
    refused unless public; default port dropped; empty path becomes ``/``; query kept;
    ``\\`` in the path read as ``/`` (as browsers do). Host names that are not IP literals are
    accepted: their DNS answers are checked when a worker connects
    (:mod:`pageport.netguard.policy`). ``allow_private=True`` (local development) also
    accepts ``localhost`` and loopback/private literals, never cloud metadata addresses.
    """
    if not isinstance(raw, str):
        raise TargetUrlError("URL must be a string")
    if len(raw) > MAX_URL_LENGTH:
        raise TargetUrlError(f"URL must be at most {MAX_URL_LENGTH} characters")
    url = raw.strip()
    if not url:
        raise TargetUrlError("URL must not be empty")
    # ASCII (nearly every URL) is checked in C: its only printable space is " ".
    if (not url.isprintable() or " " in url) if url.isascii() else any(_spacey(c) for c in url):
        raise TargetUrlError("URL must not contain spaces or control characters")

    scheme, colon, rest = url.partition(":")
    if not colon or scheme.lower() not in _SCHEMES:
        raise TargetUrlError("URL must use http or https")
    scheme = scheme.lower()
    if not rest.startswith("//"):
        raise TargetUrlError(f"URL must start with {scheme}://")
    rest = rest[2:]

    end = len(rest)  # the authority ends at the first of these
    for delimiter in "/?#\\":
        found = rest.find(delimiter, 0, end)
        if found >= 0:
            end = found
    authority, tail = rest[:end], rest[end:]
    if "@" in authority:
        raise TargetUrlError("URL must not contain credentials")
    raw_host, port = _split_port(authority)
    host = _checked_host(raw_host, allow_private)

    tail = tail.partition("#")[0]
    path, question, query = tail.partition("?")
    path = _percent_encode(path.replace("\\", "/"), _PATH_ENCODE) or "/"
    query = _percent_encode(query, _QUERY_ENCODE)

    port_text = "" if port in (None, _SCHEMES[scheme]) else f":{port}"
    normalized = f"{scheme}://{host}{port_text}{path}{question}{query}"
    if len(normalized) > MAX_URL_LENGTH:
        raise TargetUrlError(f"URL must be at most {MAX_URL_LENGTH} characters")
    return normalized


def _spacey(c: str) -> bool:
    return c.isspace() or c < " " or c == "\x7f"


def _split_port(authority: str) -> tuple[str, int | None]:
    if authority.startswith("["):
        close = authority.find("]")
        if close < 0:
            raise TargetUrlError("URL host is not a valid IPv6 address")
        host, after = authority[: close + 1], authority[close + 1 :]
        if after and not after.startswith(":"):
            raise TargetUrlError("URL host is not a valid IPv6 address")
        port_text = after[1:]
    else:
        host, _, port_text = authority.partition(":")
    if not host:
        raise TargetUrlError("URL must include a host")
    if not port_text:  # "http://example.com:/" means the default port
        return host, None
    digits = port_text.lstrip("0")
    if not set(port_text) <= _DEC or len(digits) > 5 or not 0 < int(digits or "0") <= 65535:
        raise TargetUrlError("URL port must be a number between 1 and 65535")
    return host, int(port_text)


@functools.lru_cache(maxsize=1024)
def _checked_host(raw_host: str, allow_private: bool) -> str:
    """The canonical host, if acceptable. Cached (a pure function of its arguments; refusals
    raise and are not cached): a batch's 500 URLs mostly share a host or a few."""
    host, ip = _parse_host(raw_host)
    _check_host(raw_host, host, ip, allow_private)
    return host


def _parse_host(raw_host: str) -> tuple[str, IPAddress | None]:
    """``(canonical host, IP address if the host is an IP literal)``, as a browser reads it."""
    if raw_host.startswith("["):
        inner = raw_host[1:-1]
        if "%" in inner:
            raise TargetUrlError("URL must not contain an IPv6 zone identifier")
        if not inner or not set(inner) <= _IPV6_CHARS:
            raise TargetUrlError("URL host is not a valid IPv6 address")
        try:
            ip6 = ipaddress.IPv6Address(inner)
        except ValueError:
            raise TargetUrlError("URL host is not a valid IPv6 address") from None
        return f"[{_ipv6_text(ip6)}]", ip6

    host = raw_host
    if "%" in host:
        try:
            host = unquote_to_bytes(host).decode("utf-8")
        except UnicodeDecodeError:
            raise TargetUrlError("URL host is not a valid host name") from None
    host = _map_host(host) if not host.isascii() else host.lower()
    if not host or host == ".":
        raise TargetUrlError("URL must include a host")

    labels = host.split(".")
    if labels[-1] == "" and len(labels) > 1:
        labels.pop()  # a trailing dot: "127.0.0.1." is still 127.0.0.1
    if labels[-1][:1].isdigit():
        ip4 = _parse_ipv4(labels)
        if ip4 is None:
            raise TargetUrlError(f"URL host {_shown(raw_host)} is not a valid IP address")
        return str(ip4), ip4
    return _to_ascii_domain(host, raw_host), None


def _check_host(raw_host: str, host: str, ip: IPAddress | None, allow_private: bool) -> None:
    if ip is None:
        bare = host.removesuffix(".")
        if not allow_private and (bare == "localhost" or bare.endswith(".localhost")):
            raise TargetUrlError(f"{bare} is not a public host")
        return
    verdict = classify_address(ip)
    if verdict.verdict is Verdict.PUBLIC or (allow_private and verdict.verdict is Verdict.LOCAL):
        return
    canonical = host.strip("[]")
    reason = verdict.reason
    article = "an" if reason[:1] in "aeioAEIO" or reason.startswith("unspecified") else "a"
    spelled = raw_host.strip("[]").lower()
    if spelled == canonical:
        raise TargetUrlError(f"{canonical} is {article} {reason} address, not a public one")
    raise TargetUrlError(f"{_shown(raw_host)} means {canonical}, {article} {reason} address, not a public one")


def _parse_ipv4(labels: list[str]) -> ipaddress.IPv4Address | None:
    """The URL Standard's IPv4 parser (inet_aton rules); None if ``labels`` are not one."""
    if len(labels) > 4:
        return None
    numbers = [_ipv4_number(label) for label in labels]
    if any(n is None for n in numbers):
        return None
    values = [n for n in numbers if n is not None]
    if any(n > 255 for n in values[:-1]) or values[-1] >= 256 ** (5 - len(values)):
        return None
    value = values[-1] + sum(n << (8 * (3 - i)) for i, n in enumerate(values[:-1]))
    return ipaddress.IPv4Address(value)


def _ipv4_number(label: str) -> int | None:
    if not label or len(label) > 40:  # empty ("1..2") or absurdly long: not guessed
        return None
    if label[:2] in ("0x", "0X"):
        digits, allowed, radix = label[2:], _HEX, 16
    elif len(label) > 1 and label[0] == "0":
        digits, allowed, radix = label[1:], _OCT, 8
    else:
        digits, allowed, radix = label, _DEC, 10
    if not set(digits) <= allowed:
        return None
    return int(digits, radix) if digits else 0


def _map_host(host: str) -> str:
    """UTS 46 mapping (case fold, width, ideographic full stops) of a non-ASCII host."""
    try:
        import idna  # lazily: 10 ms, and only non-ASCII hosts need it
    except ImportError:  # stdlib IDNA 2003 nameprep: close enough for a fallback
        import encodings.idna

        try:
            return ".".join(
                encodings.idna.nameprep(label) if label else ""
                for label in host.translate(_IDEOGRAPHIC_DOTS).split(".")
            )
        except UnicodeError:
            raise TargetUrlError("URL host is not a valid host name") from None
    try:
        return idna.uts46_remap(host, std3_rules=False, transitional=False)
    except (idna.IDNAError, UnicodeError):
        raise TargetUrlError("URL host is not a valid host name") from None


def _to_ascii_domain(host: str, raw_host: str) -> str:
    labels = host.split(".")
    trailing_dot = len(labels) > 1 and labels[-1] == ""
    if trailing_dot:
        labels.pop()
    out: list[str] = []
    for label in labels:
        if not label.isascii():
            try:
                label = "xn--" + label.encode("punycode").decode("ascii")
            except UnicodeError:
                label = ""  # refused below
        elif label.startswith("xn--") and not _is_valid_a_label(label):
            label = ""  # refused below
        if not 0 < len(label) <= 63 or not _LABEL_CHARS.issuperset(label):
            raise TargetUrlError(f"URL host {_shown(raw_host)} is not a valid host name")
        out.append(label)
    ascii_host = ".".join(out)
    if len(ascii_host) > 253:
        raise TargetUrlError("URL host name is too long")
    return ascii_host + ("." if trailing_dot else "")


def _is_valid_a_label(label: str) -> bool:
    """``xn--`` labels must decode to a mapped non-ASCII label that encodes back to them."""
    try:
        decoded = label[4:].encode("ascii").decode("punycode")
        return (
            not decoded.isascii()
            and "xn--" + decoded.encode("punycode").decode("ascii") == label
            and _map_host(decoded) == decoded
        )
    except (UnicodeError, TargetUrlError):
        return False


def _ipv6_text(ip: ipaddress.IPv6Address) -> str:
    """URL Standard IPv6 serialization (stable across Python versions, unlike ``str``)."""
    groups = [(int(ip) >> (112 - 16 * i)) & 0xFFFF for i in range(8)]
    best_start, best_len, i = -1, 1, 0
    while i < 8:
        j = i
        while j < 8 and groups[j] == 0:
            j += 1
        if j - i > best_len:
            best_start, best_len = i, j - i
        i = max(j, i + 1)
    if best_start < 0:
        return ":".join(f"{g:x}" for g in groups)
    head = ":".join(f"{g:x}" for g in groups[:best_start])
    tail = ":".join(f"{g:x}" for g in groups[best_start + best_len :])
    return f"{head}::{tail}"


def _percent_encode(text: str, extra: frozenset[str]) -> str:
    if text.isascii() and extra.isdisjoint(text):
        return text
    try:
        return "".join(
            c if " " < c < "\x7f" and c not in extra else "".join(f"%{b:02X}" for b in c.encode("utf-8")) for c in text
        )
    except UnicodeEncodeError:  # lone surrogates
        raise TargetUrlError("URL is not valid text") from None


def _shown(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[:limit] + "..."
