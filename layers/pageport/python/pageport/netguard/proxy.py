"""A local forward HTTP proxy that applies a :class:`TargetPolicy` to everything Chromium does.

Chromium is launched with ``--proxy-server`` pointing here (see :mod:`.chromium`), so it
never resolves a host itself: the proxy resolves once, checks every answer and connects to
the checked address (DNS pinning). CONNECT (https, wss) is tunnelled; absolute-form http
requests (and ws upgrades) are forwarded in origin form with ``Connection: close``, so a
client connection never carries requests for two origins. Refusals get ``403`` and are
recorded in :attr:`EgressProxy.blocked`.
"""

from __future__ import annotations

import contextlib
import logging
import re
import selectors
import socket
import threading
from collections.abc import Callable
from types import TracebackType

from pageport.digits import ascii_int
from pageport.netguard.policy import BlockedRequest, BlockedTarget, TargetPolicy, UnresolvableHost

__all__ = ["BlockedRequest", "EgressProxy"]

log = logging.getLogger(__name__)

_MAX_HEAD = 64 * 1024
_CHUNK = 64 * 1024
_ABSOLUTE_RE = re.compile(r"(?i)(https?|wss?)://([^/?#]*)([^#]*)")
# Dropped from forwarded requests (the body is relayed byte for byte, so its framing headers
# stay); Host is rewritten from the checked authority.
_HOP_BY_HOP = {
    "connection",
    "keep-alive",
    "proxy-connection",
    "proxy-authorization",
    "upgrade",
    "host",
}
_FRAMING = {"content-length", "transfer-encoding"}
_RESPONSE_HOP_BY_HOP = {"connection", "keep-alive", "proxy-connection"}


class _BadRequest(Exception):
    pass


class EgressProxy:
    """``with EgressProxy(policy) as proxy: ... proxy.url ... proxy.blocked``.

    Listens on 127.0.0.1 (ephemeral port), one daemon thread per client connection (at most
    ``max_connections``; more get ``503``). ``idle_timeout`` closes a tunnel with no traffic
    either way. Leaving the ``with`` block closes the listener and every open tunnel and
    waits briefly for the threads.
    """

    def __init__(
        self,
        policy: TargetPolicy,
        *,
        connect_timeout: float = 10.0,
        idle_timeout: float = 60.0,
        max_connections: int = 256,
    ) -> None:
        self.policy = policy
        self.connect_timeout = connect_timeout
        self.idle_timeout = idle_timeout
        self.max_connections = max_connections
        self.blocked: list[BlockedRequest] = []
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._listener: socket.socket | None = None
        self._accept_thread: threading.Thread | None = None
        self._threads: set[threading.Thread] = set()
        self._sockets: set[socket.socket] = set()

    # -- lifecycle -------------------------------------------------------------------------

    @property
    def address(self) -> tuple[str, int]:
        if self._listener is None:
            raise RuntimeError("EgressProxy is not started")
        host, port = self._listener.getsockname()[:2]
        return str(host), int(port)

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT`` (only while started)."""
        host, port = self.address
        return f"http://{host}:{port}"

    def start(self) -> EgressProxy:
        if self._listener is not None:
            raise RuntimeError("EgressProxy already started")
        self._closing.clear()
        self._listener = socket.create_server(("127.0.0.1", 0), backlog=512)
        self._listener.settimeout(0.2)  # how often the accept loop notices close()
        self._accept_thread = threading.Thread(target=self._serve, name=f"egress-proxy:{self.address[1]}", daemon=True)
        self._accept_thread.start()
        return self

    def close(self) -> None:
        """Stop accepting, cut every open connection, wait (a little) for the threads."""
        if self._listener is None:
            return
        self._closing.set()
        _shutdown(self._listener)  # wakes accept() at once on Linux; the timeout elsewhere
        if self._accept_thread is not None:
            self._accept_thread.join(timeout=5)
        self._listener.close()
        with self._lock:
            sockets, threads = list(self._sockets), list(self._threads)
        for sock in sockets:
            _shutdown(sock)
        for thread in threads:
            thread.join(timeout=2)
        self._listener = None
        self._accept_thread = None

    def __enter__(self) -> EgressProxy:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _serve(self) -> None:
        assert self._listener is not None
        while not self._closing.is_set():
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                if self._closing.is_set():
                    return
                continue
            with self._lock:
                busy = len(self._threads) >= self.max_connections
                if not busy:
                    thread = threading.Thread(target=self._handle, args=(client,), daemon=True)
                    self._threads.add(thread)
                    self._sockets.add(client)
            if busy:
                _respond(client, 503, "proxy busy")
                client.close()
                continue
            thread.start()

    # -- one client connection -------------------------------------------------------------

    def _handle(self, client: socket.socket) -> None:
        upstream: socket.socket | None = None
        try:
            client.settimeout(self.idle_timeout)
            head, rest = _read_head(client)
            if head is None:
                return
            method, target, version, headers = _parse_request(head)
            if method == "CONNECT":
                host, port = _split_authority(target, default_port=None)
                upstream = self._open(client, host, port, target)
                if upstream is None:
                    return
                client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
                if rest:
                    upstream.sendall(rest)
                self._relay(client, upstream, None)
                return
            match = _ABSOLUTE_RE.fullmatch(target)
            if match is None or match.group(1).lower() not in ("http", "ws"):
                raise _BadRequest("expected an absolute http:// URL or CONNECT")
            authority, origin_form = match.group(2), match.group(3) or "/"
            host, port = _split_authority(authority, default_port=80)
            upstream = self._open(client, host, port, target)
            if upstream is None:
                return
            upgrade = _is_upgrade(headers)
            upstream.sendall(_request_head(method, origin_form, version, authority, headers, upgrade) + rest)
            self._relay(client, upstream, None if upgrade else _ResponseHeadRewriter())
        except _BadRequest as exc:
            _respond(client, 400, str(exc))
        except OSError as exc:  # peer reset, timeouts, proxy closing
            log.debug("egress proxy connection ended: %s", exc)
        except Exception:  # never let one bad connection kill a worker thread silently
            log.exception("egress proxy connection failed")
        finally:
            for sock in (client, upstream):
                if sock is not None:
                    sock.close()
            with self._lock:
                self._sockets.discard(client)
                if upstream is not None:
                    self._sockets.discard(upstream)
                self._threads.discard(threading.current_thread())

    def _open(self, client: socket.socket, host: str, port: int, target: str) -> socket.socket | None:
        """Resolve, check, connect to a checked address; or answer the client and None."""
        try:
            addresses = self.policy.resolve_checked_all(host, port)
            own = self.address
            if any((ip, port) == own for ip in addresses):
                raise BlockedTarget(f"{host}:{port}", "the egress proxy itself")
        except BlockedTarget as exc:
            self._record(target, host, exc.reason)
            _respond(client, 403, f"blocked by Pageport: {exc.reason}")
            return None
        except UnresolvableHost as exc:
            _respond(client, 502, str(exc))
            return None
        for ip in addresses:
            try:
                upstream = socket.create_connection((ip, port), timeout=self.connect_timeout)
            except OSError:
                continue
            upstream.settimeout(self.idle_timeout)
            with self._lock:
                self._sockets.add(upstream)
            return upstream
        _respond(client, 502, f"cannot connect to {host}:{port}")
        return None

    def _record(self, url: str, host: str, reason: str) -> None:
        entry = BlockedRequest(url=url, host=host.strip("[]"), reason=reason, source="proxy")
        with self._lock:
            self.blocked.append(entry)
        log.info("egress proxy blocked %s: %s", url, reason)

    def _relay(
        self,
        client: socket.socket,
        upstream: socket.socket,
        rewrite: Callable[[bytes], bytes] | None,
    ) -> None:
        """Copy bytes both ways until both sides are done, the tunnel idles, or close()."""
        peers = {client: upstream, upstream: client}
        with selectors.DefaultSelector() as selector:
            for sock in peers:
                selector.register(sock, selectors.EVENT_READ)
            open_directions, idle = 2, 0.0
            while open_directions and not self._closing.is_set():
                events = selector.select(timeout=0.5)
                if not events:
                    idle += 0.5
                    if idle >= self.idle_timeout:
                        return
                    continue
                idle = 0.0
                for key, _ in events:
                    src = key.fileobj
                    assert isinstance(src, socket.socket)
                    dst = peers[src]
                    data = src.recv(_CHUNK)
                    if data and src is upstream and rewrite is not None:
                        data = rewrite(data)
                    if data:
                        dst.sendall(data)
                        continue
                    selector.unregister(src)
                    open_directions -= 1
                    try:
                        dst.shutdown(socket.SHUT_WR)  # pass the half-close on
                    except OSError:
                        return


class _ResponseHeadRewriter:
    """Sets ``Connection: close`` on the response head(s) (1xx heads included), so the client
    never reuses a connection that is tied to one upstream."""

    def __init__(self) -> None:
        self._pending = b""
        self._done = False

    def __call__(self, data: bytes) -> bytes:
        if self._done:
            return data
        self._pending += data
        out = b""
        while not self._done:
            end = self._pending.find(b"\r\n\r\n")
            if end < 0:
                if len(self._pending) > _MAX_HEAD:
                    raise OSError("upstream response head too large")
                return out
            head, self._pending = self._pending[: end + 4], self._pending[end + 4 :]
            lines = head.decode("latin-1").split("\r\n")[:-2]
            status = lines[0].split(" ", 2)
            informational = len(status) > 1 and status[1].startswith("1") and status[1] != "101"
            kept = [line for line in lines[1:] if line.partition(":")[0].strip().lower() not in _RESPONSE_HOP_BY_HOP]
            if not informational:
                kept.append("Connection: close")
                self._done = True
            out += "\r\n".join([lines[0], *kept, "", ""]).encode("latin-1")
        out += self._pending
        self._pending = b""
        return out


def _read_head(sock: socket.socket) -> tuple[bytes | None, bytes]:
    buf = b""
    while b"\r\n\r\n" not in buf:
        if len(buf) > _MAX_HEAD:
            raise _BadRequest("request head too large")
        chunk = sock.recv(_CHUNK)
        if not chunk:
            return None, b""
        buf += chunk
    head, _, rest = buf.partition(b"\r\n\r\n")
    return head, rest


def _parse_request(head: bytes) -> tuple[str, str, str, list[tuple[str, str]]]:
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ")
    if len(parts) != 3 or not parts[2].startswith("HTTP/1."):
        raise _BadRequest("malformed request line")
    headers: list[tuple[str, str]] = []
    for line in lines[1:]:
        name, sep, value = line.partition(":")
        if not sep or not name or name != name.strip():  # also refuses obs-fold lines
            raise _BadRequest("malformed header")
        headers.append((name, value.strip()))
    return parts[0], parts[1], parts[2], headers


def _split_authority(authority: str, *, default_port: int | None) -> tuple[str, int]:
    """``host:port`` (IPv6 in brackets) -> (host, port); the host keeps its brackets."""
    if "@" in authority:
        raise _BadRequest("credentials in the request target")
    if authority.startswith("["):
        host, _, after = authority.partition("]")
        host += "]"
        port_text = after[1:] if after.startswith(":") else after
    else:
        host, _, port_text = authority.partition(":")
    if not port_text and default_port is not None:
        return host, default_port
    port = ascii_int(port_text)
    if not host or port is None or not 0 < port <= 65535:
        raise _BadRequest("bad host or port in the request target")
    return host, port


def _is_upgrade(headers: list[tuple[str, str]]) -> bool:
    tokens = {
        token.strip().lower() for name, value in headers if name.lower() == "connection" for token in value.split(",")
    }
    return "upgrade" in tokens and any(name.lower() == "upgrade" for name, _ in headers)


def _request_head(
    method: str,
    origin_form: str,
    version: str,
    authority: str,
    headers: list[tuple[str, str]],
    upgrade: bool,
) -> bytes:
    named_in_connection = {
        token.strip().lower() for name, value in headers if name.lower() == "connection" for token in value.split(",")
    }
    lines = [f"{method} {origin_form} {version}", f"Host: {authority}"]
    for name, value in headers:
        lowered = name.lower()
        dropped = lowered in _HOP_BY_HOP or (lowered in named_in_connection and lowered not in _FRAMING)
        if not dropped or (lowered == "upgrade" and upgrade):
            lines.append(f"{name}: {value}")
    lines.append("Connection: Upgrade" if upgrade else "Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def _respond(sock: socket.socket, status: int, message: str) -> None:
    reasons = {400: "Bad Request", 403: "Forbidden", 502: "Bad Gateway", 503: "Busy"}
    body = (message + "\n").encode("utf-8", "replace")
    head = (
        f"HTTP/1.1 {status} {reasons.get(status, 'Error')}\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    ).encode("latin-1")
    with contextlib.suppress(OSError):
        sock.sendall(head + body)


def _shutdown(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
