"""The discovery worker's glue end to end in one process: a loopback fixture site, moto S3/SQS, the
real webhook handlers behind a loopback HTTP server, real PostgreSQL (the capture and convert
jobs, which start Chromium: tests/chromium/workers/test_worker_jobs.py)."""

from __future__ import annotations

import uuid

from pageport.kinds.page_discovery.job import run_discovery
from pageport.kinds.page_discovery.models import DiscoveryMessage

from devstack.apigw import invoke
from tests.conftest import drain


def test_discovery_publishes_status_and_pages(db, stack, tenant, site):
    batch_id = str(uuid.uuid4())
    created = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-batches",
        subject=tenant.subject,
        body={"id": batch_id, "type": "page_discovery", "requests": [{"url": site + "/index.html", "maxPages": 10}]},
    )
    assert created.status == 201, created.body
    (message,) = drain(stack.queues["discovery"])
    assert run_discovery(DiscoveryMessage.model_validate(message)) == "1"
    found = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{batch_id}/discovery", subject=tenant.subject)
    assert found.body["status"] == "1"
    urls = [page["url"] for page in found.body["pages"]]
    assert urls[0].endswith("/index.html") and any(u.endswith("/about.html") for u in urls)
    assert found.body["pages"][0]["title"] == "Fixture home"
