"""Jobs bound their work by the Lambda invocation's remaining time minus a reserve, so a job
short of time still writes its failure (manifest or status) and reports it before the timeout."""

from __future__ import annotations

import json
import time
import uuid

import pytest
from pageport.kinds.code2des import job as convert_job
from pageport.kinds.page_discovery import job as discovery_job
from pageport.kinds.page_discovery.layout import discovery_pages_key, discovery_prefix, discovery_status_key
from pageport.kinds.page_discovery.models import DiscoveryMessage
from pageport.kinds.page_import import job as capture_job
from pageport.kinds.page_import.messages import CaptureMessage
from pageport.settings import get_settings
from pageport.storage import ArtifactStore
from pageport.workers.webhook_client import Delivery

from devstack.apigw import lambda_context, load_function
from tests.conftest import drain
from tests.support import create_page_import, queued_convert_message, sqs_event
from tests.support.workers import HookedSite, WebhookLog, card_convert_message
from tests.unit.workers.test_time_budgets import SteppingClock


def test_a_discovery_with_little_time_left_fails_in_time_and_publishes_it(
    aws, hooked_site: HookedSite, monkeypatch: pytest.MonkeyPatch
):
    """Through the worker's Lambda handler: Powertools hands the record handler the context."""
    monkeypatch.setenv("PAGEPORT_ALLOW_PRIVATE_TARGETS", "true")
    get_settings.cache_clear()
    hooked_site.page("/robots.txt", "slow robots", hook=lambda: time.sleep(1.5))
    home = hooked_site.page("/", "Home", ("/about",))
    item_id = str(uuid.uuid4())
    message = DiscoveryMessage(batch_item_id=item_id, url=home, max_pages=10, artifact_prefix=discovery_prefix(item_id))
    # The function's timeout leaves half a second of work after the reserve.
    context = lambda_context("discovery_worker", timeout_s=discovery_job.RESERVE_S + 0.5)

    # The shared worker handler, loaded as discovery_worker's Lambda loads it (PAGEPORT_KIND).
    discovery_handler = load_function("discovery_worker").lambda_handler
    answer = discovery_handler(sqs_event([message.model_dump_json(by_alias=True)], queue="discovery"), context)

    assert answer == {"batchItemFailures": []}
    store = ArtifactStore.default()
    status = json.loads(store.get(discovery_status_key(item_id)))
    assert status == {"status": "2", "pagesFound": 0, "errorMessage": "The homepage could not be fetched in time."}
    assert not store.exists(discovery_pages_key(item_id))
    assert hooked_site.requests == ["/robots.txt"]  # the homepage was never fetched: no time left


def test_without_a_lambda_context_discovery_keeps_its_default_budget(aws, hooked_site: HookedSite):
    from pageport.netguard.policy import TargetPolicy

    hooked_site.page("/robots.txt", "slow robots", hook=lambda: time.sleep(0.5))
    home = hooked_site.page("/", "Home")
    item_id = str(uuid.uuid4())
    message = DiscoveryMessage(batch_item_id=item_id, url=home, max_pages=10, artifact_prefix=discovery_prefix(item_id))

    assert discovery_job.run_discovery(message, policy=TargetPolicy(allow_private=True)) == "1"


def test_a_capture_with_no_time_left_reports_a_safe_failure_without_starting(
    db, stack, tenant, site, webhooks: WebhookLog
):
    create_page_import(tenant, site + "/index.html")
    (body,) = drain(stack.queues["capture"])
    message = CaptureMessage.model_validate(body)

    assert capture_job.run_capture(message, remaining_s=capture_job.RESERVE_S - 5) is Delivery.APPLIED

    row = db.execute("SELECT status, error_message FROM page_import").fetchone()
    assert row["status"] == "2" and row["error_message"] == capture_job.OUT_OF_TIME
    assert [b["outcome"] for b in webhooks.bodies("/page-imports")] == ["failed"]


def test_a_conversion_with_no_time_left_reports_a_safe_failure(db, stack, tenant, webhooks: WebhookLog):
    message = queued_convert_message(db, tenant)

    assert convert_job.run_convert(message, remaining_s=convert_job.RESERVE_S - 5) is Delivery.APPLIED

    row = db.execute("SELECT status, error_message FROM code2des").fetchone()
    assert row["status"] == "2" and row["error_message"] == convert_job.OUT_OF_TIME
    assert [b["outcome"] for b in webhooks.bodies("/code2des")] == ["failed"]


def test_a_conversion_that_runs_out_of_time_midway_reports_a_safe_failure(db, stack, tenant, webhooks: WebhookLog):
    message = card_convert_message(db, tenant)
    # The deadline is 4 readings after the job's first: past the start, before the end.
    remaining = convert_job.RESERVE_S + 4

    assert convert_job.run_convert(message, remaining_s=remaining, clock=SteppingClock()) is Delivery.APPLIED

    row = db.execute("SELECT status, error_message FROM code2des").fetchone()
    assert row["status"] == "2" and row["error_message"] == convert_job.OUT_OF_TIME
    assert [b["outcome"] for b in webhooks.bodies("/code2des")] == ["failed"]
