"""Identity providers behind one interface: Cognito's hosted sign-in (managed login) in AWS, the
local stack's issuer locally. Both speak OAuth 2.0 (authorization code + PKCE for a public
client, the refresh_token grant, RFC 7009 revocation) and differ only in where their endpoints
are, so one client serves both; `identity_provider()` picks the endpoints from the settings.

Nothing here logs a code, verifier or token: failures carry only the provider's error code.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlencode

from pageport.settings import get_settings

SCOPES = "openid email profile"
TIMEOUT_S = 10


class ProviderRefused(Exception):
    """The provider answered 4xx (invalid_grant, ...): `error` is its OAuth error code."""

    def __init__(self, error: str, description: str = "") -> None:
        super().__init__(error)
        self.error = error
        self.description = description


class ProviderUnavailable(Exception):
    """No answer, a 5xx or an answer that is not OAuth JSON."""


@dataclass(frozen=True, slots=True)
class TokenSet:
    id_token: str
    expires_in: int
    refresh_token: str | None


class IdentityProvider(Protocol):
    def authorize_url(self, *, state: str, code_challenge: str) -> str: ...
    def exchange_code(self, *, code: str, code_verifier: str) -> TokenSet: ...
    def refresh(self, refresh_token: str) -> TokenSet: ...
    def revoke(self, refresh_token: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Endpoints:
    authorize: str
    token: str
    revoke: str


def cognito_endpoints(domain: str) -> Endpoints:
    """`domain`: the user pool domain's base URL, e.g. https://prefix.auth.eu-west-1.amazoncognito.com."""
    base = domain.rstrip("/")
    return Endpoints(f"{base}/oauth2/authorize", f"{base}/oauth2/token", f"{base}/oauth2/revoke")


def local_endpoints(issuer: str) -> Endpoints:
    base = issuer.rstrip("/")
    return Endpoints(f"{base}/authorize", f"{base}/token", f"{base}/revoke")


@dataclass(frozen=True, slots=True)
class OAuthProvider:
    endpoints: Endpoints
    client_id: str
    redirect_uri: str

    def authorize_url(self, *, state: str, code_challenge: str) -> str:
        query = {
            "response_type": "code",
            "client_id": self.client_id,
            "redirect_uri": self.redirect_uri,
            "scope": SCOPES,
            "state": state,
            "code_challenge": code_challenge,
            "code_challenge_method": "S256",
        }
        return f"{self.endpoints.authorize}?{urlencode(query)}"

    def exchange_code(self, *, code: str, code_verifier: str) -> TokenSet:
        body = self._post(
            self.endpoints.token,
            {
                "grant_type": "authorization_code",
                "client_id": self.client_id,
                "code": code,
                "redirect_uri": self.redirect_uri,
                "code_verifier": code_verifier,
            },
        )
        tokens = _token_set(body)
        if tokens.refresh_token is None:
            raise ProviderUnavailable("no refresh token in the code exchange")
        return tokens

    def refresh(self, refresh_token: str) -> TokenSet:
        body = self._post(
            self.endpoints.token,
            {"grant_type": "refresh_token", "client_id": self.client_id, "refresh_token": refresh_token},
        )
        return _token_set(body)

    def revoke(self, refresh_token: str) -> None:
        self._post(self.endpoints.revoke, {"token": refresh_token, "client_id": self.client_id}, expect_json=False)

    def _post(self, url: str, form: dict[str, str], *, expect_json: bool = True) -> dict[str, Any]:
        request = urllib.request.Request(  # noqa: S310 - the URL comes from the stage's settings
            url,
            data=urlencode(form).encode("ascii"),
            method="POST",
            headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:  # noqa: S310
                raw = response.read(1_000_000)
        except urllib.error.HTTPError as exc:
            if 400 <= exc.code < 500:
                refused = _oauth_error(exc.read(10_000))
                raise ProviderRefused(*refused) from None
            raise ProviderUnavailable(f"provider answered {exc.code}") from None
        except (urllib.error.URLError, TimeoutError, OSError) as exc:
            raise ProviderUnavailable(type(exc).__name__) from None
        if not expect_json:
            return {}
        try:
            body = json.loads(raw)
        except ValueError:
            raise ProviderUnavailable("not JSON") from None
        if not isinstance(body, dict):
            raise ProviderUnavailable("not a JSON object")
        return body


def _oauth_error(raw: bytes) -> tuple[str, str]:
    try:
        body = json.loads(raw)
    except ValueError:
        return "invalid_request", ""
    if not isinstance(body, dict):
        return "invalid_request", ""
    error, description = body.get("error"), body.get("error_description")
    return (
        error if isinstance(error, str) else "invalid_request",
        description if isinstance(description, str) else "",
    )


def _token_set(body: dict[str, Any]) -> TokenSet:
    id_token, expires_in, refresh_token = body.get("id_token"), body.get("expires_in"), body.get("refresh_token")
    if not isinstance(id_token, str) or not id_token or not isinstance(expires_in, int) or expires_in <= 0:
        raise ProviderUnavailable("token response without an ID token")
    return TokenSet(id_token, expires_in, refresh_token if isinstance(refresh_token, str) and refresh_token else None)


def identity_provider() -> IdentityProvider:
    settings = get_settings()
    if not settings.signin_client_id or not settings.signin_redirect_uri or not settings.signin_issuer_url:
        raise ProviderUnavailable("sign-in is not configured for this stage")
    endpoints = (
        cognito_endpoints(settings.signin_issuer_url)
        if settings.signin_provider == "cognito"
        else local_endpoints(settings.signin_issuer_url)
    )
    return OAuthProvider(endpoints, settings.signin_client_id, settings.signin_redirect_uri)
