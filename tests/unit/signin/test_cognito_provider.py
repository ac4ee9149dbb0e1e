"""The Cognito adapter against a local server that answers like Cognito's `/oauth2/token` and
`/oauth2/revoke` (response shapes as Cognito documents and returns them), checking each request
the adapter really sends: method, form encoding, grant type, client id, redirect URI, verifier."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from pageport.signin import crypto, service
from pageport.signin.provider import (
    OAuthProvider,
    ProviderRefused,
    ProviderUnavailable,
    cognito_endpoints,
)

from tests.support.cognito import CLIENT_ID, ID_TOKEN, REDIRECT, REFRESH_TOKEN, ROTATED, FakeCognito


def _provider(cognito: FakeCognito) -> OAuthProvider:
    return OAuthProvider(cognito_endpoints(cognito.url), CLIENT_ID, REDIRECT)


def test_authorize_url_is_the_managed_login_authorize_endpoint() -> None:
    provider = OAuthProvider(
        cognito_endpoints("https://pageport-dev-123.auth.eu-west-1.amazoncognito.com/"), CLIENT_ID, REDIRECT
    )
    url = urlsplit(provider.authorize_url(state="S", code_challenge="C"))
    assert (url.scheme, url.netloc, url.path) == (
        "https",
        "pageport-dev-123.auth.eu-west-1.amazoncognito.com",
        "/oauth2/authorize",
    )
    query = {k: v[0] for k, v in parse_qs(url.query).items()}
    assert query == {
        "response_type": "code",
        "client_id": CLIENT_ID,
        "redirect_uri": REDIRECT,
        "scope": "openid email profile",
        "state": "S",
        "code_challenge": "C",
        "code_challenge_method": "S256",
    }


def test_code_exchange_request_and_response(cognito: FakeCognito) -> None:
    verifier = crypto.new_verifier()
    cognito.codes["abc-code"] = crypto.s256(verifier)
    tokens = _provider(cognito).exchange_code(code="abc-code", code_verifier=verifier)
    assert (tokens.id_token, tokens.refresh_token, tokens.expires_in) == (ID_TOKEN, REFRESH_TOKEN, 3600)
    sent = cognito.requests[-1]
    assert sent["path"] == "/oauth2/token"
    assert sent["headers"]["Content-Type"] == "application/x-www-form-urlencoded"
    assert "Authorization" not in sent["headers"]  # a public client: no secret, no Basic auth
    assert sent["form"] == {
        "grant_type": "authorization_code",
        "client_id": CLIENT_ID,
        "code": "abc-code",
        "redirect_uri": REDIRECT,
        "code_verifier": verifier,
    }
    assert b"redirect_uri=https%3A%2F%2Fabc123" in sent["raw"]  # form-encoded, not JSON


def test_refused_code_and_unavailable_provider(cognito: FakeCognito) -> None:
    with pytest.raises(ProviderRefused) as refused:
        _provider(cognito).exchange_code(code="never-issued", code_verifier=crypto.new_verifier())
    assert refused.value.error == "invalid_grant"
    cognito.fail_with = 500
    with pytest.raises(ProviderUnavailable):
        _provider(cognito).refresh(REFRESH_TOKEN)
    with pytest.raises(ProviderUnavailable):
        OAuthProvider(cognito_endpoints("http://127.0.0.1:9"), CLIENT_ID, REDIRECT).refresh(REFRESH_TOKEN)


def test_refresh_with_and_without_rotation(cognito: FakeCognito) -> None:
    provider = _provider(cognito)
    plain = provider.refresh(REFRESH_TOKEN)
    assert (plain.id_token, plain.refresh_token) == (ID_TOKEN, None)
    assert cognito.requests[-1]["form"] == {
        "grant_type": "refresh_token",
        "client_id": CLIENT_ID,
        "refresh_token": REFRESH_TOKEN,
    }
    cognito.rotate = True
    assert provider.refresh(REFRESH_TOKEN).refresh_token == ROTATED


def test_sign_out_revokes_then_refresh_is_refused(cognito: FakeCognito) -> None:
    provider = _provider(cognito)
    service.sign_out(provider, REFRESH_TOKEN)
    sent = cognito.requests[-1]
    assert sent["path"] == "/oauth2/revoke"
    assert sent["form"] == {"token": REFRESH_TOKEN, "client_id": CLIENT_ID}
    assert sent["headers"]["Content-Type"] == "application/x-www-form-urlencoded"
    with pytest.raises(service.RefreshRefused):
        service.refresh(provider, REFRESH_TOKEN)
    service.sign_out(provider, REFRESH_TOKEN)  # idempotent
    cognito.fail_with = 503
    with pytest.raises(service.ProviderError):
        service.sign_out(provider, REFRESH_TOKEN)
