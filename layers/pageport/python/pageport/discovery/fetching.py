"""What discovery needs from an HTTP client; `pageport.netguard.fetch.SafeFetcher` provides it.

The fetcher follows redirects itself (checking every hop against the SSRF policy) and
returns the final response whatever its status; `FetchResponse.url` is the final URL.
"""

from __future__ import annotations

from typing import Protocol

from pageport.netguard.fetch import FetchError, FetchResponse
from pageport.netguard.policy import BlockedTarget

__all__ = ["BlockedTarget", "FetchError", "FetchResponse", "Fetcher"]


class Fetcher(Protocol):
    def fetch(self, url: str) -> FetchResponse:
        """GET `url`. Raises `BlockedTarget` (policy refused a hop) or `FetchError`."""
        ...
