"""The caller is checked before the body: who may not see a project gets 401/404 whatever they
send, and answers given before the route runs carry the same CORS headers as the others."""

from __future__ import annotations

import json

import pytest
from pageport.routes import ROUTES

from devstack.apigw import invoke

# Project routes; the sign-in routes take no caller (tests/integration/signin), /me/projects has no project.
BODY_ROUTES = [route for route in ROUTES if route.method in ("POST", "PUT") and "{projectId}" in route.path]
BAD_BODIES = {
    "invalid fields": json.dumps({"url": 7, "requests": "no", "nodeId": ""}),
    "malformed JSON": "{bad",
    "not JSON at all": "url=https://example.com",
}


def _path(route, project_id: int) -> str:
    return (
        route.path.replace("{projectId}", str(project_id))
        .replace("{pageImportId}", "0192f8a4-7c3e-7a11-8f00-2b5c4d6e7f80")
        .replace("{code2desId}", "0192f8a4-7c3e-7a11-8f00-2b5c4d6e7f81")
        .replace("{batchId}", "0192f8a4-7c3e-7a11-8f00-2b5c4d6e7f82")
    )


@pytest.mark.parametrize("route", BODY_ROUTES, ids=[r.function for r in BODY_ROUTES])
@pytest.mark.parametrize("bad", sorted(BAD_BODIES))
def test_a_non_member_gets_404_whatever_body_they_send(db, aws, tenant, other_tenant, route, bad):
    headers = {"content-type": "text/plain" if bad == "not JSON at all" else "application/json"}
    response = invoke(
        route.method,
        _path(route, tenant.project_id),
        subject=other_tenant.subject,
        raw_body=BAD_BODIES[bad],
        headers=headers,
    )
    assert response.status == 404, (route.function, bad, response.body)
    assert response.body["error"]["code"] == "not_found"


@pytest.mark.parametrize("route", BODY_ROUTES, ids=[r.function for r in BODY_ROUTES])
def test_no_caller_gets_401_whatever_body_they_send(db, aws, tenant, route):
    response = invoke(route.method, _path(route, tenant.project_id), subject=None, raw_body="{bad")
    assert response.status == 401, (route.function, response.body)


def test_a_member_still_gets_the_body_errors(db, aws, tenant):
    path = f"/projects/{tenant.project_id}/page-imports"
    assert invoke("POST", path, subject=tenant.subject, raw_body="{bad").status == 400
    assert invoke("POST", path, subject=tenant.subject, raw_body=json.dumps({"url": 7})).status == 422
    plain = invoke("POST", path, subject=tenant.subject, raw_body="{}", headers={"content-type": "text/plain"})
    assert plain.status == 415


@pytest.mark.parametrize(
    ("subject_of", "raw", "content_type", "status"),
    [
        ("member", '{"url": "https://example.com/"}', "text/plain", 415),
        ("member", "x" * (4 * 1024 * 1024 + 1), "application/json", 413),
        ("stranger", "{}", "application/json", 404),
        ("nobody", "{}", "application/json", 401),
    ],
)
def test_early_answers_carry_cors_headers(db, aws, tenant, other_tenant, subject_of, raw, content_type, status):
    subject = {"member": tenant.subject, "stranger": other_tenant.subject, "nobody": None}[subject_of]
    response = invoke(
        "POST",
        f"/projects/{tenant.project_id}/page-imports",
        subject=subject,
        raw_body=raw,
        headers={"content-type": content_type, "origin": "null"},  # the plugin's opaque origin
    )
    assert response.status == status, response.body
    assert response.headers.get("Access-Control-Allow-Origin") == "null"
