"""Fixtures: one loopback fixture server per session, and the real SafeFetcher."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pageport.netguard.fetch import SafeFetcher
from pageport.netguard.policy import TargetPolicy

from tests.unit.discovery.site_server import FixtureSite, serve

# `www.site.test` is the same site as `site.test` but resolves to the cloud metadata address,
# which the policy refuses even with allow_private=True.
ADDRESSES = {
    "site.test": ["127.0.0.1"],
    "other.test": ["127.0.0.1"],
    "www.site.test": ["169.254.169.254"],
}


def resolver(host: str, port: int) -> list[str]:
    return ADDRESSES[host]  # KeyError: the policy reports an unresolvable host


@pytest.fixture(scope="session")
def _server() -> Iterator[FixtureSite]:
    with serve() as site:
        yield site


@pytest.fixture
def site(_server: FixtureSite) -> FixtureSite:
    _server.reset({})
    return _server


@pytest.fixture
def fetcher() -> SafeFetcher:
    return SafeFetcher(TargetPolicy(allow_private=True, resolver=resolver), timeout=5)
