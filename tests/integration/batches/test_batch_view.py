"""The status read's function (batch_view): it reads what each operation reads, stays
tenant-scoped, follows the registry, and only the application role may call it."""

from __future__ import annotations

import copy
import uuid
from collections import Counter

import psycopg
import pytest
from pageport.batches import batch_view, ids, registry
from pageport.batches.status import ItemFacts
from pageport.migrations import APP_ROLE
from pageport.storage import ArtifactStore

from devstack.apigw import invoke
from tests.conftest import Tenant, drain
from tests.support import completed_page_import

VIEWPORT = {"width": 1440, "height": 900}


def _create(tenant: Tenant, type_: str, requests: list[dict]) -> str:
    batch_id = str(uuid.uuid4())
    response = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-batches",
        subject=tenant.subject,
        body={"id": batch_id, "type": type_, "requests": requests},
    )
    assert response.status == 201, response.body
    return batch_id


def _pages(n: int) -> list[dict]:
    return [{"url": f"https://example.com/page/{i}", "viewport": VIEWPORT} for i in range(n)]


def _view(db, tenant: Tenant, batch_id: str):
    key = ids.stored(tenant.organization_id, batch_id)
    return db.execute(batch_view.CALL, (key, tenant.organization_id, tenant.project_id)).fetchone()


def _groups_both_ways(db, tenant: Tenant, batch_id: str, type_: str) -> tuple[Counter, Counter]:
    row = _view(db, tenant, batch_id)
    assert row is not None and row["facts"] is not None  # read in the function, not asked afterwards
    by_function = Counter(dict(batch_view.decode_facts(row["facts"])))
    key = ids.stored(tenant.organization_id, batch_id)
    by_operation = Counter(dict(registry.operation(type_).grouped_facts(db.cursor(), key)))
    return by_function, by_operation


def test_page_import_facts_match_the_operations_own_query(db, aws, tenant):
    batch_id = _create(tenant, "page_import", _pages(8))
    drain(aws.queues["capture"])
    items = db.execute("SELECT id, job_id FROM batch_item ORDER BY position").fetchall()
    ids, jobs = [i["id"] for i in items], [i["job_id"] for i in items]
    db.execute("UPDATE batch_item SET dispatched_at = NULL WHERE id = ANY(%s)", ([ids[0], ids[1]],))
    db.execute("UPDATE page_import SET status = '1' WHERE id = ANY(%s)", ([jobs[2], jobs[3]],))
    db.execute("UPDATE page_import SET status = '2' WHERE id = %s", (jobs[4],))
    db.execute("UPDATE batch_item SET error_message = 'gave up' WHERE id = %s", (ids[5],))
    db.execute("UPDATE batch_item SET cancelled_at = now() WHERE id = %s", (ids[6],))
    db.execute("UPDATE batch_item SET deleted_at = now(), deleted_by = 't' WHERE id = %s", (ids[7],))
    db.execute("UPDATE page_import SET deleted_at = now(), deleted_by = 't' WHERE id = %s", (jobs[1],))
    by_function, by_operation = _groups_both_ways(db, tenant, batch_id, "page_import")
    assert by_function == by_operation
    assert len(by_function) == 6 and by_function.total() == 7  # the deleted item is not counted
    assert by_function[ItemFacts(False, False, False, None)] == 1  # nor is the deleted job read


def test_code2des_facts_match_the_operations_own_query(db, aws, tenant):
    ready = completed_page_import(db, tenant, ArtifactStore.default())
    batch_id = _create(
        tenant, "code2des", [{"pageImportId": ready, "figmaFileKey": "F", "screenId": f"s{i}"} for i in range(3)]
    )
    drain(aws.queues["convert"])
    job = db.execute(
        "SELECT job_id FROM batch_item WHERE batch_id = %s ORDER BY position LIMIT 1",
        (ids.stored(tenant.organization_id, batch_id),),
    ).fetchone()["job_id"]
    db.execute("UPDATE code2des SET status = '2' WHERE id = %s", (job,))
    by_function, by_operation = _groups_both_ways(db, tenant, batch_id, "code2des")
    assert by_function == by_operation and len(by_function) == 2 and by_function.total() == 3


def test_only_the_batchs_own_tenant_reads_it(db, aws, tenant, other_tenant):
    batch_id = _create(tenant, "page_import", _pages(2))
    assert _view(db, tenant, batch_id)["id"] == ids.stored(tenant.organization_id, batch_id)
    assert _view(db, other_tenant, batch_id) is None
    sibling = db.execute(
        "INSERT INTO project (organization_id, name) VALUES (%s, 'sibling') RETURNING id", (tenant.organization_id,)
    ).fetchone()["id"]
    assert _view(db, Tenant(tenant.organization_id, sibling, tenant.subject), batch_id) is None
    key = ids.stored(tenant.organization_id, batch_id)
    db.execute("UPDATE batch SET deleted_at = now(), deleted_by = 't' WHERE id = %s", (key,))
    assert _view(db, tenant, batch_id) is None


def test_discovery_facts_are_left_to_the_operation(db, aws, tenant):
    """Its child status is in S3: the function returns the batch without facts."""
    batch_id = _create(tenant, "page_discovery", [{"url": "https://example.com/", "maxPages": 3}])
    row = _view(db, tenant, batch_id)
    assert row["type"] == "page_discovery" and row["facts"] is None
    got = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{batch_id}", subject=tenant.subject)
    assert got.body["counts"]["total"] == 1 and got.body["counts"]["running"] == 1


def _copy_of_page_import(type_: str):
    operation = copy.copy(registry.operation("page_import"))
    operation.type = type_
    return operation


def test_an_operation_newer_than_the_function_is_asked_itself(db, aws, tenant, monkeypatch):
    """Registered after the function was installed: no branch for it, the same counts."""
    monkeypatch.setitem(registry._REGISTRY, "page_import_later", _copy_of_page_import("page_import_later"))
    batch_id = _create(tenant, "page_import_later", _pages(3))
    assert _view(db, tenant, batch_id)["facts"] is None
    got = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{batch_id}", subject=tenant.subject)
    assert got.status == 200 and got.body["counts"]["total"] == 3 and got.body["counts"]["running"] == 3


def test_the_runner_reinstalls_it_only_when_the_registry_renders_it_differently(database_url, monkeypatch):
    def definition(conn) -> str:
        return conn.execute("SELECT pg_get_functiondef(to_regprocedure(%s))", (batch_view.SIGNATURE,)).fetchone()[0]

    with psycopg.connect(database_url, autocommit=True) as conn:
        assert batch_view.install(conn, APP_ROLE) is False  # the migrations installed it already
        monkeypatch.setitem(registry._REGISTRY, "page_import_copy", _copy_of_page_import("page_import_copy"))
        try:
            assert batch_view.install(conn, APP_ROLE) is True
            assert "'page_import_copy'" in definition(conn)
        finally:
            monkeypatch.undo()
            assert batch_view.install(conn, APP_ROLE) is True
        assert "'page_import_copy'" not in definition(conn) and "'code2des'" in definition(conn)


def test_the_runner_refuses_to_change_the_shape_in_place(database_url, db, aws, tenant):
    """Code still serving calls it by name: another result shape must come under another name."""
    stub = (
        f"CREATE FUNCTION {batch_view.NAME}(p_batch_id varchar, p_organization_id bigint, p_project_id bigint)"
        " RETURNS TABLE (id varchar) LANGUAGE sql AS $$ SELECT p_batch_id $$"
    )
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(f"DROP FUNCTION {batch_view.SIGNATURE}")
        try:
            conn.execute(stub)
            with pytest.raises(batch_view.ShapeChanged):
                batch_view.install(conn, APP_ROLE)
            assert conn.execute(f"SELECT * FROM {batch_view.NAME}('x', 1, 1)").fetchall() == [("x",)]  # noqa: S608
        finally:
            conn.execute(f"DROP FUNCTION {batch_view.SIGNATURE}")
            assert batch_view.install(conn, APP_ROLE) is True
    batch_id = _create(tenant, "page_import", _pages(2))
    assert _view(db, tenant, batch_id)["facts"] == [[False, False, True, "0", 2]]


def test_the_rendering_does_not_depend_on_the_order_operations_registered(db, monkeypatch):
    first = batch_view.render(db)
    monkeypatch.setattr(registry, "_REGISTRY", dict(reversed(list(registry._REGISTRY.items()))))
    assert batch_view.render(db) == first


def test_only_the_application_role_may_call_it(db):
    def may_call(role: str) -> bool:
        query = "SELECT has_function_privilege(%s, %s, 'EXECUTE') AS ok"
        return bool(db.execute(query, (role, batch_view.SIGNATURE)).fetchone()["ok"])

    outsider = f"outsider_{uuid.uuid4().hex[:8]}"
    db.execute(f"CREATE ROLE {outsider} NOLOGIN")
    try:
        assert may_call(APP_ROLE) and not may_call(outsider)
    finally:
        db.execute(f"DROP ROLE {outsider}")
