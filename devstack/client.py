"""A small client for Pageport's HTTP API (the CLI's only way in): JSON over urllib, the
contract's error body turned into one readable line.

While the service is unavailable (502/503/504, as during a database failover), a request that a
repeat cannot duplicate (a read, or a write carrying its own idempotency key) waits it out: it
is sent again after the answer's Retry-After, with jittered backoff, for up to WAIT_LIMIT_S,
and the caller is told once that it is waiting for the service."""

from __future__ import annotations

import ipaddress
import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit

DEFAULT_API = "http://127.0.0.1:8000"
UNAVAILABLE_STATUSES = frozenset({502, 503, 504})
FIRST_PAUSE_S = 1.0
MAX_PAUSE_S = 30.0
WAIT_LIMIT_S = 15 * 60.0  # then the error is shown: the user can run the command again


class ApiUnreachable(Exception):
    pass


@dataclass
class ApiError(Exception):
    status: int
    code: str
    message: str
    details: list[dict[str, Any]] = field(default_factory=list)
    retry_after_s: float | None = None  # the answer's Retry-After, in seconds

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


def _retry_after(value: str | None) -> float | None:
    try:
        return float(value) if value else None
    except ValueError:  # an HTTP date: our API never sends one
        return None


def _error_from(status: int, payload: bytes, retry_after: str | None = None) -> ApiError:
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
        _retry_after(retry_after),
    )


@dataclass(frozen=True)
class Api:
    base_url: str
    token: str
    timeout_s: float = 60
    # Told once per wait that the service is unavailable (the CLI prints it on stderr).
    on_wait: Callable[[str], None] | None = None
    wait_limit_s: float = WAIT_LIMIT_S
    sleep: Callable[[float], None] = time.sleep

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

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        query: dict[str, str] | None = None,
        *,
        idempotent: bool | None = None,
    ) -> Any:
        """`idempotent`: whether sending it twice does what sending it once does (a GET, by default);
        only such a request waits out an unavailable service."""
        repeatable = method == "GET" if idempotent is None else idempotent
        waited, ceiling, told = 0.0, FIRST_PAUSE_S, False
        while True:
            try:
                return self._send(method, path, body, query)
            except ApiError as error:
                if not repeatable or error.status not in UNAVAILABLE_STATUSES or waited >= self.wait_limit_s:
                    raise
                pause = max(error.retry_after_s or 0.0, random.uniform(ceiling / 2, ceiling))
                if not told and self.on_wait is not None:
                    self.on_wait(f"the service is unavailable (HTTP {error.status}); waiting for it to come back")
                    told = True
                self.sleep(pause)
                waited += pause
                ceiling = min(ceiling * 2, MAX_PAUSE_S)

    def _send(self, method: str, path: str, body: Any, query: dict[str, str] | None) -> Any:
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
            raise _error_from(exc.code, exc.read(), exc.headers.get("Retry-After")) from None
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

    def post(self, path: str, body: Any, *, idempotent: bool = False) -> Any:
        return self.request("POST", path, body, idempotent=idempotent)
