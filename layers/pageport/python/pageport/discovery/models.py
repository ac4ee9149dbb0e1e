"""Discovery results and the exact JSON documents the worker publishes to S3."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

RUNNING: Literal["0"] = "0"
COMPLETED: Literal["1"] = "1"
FAILED: Literal["2"] = "2"


@dataclass
class DiscoveredPage:
    url: str
    title: str | None
    description: str | None
    depth: int  # 0 = the homepage; sitemap entries 1; otherwise link (BFS) depth


@dataclass
class DiscoveryProgress:
    status: str  # "0" running, "1" completed, "2" failed
    pages_found: int
    error_message: str | None

    def __post_init__(self) -> None:
        if self.status not in (RUNNING, COMPLETED, FAILED):
            raise ValueError(f"unknown discovery status {self.status!r}")

    @classmethod
    def completed(cls, result: DiscoveryResult) -> DiscoveryProgress:
        return cls(COMPLETED, len(result.pages), None)

    @classmethod
    def failed(cls, error: DiscoveryFailed, pages_found: int = 0) -> DiscoveryProgress:
        return cls(FAILED, pages_found, error.safe_message)


@dataclass
class DiscoveryResult:
    pages: list[DiscoveredPage]
    truncated: bool  # more pages existed than max_pages, or a budget ran out first
    warnings: list[str]  # for logs: what was skipped and why (never published to users)


class DiscoveryFailed(Exception):
    """Discovery could not start (the homepage could not be fetched). The message is safe to
    publish as `status.json`'s `errorMessage`."""

    def __init__(self, safe_message: str) -> None:
        super().__init__(safe_message)
        self.safe_message = safe_message


def pages_document(result: DiscoveryResult) -> dict[str, Any]:
    """`pages.json`: {"pages": [{"url", "title", "description", "depth"}], "truncated"}."""
    return {
        "pages": [
            {"url": p.url, "title": p.title, "description": p.description, "depth": p.depth} for p in result.pages
        ],
        "truncated": result.truncated,
    }


def status_document(progress: DiscoveryProgress) -> dict[str, Any]:
    """`status.json`: {"status": "0|1|2", "pagesFound": n, "errorMessage": str | null}."""
    return {
        "status": progress.status,
        "pagesFound": progress.pages_found,
        "errorMessage": progress.error_message,
    }
