"""Every sign-in route through the local gateway, the local issuer and the sessions table:
happy path, expired, reused, unknown, wrong key, concurrent collects, refresh, sign-out."""

from __future__ import annotations

import base64
import hashlib
import threading
import time
from urllib.parse import parse_qs, urlsplit

import pytest
from pageport.signin import crypto, service
from pageport.signin.provider import identity_provider

from tests.integration.signin.conftest import LocalSignIn


def _query(url: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}


def test_happy_path_create_sign_in_callback_collect(signin: LocalSignIn, captured_logs) -> None:
    session = signin.create()
    assert crypto.is_key(session["readKey"])
    assert session["pollIntervalMs"] == 2000
    expires = time.mktime(time.strptime(session["expiresAt"][:19], "%Y-%m-%dT%H:%M:%S")) - time.timezone
    assert 290 <= expires - time.time() <= 301
    url = urlsplit(session["signInUrl"])
    assert f"{url.scheme}://{url.netloc}{url.path}" == f"{signin.base_url}/auth/local/authorize"
    query = _query(session["signInUrl"])
    assert query["response_type"] == "code"
    assert query["client_id"] == "pageport-local"
    assert query["redirect_uri"] == f"{signin.base_url}/auth/callback"
    assert query["scope"] == "openid email profile"
    assert query["code_challenge_method"] == "S256"
    write_key = query["state"]
    assert crypto.is_key(write_key) and write_key != session["readKey"]
    assert len(base64.urlsafe_b64decode(query["code_challenge"] + "=")) == 32

    assert signin.collect(session["readKey"]).status == 202
    assert signin.collect(session["readKey"]).json() == {"status": "pending"}

    callback = signin.sign_in(session, "alice")
    assert callback.startswith(f"{signin.base_url}/auth/callback?")
    code = _query(callback)["code"]
    assert _query(callback)["state"] == write_key
    page = signin.request("GET", callback)
    assert page.status == 200
    assert page.headers["Content-Type"].startswith("text/html")
    assert "Signed in to Pageport" in page.text
    assert page.headers["Cache-Control"] == "no-store"

    collected = signin.collect(session["readKey"])
    assert collected.status == 200
    tokens = collected.json()
    assert set(tokens) == {"idToken", "refreshToken", "expiresIn"}
    assert tokens["expiresIn"] == 3600
    assert signin.tokens.verify(tokens["idToken"])["sub"] == "alice"
    # The ID token is a bearer token the gateway accepts.
    assert signin.request("GET", "/me/projects", token=tokens["idToken"]).status != 401

    # Collected once: the tokens are gone.
    again = signin.collect(session["readKey"])
    assert again.status == 404
    assert again.json()["error"]["code"] == "sign_in_session_not_found"

    secrets = [session["readKey"], write_key, code, tokens["idToken"], tokens["refreshToken"]]
    logged = captured_logs.text()
    assert "sign-in session collected" in logged  # the capture works
    for secret in secrets:
        assert secret not in logged


def test_callback_is_single_use(signin: LocalSignIn) -> None:
    session = signin.create()
    callback = signin.sign_in(session)
    assert signin.request("GET", callback).status == 200
    reused = signin.request("GET", callback)
    assert reused.status == 404
    assert "expired" in reused.text
    assert signin.collect(session["readKey"]).status == 200


def test_unknown_keys_are_404(signin: LocalSignIn) -> None:
    made_up = crypto.new_key()
    assert signin.collect(made_up).json()["error"]["code"] == "sign_in_session_not_found"
    assert signin.collect("not-a-key").status == 404
    assert signin.request("GET", f"/auth/callback?code=abc&state={made_up}").status == 404
    assert signin.request("GET", "/auth/callback?code=abc").status == 404


def test_wrong_keys(signin: LocalSignIn) -> None:
    session = signin.create()
    write_key = _query(session["signInUrl"])["state"]
    callback = signin.sign_in(session)
    code = _query(callback)["code"]
    # The read key as the OAuth state finds no session, and leaves this one usable.
    assert signin.request("GET", f"/auth/callback?code={code}&state={session['readKey']}").status == 404
    assert signin.request("GET", callback).status == 200
    # The write key cannot collect.
    assert signin.collect(write_key).status == 404
    assert signin.collect(session["readKey"]).status == 200


def test_expired_session(signin: LocalSignIn) -> None:
    # A session created 301 s ago: neither its write key nor its read key works.
    old = service.create_session(identity_provider(), now=time.time() - 301)
    assert signin.collect(old.read_key).status == 404
    state = _query(old.sign_in_url)["state"]
    assert signin.request("GET", f"/auth/callback?code=x&state={state}").status == 404


def test_expired_between_callback_and_collect(signin: LocalSignIn) -> None:
    # Expiry is enforced by the reads themselves, not by DynamoDB's TTL sweep (days later).
    session = service.create_session(identity_provider(), now=time.time() - 297)
    callback = signin.sign_in({"signInUrl": session.sign_in_url, "readKey": session.read_key}, subject="bob")
    assert signin.request("GET", callback).status == 200
    time.sleep(max(0.0, session.expires_at.timestamp() - time.time()) + 1.1)
    assert signin.collect(session.read_key).status == 404


def test_identity_provider_error_is_shown(signin: LocalSignIn) -> None:
    session = signin.create()
    state = _query(session["signInUrl"])["state"]
    page = signin.request(
        "GET", f"/auth/callback?error=access_denied&error_description=%3Cb%3Eno%3C/b%3E&state={state}"
    )
    assert page.status == 400
    assert "&lt;b&gt;no&lt;/b&gt;" in page.text and "<b>" not in page.text
    # The session is over: the plugin's next collect stops polling.
    assert signin.collect(session["readKey"]).status == 404


def test_concurrent_collects_exactly_one_gets_the_tokens(signin: LocalSignIn) -> None:
    for _ in range(10):
        session = signin.create()
        assert signin.request("GET", signin.sign_in(session)).status == 200
        barrier = threading.Barrier(2)
        results: list[object] = []

        def collect(
            read_key: str = session["readKey"],
            barrier: threading.Barrier = barrier,
            results: list[object] = results,
        ) -> None:
            barrier.wait()
            try:
                results.append(service.collect(read_key))
            except service.SessionNotFound as exc:
                results.append(exc)

        threads = [threading.Thread(target=collect) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        got = [r for r in results if isinstance(r, service.Tokens)]
        assert len(got) == 1, results
        assert sum(isinstance(r, service.SessionNotFound) for r in results) == 1


def test_refresh_then_sign_out(signin: LocalSignIn, captured_logs) -> None:
    tokens = signin.signed_in("carol")
    refreshed = signin.request("POST", "/auth/refresh", body={"refreshToken": tokens["refreshToken"]})
    assert refreshed.status == 200
    body = refreshed.json()
    assert body["refreshToken"] is None  # the local issuer does not rotate: keep the old one
    assert body["expiresIn"] == 3600
    assert signin.tokens.verify(body["idToken"])["sub"] == "carol"

    assert signin.request("POST", "/auth/sign-out", body={"refreshToken": tokens["refreshToken"]}).status == 204
    refused = signin.request("POST", "/auth/refresh", body={"refreshToken": tokens["refreshToken"]})
    assert refused.status == 401
    assert refused.json()["error"]["code"] == "refresh_token_refused"
    # Idempotent: an already revoked token, or one never issued, still signs out.
    assert signin.request("POST", "/auth/sign-out", body={"refreshToken": tokens["refreshToken"]}).status == 204
    assert signin.request("POST", "/auth/sign-out", body={"refreshToken": "never-issued"}).status == 204
    unknown = signin.request("POST", "/auth/refresh", body={"refreshToken": "never-issued"})
    assert unknown.status == 401

    logged = captured_logs.text()
    for secret in (tokens["idToken"], tokens["refreshToken"], body["idToken"]):
        assert secret not in logged


def test_bodies_are_validated(signin: LocalSignIn) -> None:
    assert signin.request("POST", "/auth/refresh", body={}).status == 422
    assert signin.request("POST", "/auth/sign-out", body={"refreshToken": 7}).status == 422
    assert signin.request("POST", "/auth/sessions/collect", body={"readKey": ""}).status == 422
    assert signin.request("POST", "/auth/sessions").status == 201  # no body at all is fine


def test_sign_in_routes_need_no_token_but_me_projects_does(signin: LocalSignIn) -> None:
    assert signin.request("POST", "/auth/sessions", body={}).status == 201
    assert signin.request("GET", "/me/projects").status == 401
    assert signin.request("GET", "/me/projects", token="made.up.token").status == 401


class TestLocalIssuer:
    """The local authorize page refuses what Cognito would refuse."""

    def _params(self, signin: LocalSignIn) -> dict[str, str]:
        return _query(signin.create()["signInUrl"])

    @pytest.mark.parametrize(
        ("name", "value"),
        [
            ("redirect_uri", "https://evil.example/auth/callback"),
            ("client_id", "someone-else"),
            ("code_challenge_method", "plain"),
            ("code_challenge", "short"),
            ("response_type", "token"),
        ],
    )
    def test_authorize_refuses(self, signin: LocalSignIn, name: str, value: str) -> None:
        params = self._params(signin) | {name: value}
        from urllib.parse import urlencode

        assert signin.request("GET", f"/auth/local/authorize?{urlencode(params)}").status == 400
        assert signin.request("POST", "/auth/local/authorize", form=params | {"subject": "a"}).status == 400

    def test_code_needs_the_verifier_and_works_once(self, signin: LocalSignIn) -> None:
        verifier = crypto.new_verifier()
        params = self._params(signin) | {"code_challenge": crypto.s256(verifier)}
        location = signin.request("POST", "/auth/local/authorize", form=params | {"subject": "dave"}).headers[
            "Location"
        ]
        code = _query(location)["code"]
        form = {
            "grant_type": "authorization_code",
            "client_id": "pageport-local",
            "code": code,
            "redirect_uri": params["redirect_uri"],
        }
        wrong = hashlib.sha256(b"x").hexdigest() + "abcdefghij"
        assert signin.request("POST", "/auth/local/token", form=form | {"code_verifier": wrong}).status == 400
        # The failed attempt used the code up, as a stolen code must never be retried.
        again = signin.request("POST", "/auth/local/token", form=form | {"code_verifier": verifier})
        assert again.status == 400 and again.json() == {"error": "invalid_grant"}

    def test_code_expires(self, signin: LocalSignIn) -> None:
        verifier = crypto.new_verifier()
        params = self._params(signin) | {"code_challenge": crypto.s256(verifier)}
        answer = signin.issuer.authorize_submit(params | {"subject": "erin"}, now=time.time() - 61)
        code = _query(answer.headers["Location"])["code"]
        form = {
            "grant_type": "authorization_code",
            "client_id": "pageport-local",
            "code": code,
            "redirect_uri": params["redirect_uri"],
            "code_verifier": verifier,
        }
        assert signin.request("POST", "/auth/local/token", form=form).json() == {"error": "invalid_grant"}
