"""A small client for Pageport's HTTP API (the CLI's only way in): JSON over urllib, the
contract's error body turned into one readable line."""

from __future__ import annotations

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
        text = f"{self.message} ({self.code}, HTTP {self.status})"
        if self.details:
            parts = []
            for detail in self.details:
                loc = ".".join(str(part) for part in detail.get("loc", []))
                parts.append(f"{loc}: {detail.get('msg')}" if loc else str(detail.get("msg")))
            text += ": " + "; ".join(parts)
        return text


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

    def request(self, method: str, path: str, body: Any = None, query: dict[str, str] | None = None) -> Any:
        url = self.base_url.rstrip("/") + path + (f"?{urlencode(query)}" if query else "")
        data = None if body is None else json.dumps(body).encode()
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, method=method, headers=headers)  # noqa: S310 - http(s) checked
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as response:  # noqa: S310
                payload = response.read()
        except urllib.error.HTTPError as exc:
            raise _error_from(exc.code, exc.read()) from None
        except (TimeoutError, urllib.error.URLError, ConnectionError) as exc:
            reason = getattr(exc, "reason", exc)
            raise ApiUnreachable(
                f"cannot reach the API at {self.base_url} ({reason}); is `pageport dev` running?"
            ) from None
        return json.loads(payload) if payload else None

    def get(self, path: str, query: dict[str, str] | None = None) -> Any:
        return self.request("GET", path, query=query)

    def post(self, path: str, body: Any) -> Any:
        return self.request("POST", path, body)
