"""`page_discovery`: exactly one homepage per batch and no job table. The discovery worker
publishes `discovery/{itemId}/status.json` and `pages.json`; this entry reads them."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from psycopg import sql

from pageport.batches.registry import CANCELLED_MESSAGE, ItemRef, Prepared, PublishedResult, Validated, register
from pageport.batches.status import ItemFacts
from pageport.db import Cursor
from pageport.errors import NotFound, ValidationFailed, field_error
from pageport.kinds.page_discovery import KIND
from pageport.kinds.page_discovery.layout import discovery_pages_key, discovery_prefix
from pageport.kinds.page_discovery.models import DiscoveryMessage, DiscoveryRequest
from pageport.kinds.page_discovery.publishing import publish_status, read_status, status_of
from pageport.services.targets import normalized_url
from pageport.services.tenancy import Scope
from pageport.services.validation import parse_model
from pageport.storage import ArtifactMissing, ArtifactStore


def write_failed_status(store: ArtifactStore, item_id: str, message: str) -> bool:
    """Record a failure unless the item already finished; returns whether it wrote."""

    def failed(current: Mapping[str, Any] | None) -> dict[str, Any]:
        return {"status": "2", "pagesFound": (current or {}).get("pagesFound", 0), "errorMessage": message}

    return publish_status(store, item_id, failed) is None


class PageDiscoveryOperation:
    type = KIND.name
    queue = KIND.queue
    message_kind = KIND.queue
    request_model = DiscoveryRequest
    max_requests = 1  # a discovery batch holds exactly one homepage

    def validate(self, raw: Sequence[Any], *, allow_private: bool) -> Validated:
        if len(raw) != 1:
            raise ValidationFailed(
                "A page_discovery batch holds exactly one homepage.",
                details=[field_error(["requests"], "page_discovery takes exactly one request")],
            )
        try:
            request = parse_model(DiscoveryRequest, raw[0])
            url = normalized_url(request.url, allow_private=allow_private, loc=["url"])
        except ValidationFailed as exc:
            return Validated({}, [(0, exc)])
        return Validated({0: {"url": url, "maxPages": request.max_pages}}, [])

    def refuse(
        self, cur: Cursor, scope: Scope, requests: Mapping[int, Mapping[str, Any]]
    ) -> list[tuple[int, ValidationFailed]]:
        return []  # a homepage needs nothing from the database

    def prepare(
        self, cur: Cursor, scope: Scope, requests: Sequence[Mapping[str, Any]], item_ids: Sequence[str]
    ) -> list[Prepared]:
        return [
            Prepared(
                None,
                DiscoveryMessage(
                    batch_item_id=item_id,
                    url=str(request["url"]),
                    max_pages=int(request["maxPages"]),
                    artifact_prefix=discovery_prefix(item_id),
                ).model_dump(mode="json", by_alias=True),
            )
            for item_id, request in zip(item_ids, requests, strict=True)
        ]

    def grouped_facts(self, cur: Cursor, batch_id: str) -> list[tuple[ItemFacts, int]]:
        rows = cur.execute(
            """SELECT id, cancelled_at IS NOT NULL AS cancelled, error_message IS NOT NULL AS dispatch_failed,
                      dispatched_at IS NOT NULL AS accepted
               FROM batch_item WHERE batch_id = %s AND deleted_at IS NULL""",
            (batch_id,),
        ).fetchall()
        store = ArtifactStore.default()
        facts: list[tuple[ItemFacts, int]] = []
        for row in rows:  # one item per discovery batch
            child = status_of(read_status(store, row["id"]))
            facts.append((ItemFacts(row["cancelled"], row["dispatch_failed"], row["accepted"], child), 1))
        return facts

    def grouped_facts_sql(self, batch_id: sql.Composable) -> sql.Composable | None:
        return None  # the child's status is in S3 (status.json), not in a table

    def published_result(self, cur: Cursor, batch_id: str, store: ArtifactStore) -> PublishedResult:
        item = cur.execute(
            "SELECT id, cancelled_at, error_message FROM batch_item WHERE batch_id = %s AND deleted_at IS NULL "
            "ORDER BY position LIMIT 1",
            (batch_id,),
        ).fetchone()
        if item is None:
            raise NotFound("Batch not found.")
        if item["cancelled_at"] is not None:
            # A worker still running when the batch was cancelled may publish afterwards: ignored.
            return PublishedResult(status="2", pages=[], truncated=False, error_message=CANCELLED_MESSAGE)
        if item["error_message"]:  # dispatch failed terminally: the worker never ran
            return PublishedResult(status="2", pages=[], truncated=False, error_message=item["error_message"])
        published = read_status(store, item["id"]) or {"status": "0"}
        status = str(published.get("status", "0"))
        document: dict[str, Any] = {}
        if status == "1":
            try:
                document = json.loads(store.get(discovery_pages_key(item["id"]), max_bytes=16 * 1024 * 1024))
            except (ArtifactMissing, ValueError):
                document = {}
        return PublishedResult(
            status=status,
            pages=list(document.get("pages", [])),
            truncated=bool(document.get("truncated", False)),
            error_message=published.get("errorMessage"),
        )

    def child_statuses(self, cur: Cursor, items: Sequence[ItemRef], *, lock: bool = False) -> dict[str, str | None]:
        store = ArtifactStore.default()
        statuses: dict[str, str | None] = {}
        for item in items:
            statuses[item.id] = status_of(read_status(store, item.id))
        return statuses

    def fail_children(self, cur: Cursor, items: Sequence[ItemRef], message: str, *, actor: str) -> set[str]:
        # status.json cannot be locked: a worker may publish completion after child_statuses read
        # it. The compare-and-swap then refuses our failure, and the item stays completed.
        store = ArtifactStore.default()
        return {item.id for item in items if write_failed_status(store, item.id, message)}

    def announce_cancelled(self, items: Sequence[ItemRef]) -> None:
        pass  # fail_children wrote each failed status.json, which the worker reads before crawling

    def retryable(self, cur: Cursor, scope: Scope, requests: Sequence[Mapping[str, Any]]) -> list[bool]:
        return [True for _ in requests]

    def dead_letter(self, cur: Cursor, message: Mapping[str, Any], safe_message: str) -> bool:
        parsed = DiscoveryMessage.model_validate(message)
        return write_failed_status(ArtifactStore.default(), parsed.batch_item_id, safe_message)


register(PageDiscoveryOperation())
