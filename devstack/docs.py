"""The API's documentation on the local stack, without a token: `GET /openapi.json` (the
document docs/openapi.json holds, generated from the same resolvers) and `GET /docs`, Swagger UI
on it from the assets the `flask-swagger-ui` package ships (nothing from a CDN).

flask-swagger-ui is used for its files only: its Swagger UI (5.x) renders OpenAPI 3.1, which the
`swagger-ui-bundle` package's 4.x cannot."""

from __future__ import annotations

import functools
import json
import mimetypes
import threading
from dataclasses import dataclass, field
from pathlib import Path

from pageport.errors import MethodNotAllowed, NotFound, PageportError

DOCUMENT_PATH = "/openapi.json"
EXPLORER_PATH = "/docs"
ASSET_PREFIX = "/docs/"
_ASSETS = (
    "swagger-ui.css",
    "index.css",
    "swagger-ui-bundle.js",
    "swagger-ui-standalone-preset.js",
    "favicon-32x32.png",
)

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pageport API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/docs/swagger-ui.css"><link rel="stylesheet" href="/docs/index.css">
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/swagger-ui-standalone-preset.js"></script>
<script src="/docs/init.js"></script>
</body></html>
"""
# A script file, not inline: the page's Content-Security-Policy allows only same-origin scripts.
_INIT = """window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "StandaloneLayout"
  });
};
"""
_HEADERS = {
    "Cache-Control": "no-cache",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'"
    ),
}


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    body: bytes
    headers: dict[str, str] = field(default_factory=dict)


def _assets_dir() -> Path:
    import flask_swagger_ui  # the `local` dependency group

    return Path(flask_swagger_ui.__file__).resolve().parent / "dist"


_rendering = threading.Lock()


@functools.cache
def _document() -> bytes:
    # Generated once per process (importing every route module takes a moment), by one thread.
    # The route modules run their INIT as they are imported: under the gateway's import lock, so
    # none reads the environment while a kind's fresh copy has PAGEPORT_KIND set in it (a
    # settings load iterating os.environ then saw the variable vanish: a KeyError, a 500).
    from devstack.apigw import IMPORT_LOCK
    from devstack.openapi import AWS_SERVER, build_document

    with _rendering, IMPORT_LOCK:
        document = build_document()
    # Served by this stack, the document's first server (Swagger UI's default, what "Try it out"
    # calls) is this stack itself, at whatever address it was reached; a stage comes second.
    document["servers"] = [{"url": "/", "description": "This local stack (`pageport dev`)"}, AWS_SERVER]
    return json.dumps(document, indent=2, sort_keys=True).encode()


def error_answer(problem: PageportError, **headers: str) -> Answer:
    """The contract's error body for a problem, as a page route answers it."""
    return Answer(problem.status, json.dumps(problem.body()).encode(), {"Content-Type": "application/json", **headers})


def _file(name: str) -> Answer | None:
    if name == "init.js":
        return Answer(200, _INIT.encode(), {"Content-Type": "text/javascript; charset=utf-8", **_HEADERS})
    if name not in _ASSETS:  # a fixed list: nothing else under the package is served
        return None
    content_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if content_type.startswith("text/") or content_type.endswith("javascript"):
        content_type += "; charset=utf-8"
    return Answer(200, (_assets_dir() / name).read_bytes(), {"Content-Type": content_type, **_HEADERS})


def answer(method: str, path: str) -> Answer | None:
    """The answer for a documentation path (GET only; HEAD is answered like any other method by
    the gateway), or None when `path` is not one of them and the API should route it."""
    if path != DOCUMENT_PATH and path != EXPLORER_PATH and not path.startswith(ASSET_PREFIX):
        return None
    if method != "GET":
        return error_answer(MethodNotAllowed(), Allow="GET")
    if path == DOCUMENT_PATH:
        return Answer(200, _document(), {"Content-Type": "application/json", "Cache-Control": "no-cache"})
    if path == EXPLORER_PATH:
        return Answer(200, _PAGE.encode(), {"Content-Type": "text/html; charset=utf-8", **_HEADERS})
    return _file(path.removeprefix(ASSET_PREFIX)) or error_answer(NotFound("No such route."))
