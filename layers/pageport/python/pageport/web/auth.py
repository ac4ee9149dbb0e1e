"""Authentication: who the caller is. API Gateway's Cognito authorizer (or, locally, devstack's
token check, which puts the same claims in the event) has verified the token; this module only
reads the subject it vouches for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pageport.errors import Unauthorized

MAX_SUBJECT_LENGTH = 50


def claims_of(event: Mapping[str, Any]) -> Any:
    """The authorizer's claims in a raw REST API event; None when the route has no authorizer."""
    return ((event.get("requestContext") or {}).get("authorizer") or {}).get("claims")


def subject_from_claims(claims: Any) -> str:
    """The Cognito subject the authorizer verified; none means the caller is not signed in."""
    subject = claims.get("sub") if isinstance(claims, dict) else None
    if not isinstance(subject, str) or not subject or len(subject) > MAX_SUBJECT_LENGTH:
        raise Unauthorized()
    return subject
