"""Every route of `pageport.routes.ROUTES`, signed in as a member of the project it names, with
bodies no parser should meet (issue #23): 400 (never 5xx, never a traceback) before any model
runs; a body of valid depth but the wrong shape gets the route's usual answer."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from pageport.ids import new_id
from pageport.routes import ROUTES, Route
from pageport.web.prechecks import MAX_JSON_DEPTH

from devstack.apigw import handler_for, lambda_context, rest_event
from tests.unit.api.test_body_edges import BAD_BODIES, nested

# Routes whose handler validates a body: a wrong shape there is 422.
READS_A_BODY = {
    "create_page_import",
    "create_code2des",
    "put_materialization",
    "create_batch",
    "retry_batch",
    "collect_sign_in_session",
    "refresh_sign_in",
    "sign_out",
}


def call(route: Route, tenant: Any, body: str, *, b64: bool = False) -> tuple[int, Any]:
    params = {name: (str(tenant.project_id) if name == "projectId" else new_id()) for name in _params(route)}
    path = route.path.format(**params)
    claims = {"sub": tenant.subject} if route.authenticated else None
    event = rest_event(route, path, params, body=body, claims=claims)
    event["isBase64Encoded"] = b64
    result = handler_for(route)(event, lambda_context(route.function))
    raw = result.get("body") or ""
    try:
        return int(result["statusCode"]), json.loads(raw)
    except ValueError:  # the sign-in callback answers with a page
        return int(result["statusCode"]), raw


# The brief's cases through every route (the unit tests cover the rest of BAD_BODIES).
THROUGH_ROUTES = [
    b
    for b in BAD_BODIES
    if b[0] in {"2000-deep arrays", "just over the depth limit", "invalid UTF-8", "not base64", "lone surrogate escape"}
]


def _params(route: Route) -> list[str]:
    return [part[1:-1] for part in route.path.split("/") if part.startswith("{")]


JSON_ROUTES = [r for r in ROUTES if not r.form_body]  # a browser form's 4xx is an HTML page (unit tests)


@pytest.mark.parametrize(("label", "body", "b64", "status"), THROUGH_ROUTES, ids=[b[0] for b in THROUGH_ROUTES])
@pytest.mark.parametrize("route", JSON_ROUTES, ids=[r.function for r in JSON_ROUTES])
def test_every_route_answers_400_to_an_unparseable_body(db, aws, tenant, route, label, body, b64, status):
    got, answer = call(route, tenant, body, b64=b64)
    assert got == status, answer
    assert answer["error"]["code"] == "malformed_request"
    assert set(answer["error"]) == {"code", "message", "details"}
    assert "Traceback" not in json.dumps(answer)


@pytest.mark.parametrize("route", ROUTES, ids=[r.function for r in ROUTES])
def test_a_body_just_under_the_depth_limit_gets_the_usual_answer(db, aws, tenant, route):
    import boto3
    from pageport.settings import get_settings
    from pageport.signin.store import create_table

    create_table(boto3.client("dynamodb"), get_settings().signin_table)  # for create_sign_in_session
    got, answer = call(route, tenant, nested(MAX_JSON_DEPTH))
    assert got < 500, answer
    if route.function in READS_A_BODY:
        assert got == 422, answer
        assert answer["error"]["code"] == "validation_error"
    assert "Traceback" not in json.dumps(answer)


PROJECT_ROUTES = [r for r in ROUTES if r.authenticated and "{projectId}" in r.path]


@pytest.mark.parametrize("route", PROJECT_ROUTES, ids=[r.function for r in PROJECT_ROUTES])
def test_a_deep_body_from_a_stranger_is_still_404_first(db, aws, tenant, other_tenant, route):
    """The caller is checked before the body: the answer never depends on what was sent."""
    stranger = replace(other_tenant, project_id=tenant.project_id)
    got, answer = call(route, stranger, nested(2_000))
    assert got == 404, answer
    assert answer["error"]["code"] == "not_found"
