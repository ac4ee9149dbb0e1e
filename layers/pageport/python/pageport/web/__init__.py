"""The HTTP adapter shared by the per-route handlers. Domain code never imports this package.

One module per concern, re-exported here for the handlers (`from pageport.web import ...`):

- `resolver`: the resolver factory, its error mapping and the answers given before routing;
- `auth`: the caller's subject from the authorizer's claims;
- `tenancy`: the caller's scope for the project a path names (SQL in `services.tenancy`);
- `prechecks`: body size, JSON syntax and content type, before Powertools parses anything;
- `responses`: the JSON answers, and `documented` (an operation's `responses=`).
"""

from __future__ import annotations

from pageport.logging import logger
from pageport.web.auth import subject_from_claims
from pageport.web.prechecks import MAX_BODY_BYTES
from pageport.web.resolver import PageportResolver, api_resolver
from pageport.web.responses import JSON, error_response, json_response
from pageport.web.tenancy import caller_scope

__all__ = [
    "JSON",
    "MAX_BODY_BYTES",
    "PageportResolver",
    "api_resolver",
    "caller_scope",
    "error_response",
    "json_response",
    "logger",
    "subject_from_claims",
]
