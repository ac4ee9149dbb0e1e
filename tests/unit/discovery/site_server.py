"""A threaded HTTP server on 127.0.0.1 for the discovery tests, with an access log.

Tests reach it through the real SafeFetcher and a dict resolver, so URLs say
`http://site.test:PORT/...` and the server sees the `Host` the crawler meant. Routes are
plain data; `static_site()` builds them from tests/fixtures/discovery/site/.
"""

from __future__ import annotations

import gzip
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.support.paths import FIXTURES

SITE_DIR = FIXTURES / "discovery" / "site"
HTML = "text/html; charset=utf-8"
_TYPES = {".html": HTML, ".xml": "application/xml", ".txt": "text/plain", ".pdf": "application/pdf"}


@dataclass
class Route:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=lambda: {"Content-Type": HTML})


def html_page(title: str, links: Sequence[str] = (), description: str | None = None) -> Route:
    meta = f'<meta name="description" content="{description}">' if description else ""
    anchors = "".join(f'<a href="{href}">{href}</a>' for href in links)
    return Route(body=f"<!doctype html><title>{title}</title>{meta}<body>{anchors}".encode())


def redirect(location: str, status: int = 301) -> Route:
    return Route(status, b"", {"Location": location, "Content-Type": HTML})


class FixtureSite:
    """Serves `routes` (path with query -> Route); 404 for anything else."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.log: list[tuple[str, str]] = []  # (Host header, path) of every request
        self._lock = threading.Lock()
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                with site._lock:
                    site.log.append((self.headers.get("Host", ""), self.path))
                    route = site.routes.get(self.path, Route(404, b"not found"))
                self.send_response(route.status)
                for name, value in route.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(route.body)))
                self.end_headers()
                self.wfile.write(route.body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.origin = f"http://site.test:{self.port}"

    def paths(self, host: str = "site.test") -> list[str]:
        with self._lock:
            return [path for h, path in self.log if h.split(":")[0] == host]

    def reset(self, routes: dict[str, Route]) -> None:
        with self._lock:
            self.routes = routes
            self.log.clear()


@contextmanager
def serve() -> Iterator[FixtureSite]:
    site = FixtureSite()
    thread = threading.Thread(target=site.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield site
    finally:
        site.server.shutdown()
        site.server.server_close()


def static_site(site: FixtureSite) -> dict[str, Route]:
    """Routes for tests/fixtures/discovery/site/ plus the dynamic ones (redirects, gzip)."""
    routes: dict[str, Route] = {}
    for file in sorted(SITE_DIR.rglob("*")):
        if not file.is_file():
            continue
        text = file.read_bytes().replace(b"{origin}", site.origin.encode())
        body = text.replace(b"{port}", str(site.port).encode())
        relative = "/" + file.relative_to(SITE_DIR).as_posix()
        content_type = _TYPES[file.suffix]
        if relative == "/index.html":
            relative = "/"
        elif file.suffix == ".html":
            relative = relative.removesuffix(".html")
        routes[relative] = Route(200, body, {"Content-Type": content_type})
    # The blog sitemap only exists gzip-compressed, served as a file (no Content-Encoding).
    plain = routes.pop("/sitemap-blog.xml")
    routes["/sitemap-blog.xml.gz"] = Route(200, gzip.compress(plain.body), {"Content-Type": "application/gzip"})
    routes["/doc.pdf?download=1"] = routes["/doc.pdf"]
    routes["/old"] = redirect("/new-home")
    routes["/redirect-off"] = redirect(f"http://other.test:{site.port}/landing", 302)
    routes["/landing"] = Route(body=b"<!doctype html><title>Landing elsewhere</title>")
    return routes
