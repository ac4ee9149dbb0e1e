"""Tenancy at the HTTP edge: the signed-in caller's scope for the project a path names. The
membership SQL itself lives in `pageport.services.tenancy`; this module reads the path and the
claims, and keeps the verified scope in the resolver's routing context (Powertools' public
`context`, cleared after every event) so the route does not ask the database twice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayRestResolver

from pageport.digits import ascii_int
from pageport.errors import InternalError, NotFound, PageportError
from pageport.logging import logger
from pageport.outages import unavailable
from pageport.services.tenancy import Scope, read_scope
from pageport.web.auth import claims_of, subject_from_claims

# The key of the verified scope in the resolver's routing context, for this event only.
SCOPE_CONTEXT_KEY = "pageport_verified_scope"


def project_scope(event: Mapping[str, Any], project: object) -> Scope:
    """The caller's scope for the `project` path parameter: 401 without a subject, 404 for a
    project id that is not canonical ASCII digits or whose organization the caller is not in."""
    subject = subject_from_claims(claims_of(event))
    project_id = ascii_int(str(project))
    if project_id is None:
        raise NotFound("Project not found.")
    return read_scope(subject, project_id)


def verify_caller(event: Mapping[str, Any]) -> tuple[Scope | None, PageportError | None]:
    """Before the body is read: the caller's scope for a project route (None on other routes and
    on CORS preflights, which carry no token), or the error to answer with instead."""
    project = (event.get("pathParameters") or {}).get("projectId")
    if project is None or event.get("httpMethod") == "OPTIONS":
        return None, None
    try:
        return project_scope(event, project), None
    except PageportError as exc:
        return None, exc
    except Exception as exc:
        if (outage := unavailable(exc, "api")) is not None:  # logged once per outage, no trace
            return None, outage
        logger.exception("caller check failed")
        return None, InternalError()


def caller_scope(app: APIGatewayRestResolver, project_id: int) -> Scope:
    """The verified caller's scope for `project_id` (401 without claims, 404 if not a member)."""
    verified = app.context.get(SCOPE_CONTEXT_KEY)
    if isinstance(verified, Scope) and verified.project_id == project_id:
        return verified
    subject = subject_from_claims(app.current_event.request_context.authorizer.claims)
    return read_scope(subject, project_id)
