"""The local stack's documentation routes: the generated document, and Swagger UI from the
packaged assets (no CDN), refusing anything else under /docs/."""

from __future__ import annotations

import json
import re

from devstack import docs
from devstack.openapi import render


def test_the_document_is_the_generated_one_with_this_stack_as_its_first_server() -> None:
    answer = docs.answer("GET", "/openapi.json")
    assert answer is not None
    assert (answer.status, answer.headers["Content-Type"]) == (200, "application/json")
    served, generated = json.loads(answer.body), json.loads(render())
    # "Try it out" calls the stack that served the page, at the address it was reached by.
    assert served.pop("servers") == [
        {"url": "/", "description": "This local stack (`pageport dev`)"},
        next(server for server in generated.pop("servers") if "amazonaws" in server["url"]),
    ]
    assert served == generated


def test_the_explorer_loads_only_its_own_packaged_files() -> None:
    page = docs.answer("GET", "/docs")
    assert page is not None and page.status == 200
    assert page.headers["Content-Type"].startswith("text/html")
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.body.decode())
    assert sources and all(source.startswith("/docs/") for source in sources)
    for source in sources:
        asset = docs.answer("GET", source)
        assert asset is not None and asset.status == 200 and asset.body, source
    bundle = docs.answer("GET", "/docs/swagger-ui-bundle.js")
    assert bundle is not None and bundle.headers["Content-Type"].startswith("text/javascript")
    init = docs.answer("GET", "/docs/init.js")
    assert init is not None and b'url: "/openapi.json"' in init.body


def test_nothing_else_is_served_and_other_paths_are_left_to_the_api() -> None:
    for path in ("/docs/../pyproject.toml", "/docs/LICENSE", "/docs/oauth2-redirect.html", "/docs/"):
        missing = docs.answer("GET", path)
        assert missing is not None and missing.status == 404, path
        assert json.loads(missing.body)["error"]["code"] == "not_found"
    refused = docs.answer("POST", "/openapi.json")
    assert refused is not None and refused.status == 405 and refused.headers["Allow"] == "GET"
    assert json.loads(refused.body)["error"]["code"] == "method_not_allowed"
    for path in ("/projects/1/page-imports", "/documents", "/openapi.jsonx", "/me/projects"):
        assert docs.answer("GET", path) is None, path
