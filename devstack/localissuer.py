"""The local stack's identity provider: what Cognito's managed login and OAuth endpoints are to a
deployed stage, so that the plugin and the sign-in routes run the same code path locally.

- `GET /auth/local/authorize?...` answers an HTML form asking for a subject (no password: the
  local stack trusts whoever can reach it, as `pageport token` does). It accepts only the local
  client id, the stack's own `/auth/callback` as redirect URI, and a PKCE S256 challenge.
  Submitting it (POST) issues an authorization code and redirects to the callback.
- "Whoever can reach it" means a person at this machine, never a web page open in its browser:
  the form carries a one-time token (single use, 10 minutes) that only a reader of the form has;
  a POST a browser marks as sent from another site (`Sec-Fetch-Site`, `Origin`) is refused; the
  page may not be framed; and none of `/auth/local/*` answers with CORS headers (the gateway).
- `POST /auth/local/token`: `authorization_code` (codes are single-use, live 60 s, are bound to
  the client, redirect URI and PKCE challenge) and `refresh_token` grants. ID tokens are the
  stack's own bearer tokens (`TokenKey.issue`, as `pageport token` prints); refresh tokens are
  random, stored as SHA-256 hashes, never rotated, and revocable.
- `POST /auth/local/revoke`: RFC 7009, 200 whether or not the token was known.

State is one SQLite file in the data dir (`localissuer.sqlite3`), so refresh tokens survive a
restart; single use is `DELETE ... RETURNING` in SQLite's serialized writes.
"""

from __future__ import annotations

import hashlib
import hmac
import html
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from pageport.signin.crypto import s256
from pageport.web.signin_pages import sent_from_own_page

from devstack.localauth import TokenKey, check_subject

CLIENT_ID = "pageport-local"
PATH_PREFIX = "/auth/local"
CODE_TTL_S = 60
FORM_TOKEN_TTL_S = 600
ID_TOKEN_TTL_S = 900  # as a deployed stage's (cognito.id_token_minutes)
_SCHEMA = """
CREATE TABLE IF NOT EXISTS auth_code (
    code_hash TEXT PRIMARY KEY, subject TEXT NOT NULL, challenge TEXT NOT NULL,
    redirect_uri TEXT NOT NULL, expires REAL NOT NULL);
CREATE TABLE IF NOT EXISTS form_token (token_hash TEXT PRIMARY KEY, expires REAL NOT NULL);
CREATE TABLE IF NOT EXISTS refresh_token (
    token_hash TEXT PRIMARY KEY, subject TEXT NOT NULL, created REAL NOT NULL, revoked REAL);
"""


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    body: bytes
    headers: dict[str, str]


def _hash(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def _json(status: int, body: dict[str, Any]) -> Answer:
    import json

    return Answer(status, json.dumps(body).encode(), {"Content-Type": "application/json", "Cache-Control": "no-store"})


def _oauth_error(error: str, status: int = 400) -> Answer:
    return _json(status, {"error": error})


def _html(status: int, body: str) -> Answer:
    return Answer(
        status,
        body.encode(),
        {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": "no-store",
            "Referrer-Policy": "no-referrer",
            "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
            "frame-ancestors 'none'",
            "X-Frame-Options": "DENY",
        },
    )


_FORM = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pageport local sign-in</title>
<style>body{{font:16px system-ui,sans-serif;margin:4rem auto;max-width:32rem;padding:0 1rem}}</style></head>
<body><h1>Sign in to the local Pageport stack</h1>
<form method="post" action="{action}">{hidden}
<label>Subject <input name="subject" required maxlength="50" autofocus></label>
<button type="submit">Sign in</button></form>
<p>Any subject is accepted: the local stack trusts whoever can reach it.</p></body></html>"""
_AUTHORIZE_FIELDS = (
    "response_type",
    "client_id",
    "redirect_uri",
    "scope",
    "state",
    "code_challenge",
    "code_challenge_method",
)


@dataclass(frozen=True, slots=True)
class BrowserSignals:
    """What a browser says about where a request comes from (absent from other clients)."""

    fetch_site: str  # Sec-Fetch-Site, lower case; "" when not sent
    origin: str | None  # Origin

    def from_own_page(self, own_url: str) -> bool:
        own = urlsplit(own_url)
        return sent_from_own_page(self.fetch_site, self.origin, f"{own.scheme}://{own.netloc}")

    def cross_site(self) -> bool:
        return not sent_from_own_page(self.fetch_site)


class LocalIssuer:
    def __init__(self, data_dir: Path, tokens: TokenKey, callback_url: str) -> None:
        self.tokens = tokens
        self.callback_url = callback_url
        self._lock = threading.Lock()
        self._db = sqlite3.connect(data_dir / "localissuer.sqlite3", check_same_thread=False, isolation_level=None)
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        self._db.close()

    # ------------------------------------------------------------------ authorize
    def _authorize_problem(self, params: dict[str, str]) -> str | None:
        if params.get("response_type") != "code":
            return "response_type must be code."
        if params.get("client_id") != CLIENT_ID:
            return "Unknown client."
        # Exact match: the code goes only to this stack's own callback.
        if not hmac.compare_digest(params.get("redirect_uri", "").encode(), self.callback_url.encode()):
            return "The redirect URI is not this stack's /auth/callback."
        if params.get("code_challenge_method") != "S256":
            return "PKCE with code_challenge_method=S256 is required."
        challenge = params.get("code_challenge", "")
        if len(challenge) != 43 or not all(c.isalnum() or c in "-_" for c in challenge):
            return "code_challenge must be a base64url SHA-256 (43 characters)."
        if not params.get("state") or len(params["state"]) > 256:
            return "state is required."
        return None

    def authorize_form(self, params: dict[str, str]) -> Answer:
        problem = self._authorize_problem(params)
        if problem is not None:
            return _html(400, f"<!doctype html><title>Pageport</title><p>{html.escape(problem)}</p>")
        hidden = "".join(
            f'<input type="hidden" name="{name}" value="{html.escape(params.get(name, ""), quote=True)}">'
            for name in _AUTHORIZE_FIELDS
        )
        form_token = secrets.token_urlsafe(32)
        with self._lock:
            self._db.execute("DELETE FROM form_token WHERE expires < ?", (time.time(),))
            self._db.execute(
                "INSERT INTO form_token VALUES (?, ?)", (_hash(form_token), time.time() + FORM_TOKEN_TTL_S)
            )
        hidden += f'<input type="hidden" name="form_token" value="{form_token}">'
        return _html(200, _FORM.format(action=f"{PATH_PREFIX}/authorize", hidden=hidden))

    def _take_form_token(self, token: str) -> bool:
        """Whether `token` is one this issuer put in a form, unexpired; it works once."""
        with self._lock:
            row = self._db.execute(
                "DELETE FROM form_token WHERE token_hash = ? RETURNING expires", (_hash(token),)
            ).fetchone()
        return row is not None and float(row[0]) > time.time()

    def authorize_submit(
        self, form: dict[str, str], *, browser: BrowserSignals | None = None, now: float | None = None
    ) -> Answer:
        if browser is not None and not browser.from_own_page(self.callback_url):
            return _html(
                403, "<!doctype html><title>Pageport</title><p>This form can only be sent from its own page.</p>"
            )
        if not self._take_form_token(form.get("form_token", "")):
            return _html(
                400,
                "<!doctype html><title>Pageport</title><p>This sign-in form has expired or was already used. "
                "Start signing in again from Figma.</p>",
            )
        problem = self._authorize_problem(form)
        if problem is None:
            try:
                subject = check_subject(form.get("subject", "").strip())
            except ValueError as exc:
                problem = str(exc)
        if problem is not None:
            return _html(400, f"<!doctype html><title>Pageport</title><p>{html.escape(problem)}</p>")
        code = secrets.token_urlsafe(32)
        with self._lock:
            # Sweep codes nobody exchanged: they are useless once expired.
            self._db.execute("DELETE FROM auth_code WHERE expires < ?", (time.time(),))
            self._db.execute(
                "INSERT INTO auth_code VALUES (?, ?, ?, ?, ?)",
                (_hash(code), subject, form["code_challenge"], form["redirect_uri"], (now or time.time()) + CODE_TTL_S),
            )
        location = f"{form['redirect_uri']}?{urlencode({'code': code, 'state': form['state']})}"
        return Answer(302, b"", {"Location": location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    # ------------------------------------------------------------------ token
    def token(self, form: dict[str, str], *, now: float | None = None) -> Answer:
        if form.get("client_id") != CLIENT_ID:
            return _oauth_error("invalid_client", 401)
        grant = form.get("grant_type")
        if grant == "authorization_code":
            return self._code_grant(form, now if now is not None else time.time())
        if grant == "refresh_token":
            return self._refresh_grant(form)
        return _oauth_error("unsupported_grant_type")

    def _code_grant(self, form: dict[str, str], now: float) -> Answer:
        code, verifier = form.get("code", ""), form.get("code_verifier", "")
        with self._lock:  # single use: the row is gone whatever happens next
            row = self._db.execute(
                "DELETE FROM auth_code WHERE code_hash = ? RETURNING subject, challenge, redirect_uri, expires",
                (_hash(code),),
            ).fetchone()
        if row is None:
            return _oauth_error("invalid_grant")
        subject, challenge, redirect_uri, expires = row
        if expires <= now or not hmac.compare_digest(str(redirect_uri).encode(), form.get("redirect_uri", "").encode()):
            return _oauth_error("invalid_grant")
        if not (43 <= len(verifier) <= 128) or not hmac.compare_digest(
            s256(verifier).encode(), str(challenge).encode()
        ):
            return _oauth_error("invalid_grant")
        refresh = secrets.token_urlsafe(32)
        with self._lock:
            self._db.execute("INSERT INTO refresh_token VALUES (?, ?, ?, NULL)", (_hash(refresh), subject, now))
        return _json(200, self._token_body(str(subject), refresh))

    def _refresh_grant(self, form: dict[str, str]) -> Answer:
        with self._lock:
            row = self._db.execute(
                "SELECT subject FROM refresh_token WHERE token_hash = ? AND revoked IS NULL",
                (_hash(form.get("refresh_token", "")),),
            ).fetchone()
        if row is None:
            return _oauth_error("invalid_grant")
        return _json(200, self._token_body(str(row[0]), None))

    def _token_body(self, subject: str, refresh: str | None) -> dict[str, Any]:
        id_token = self.tokens.issue(subject, ttl_s=ID_TOKEN_TTL_S)
        body: dict[str, Any] = {
            "id_token": id_token,
            "access_token": id_token,
            "token_type": "Bearer",
            "expires_in": ID_TOKEN_TTL_S,
        }
        if refresh is not None:
            body["refresh_token"] = refresh
        return body

    # ------------------------------------------------------------------ revoke
    def revoke(self, form: dict[str, str], *, now: float | None = None) -> Answer:
        if form.get("client_id") != CLIENT_ID:
            return _oauth_error("invalid_client", 401)
        if not form.get("token"):
            return _oauth_error("invalid_request")
        with self._lock:
            self._db.execute(
                "UPDATE refresh_token SET revoked = ? WHERE token_hash = ? AND revoked IS NULL",
                (now or time.time(), _hash(form["token"])),
            )
        return Answer(200, b"", {"Cache-Control": "no-store"})
