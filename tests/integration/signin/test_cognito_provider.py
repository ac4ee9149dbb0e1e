"""The whole sign-in flow with Cognito settings: the local gateway with moto DynamoDB, and the
local server that answers like Cognito (tests/support/cognito.py; the Cognito adapter on its own:
tests/unit/signin/test_cognito_provider.py)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from pageport.settings import get_settings
from pageport.signin import crypto
from pageport.signin.provider import OAuthProvider, identity_provider

from tests.integration.signin.conftest import LocalSignIn
from tests.support.cognito import CLIENT_ID, ID_TOKEN, REDIRECT, REFRESH_TOKEN, ROTATED, FakeCognito


def test_whole_flow_with_cognito_settings(
    cognito: FakeCognito, signin: LocalSignIn, monkeypatch: pytest.MonkeyPatch, captured_logs
) -> None:
    """The handlers with SIGNIN_PROVIDER=cognito (as infra configures them): create, Cognito's
    redirect to the callback, collect, refresh with rotation, sign-out."""
    monkeypatch.setenv("SIGNIN_PROVIDER", "cognito")
    monkeypatch.setenv("SIGNIN_ISSUER_URL", cognito.url)
    monkeypatch.setenv("SIGNIN_CLIENT_ID", CLIENT_ID)
    monkeypatch.setenv("SIGNIN_REDIRECT_URI", REDIRECT)
    get_settings.cache_clear()
    assert isinstance(identity_provider(), OAuthProvider)

    session = signin.create()
    query = {k: v[0] for k, v in parse_qs(urlsplit(session["signInUrl"]).query).items()}
    assert session["signInUrl"].startswith(f"{cognito.url}/oauth2/authorize?")
    assert query["redirect_uri"] == REDIRECT and query["client_id"] == CLIENT_ID
    # What Cognito does once the user has signed in: keep the challenge with a code, redirect.
    cognito.codes["cognito-code-1"] = query["code_challenge"]
    # Nothing is exchanged until the person types the plugin's code.
    assert not any(r["form"].get("grant_type") == "authorization_code" for r in cognito.requests)
    page = signin.confirm(f"/auth/callback?code=cognito-code-1&state={query['state']}", session["userCode"])
    assert page.status == 200, page.text
    sent = cognito.requests[-1]["form"]
    assert sent["grant_type"] == "authorization_code"
    assert crypto.s256(sent["code_verifier"]) == query["code_challenge"]

    collected = signin.collect(session["readKey"])
    assert collected.json() == {"idToken": ID_TOKEN, "refreshToken": REFRESH_TOKEN, "expiresIn": 3600}
    # Nobody else can use the code: Cognito refuses a second exchange, and the state is spent.
    assert signin.request("GET", f"/auth/callback?code=cognito-code-1&state={query['state']}").status == 404

    cognito.rotate = True
    refreshed = signin.request("POST", "/auth/refresh", body={"refreshToken": REFRESH_TOKEN}).json()
    assert refreshed == {"idToken": ID_TOKEN, "expiresIn": 3600, "refreshToken": ROTATED}
    assert signin.request("POST", "/auth/sign-out", body={"refreshToken": ROTATED}).status == 204
    assert signin.request("POST", "/auth/refresh", body={"refreshToken": ROTATED}).status == 401

    # A code Cognito refuses: the page says so, and the session cannot be retried.
    second = signin.create()
    state = parse_qs(urlsplit(second["signInUrl"]).query)["state"][0]
    assert signin.confirm(f"/auth/callback?code=forged&state={state}", second["userCode"]).status == 400
    assert signin.collect(second["readKey"]).status == 404  # over: the plugin stops polling

    cognito.fail_with = 500
    refused = signin.request("POST", "/auth/refresh", body={"refreshToken": REFRESH_TOKEN})
    assert refused.status == 502
    assert refused.json()["error"]["code"] == "identity_provider_unavailable"

    logged = captured_logs.text()
    for secret in (ID_TOKEN, REFRESH_TOKEN, ROTATED, "cognito-code-1", query["state"], session["readKey"]):
        assert secret not in logged
