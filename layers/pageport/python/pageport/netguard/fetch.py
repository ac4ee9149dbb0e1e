"""A small HTTP(S) client that follows redirects itself and checks every hop (discovery)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urljoin

from urllib3 import BaseHTTPResponse, HTTPConnectionPool, HTTPSConnectionPool, Timeout
from urllib3.exceptions import ConnectTimeoutError, HTTPError, NewConnectionError

from pageport.netguard.policy import (
    BlockedTarget,
    TargetPolicy,
    UnresolvableHost,
    split_host_port,
)
from pageport.netguard.urls import TargetUrlError, normalize_target_url

__all__ = ["BlockedTarget", "FetchError", "FetchResponse", "SafeFetcher"]


class FetchError(Exception):
    """Network or HTTP protocol failure (DNS, connect, TLS, timeout, too many redirects).

    Also raised when a response cannot be read (reset, bad gzip). Not raised for a 4xx/5xx
    status: see :meth:`FetchResponse.raise_for_status`.

    ``status`` is set when raised by :meth:`FetchResponse.raise_for_status`.
    """

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class FetchResponse:
    url: str  # the final URL, after redirects (normalized)
    status: int
    headers: Mapping[str, str]  # case-insensitive
    body: bytes  # decoded (gzip/deflate), at most max_bytes
    truncated: bool  # True when the body was cut at max_bytes

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    def raise_for_status(self) -> None:
        """Raise :class:`FetchError` (with ``status``) unless the status is 2xx."""
        if not self.ok:
            raise FetchError(f"HTTP {self.status} from {self.url}", status=self.status)


class SafeFetcher:
    """GET with SSRF checks on every hop and DNS pinning.

    Every hop's URL passes :func:`~pageport.netguard.urls.normalize_target_url`, its host is
    resolved once by the policy, every answer checked, and the connection goes to a checked
    address (HTTPS: SNI and certificate checked against the host name, not the address).

    :meth:`fetch` returns the final response whatever its status (a 404 robots.txt is an
    answer, not an error); call :meth:`FetchResponse.raise_for_status` when only 2xx will do.
    ``timeout`` bounds the whole fetch (all hops, connect and read). ``ca_certs`` defaults to
    certifi's bundle. Thread-safe; keeps no connection open between calls.
    """

    def __init__(
        self,
        policy: TargetPolicy,
        *,
        user_agent: str = "PageportBot/1.0",
        timeout: float = 10,
        max_bytes: int = 5_000_000,
        max_redirects: int = 5,
        ca_certs: str | None = None,
    ) -> None:
        self.policy = policy
        self.user_agent = user_agent
        self.timeout = timeout
        self.max_bytes = max_bytes
        self.max_redirects = max_redirects
        self.ca_certs = ca_certs or _default_ca_certs()

    def fetch(self, url: str) -> FetchResponse:
        """GET ``url``. Raises :class:`BlockedTarget` (policy refused a hop, including a URL
        that fails :func:`~pageport.netguard.urls.normalize_target_url`) or
        :class:`FetchError`."""
        deadline = time.monotonic() + self.timeout
        current = url
        for _ in range(self.max_redirects + 1):
            try:
                target = normalize_target_url(current, allow_private=self.policy.allow_private)
            except TargetUrlError as exc:
                raise BlockedTarget(current, str(exc)) from None
            host, port = split_host_port(target)
            try:
                addresses = self.policy.resolve_checked_all(host, port)
            except BlockedTarget as exc:
                raise BlockedTarget(target, exc.reason) from None
            except UnresolvableHost as exc:
                raise FetchError(str(exc)) from exc
            pool, response = self._open(target, host, port, addresses, deadline)
            try:
                location = response.headers.get("location")
                if response.status in _REDIRECTS and location:
                    current = urljoin(target, location.strip().replace(" ", "%20"))
                    continue
                body, truncated = self._read(response, deadline)
                return FetchResponse(target, response.status, response.headers, body, truncated)
            finally:
                response.close()
                pool.close()
        raise FetchError(f"more than {self.max_redirects} redirects from {url}")

    def _open(
        self, target: str, host: str, port: int, addresses: list[str], deadline: float
    ) -> tuple[HTTPConnectionPool, BaseHTTPResponse]:
        """Connect to the first checked address that answers and send the request."""
        scheme = target.partition(":")[0]
        name = host.strip("[]")
        path = target[target.index("/", len(scheme) + 3) :]
        headers = {
            "Host": host if port == _DEFAULT_PORTS[scheme] else f"{host}:{port}",
            "User-Agent": self.user_agent,
            "Accept": "*/*",
            "Accept-Encoding": "gzip, deflate",
        }
        last_error: Exception | None = None
        for ip in addresses:
            remaining = _remaining(deadline)
            timeout = Timeout(connect=remaining, read=remaining)
            pool: HTTPConnectionPool
            if scheme == "https":
                pool = HTTPSConnectionPool(
                    ip,
                    port,
                    timeout=timeout,
                    retries=False,
                    maxsize=1,
                    cert_reqs="CERT_REQUIRED",
                    ca_certs=self.ca_certs,
                    server_hostname=name,
                    assert_hostname=name,
                )
            else:
                pool = HTTPConnectionPool(ip, port, timeout=timeout, retries=False, maxsize=1)
            try:
                response = pool.urlopen(
                    "GET",
                    path,
                    headers=headers,
                    redirect=False,
                    retries=False,
                    preload_content=False,
                    assert_same_host=False,
                )
            except (NewConnectionError, ConnectTimeoutError) as exc:
                pool.close()
                last_error = exc  # try the next checked address
                continue
            except (HTTPError, OSError) as exc:
                pool.close()
                raise FetchError(f"GET {target} failed: {_cause(exc)}") from exc
            return pool, response
        raise FetchError(f"cannot connect to {host}:{port}: {_cause(last_error)}")

    def _read(self, response: BaseHTTPResponse, deadline: float) -> tuple[bytes, bool]:
        """The decoded body, cut at ``max_bytes`` (decompression bombs included)."""
        chunks: list[bytes] = []
        size = 0
        try:
            for chunk in response.stream(_CHUNK, decode_content=True):
                room = self.max_bytes - size
                if len(chunk) > room:
                    chunks.append(chunk[:room])
                    return b"".join(chunks), True
                chunks.append(chunk)
                size += len(chunk)
                _remaining(deadline)
        except (HTTPError, OSError) as exc:
            raise FetchError(f"reading {response.url or 'response'} failed: {_cause(exc)}") from exc
        return b"".join(chunks), False


_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_DEFAULT_PORTS = {"http": 80, "https": 443}
_CHUNK = 64 * 1024


def _remaining(deadline: float) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise FetchError("timed out")
    return left


def _cause(exc: BaseException | None) -> str:
    # urllib3 wraps the interesting error (refused, TLS, timeout) in reason/__context__.
    inner = getattr(exc, "reason", None) or exc
    return str(inner) if inner is not None else "no address"


def _default_ca_certs() -> str | None:
    try:
        import certifi  # optional
    except ImportError:
        return None
    return str(certifi.where())
