"""Bodies of the sign-in routes (docs/sign-in.md) and of GET /me/projects."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import StringConstraints

from pageport.models.base import CamelModel, CamelRequest, UtcDatetime

# Cognito refresh tokens are JWE strings of a few kB; anything far larger is not one.
RefreshTokenText = Annotated[str, StringConstraints(min_length=1, max_length=8192)]


class SignInSessionOut(CamelModel):
    read_key: str
    sign_in_url: str
    expires_at: UtcDatetime
    poll_interval_ms: int


class CollectIn(CamelRequest):
    read_key: Annotated[str, StringConstraints(min_length=1, max_length=256)]


class CollectPendingOut(CamelModel):
    status: Literal["pending"]


class CollectedTokensOut(CamelModel):
    id_token: str
    refresh_token: str
    expires_in: int


class RefreshIn(CamelRequest):
    refresh_token: RefreshTokenText


class RefreshedOut(CamelModel):
    id_token: str
    expires_in: int
    refresh_token: str | None  # a rotated token when the provider rotates; null: keep the old one


class SignOutIn(CamelRequest):
    refresh_token: RefreshTokenText


class MyProjectOut(CamelModel):
    project_id: int
    name: str


class MyOrganizationOut(CamelModel):
    organization_id: int
    name: str
    projects: list[MyProjectOut]


class MyProjectsOut(CamelModel):
    subject: str
    organizations: list[MyOrganizationOut]
