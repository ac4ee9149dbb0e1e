"""A small client for Pageport's HTTP API (the CLI's only way in): JSON over urllib, the
contract's error body turned into one readable line."""

from __future__ import annotations

import ipaddress
import json
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit

DEFAULT_API = "http://127.0.0.1:8000"


class ApiUnreachable(Exception):
    pass


@dataclass
class ApiError(Exception):
    status: int
    code: str
    message: str
    details: list[dict[str, Any]] = field(default_factory=list)

    def __str__(self) -> str:
        parts = []
        for detail in self.details:
            loc = ".".join(str(part) for part in detail.get("loc", []))
            parts.append(f"{loc}: {detail.get('msg')}" if loc else str(detail.get("msg")))
        # The API often repeats a lone detail as the message: say it once, with its field.
        repeated = len(self.details) == 1 and self.details[0].get("msg") == self.message
        text = parts[0] if repeated else self.message
        if parts and not repeated:
            text = text.rstrip(".") + ": " + "; ".join(parts)
        return f"{text} ({self.code}, HTTP {self.status})"


def _error_from(status: int, payload: bytes) -> ApiError:
    try:
        error = json.loads(payload).get("error") or {}
    except (ValueError, AttributeError):
        error = {}
    if not isinstance(error, dict):
        error = {}
    return ApiError(
        status,
        str(error.get("code") or f"http_{status}"),
        str(error.get("message") or "The API refused the request."),
        [d for d in error.get("details") or [] if isinstance(d, dict)],
    )


@dataclass(frozen=True)
class Api:
    base_url: str
    token: str
    timeout_s: float = 60

    def __post_init__(self) -> None:
        parts = urlsplit(self.base_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(f"--api must be an http(s) URL, not {self.base_url!r}")

    @property
    def is_local(self) -> bool:
        """The API runs on this machine (the local stack), not in the cloud."""
        host = urlsplit(self.base_url).hostname or ""
        if host == "localhost":
            return True
        try:
            return ipaddress.ip_address(host).is_loopback
        except ValueError:
            return False

    def request(self, method: str, path: str, body: Any = None, query: dict[str, str] | None = None) -> Any:
        url = self.base_url.rstrip("/") + path + (f"?{urlencode(query)}" if query else "")
        data = None if body is None else json.dumps(body).encode()
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, method=method, headers=headers)  # noqa: S310 - http(s) checked
        try:
            with self._opener().open(request, timeout=self.timeout_s) as response:
                payload = response.read()
        except urllib.error.HTTPError as exc:
            raise _error_from(exc.code, exc.read()) from None
        except (TimeoutError, urllib.error.URLError, ConnectionError) as exc:
            reason = getattr(exc, "reason", exc)
            raise ApiUnreachable(
                f"cannot reach the API at {self.base_url} ({reason}); is `pageport dev` running?"
            ) from None
        return json.loads(payload) if payload else None

    def _opener(self) -> urllib.request.OpenerDirector:
        # A proxy from the environment cannot reach this machine's loopback: asking it answers
        # 502 for a stack that is merely stopped, so the local stack is always reached directly.
        if self.is_local:
            return urllib.request.build_opener(urllib.request.ProxyHandler({}))
        return urllib.request.build_opener()

    def get(self, path: str, query: dict[str, str] | None = None) -> Any:
        return self.request("GET", path, query=query)

    def post(self, path: str, body: Any) -> Any:
        return self.request("POST", path, body)
