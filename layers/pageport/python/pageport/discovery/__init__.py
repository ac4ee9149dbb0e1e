"""Page Discovery: from one homepage, the site's pages with their title and description.

    result = discover_site("https://example.com/", 50, SafeFetcher(TargetPolicy()))
    put("pages.json", pages_document(result))
    put("status.json", status_document(DiscoveryProgress.completed(result)))

Pure library: no AWS, no database. The worker glue publishes what it returns.
"""

from pageport.discovery.crawler import discover_site
from pageport.discovery.fetching import Fetcher
from pageport.discovery.models import (
    DiscoveredPage,
    DiscoveryFailed,
    DiscoveryProgress,
    DiscoveryResult,
    pages_document,
    status_document,
)
from pageport.discovery.robots import ROBOTS_AGENT
from pageport.discovery.sitemaps import XML_PARSER

__all__ = [
    "ROBOTS_AGENT",
    "XML_PARSER",
    "DiscoveredPage",
    "DiscoveryFailed",
    "DiscoveryProgress",
    "DiscoveryResult",
    "Fetcher",
    "discover_site",
    "pages_document",
    "status_document",
]
