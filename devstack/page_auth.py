"""`pageport import`'s sign-in details for a page behind a login: `--cookie NAME=VALUE`,
`--header "Name: value"` and `--storage-state FILE` (a Playwright storage state, as
`context.storage_state(path=...)` or `npx playwright open --save-storage` writes it from a
logged-in browser). Only what belongs to the page's own host (cookies) and origin
(localStorage) is taken from the file. The values go to the API in the request body alone:
never printed, logged or written anywhere by the CLI."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit


class AuthArgumentError(ValueError):
    """A sign-in flag the CLI cannot use (the message never holds a value)."""


def add_auth_flags(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--cookie", action="append", default=[], metavar="NAME=VALUE", help="a cookie for the page's host")
    sub.add_argument("--header", action="append", default=[], metavar="'NAME: VALUE'", help="a header for its origin")
    sub.add_argument(
        "--storage-state", type=Path, metavar="FILE", help="a logged-in browser's Playwright storage state (JSON)"
    )


def auth_from_args(url: str, args: argparse.Namespace) -> dict[str, Any] | None:
    """The Page Import `auth` the flags describe for `url`, or None when they name nothing."""
    cookies: list[dict[str, Any]] = []
    local_storage: dict[str, str] = {}
    if args.storage_state is not None:
        cookies, local_storage = _from_storage_state(url, args.storage_state)
    for pair in args.cookie:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise AuthArgumentError("--cookie takes NAME=VALUE")
        cookies = [c for c in cookies if c["name"] != name.strip()] + [{"name": name.strip(), "value": value}]
    headers: dict[str, str] = {}
    for line in args.header:
        name, sep, value = line.partition(":")
        if not sep or not name.strip():
            raise AuthArgumentError("--header takes 'NAME: VALUE'")
        headers[name.strip()] = value.strip()
    auth = {"cookies": cookies, "headers": headers, "localStorage": local_storage}
    return {key: value for key, value in auth.items() if value} or None


def _from_storage_state(url: str, path: Path) -> tuple[list[dict[str, Any]], dict[str, str]]:
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise AuthArgumentError(f"cannot read {path} as a Playwright storage state (JSON)") from None
    if not isinstance(state, dict):
        raise AuthArgumentError(f"{path} is not a Playwright storage state")
    parts = urlsplit(url)
    host, origin = (parts.hostname or "").lower(), f"{parts.scheme}://{parts.netloc}"
    cookies = [
        _cookie(c)
        for c in state.get("cookies") or []
        if isinstance(c, dict) and _for_host(str(c.get("domain", "")), host) and "name" in c and "value" in c
    ]
    local_storage = {
        str(item["name"]): str(item["value"])
        for entry in state.get("origins") or []
        if isinstance(entry, dict) and entry.get("origin") == origin
        for item in entry.get("localStorage") or []
        if isinstance(item, dict) and "name" in item and "value" in item
    }
    return cookies, local_storage


def _for_host(domain: str, host: str) -> bool:
    """Whether a browser sends a cookie of `domain` to `host` (RFC 6265 domain matching)."""
    domain = domain.lower().lstrip(".")
    return bool(domain) and (host == domain or host.endswith("." + domain))


def _cookie(cookie: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"name": cookie["name"], "value": cookie["value"], "path": cookie.get("path") or "/"}
    for key in ("httpOnly", "secure"):
        if isinstance(cookie.get(key), bool):
            out[key] = cookie[key]
    if cookie.get("sameSite") in ("Strict", "Lax", "None"):
        out["sameSite"] = cookie["sameSite"]
    return out
