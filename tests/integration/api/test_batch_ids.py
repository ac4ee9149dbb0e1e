"""Client batch ids: one spelling, the canonical lowercase hyphenated UUID; nothing is rewritten."""

from __future__ import annotations

import uuid

import pytest

from devstack.apigw import invoke

VIEWPORT = {"width": 1440, "height": 900}
CANONICAL = "0192f8a4-7c3e-7a11-8f00-2b5c4d6e7f80"
NON_CANONICAL = [
    CANONICAL.upper(),
    "0192F8A4-7c3e-7a11-8f00-2b5c4d6e7f80",
    f"urn:uuid:{CANONICAL}",
    "{" + CANONICAL + "}",
    CANONICAL.replace("-", ""),
    f" {CANONICAL}",
    "not-a-uuid",
    "",
]


def _create(tenant, batch_id: str):
    return invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-batches",
        subject=tenant.subject,
        body={
            "id": batch_id,
            "type": "page_import",
            "requests": [{"url": "https://example.com/", "viewport": VIEWPORT}],
        },
    )


@pytest.mark.parametrize("batch_id", NON_CANONICAL)
def test_a_non_canonical_batch_id_is_422_and_nothing_is_stored(db, aws, tenant, batch_id):
    response = _create(tenant, batch_id)
    assert response.status == 422, response.body
    (detail,) = response.body["error"]["details"]
    assert detail["loc"] == ["id"]
    assert "lowercase" in detail["msg"] and "hyphen" in detail["msg"]
    assert db.execute("SELECT count(*) AS n FROM batch").fetchone() == {"n": 0}


def test_a_canonical_id_comes_back_as_sent_and_reads_back(db, aws, tenant):
    batch_id = str(uuid.uuid4())
    created = _create(tenant, batch_id)
    assert created.status == 201, created.body
    assert created.body["id"] == batch_id
    got = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{batch_id}", subject=tenant.subject)
    assert got.status == 200 and got.body["id"] == batch_id
    # Another spelling of the same UUID is not the same batch id.
    other = invoke("GET", f"/projects/{tenant.project_id}/page-batches/{batch_id.upper()}", subject=tenant.subject)
    assert other.status == 404


@pytest.mark.parametrize("batch_id", NON_CANONICAL)
def test_a_non_canonical_retry_id_is_422(db, aws, tenant, batch_id):
    source = str(uuid.uuid4())
    assert _create(tenant, source).status == 201
    response = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-batches/{source}/retry",
        subject=tenant.subject,
        body={"id": batch_id},
    )
    assert response.status == 422, response.body
    (detail,) = response.body["error"]["details"]
    assert detail["loc"] == ["id"] and "lowercase" in detail["msg"]
    assert db.execute("SELECT count(*) AS n FROM batch").fetchone() == {"n": 1}
