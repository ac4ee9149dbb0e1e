"""`pageport.web.tenancy` against real PostgreSQL: a member gets their scope, a stranger 404
(the checks made before the database: tests/unit/api/test_web_tenancy.py)."""

from __future__ import annotations

from typing import Any

from pageport.errors import NotFound
from pageport.services.tenancy import Scope, read_scope
from pageport.web.tenancy import verify_caller

from tests.unit.api.test_web_tenancy import _event


def test_a_member_gets_their_scope_and_a_stranger_404(db: Any, tenant: Any, other_tenant: Any) -> None:
    scope, problem = verify_caller(_event(str(tenant.project_id), tenant.subject))
    assert problem is None
    assert scope == Scope(tenant.organization_id, tenant.project_id, tenant.subject)
    assert read_scope(tenant.subject, tenant.project_id) == scope
    scope, problem = verify_caller(_event(str(tenant.project_id), other_tenant.subject))
    assert scope is None
    assert isinstance(problem, NotFound)
