"""Resolve once, check every answer, connect to the checked address (DNS pinning)."""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass

from pageport.digits import ascii_int
from pageport.netguard.addresses import IPAddress, Verdict, classify_address, embedded_ipv4
from pageport.netguard.urls import TargetUrlError, normalize_target_url

__all__ = [
    "BlockedRequest",
    "BlockedTarget",
    "Resolver",
    "TargetPolicy",
    "UnresolvableHost",
    "split_host_port",
    "system_resolver",
]

Resolver = Callable[[str, int], list[str]]
"""``(host, port) -> IP address strings``; tests pass a dict-backed one."""


def system_resolver(host: str, port: int) -> list[str]:
    """Resolve with ``getaddrinfo`` (TCP), unique addresses in the system's preferred order."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


class BlockedTarget(Exception):
    """The policy refuses this target. ``reason`` is safe to log and to show."""

    def __init__(self, target: str, reason: str) -> None:
        super().__init__(f"{target}: {reason}")
        self.target = target
        self.reason = reason


class UnresolvableHost(OSError):
    """DNS gave no usable answer (not a policy refusal)."""


@dataclass(frozen=True, slots=True)
class BlockedRequest:
    """One refusal recorded by :class:`~pageport.netguard.proxy.EgressProxy` or by
    :func:`~pageport.netguard.chromium.guard_context`."""

    url: str  # absolute URL, or "host:port" for a CONNECT tunnel (https/wss)
    host: str
    reason: str
    source: str  # "proxy" or "browser"


@dataclass
class TargetPolicy:
    """Which addresses a worker may connect to.

    By default only public (global unicast) addresses. ``allow_private=True`` (``pageport
    dev --allow-private-targets``) also allows loopback, private, link-local, shared,
    benchmarking and unique-local addresses and ``localhost``; cloud metadata endpoints, the
    Lambda runtime API, unspecified, multicast, broadcast, documentation and reserved
    addresses stay refused whatever the setting (see
    :func:`~pageport.netguard.addresses.classify_address`).
    """

    allow_private: bool = False
    resolver: Resolver = system_resolver

    def resolve_checked(self, host: str, port: int) -> str:
        """Resolve ``host`` once, check every address, return the one to connect to.

        ``host`` may be a name, an IP literal or a bracketed IPv6 literal. Raises
        :class:`BlockedTarget` if ANY answer is refused (a mixed answer is refused whole),
        :class:`UnresolvableHost` if there is no answer.
        """
        return self.resolve_checked_all(host, port)[0]

    def resolve_checked_all(self, host: str, port: int) -> list[str]:
        """Like :meth:`resolve_checked` but every checked address, for connection fallback."""
        name = host[1:-1] if host.startswith("[") and host.endswith("]") else host
        target = f"{host}:{port}"
        literal = _ip_or_none(name)
        if literal is not None:
            answers = [name]
        else:
            if _is_runtime_api_name(name, port):
                raise BlockedTarget(target, "the Lambda runtime API")
            bare = name.lower().rstrip(".")
            if not self.allow_private and (bare == "localhost" or bare.endswith(".localhost")):
                # Browsers map these names to loopback without asking DNS: so do we.
                raise BlockedTarget(target, f"{bare} is not a public host")
            try:
                answers = self.resolver(name, port)
            except (OSError, UnicodeError, LookupError) as exc:  # LookupError: dict resolvers
                raise UnresolvableHost(f"cannot resolve {host}: {exc}") from exc
            if not answers:
                raise UnresolvableHost(f"cannot resolve {host}: no address")
        checked: list[str] = []
        for answer in answers:
            ip = _ip_or_none(answer)
            if ip is None:
                raise BlockedTarget(target, f"{host} resolved to {answer!r}, not an IP address")
            refusal = self.refusal(ip, port)
            if refusal is not None:
                shown = str(ip) if literal is not None else f"{host} resolves to {ip}, which"
                raise BlockedTarget(target, f"{shown} is {refusal}")
            if str(ip) not in checked:
                checked.append(str(ip))
        return checked

    def refusal(self, ip: IPAddress, port: int) -> str | None:
        """Why connecting to ``ip:port`` is refused (``"a loopback address"``,
        ``"the Lambda runtime API"``...), or None if it is allowed."""
        verdict = classify_address(ip)
        if verdict.verdict is Verdict.FORBIDDEN or (verdict.verdict is Verdict.LOCAL and not self.allow_private):
            return f"{_article(verdict.reason)} {verdict.reason} address"
        if _is_runtime_api(ip, port):
            return f"the Lambda runtime API (port {port})"
        if _is_protected_local_service(ip, port):
            return f"a service of the local stack itself (port {port})"
        return None

    def check_url(self, url: str) -> None:
        """Pre-flight check of an absolute URL (http, https, ws, wss only; host resolved and
        checked). Connections must still go through the proxy or the fetcher, which pin."""
        scheme, colon, rest = url.partition(":")
        http_scheme = _URL_SCHEMES.get(scheme.lower()) if colon else None
        if http_scheme is None:
            shown = f"{scheme}:" if colon else url[:40]
            raise BlockedTarget(url, f"{shown} URLs are not allowed (http, https, ws, wss only)")
        try:
            normalized = normalize_target_url(f"{http_scheme}:{rest}", allow_private=True)
        except TargetUrlError as exc:
            raise BlockedTarget(url, str(exc)) from None
        host, port = split_host_port(normalized)
        try:
            self.resolve_checked_all(host, port)
        except BlockedTarget as exc:
            raise BlockedTarget(url, exc.reason) from None


_URL_SCHEMES = {"http": "http", "https": "https", "ws": "http", "wss": "https"}
_DEFAULT_PORTS = {"http": 80, "https": 443}
_RUNTIME_API_PORT = 9001


def split_host_port(normalized_url: str) -> tuple[str, int]:
    """``(host, port)`` of a URL returned by ``normalize_target_url`` (IPv6 in brackets)."""
    scheme, _, rest = normalized_url.partition("://")
    authority = rest.split("/", 1)[0]
    host, sep, port = authority.rpartition(":")
    if sep and not port.endswith("]") and not host.endswith(":"):
        return host, int(port)
    return authority, _DEFAULT_PORTS[scheme]


def _ip_or_none(text: str) -> IPAddress | None:
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _article(reason: str) -> str:
    return "an" if reason[:1] in "aeioAEIO" or reason.startswith("unspecified") else "a"


def _runtime_api() -> tuple[str, int] | None:
    """``AWS_LAMBDA_RUNTIME_API`` ("127.0.0.1:9001") as (host, port), read on every check."""
    value = os.environ.get("AWS_LAMBDA_RUNTIME_API", "")
    host, sep, port_text = value.rpartition(":")
    port = ascii_int(port_text)
    if not sep or port is None:
        return None
    return host.strip("[]").lower(), port


def _is_runtime_api_name(name: str, port: int) -> bool:
    endpoint = _runtime_api()
    return endpoint is not None and endpoint == (name.lower().rstrip("."), port)


def _is_protected_local_service(ip: IPAddress, port: int) -> bool:
    # `pageport dev --allow-private-targets` lets pages reach loopback; never its own gateway
    # or S3/SQS emulation, whose ports it lists in PAGEPORT_PROTECTED_PORTS.
    listed = (ascii_int(p.strip()) for p in os.environ.get("PAGEPORT_PROTECTED_PORTS", "").split(","))
    ports = {p for p in listed if p is not None}
    if port not in ports:
        return False
    candidates = [ip, *([v4 for _, v4 in embedded_ipv4(ip)] if isinstance(ip, ipaddress.IPv6Address) else [])]
    return any(c.is_loopback or c.is_unspecified for c in candidates)


def _is_runtime_api(ip: IPAddress, port: int) -> bool:
    # Any loopback spelling on the runtime port (127.0.0.2 or ::ffff:127.0.0.1 may reach a
    # listener bound to 0.0.0.0), and the exact endpoint Lambda announces.
    endpoint = _runtime_api()
    ports = {_RUNTIME_API_PORT} | ({endpoint[1]} if endpoint else set())
    if port not in ports:
        return False
    candidates = [ip]
    if isinstance(ip, ipaddress.IPv6Address):
        candidates += [v4 for _, v4 in embedded_ipv4(ip)]
    if any(c.is_loopback for c in candidates):
        return True
    return endpoint is not None and any(_ip_or_none(endpoint[0]) == c and endpoint[1] == port for c in candidates)
