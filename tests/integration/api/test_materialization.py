"""PUT …/materialization: a first call needs a valid nodeId; every later call answers 200 with
the stored placement, changing nothing, whatever it sends (api.md)."""

from __future__ import annotations

import pytest
from pageport.storage import ArtifactStore

from devstack.apigw import ApiResponse, invoke
from tests.support import completed_page_import, convert_message_for, create_code2des, finish_conversion

MISSING = object()


def _label(body: object) -> str:
    return "no body" if body is MISSING else repr(body)[:40]


def _completed_code2des(db, tenant) -> str:
    store = ArtifactStore.default()
    created = create_code2des(tenant, completed_page_import(db, tenant, store)).body
    assert finish_conversion(store, convert_message_for(db, created["code2desId"])).status == 200
    return f"/projects/{tenant.project_id}/code2des/{created['code2desId']}/materialization"


def _put(tenant, path: str, body: object) -> ApiResponse:
    if body is MISSING:
        return invoke("PUT", path, subject=tenant.subject, headers={})
    return invoke("PUT", path, subject=tenant.subject, body=body)


LATER_BODIES = [
    {"nodeId": "99:1"},
    {"nodeId": ""},
    {"nodeId": "   "},
    {"nodeId": None},
    {"nodeId": 42},
    {"nodeId": "x" * 300},
    {"nodeId": "a\u0000b"},
    {"nodeId": "99:1", "surprise": True},
    {},
    MISSING,
]


@pytest.mark.parametrize("body", LATER_BODIES, ids=_label)
def test_every_later_call_returns_the_stored_placement(db, aws, tenant, body):
    path = _completed_code2des(db, tenant)
    first = _put(tenant, path, {"nodeId": "12:345"})
    assert first.status == 200 and first.body["materializedNodeId"] == "12:345"
    before = db.execute("SELECT * FROM code2des").fetchone()
    again = _put(tenant, path, body)
    assert again.status == 200, again.body
    assert again.body == first.body
    assert db.execute("SELECT * FROM code2des").fetchone() == before


@pytest.mark.parametrize(
    ("body", "loc"),
    [
        ({"nodeId": ""}, ["nodeId"]),
        ({"nodeId": None}, ["nodeId"]),
        ({"nodeId": 42}, ["nodeId"]),
        ({"nodeId": "x" * 256}, ["nodeId"]),
        ({"nodeId": "a\u0000b"}, ["nodeId"]),
        ({"nodeId": "1:1", "surprise": True}, ["surprise"]),
        ({}, ["nodeId"]),
    ],
    ids=_label,
)
def test_a_first_call_still_needs_a_valid_node_id(db, aws, tenant, body, loc):
    path = _completed_code2des(db, tenant)
    response = _put(tenant, path, body)
    assert response.status == 422, response.body
    assert response.body["error"]["code"] == "validation_error"
    assert [detail["loc"] for detail in response.body["error"]["details"]] == [loc]
    row = db.execute("SELECT materialized_at, materialized_node_id FROM code2des").fetchone()
    assert row == {"materialized_at": None, "materialized_node_id": None}
    # …and the first valid call is still the one that counts.
    assert _put(tenant, path, {"nodeId": "7:7"}).body["materializedNodeId"] == "7:7"


def test_a_first_call_without_a_body_is_422(db, aws, tenant):
    path = _completed_code2des(db, tenant)
    response = _put(tenant, path, MISSING)
    assert response.status == 422, response.body
    assert db.execute("SELECT materialized_at FROM code2des").fetchone() == {"materialized_at": None}


def test_a_job_that_is_not_completed_is_still_409(db, aws, tenant):
    store = ArtifactStore.default()
    created = create_code2des(tenant, completed_page_import(db, tenant, store)).body
    path = f"/projects/{tenant.project_id}/code2des/{created['code2desId']}/materialization"
    assert _put(tenant, path, {"nodeId": "1:1"}).status == 409
