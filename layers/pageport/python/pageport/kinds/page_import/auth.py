"""Pages behind a login: what a Page Import may carry to be let in (`auth`), for its own origin.

Cookies, extra request headers and localStorage items (what a logged-in browser holds; the CLI
reads them from a Playwright storage-state file). They are never stored or sent in clear: the
creating route seals them (`sealing`) before anything is written, the row says only
`source_kind = 'authenticated_url'`, and the capture applies them to the page's own origin alone
(host-only cookies, headers on same-origin requests, localStorage on that origin's documents).
Every value is a SecretStr: a log line, repr or error never shows it.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Literal
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, StringConstraints, field_validator, model_validator

from pageport.models.base import CamelRequest

AUTHENTICATED = "authenticated_url"  # page_import.source_kind of an import that carries auth
PUBLIC = "public_url"
MAX_SEALED_BYTES = 64 * 1024  # the whole of an import's auth, as JSON

# RFC 9110 token characters: a header or cookie name.
# (Unbounded, with the length a separate constraint: a {1,256} repetition makes the regex engine
# build a large automaton at import, which every route that loads these models paid at INIT.)
_NAME_PATTERN = r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"
# Headers the browser owns (hop-by-hop, framing, routing) or that `cookies` and the page set.
_REFUSED_HEADERS = frozenset(
    {
        "host",
        "connection",
        "content-length",
        "transfer-encoding",
        "keep-alive",
        "upgrade",
        "te",
        "trailer",
        "proxy-authorization",
        "proxy-connection",
        "cookie",
        "origin",
        "referer",
    }
)
_NO_CONTROL = re.compile(r"^[^\x00-\x08\x0a-\x1f\x7f]*$")  # tab allowed; CR and LF never

Name = Annotated[str, StringConstraints(pattern=_NAME_PATTERN, max_length=256)]


class Cookie(CamelRequest):
    """A cookie for the page's own origin (host-only: never sent to another host)."""

    name: Name
    value: SecretStr = Field(max_length=4096)
    path: str = Field(default="/", pattern=r"^/[^\s;]*$", max_length=1024)
    http_only: bool = True
    secure: bool | None = Field(default=None, description="Default: when the page is https.")
    same_site: Literal["Strict", "Lax", "None"] = "Lax"

    @field_validator("value")
    @classmethod
    def _value_is_a_cookie_value(cls, value: SecretStr) -> SecretStr:
        if not re.fullmatch(r"[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*", value.get_secret_value()):
            raise ValueError("a cookie value holds no spaces, quotes, commas, semicolons or backslashes")
        return value


class PageAuth(CamelRequest):
    """POST …/page-imports `auth`: what lets the capture in, for the page's own origin only."""

    cookies: list[Cookie] = Field(default_factory=list, max_length=50)
    headers: dict[Name, SecretStr] = Field(
        default_factory=dict, max_length=20, description="Sent on requests to the page's own origin only."
    )
    local_storage: dict[Annotated[str, StringConstraints(min_length=1, max_length=256)], SecretStr] = Field(
        default_factory=dict, max_length=100, description="Set in the page's own origin before its scripts run."
    )

    @field_validator("headers")
    @classmethod
    def _headers_the_page_may_send(cls, headers: dict[str, SecretStr]) -> dict[str, SecretStr]:
        for name, value in headers.items():
            if name.lower() in _REFUSED_HEADERS or name.lower().startswith(("sec-", "proxy-")):
                raise ValueError(f"the {name} header is the browser's own (cookies go in `cookies`)")
            if len(value.get_secret_value()) > 4096 or not _NO_CONTROL.fullmatch(value.get_secret_value()):
                raise ValueError(f"the {name} header's value is over 4096 characters or holds a line break")
        return headers

    @field_validator("local_storage")
    @classmethod
    def _values_fit(cls, items: dict[str, SecretStr]) -> dict[str, SecretStr]:
        if any(len(v.get_secret_value()) > 16384 for v in items.values()):
            raise ValueError("a localStorage value is over 16384 characters")
        return items

    @model_validator(mode="after")
    def _names_something(self) -> PageAuth:
        if not (self.cookies or self.headers or self.local_storage):
            raise ValueError("auth names no cookie, header or localStorage item")
        return self

    def plaintext(self) -> bytes:
        """The JSON that is sealed (secrets revealed: only ever encrypted, never logged)."""
        document = {
            "cookies": [
                {**c.model_dump(mode="json", by_alias=True, exclude={"value"}), "value": c.value.get_secret_value()}
                for c in self.cookies
            ],
            "headers": {k: v.get_secret_value() for k, v in self.headers.items()},
            "localStorage": {k: v.get_secret_value() for k, v in self.local_storage.items()},
        }
        return json.dumps(document, separators=(",", ":"), sort_keys=True).encode()


def origin_of(url: str) -> str:
    """scheme://host[:port] of a normalized URL: the only origin its auth is ever sent to."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"
