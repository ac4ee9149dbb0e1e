"""A local server that answers like Cognito's `/oauth2/token` and `/oauth2/revoke` (response shapes
as Cognito documents and returns them), recording each request it gets. The `cognito` fixture is
a plugin of the root conftest: tests/unit/signin/ and tests/integration/signin/ both use it."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from pageport.signin import crypto

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
