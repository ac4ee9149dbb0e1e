"""The Cognito adapter against a local server that answers like Cognito's `/oauth2/token` and
`/oauth2/revoke` (response shapes as Cognito documents and returns them), checking each request
the adapter really sends: method, form encoding, grant type, client id, redirect URI, verifier."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from pageport.settings import get_settings
from pageport.signin import crypto, service
from pageport.signin.provider import (
    OAuthProvider,
    ProviderRefused,
    ProviderUnavailable,
    cognito_endpoints,
    identity_provider,
)

from tests.signin.conftest import LocalSignIn

CLIENT_ID = "3n4b5urk1ft4fl3mg5e62d9ado"
REDIRECT = "https://abc123.execute-api.eu-west-1.amazonaws.com/v1/auth/callback"
# Cognito's token endpoint answers (authorization_code grant) in this shape.
ID_TOKEN = "eyJraWQiOiJrMSIsImFsZyI6IlJTMjU2In0.eyJzdWIiOiJhYmMifQ.c2ln"
ACCESS_TOKEN = "eyJraWQiOiJrMiIsImFsZyI6IlJTMjU2In0.eyJzdWIiOiJhYmMiLCJ0b2tlbl91c2UiOiJhY2Nlc3MifQ.c2ln"
REFRESH_TOKEN = "eyJjdHkiOiJKV1QiLCJlbmMiOiJBMjU2R0NNIiwiYWxnIjoiUlNBLU9BRVAifQ.a2V5.aXY.Y2lwaGVy.dGFn"
ROTATED = REFRESH_TOKEN + "-rotated"


@dataclass
class FakeCognito:
    url: str
    requests: list[dict[str, Any]] = field(default_factory=list)
    codes: dict[str, str] = field(default_factory=dict)  # code -> its PKCE challenge (S256)
    revoked: set[str] = field(default_factory=set)
    rotate: bool = False
    fail_with: int | None = None


def _handler(fake: FakeCognito) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def _answer(self, status: int, body: dict[str, Any] | None) -> None:
            payload = json.dumps(body).encode() if body is not None else b""
            self.send_response(status)
            self.send_header("Content-Type", "application/json;charset=UTF-8")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers["Content-Length"]))
            form = {k: v[0] for k, v in parse_qs(raw.decode(), strict_parsing=True).items()}
            fake.requests.append(
                {"path": urlsplit(self.path).path, "headers": dict(self.headers.items()), "form": form, "raw": raw}
            )
            if fake.fail_with:
                self._answer(fake.fail_with, {"message": "internal"})
                return
            if self.headers.get("Content-Type") != "application/x-www-form-urlencoded":
                self._answer(400, {"error": "invalid_request"})
                return
            if form.get("client_id") != CLIENT_ID:
                self._answer(400, {"error": "invalid_client"})
                return
            if self.path == "/oauth2/token":
                self._token(form)
            elif self.path == "/oauth2/revoke":
                # Cognito: 200 with an empty body, also for a token it does not know.
                fake.revoked.add(form.get("token", ""))
                self._answer(200, None)
            else:
                self._answer(404, None)

        def _token(self, form: dict[str, str]) -> None:
            grant = form.get("grant_type")
            if grant == "authorization_code":
                challenge = fake.codes.pop(form.get("code", ""), None)
                if challenge is None or form.get("redirect_uri") != REDIRECT:
                    self._answer(400, {"error": "invalid_grant"})
                    return
                if crypto.s256(form.get("code_verifier", "")) != challenge:
                    self._answer(400, {"error": "invalid_grant"})
                    return
                self._answer(
                    200,
                    {
                        "id_token": ID_TOKEN,
                        "access_token": ACCESS_TOKEN,
                        "refresh_token": REFRESH_TOKEN,
                        "expires_in": 3600,
                        "token_type": "Bearer",
                    },
                )
            elif grant == "refresh_token":
                if form.get("refresh_token") in fake.revoked:
                    self._answer(400, {"error": "invalid_grant", "error_description": "Refresh Token has been revoked"})
                    return
                body = {"id_token": ID_TOKEN, "access_token": ACCESS_TOKEN, "expires_in": 3600, "token_type": "Bearer"}
                if fake.rotate:
                    body["refresh_token"] = ROTATED
                self._answer(200, body)
            else:
                self._answer(400, {"error": "unsupported_grant_type"})

    return Handler


@pytest.fixture
def cognito() -> Iterator[FakeCognito]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    fake = FakeCognito(url=f"http://127.0.0.1:{server.server_address[1]}")
    server.RequestHandlerClass = _handler(fake)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield fake
    server.shutdown()
    server.server_close()


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
    page = signin.request("GET", f"/auth/callback?code=cognito-code-1&state={query['state']}")
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
    assert signin.request("GET", f"/auth/callback?code=forged&state={state}").status == 400
    assert signin.collect(second["readKey"]).status == 404  # over: the plugin stops polling

    cognito.fail_with = 500
    refused = signin.request("POST", "/auth/refresh", body={"refreshToken": REFRESH_TOKEN})
    assert refused.status == 502
    assert refused.json()["error"]["code"] == "identity_provider_unavailable"

    logged = captured_logs.text()
    for secret in (ID_TOKEN, REFRESH_TOKEN, ROTATED, "cognito-code-1", query["state"], session["readKey"]):
        assert secret not in logged
