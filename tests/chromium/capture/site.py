"""Fixture site for the capture tests and bench: tests/fixtures/capture over loopback HTTP.

`/fonts/fixture-sans.ttf` serves a font file from the system (Liberation Sans, which Debian's
chromium package depends on) so the repository holds no font binaries; `/fontawesome/` serves
the Font Awesome Free copy of the fidelity bench's icons page.
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tests.support.paths import FIXTURES as TEST_FIXTURES
from tests.support.paths import REPO_ROOT

FIXTURES = TEST_FIXTURES / "capture"
FONT_AWESOME = REPO_ROOT / "bench" / "fidelity" / "pages" / "icons" / "fontawesome"
SYSTEM_FONT = Path(
    os.environ.get("PAGEPORT_TEST_FONT", "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")
)
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class _Handler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def translate_path(self, path: str) -> str:
        if path.split("?")[0] == "/fonts/fixture-sans.ttf":
            return str(SYSTEM_FONT)
        if path.startswith("/fontawesome/"):
            return str(FONT_AWESOME / path.split("?")[0].removeprefix("/fontawesome/"))
        return super().translate_path(path)

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return "font/ttf" if str(path).endswith(".ttf") else super().guess_type(path)


@contextmanager
def serve_fixtures() -> Iterator[str]:
    """Serve the fixture directory on 127.0.0.1; yields the base URL ending in '/'."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(FIXTURES)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def launch_kwargs(home: str) -> dict[str, Any]:
    """Chromium launch arguments: the netguard ones when implemented, else the repo flags."""
    env = {**os.environ, "HOME": home}
    try:
        from pageport.netguard.chromium import chromium_launch_kwargs

        return {**chromium_launch_kwargs(None), "env": env}
    except (ImportError, NotImplementedError):
        return {"executable_path": "/usr/bin/chromium", "args": CHROMIUM_FLAGS, "env": env}
