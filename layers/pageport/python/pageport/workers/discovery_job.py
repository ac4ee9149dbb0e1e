"""One discovery job: robots, sitemaps and links through the SSRF-safe fetcher; progress and
results published to S3 (`status.json` as it goes, `pages.json` before the final status)."""

from __future__ import annotations

import json

from pageport.discovery import DiscoveryFailed, DiscoveryProgress, discover_site, pages_document, status_document
from pageport.layout import discovery_pages_key, discovery_status_key
from pageport.logging import logger
from pageport.models.messages import DiscoveryMessage
from pageport.netguard.fetch import SafeFetcher
from pageport.netguard.policy import TargetPolicy
from pageport.settings import get_settings
from pageport.storage import ArtifactStore

UNEXPECTED = "Discovery stopped because of an internal error."


def run_discovery(
    message: DiscoveryMessage,
    *,
    store: ArtifactStore | None = None,
    policy: TargetPolicy | None = None,
    time_budget_s: float = 300,
) -> str:
    store = store or ArtifactStore.default()
    policy = policy or TargetPolicy(allow_private=get_settings().pageport_allow_private_targets)
    item_id = message.batch_item_id

    def publish(progress: DiscoveryProgress) -> None:
        store.put(discovery_status_key(item_id), json.dumps(status_document(progress)).encode(), "application/json")

    try:
        result = discover_site(
            message.url, message.max_pages, SafeFetcher(policy), on_progress=publish, time_budget_s=time_budget_s
        )
    except DiscoveryFailed as failure:
        publish(DiscoveryProgress.failed(failure))
        logger.info("discovery failed", extra={"batch_item_id": item_id})
        return "2"
    except Exception:
        logger.exception("discovery crashed", extra={"batch_item_id": item_id})
        publish(DiscoveryProgress(status="2", pages_found=0, error_message=UNEXPECTED))
        return "2"
    store.put(discovery_pages_key(item_id), json.dumps(pages_document(result)).encode(), "application/json")
    publish(DiscoveryProgress.completed(result))
    logger.info("discovery completed", extra={"batch_item_id": item_id, "pages": len(result.pages)})
    return "1"
