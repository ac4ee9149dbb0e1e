"""Tenant isolation: every route and method, called with another tenant's project or job ids,
answers 404 and changes nothing."""

from __future__ import annotations

import uuid

import pytest
from pageport.routes import ROUTES
from pageport.storage import ArtifactStore

from devstack.apigw import invoke
from tests.conftest import TABLES_IN_DELETE_ORDER
from tests.support import completed_page_import, convert_message_for, create_code2des, finish_conversion


def _bodies(victim_ids: dict[str, str]) -> dict[str, object]:
    return {
        "create_page_import": {"url": "https://example.com/", "viewport": {"width": 800, "height": 600}},
        "create_code2des": {"pageImportId": victim_ids["pageImportId"], "figmaFileKey": "F", "screenId": "s"},
        "put_materialization": {"nodeId": "1:2"},
        "create_batch": {
            "id": victim_ids["batchId"],
            "type": "page_import",
            "requests": [{"url": "https://example.com/", "viewport": {"width": 800, "height": 600}}],
        },
        "retry_batch": {"id": str(uuid.uuid4())},
    }


def _snapshot(db) -> dict[str, list[dict]]:
    return {
        table: db.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()  # noqa: S608
        for table in TABLES_IN_DELETE_ORDER
    }


@pytest.fixture
def victim_ids(db, aws, tenant):
    store = ArtifactStore.default()
    page_import_id = completed_page_import(db, tenant, store)
    code2des = create_code2des(tenant, page_import_id).body
    assert finish_conversion(store, convert_message_for(db, code2des["code2desId"])).status == 200
    batch_id = str(uuid.uuid4())
    created = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-batches",
        subject=tenant.subject,
        body={"id": batch_id, "type": "page_discovery", "requests": [{"url": "https://example.com/", "maxPages": 5}]},
    )
    assert created.status == 201
    return {"pageImportId": page_import_id, "code2desId": code2des["code2desId"], "batchId": batch_id}


def _path(route, project_id: int, ids: dict[str, str]) -> str:
    path = route.path.replace("{projectId}", str(project_id))
    for name, value in ids.items():
        path = path.replace("{" + name + "}", value)
    return path


# Every route scoped by a project (/me/projects and the sign-in routes: tests/integration/signin).
PROJECT_ROUTES = [r for r in ROUTES if "{projectId}" in r.path]


@pytest.mark.parametrize("route", PROJECT_ROUTES, ids=[r.function for r in PROJECT_ROUTES])
def test_another_tenants_project_is_404_on_every_route(db, aws, tenant, other_tenant, victim_ids, route):
    before = _snapshot(db)
    response = invoke(
        route.method,
        _path(route, tenant.project_id, victim_ids),
        subject=other_tenant.subject,
        body=_bodies(victim_ids).get(route.function),
    )
    assert response.status == 404, (route, response.body)
    assert response.body["error"]["code"] == "not_found"
    assert _snapshot(db) == before


ID_ROUTES = [r for r in ROUTES if "{pageImportId}" in r.path or "{code2desId}" in r.path or "{batchId}" in r.path]


@pytest.mark.parametrize("route", ID_ROUTES, ids=[r.function for r in ID_ROUTES])
def test_another_tenants_job_ids_in_ones_own_project_are_404(db, aws, tenant, other_tenant, victim_ids, route):
    before = _snapshot(db)
    response = invoke(
        route.method,
        _path(route, other_tenant.project_id, victim_ids),
        subject=other_tenant.subject,
        body=_bodies(victim_ids).get(route.function),
    )
    assert response.status == 404, (route, response.body)
    assert _snapshot(db) == before


def test_another_tenants_page_import_cannot_feed_ones_own_code2des(db, aws, tenant, other_tenant, victim_ids):
    before = _snapshot(db)
    single = invoke(
        "POST",
        f"/projects/{other_tenant.project_id}/code2des",
        subject=other_tenant.subject,
        body=_bodies(victim_ids)["create_code2des"],
    )
    assert single.status == 409 and single.body["error"]["code"] == "page_import_not_ready"
    batch = invoke(
        "POST",
        f"/projects/{other_tenant.project_id}/page-batches",
        subject=other_tenant.subject,
        body={"id": str(uuid.uuid4()), "type": "code2des", "requests": [_bodies(victim_ids)["create_code2des"]]},
    )
    assert batch.status == 422
    assert _snapshot(db) == before


def test_the_owner_can_reach_every_route(db, aws, tenant, victim_ids):
    for route in PROJECT_ROUTES:
        response = invoke(
            route.method,
            _path(route, tenant.project_id, victim_ids),
            subject=tenant.subject,
            body=_bodies(victim_ids).get(route.function),
        )
        assert response.status != 404, (route, response.body)
