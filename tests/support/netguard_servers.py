"""Loopback fixture servers for the netguard tests: HTTP(S) with an access log, a tiny
WebSocket endpoint, and a throwaway certificate authority for the HTTPS pinning tests."""

from __future__ import annotations

import base64
import datetime
import gzip
import hashlib
import ipaddress
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

HTML = "text/html; charset=utf-8"
WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=lambda: {"Content-Type": HTML})


Route = Callable[[str], Reply]  # full path (with query) -> reply


def redirect_to(location: str) -> Reply:
    return Reply(302, b"", {"Location": location})


def default_routes(path: str) -> Reply:
    """``/`` a page; ``/redirect?to=URL``; ``/loop`` (redirects to itself); ``/slow?s=S``;
    ``/bytes?n=N``; ``/gzip-zeros?n=N`` (gzip of N zero bytes)."""
    parts = urlsplit(path)
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    if parts.path == "/redirect":
        return redirect_to(query["to"])
    if parts.path == "/loop":
        return redirect_to("/loop")
    if parts.path == "/slow":
        time.sleep(float(query.get("s", "2")))
        return Reply(body=b"late")
    if parts.path == "/bytes":
        return Reply(body=b"x" * int(query["n"]), headers={"Content-Type": "text/plain"})
    if parts.path == "/gzip-zeros":
        body = gzip.compress(b"\0" * int(query["n"]))
        return Reply(body=body, headers={"Content-Type": "text/plain", "Content-Encoding": "gzip"})
    if parts.path in ("/", "/page"):
        return Reply(body=b"<!doctype html><title>fixture</title><h1 id=h>fixture page</h1>")
    return Reply(404, b"not found", {"Content-Type": "text/plain"})


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # clients that stop reading (body caps, blocked tunnels) are expected here


class FixtureServer:
    """Threaded HTTP(S) server on 127.0.0.1; ``log`` holds (Host header, path) per request;
    ``/ws`` answers a WebSocket upgrade and sends one text frame, ``hello``."""

    def __init__(self, route: Route = default_routes, tls: ssl.SSLContext | None = None) -> None:
        self.route = route
        self.log: list[tuple[str, str]] = []
        self.ws_connections = 0
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:
                with server._lock:
                    server.log.append((self.headers.get("Host", ""), self.path))
                if self.path == "/ws" and self.headers.get("Upgrade", "").lower() == "websocket":
                    self._websocket()
                    return
                reply = server.route(self.path)
                self.send_response(reply.status)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(reply.body)))
                self.end_headers()
                self.wfile.write(reply.body)

            def _websocket(self) -> None:
                with server._lock:
                    server.ws_connections += 1
                key = self.headers["Sec-WebSocket-Key"]
                accept = base64.b64encode(hashlib.sha1((key + WS_GUID).encode(), usedforsecurity=False).digest())
                self.send_response(101)
                self.send_header("Upgrade", "websocket")
                self.send_header("Connection", "Upgrade")
                self.send_header("Sec-WebSocket-Accept", accept.decode())
                self.end_headers()
                self.wfile.write(b"\x81\x05hello")  # FIN + text frame, 5 bytes
                self.wfile.flush()
                self.rfile.read(2)  # wait for the client's close frame (or EOF)
                self.close_connection = True

            def log_message(self, format: str, *args: object) -> None:
                pass

        self._httpd = _QuietServer(("127.0.0.1", 0), Handler)
        if tls is not None:
            self._httpd.socket = tls.wrap_socket(self._httpd.socket, server_side=True)
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def hits(self, path_prefix: str = "") -> list[tuple[str, str]]:
        with self._lock:
            return [entry for entry in self.log if entry[1].startswith(path_prefix)]

    def reset(self) -> None:
        with self._lock:
            self.log.clear()
            self.ws_connections = 0

    def __enter__(self) -> FixtureServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


@dataclass
class Certificates:
    ca_file: Path  # PEM of the throwaway CA (pass as ca_certs)
    server: ssl.SSLContext  # server context with a certificate for site.test and 127.0.0.1


def make_certificates(directory: Path, names: tuple[str, ...] = ("site.test",)) -> Certificates:
    """A throwaway CA and a server certificate for ``names`` (and 127.0.0.1)."""
    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "netguard test CA")])
    ca_cert = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                key_cert_sign=True,
                crl_sign=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    sans: list[x509.GeneralName] = [x509.DNSName(n) for n in names]
    sans.append(x509.IPAddress(ipaddress.ip_address("127.0.0.1")))
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, names[0])]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(x509.SubjectAlternativeName(sans), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )
    ca_file = directory / "ca.pem"
    ca_file.write_bytes(ca_cert.public_bytes(serialization.Encoding.PEM))
    cert_file = directory / "server.pem"
    cert_file.write_bytes(
        cert.public_bytes(serialization.Encoding.PEM)
        + key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(cert_file)
    return Certificates(ca_file=ca_file, server=server)


@contextmanager
def serving(route: Route = default_routes, tls: ssl.SSLContext | None = None) -> Iterator[FixtureServer]:
    with FixtureServer(route, tls) as server:
        yield server
