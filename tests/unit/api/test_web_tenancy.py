"""`pageport.web.tenancy`: the caller's scope for the project a path names, checked first."""

from __future__ import annotations

from typing import Any

import pytest
from pageport.errors import InternalError, NotFound, Unauthorized
from pageport.services.tenancy import Scope
from pageport.web import api_resolver
from pageport.web import tenancy as web_tenancy
from pageport.web.tenancy import SCOPE_CONTEXT_KEY, caller_scope, verify_caller


def _event(project: str | None, subject: str | None, method: str = "POST") -> dict[str, Any]:
    return {
        "httpMethod": method,
        "pathParameters": {"projectId": project} if project is not None else None,
        "requestContext": {"authorizer": {"claims": {"sub": subject}} if subject else None},
    }


def _no_database(subject: str, project_id: int) -> Scope:
    raise AssertionError("the database was asked")


def test_routes_without_a_project_and_preflights_are_not_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_tenancy, "read_scope", _no_database)
    assert verify_caller(_event(None, None)) == (None, None)
    assert verify_caller(_event("1", None, method="OPTIONS")) == (None, None)


def test_no_subject_is_401_before_the_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_tenancy, "read_scope", _no_database)
    scope, problem = verify_caller(_event("1", None))
    assert scope is None
    assert isinstance(problem, Unauthorized)


@pytest.mark.parametrize("project", ["", "x", "+1", "1.0", "\u0661", "\uff11", " 1"])
def test_a_project_id_that_is_not_ascii_digits_is_404_before_the_database(
    monkeypatch: pytest.MonkeyPatch, project: str
) -> None:
    monkeypatch.setattr(web_tenancy, "read_scope", _no_database)
    scope, problem = verify_caller(_event(project, "user-1"))
    assert scope is None
    assert isinstance(problem, NotFound)


def test_an_unexpected_failure_is_a_safe_500(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(subject: str, project_id: int) -> Scope:
        raise RuntimeError("connection refused to 10.0.0.7")

    monkeypatch.setattr(web_tenancy, "read_scope", broken)
    scope, problem = verify_caller(_event("1", "user-1"))
    assert scope is None
    assert isinstance(problem, InternalError)


def test_caller_scope_takes_the_verified_scope_from_the_routing_context(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_tenancy, "read_scope", _no_database)
    app = api_resolver()
    verified = Scope(organization_id=3, project_id=7, subject="user-1")
    app.context[SCOPE_CONTEXT_KEY] = verified
    assert caller_scope(app, 7) is verified
    assert app.verified_scope is verified


def test_caller_scope_checks_again_for_another_project(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str, int]] = []

    def recorded(subject: str, project_id: int) -> Scope:
        asked.append((subject, project_id))
        return Scope(organization_id=3, project_id=project_id, subject=subject)

    monkeypatch.setattr(web_tenancy, "read_scope", recorded)
    app = api_resolver()

    @app.get("/projects/<projectId>/things")
    def things(projectId: str) -> dict[str, Any]:
        return {"scope": caller_scope(app, 8).project_id}

    event = {
        **_event("7", "user-1", method="GET"),
        "path": "/projects/7/things",
        "resource": "/projects/{projectId}/things",
        "headers": {},
        "multiValueHeaders": {},
        "body": None,
    }
    result = app.resolve(event, None)
    assert result["statusCode"] == 200, result
    assert asked == [("user-1", 7), ("user-1", 8)]
    assert SCOPE_CONTEXT_KEY not in app.context  # Powertools clears the routing context after the event
