"""Bodies of the sign-in routes (docs/sign-in.md) and of GET /me/projects."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, StringConstraints

from pageport.models.base import CamelModel, CamelRequest, UtcDatetime

# Cognito refresh tokens are JWE strings of a few kB; anything far larger is not one.
RefreshTokenText = Annotated[str, StringConstraints(min_length=1, max_length=8192)]


class SignInSessionOut(CamelModel):
    read_key: str
    user_code: str  # shown by the plugin; the sign-in page asks for it before anything is kept
    sign_in_url: str
    expires_at: UtcDatetime
    poll_interval_ms: int


class SignInConfirmationForm(BaseModel):
    """What the confirmation page posts (urlencoded, as a browser sends a form): the OAuth state
    and code it was opened with, and the code the person typed."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    state: Annotated[str, StringConstraints(max_length=256)]
    code: Annotated[str, StringConstraints(max_length=4096)]
    user_code: Annotated[str, StringConstraints(max_length=32)]


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
