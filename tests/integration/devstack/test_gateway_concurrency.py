"""The local gateway runs handlers concurrently, as Lambda runs many instances (issue #23):
many callers at once each get their own tenant's data and the right status, never a 5xx, and
a busy function really runs on more than one instance (copy of its module) at a time."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from devstack.apigw import INSTANCES
from devstack.gateway import MAX_CONCURRENT, Gateway
from devstack.localauth import LocalCredentials, TokenKey
from devstack.sigv4 import SigV4Verifier
from tests.conftest import Tenant, make_tenant

TENANTS = 6
CALLERS = 24
ROUNDS = 6
VIEWPORT = {"width": 1440, "height": 900}


@pytest.fixture
def served(tmp_path: Path, aws: Any) -> Iterator[tuple[Gateway, TokenKey]]:
    tokens = TokenKey.for_data_dir(tmp_path)
    gateway = Gateway("127.0.0.1", 0, tokens=tokens, webhooks=SigV4Verifier(LocalCredentials.for_data_dir(tmp_path)))
    gateway.start()
    try:
        yield gateway, tokens
    finally:
        gateway.stop()


def call(gateway: Gateway, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{gateway.port}{path}",
        data=None if body is None else json.dumps(body).encode(),
        method=method,
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def test_concurrent_callers_get_their_own_answers(db: Any, served: tuple[Gateway, TokenKey]) -> None:
    gateway, tokens = served
    tenants = [make_tenant(db, f"c{i}") for i in range(TENANTS)]
    imports: dict[int, str] = {}
    for i, tenant in enumerate(tenants):
        status, body = call(
            gateway,
            "POST",
            f"/projects/{tenant.project_id}/page-imports",
            tokens.issue(tenant.subject),
            {"url": f"https://example.com/tenant-{i}", "viewport": VIEWPORT},
        )
        assert status == 201, body
        imports[tenant.project_id] = body["pageImportId"]
    problems: list[str] = []
    start = threading.Barrier(CALLERS)

    def caller(n: int) -> int:
        mine, theirs = tenants[n % TENANTS], tenants[(n + 1) % TENANTS]
        token = tokens.issue(mine.subject)
        start.wait()
        checked = 0
        for round_ in range(ROUNDS):
            expect(problems, n, call(gateway, "GET", _import_path(mine, imports), token), 200, mine, round_)
            # Another tenant's project: 404, whatever runs beside it.
            expect(problems, n, call(gateway, "GET", _import_path(theirs, imports), token), 404, None, round_)
            status, body = call(gateway, "GET", "/me/projects", token)
            if status != 200 or _projects(body) != [mine.project_id]:
                problems.append(f"caller {n}: /me/projects {status} {body}")
            batch_id = str(uuid.uuid4())
            status, body = call(
                gateway,
                "POST",
                f"/projects/{mine.project_id}/page-batches",
                token,
                {
                    "id": batch_id,
                    "type": "page_import",
                    "requests": [
                        {"url": f"https://example.com/{n}/{round_}/{k}", "viewport": VIEWPORT} for k in range(3)
                    ],
                },
            )
            if status != 201 or body["id"] != batch_id or body["counts"]["total"] != 3:
                problems.append(f"caller {n}: batch {status} {body}")
            checked += 1
        return checked

    with ThreadPoolExecutor(max_workers=CALLERS) as pool:
        done = list(pool.map(caller, range(CALLERS)))
    assert problems == []
    assert done == [ROUNDS] * CALLERS
    # Real concurrency: the busiest functions ran on several instances, never more than the pool.
    assert 1 < INSTANCES.count("get_page_import") <= MAX_CONCURRENT
    created = db.execute("SELECT project_id, count(*) AS n FROM batch GROUP BY project_id").fetchall()
    per_project = {row["project_id"]: row["n"] for row in created}
    # Each caller's batches, and each tenant's Page Import above (its outbox row is a one-item batch).
    assert per_project == {t.project_id: ROUNDS * CALLERS // TENANTS + 1 for t in tenants}


def _projects(body: Any) -> list[int]:
    return [p["projectId"] for org in body["organizations"] for p in org["projects"]]


def _import_path(tenant: Tenant, imports: dict[int, str]) -> str:
    return f"/projects/{tenant.project_id}/page-imports/{imports[tenant.project_id]}"


def expect(
    problems: list[str], n: int, answer: tuple[int, Any], status: int, owner: Tenant | None, round_: int
) -> None:
    got, body = answer
    if got != status:
        problems.append(f"caller {n} round {round_}: {got} instead of {status}: {body}")
    elif owner is not None and (
        body["projectId"] != owner.project_id or body["organizationId"] != owner.organization_id
    ):
        problems.append(f"caller {n} round {round_}: another tenant's row {body}")
