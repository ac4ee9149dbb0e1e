"""Every sign-in route through the local gateway, the local issuer and the sessions table:
happy path, expired, reused, unknown, wrong key, concurrent collects, refresh, sign-out."""

from __future__ import annotations

import base64
import hashlib
import re
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
    form = signin.request("GET", callback)
    assert form.status == 200 and 'name="user_code"' in form.text
    assert (
        form.headers["Cache-Control"] == "no-store"
        and "frame-ancestors 'none'" in form.headers["Content-Security-Policy"]
    )
    # The callback alone keeps nothing: the plugin is still waiting.
    assert signin.collect(session["readKey"]).status == 202
    assert re.fullmatch(r"[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}", session["userCode"])
    page = signin.confirm(callback, session["userCode"].lower().replace("-", " "))  # as a person types it
    assert page.status == 200
    assert page.headers["Content-Type"].startswith("text/html")
    assert "Signed in to Pageport" in page.text
    assert page.headers["Cache-Control"] == "no-store"

    collected = signin.collect(session["readKey"])
    assert collected.status == 200
    tokens = collected.json()
    assert set(tokens) == {"idToken", "refreshToken", "expiresIn"}
    assert tokens["expiresIn"] == 900
    assert signin.tokens.verify(tokens["idToken"])["sub"] == "alice"
    # The ID token is a bearer token the gateway accepts.
    assert signin.request("GET", "/me/projects", token=tokens["idToken"]).status != 401

    # Collected once: the tokens are gone.
    again = signin.collect(session["readKey"])
    assert again.status == 404
    assert again.json()["error"]["code"] == "sign_in_session_not_found"

    secrets = [session["readKey"], write_key, code, session["userCode"], tokens["idToken"], tokens["refreshToken"]]
    logged = captured_logs.text()
    assert "sign-in session collected" in logged  # the capture works
    for secret in secrets:
        assert secret not in logged


def test_callback_is_single_use(signin: LocalSignIn) -> None:
    session = signin.create()
    callback = signin.sign_in(session)
    assert signin.confirm(callback, session["userCode"]).status == 200
    reused = signin.request("GET", callback)
    assert reused.status == 404
    assert "expired" in reused.text
    assert signin.collect(session["readKey"]).status == 200


def test_a_sign_in_link_minted_by_someone_else_signs_nobody_in(signin: LocalSignIn) -> None:
    """RFC 8628 §5.4: the attacker starts a session and sends its link; the victim signs in at
    the identity provider but cannot give the code only the attacker's plugin shows. Each wrong
    code (the victim's own plugin's among them) is refused; the third ends the session, and the
    attacker's collect never gets tokens."""
    attacker = signin.create()
    victims_own = signin.create()
    callback = signin.sign_in(attacker, "victim")
    first = signin.confirm(callback, victims_own["userCode"])
    assert first.status == 400 and "2 more tries" in first.text
    assert signin.collect(attacker["readKey"]).status == 202  # nothing sealed
    assert signin.confirm(callback, "not a code").status == 400
    last = signin.confirm(callback, "BBBB-BBBB" if attacker["userCode"] != "BBBB-BBBB" else "CCCC-CCCC")
    assert last.status == 400 and "Nobody was signed in" in last.text
    assert signin.collect(attacker["readKey"]).status == 404
    # Even the right code now finds no session.
    query = _query(callback)
    late = signin.request("POST", "/auth/callback", form=query | {"user_code": attacker["userCode"]})
    assert late.status == 404
    assert signin.collect(victims_own["readKey"]).status == 202  # the victim's own session is untouched


def test_a_mistyped_code_can_be_typed_again(signin: LocalSignIn) -> None:
    session = signin.create()
    callback = signin.sign_in(session)
    wrong = "BBBB-BBBB" if session["userCode"] != "BBBB-BBBB" else "CCCC-CCCC"
    assert signin.confirm(callback, wrong).status == 400
    assert signin.confirm(callback, session["userCode"]).status == 200
    assert signin.collect(session["readKey"]).status == 200


def test_confirmation_posted_from_another_site_is_refused(signin: LocalSignIn) -> None:
    session = signin.create()
    callback = signin.sign_in(session)
    refused = signin.confirm(callback, session["userCode"], headers={"Sec-Fetch-Site": "cross-site"})
    assert refused.status == 403
    assert signin.collect(session["readKey"]).status == 202
    own_page = signin.confirm(callback, session["userCode"], headers={"Sec-Fetch-Site": "same-origin"})
    assert own_page.status == 200


def test_a_confirmation_after_the_session_expired_seals_nothing(signin: LocalSignIn) -> None:
    session = service.create_session(identity_provider(), now=time.time() - 298)
    callback = signin.sign_in({"signInUrl": session.sign_in_url, "readKey": session.read_key})
    page = signin.request("GET", callback)
    assert page.status == 200
    time.sleep(max(0.0, session.expires_at.timestamp() - time.time()) + 1.1)
    late = signin.request("POST", "/auth/callback", form=_query(callback) | {"user_code": session.user_code})
    assert late.status == 404
    assert signin.collect(session.read_key).status == 404


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
    assert signin.confirm(callback, session["userCode"]).status == 200
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
    assert signin.confirm(callback, session.user_code).status == 200
    time.sleep(max(0.0, session.expires_at.timestamp() - time.time()) + 1.1)
    assert signin.collect(session.read_key).status == 404


def test_identity_provider_error_is_shown(signin: LocalSignIn) -> None:
    session = signin.create()
    state = _query(session["signInUrl"])["state"]
    page = signin.request(
        "GET", f"/auth/callback?error=access_denied&error_description=%3Cb%3Eno%3C/b%3E&state={state}"
    )
    assert page.status == 400
    # A fixed message per error code: the description (anyone's words in a link) is never shown.
    assert "&lt;b&gt;no" not in page.text and "<b>no" not in page.text
    assert "cancelled or refused" in page.text
    # The session is over: the plugin's next collect stops polling.
    assert signin.collect(session["readKey"]).status == 404


def test_concurrent_collects_exactly_one_gets_the_tokens(signin: LocalSignIn) -> None:
    for _ in range(10):
        session = signin.create()
        assert signin.confirm(signin.sign_in(session), session["userCode"]).status == 200
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
    assert body["expiresIn"] == 900
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
        url = signin.create()["signInUrl"]
        return _query(url) | {"form_token": signin.form_token(url)}

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
        refused = signin.request("POST", "/auth/local/authorize", form=params | {"subject": "a"})
        assert refused.status == 400 and "expired" not in refused.text  # the token was good: the field was not

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

    def test_no_web_page_can_sign_in_for_the_person_at_this_machine(self, signin: LocalSignIn) -> None:
        """A page open in the browser while the stack runs: it cannot read the form (no CORS on
        /auth/local/*), so it has no form token; a post it sends is marked cross-site."""
        url = signin.create()["signInUrl"]
        page = signin.request("GET", url, headers={"Origin": "https://evil.example"})
        assert "Access-Control-Allow-Origin" not in page.headers
        assert page.headers["X-Frame-Options"] == "DENY"
        assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
        preflight = signin.request("OPTIONS", "/auth/local/authorize", headers={"Origin": "https://evil.example"})
        assert "Access-Control-Allow-Origin" not in preflight.headers
        params = _query(url)
        no_token = signin.request("POST", "/auth/local/authorize", form=params | {"subject": "mallory"})
        assert no_token.status == 400 and "Location" not in no_token.headers
        token = signin.form_token(url)
        for headers in ({"Sec-Fetch-Site": "cross-site"}, {"Origin": "https://evil.example"}):
            forged = signin.request(
                "POST", "/auth/local/authorize", form=params | {"form_token": token, "subject": "m"}, headers=headers
            )
            assert forged.status == 403 and "Location" not in forged.headers
        issued = signin.request(
            "POST",
            "/auth/local/authorize",
            form=params | {"form_token": token, "subject": "alice"},
            headers={"Sec-Fetch-Site": "same-origin", "Origin": signin.base_url},
        )
        assert issued.status == 302
        reused = signin.request("POST", "/auth/local/authorize", form=params | {"form_token": token, "subject": "a"})
        assert reused.status == 400  # a form token works once
        token_post = signin.request("POST", "/auth/local/token", form={}, headers={"Sec-Fetch-Site": "cross-site"})
        assert token_post.status == 403

    def test_cors_only_for_the_plugin_and_only_on_the_api(self, signin: LocalSignIn) -> None:
        answer = signin.request("POST", "/auth/sessions", body={}, headers={"Origin": "null"})
        assert answer.headers["Access-Control-Allow-Origin"] == "null"
        from_a_page = signin.request("POST", "/auth/sessions", body={}, headers={"Origin": "https://evil.example"})
        assert from_a_page.headers.get("Access-Control-Allow-Origin") in (None, "null")
        assert "Access-Control-Allow-Origin" not in signin.request("GET", "/openapi.json").headers

    def test_a_rebound_name_is_refused(self, signin: LocalSignIn) -> None:
        """DNS rebinding: evil.example resolving to 127.0.0.1 would make this stack same-origin
        with that site's pages; the Host it sends gives it away."""
        for host in ("evil.example", "evil.example:8000", "127.0.0.1.nip.io"):
            refused = signin.request("POST", "/auth/sessions", body={}, headers={"Host": host})
            assert refused.status == 421, host
        for host in ("127.0.0.1", "localhost:1234", "[::1]:80"):
            assert signin.request("POST", "/auth/sessions", body={}, headers={"Host": host}).status == 201, host

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
