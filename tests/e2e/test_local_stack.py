"""The local stack as the plugin sees it: tenants through the CLI, the HTTP API with local
tokens, tenant isolation, a clean stop, and a restart that keeps everything and finishes the
work that was queued while no worker ran.

One data dir, two runs: the first with workers off (`--no-workers`) so every worker message
is still in its queue at shutdown; the second with workers on, which must deliver them.
"""

from __future__ import annotations

import http.client
import json
import uuid
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.e2e.conftest import DevStack, wait_for

VIEWPORT = {"width": 1024, "height": 768}


@pytest.fixture(scope="module")
def stack(make_stack: Any) -> DevStack:
    started: DevStack = make_stack("--allow-private-targets").start("--no-workers")
    return started


@pytest.fixture(scope="module")
def state() -> dict[str, Any]:
    """What the first run created, for the restart to find."""
    return {}


def _tampered(token: str) -> str:
    header, claims, signature = token.split(".")
    # Same signature over different claims, and a changed signature over the same claims.
    return f"{header}.{claims[:-2]}{'A' if claims[-2] != 'A' else 'B'}{claims[-1]}.{signature}"


def test_api_while_workers_are_off(stack: DevStack, site: str, state: dict[str, Any]) -> None:
    # Tenants through the CLI while the stack runs (it attaches to the same PostgreSQL).
    acme = stack.cli_json("admin", "create-project", "--org", "Acme", "--project", "Site", "--member", "alice")
    globex = stack.cli_json("admin", "create-project", "--org", "Globex", "--project", "Other", "--member", "bob")
    assert set(acme) == {"organizationId", "projectId"} and acme != globex
    alice, bob = stack.token("alice"), stack.token("bob")
    project = f"/projects/{acme['projectId']}"
    state.update(acme=acme, alice=alice, bob=bob, project=project)

    status, created = stack.call(
        "POST", f"{project}/page-imports", alice, {"url": f"{site}/index.html#top", "viewport": VIEWPORT}
    )
    assert status == 201, created
    assert created["status"] == "0" and created["sourceUrl"] == f"{site}/index.html"
    assert created["createdBy"] == "alice" and "nonce" not in created
    page_import = f"{project}/page-imports/{created['pageImportId']}"
    for _ in range(2):  # polling: nobody consumes the capture queue in this run
        status, polled = stack.call("GET", page_import, alice)
        assert (status, polled["status"]) == (200, "0")
    state["page_import"] = page_import

    # Tenant isolation: another organization's member sees nothing, not even existence.
    assert stack.call("GET", page_import, bob)[0] == 404
    assert stack.call("POST", f"{project}/page-imports", bob, {"url": f"{site}/", "viewport": VIEWPORT})[0] == 404
    status, own = stack.call("GET", f"/projects/{globex['projectId']}/page-imports/{created['pageImportId']}", bob)
    assert status == 404, own

    # Authentication at the gateway: missing, made-up, tampered, expired, wrong scheme -> 401.
    expired = stack.cli("token", "alice", "--ttl-hours", "-1").stdout.strip()
    for token in (None, "made.up.token", "not-even-a-jwt", _tampered(alice), alice[:-3] + "abc", expired):
        status, body = stack.call("GET", page_import, token)
        assert status == 401, (token, body)
        assert body["error"]["code"] == "unauthorized"
    status, _ = stack.call("GET", page_import, None, headers={"Authorization": f"Basic {alice}"})
    assert status == 401
    assert stack.call("GET", "/no/such/route", alice)[0] == 404
    assert stack.call("DELETE", page_import, alice)[0] == 405
    assert stack.call("HEAD", page_import, alice)[0] == 405
    # api.md: it prints one line containing "ready" and the base URL.
    assert [line for line in stack.stdout().splitlines() if "ready" in line] == [
        next(line for line in stack.stdout().splitlines() if line.startswith("pageport dev ready at"))
    ]

    # A chunked upload (curl's way with a body from stdin) is read like any other body.
    gateway = http.client.HTTPConnection(urlsplit(stack.base_url).netloc, timeout=30)
    payload = json.dumps({"url": f"{site}/about.html", "viewport": VIEWPORT}).encode()
    gateway.request(
        "POST",
        f"{project}/page-imports",
        body=iter([payload[:10], payload[10:]]),
        headers={"Authorization": f"Bearer {alice}", "Content-Type": "application/json"},
        encode_chunked=True,
    )
    chunked = gateway.getresponse()
    assert chunked.status == 201, chunked.read()
    gateway.close()

    # A batch: created (its messages leave at once), replayed, conflicting, cancelled.
    batch_id = str(uuid.uuid4())
    body = {
        "id": batch_id,
        "type": "page_import",
        "requests": [
            {"url": f"{site}/pricing.html", "viewport": VIEWPORT},
            {"url": f"{site}/about.html", "viewport": VIEWPORT},
        ],
    }
    status, batch = stack.call("POST", f"{project}/page-batches", alice, body)
    assert status == 201, batch
    assert batch["status"] == "0" and batch["counts"]["total"] == 2 and batch["counts"]["processing"] == 2
    status, replay = stack.call("POST", f"{project}/page-batches", alice, body)
    assert (status, replay["id"], replay["requestHash"]) == (200, batch_id, batch["requestHash"])
    status, conflict = stack.call("POST", f"{project}/page-batches", alice, {**body, "requests": body["requests"][:1]})
    assert (status, conflict["error"]["code"]) == (409, "batch_id_conflict")
    assert stack.call("GET", f"{project}/page-batches/{batch_id}", bob)[0] == 404
    status, cancelled = stack.call("POST", f"{project}/page-batches/{batch_id}/cancel", alice, {})
    assert status == 200
    assert cancelled["status"] == "3" and cancelled["counts"]["cancelled"] == 2
    assert stack.call("POST", f"{project}/page-batches/{batch_id}/cancel", alice, {})[1]["status"] == "3"
    state["cancelled_batch"] = f"{project}/page-batches/{batch_id}"

    # A discovery batch whose message waits in the discovery queue for the next run.
    discovery_id = str(uuid.uuid4())
    status, discovery = stack.call(
        "POST",
        f"{project}/page-batches",
        alice,
        {
            "id": discovery_id,
            "type": "page_discovery",
            "requests": [{"url": f"{site}/index.html", "maxPages": 5}],
        },
    )
    assert status == 201, discovery
    state["discovery"] = f"{project}/page-batches/{discovery_id}"
    status, pending = stack.call("GET", f"{state['discovery']}/discovery", alice)
    assert (status, pending["status"], pending["pages"]) == (200, "0", [])


def test_restart_keeps_data_and_delivers_queued_work(stack: DevStack, site: str, state: dict[str, Any]) -> None:
    assert state, "needs test_api_while_workers_are_off"
    assert stack.stop() < 10

    # Admin commands also work while the stack is down.
    added = stack.cli_json("admin", "add-member", "--org-id", str(state["acme"]["organizationId"]), "--member", "carol")
    assert added["added"] == ["carol"]

    stack.start()  # same data dir, workers on
    alice, project = state["alice"], state["project"]
    # Tokens survive (the signing key lives in the data dir); so does every row.
    status, cancelled = stack.call("GET", state["cancelled_batch"], alice)
    assert (status, cancelled["status"], cancelled["counts"]["cancelled"]) == (200, "3", 2)

    # The capture message sat in the queue through the restart: now it is delivered.
    done = wait_for(
        lambda: stack.call("GET", state["page_import"], alice)[1],
        lambda job: job["status"] != "0",
        timeout=180,  # the first Chromium start on a fresh machine builds its font cache
        what="the queued Page Import",
        stack=stack,
    )
    assert done["status"] == "1", done
    assert done["resultUrl"].startswith("s3://") and done["captureHash"] and done["screenshotUrl"]
    found = wait_for(
        lambda: stack.call("GET", f"{state['discovery']}/discovery", alice)[1],
        lambda doc: doc["status"] != "0",
        timeout=60,
        what="the queued discovery",
        stack=stack,
    )
    assert found["status"] == "1", found
    assert {f"{site}/pricing.html", f"{site}/about.html"} <= {page["url"] for page in found["pages"]}
    assert stack.call("GET", state["discovery"], alice)[1]["status"] == "1"

    # The cancelled batch's messages were consumed too, and its completions were ignored.
    _, items = stack.call("GET", f"{state['cancelled_batch']}/items", alice)
    job_ids = {item["jobId"] for item in items["items"]}
    assert {item["status"] for item in items["items"]} == {"3"}
    wait_for(lambda: _captured(stack), lambda ids: job_ids <= ids, timeout=60, what="the cancelled items' captures")
    status, still = stack.call("GET", state["cancelled_batch"], alice)
    assert (still["status"], still["counts"]["cancelled"], still["counts"]["completed"]) == ("3", 2, 0)

    # The member added while the stack was down can read; the other tenant still cannot.
    assert stack.call("GET", state["page_import"], stack.token("carol"))[0] == 200
    assert stack.call("GET", state["page_import"], state["bob"])[0] == 404
    assert stack.call("GET", f"{project}/page-imports/{done['pageImportId']}", alice)[0] == 200

    # Structured logs carry the job ids.
    records = stack.log_records()
    assert any(
        r.get("message") == "capture succeeded" and r.get("page_import_id") == done["pageImportId"] for r in records
    )
    assert stack.stop() < 10


def _captured(stack: DevStack) -> set[str]:
    """Page Import ids the capture worker has finished with (from its structured logs)."""
    ids: set[str] = set()
    for record in stack.log_records():
        if record.get("message") == "batch done" and record.get("function") == "capture_worker":
            ids.update(str(job.get("page_import_id")) for job in record.get("jobs", []))
    return ids
