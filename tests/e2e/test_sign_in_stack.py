"""Sign-in against `pageport dev` as the plugin and a browser use it: the local stack's own
sign-in page, its callback, collect, /me/projects with the collected token, refresh, sign-out;
and nothing that could replay the session in the stack's logs."""

from __future__ import annotations

import urllib.error
import urllib.request
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from tests.e2e.conftest import DevStack
from tests.integration.signin.conftest import hidden_fields


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _browser(method: str, url: str, form: dict[str, str] | None = None) -> tuple[int, str, dict[str, str]]:
    data = urlencode(form).encode() if form is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    try:
        with urllib.request.build_opener(_NoRedirect).open(request, timeout=30) as response:
            return response.status, response.read().decode(), dict(response.headers.items())
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(), dict(exc.headers.items())


def test_sign_in_on_the_local_stack(make_stack: Any) -> None:
    stack: DevStack = make_stack().start("--no-workers")
    try:
        acme = stack.cli_json("admin", "create-project", "--org", "Acme", "--project", "Site", "--member", "alice")
        status, session = stack.call("POST", "/auth/sessions", None, {})
        assert status == 201, session
        assert session["signInUrl"].startswith(f"{stack.base_url}/auth/local/authorize?")
        assert stack.call("POST", "/auth/sessions/collect", None, {"readKey": session["readKey"]})[0] == 202

        status, page, _ = _browser("GET", session["signInUrl"])
        assert status == 200 and 'name="subject"' in page
        params = hidden_fields(page)
        status, _, headers = _browser("POST", f"{stack.base_url}/auth/local/authorize", params | {"subject": "alice"})
        assert status == 302
        status, page, _ = _browser("GET", headers["Location"])
        assert status == 200 and 'name="user_code"' in page  # the code the plugin shows, asked for
        confirmation = hidden_fields(page) | {"user_code": session["userCode"]}
        status, page, _ = _browser("POST", f"{stack.base_url}/auth/callback", confirmation)
        assert status == 200 and "Signed in to Pageport" in page

        status, tokens = stack.call("POST", "/auth/sessions/collect", None, {"readKey": session["readKey"]})
        assert status == 200, tokens
        status, mine = stack.call("GET", "/me/projects", tokens["idToken"])
        assert status == 200
        assert mine == {
            "subject": "alice",
            "organizations": [
                {
                    "organizationId": acme["organizationId"],
                    "name": "Acme",
                    "projects": [{"projectId": acme["projectId"], "name": "Site"}],
                }
            ],
        }
        status, refreshed = stack.call("POST", "/auth/refresh", None, {"refreshToken": tokens["refreshToken"]})
        assert status == 200 and refreshed["refreshToken"] is None
        assert stack.call("POST", "/auth/sign-out", None, {"refreshToken": tokens["refreshToken"]})[0] == 204
        assert stack.call("POST", "/auth/refresh", None, {"refreshToken": tokens["refreshToken"]})[0] == 401

        logs = stack.stdout() + stack.stderr()
        code = parse_qs(urlsplit(headers["Location"]).query)["code"][0]
        for secret in (
            session["readKey"],
            params["state"],
            code,
            session["userCode"],
            tokens["idToken"],
            tokens["refreshToken"],
        ):
            assert secret not in logs
    finally:
        stack.stop()
