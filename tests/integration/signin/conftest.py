"""The sign-in routes behind the local gateway, with the local issuer and moto DynamoDB."""

from __future__ import annotations

import html
import json
import logging
import re
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from pageport.settings import get_settings

from devstack.emulation import atomic_dynamodb_items
from devstack.gateway import Gateway
from devstack.localauth import LocalCredentials, TokenKey
from devstack.localissuer import LocalIssuer
from devstack.sigv4 import SigV4Verifier
from devstack.stack import SIGNIN_TABLE, signin_environment
from tests.conftest import AWS_ENV


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


@dataclass
class HttpAnswer:
    status: int
    text: str
    headers: dict[str, str]

    def json(self) -> Any:
        return json.loads(self.text)


@dataclass
class LocalSignIn:
    base_url: str
    tokens: TokenKey
    issuer: LocalIssuer

    def request(
        self,
        method: str,
        path: str,
        *,
        body: Any = None,
        form: dict[str, str] | None = None,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> HttpAnswer:
        url = path if path.startswith("http") else self.base_url + path
        headers = dict(headers or {})
        data: bytes | None = None
        if form is not None:
            data, headers["Content-Type"] = urlencode(form).encode(), "application/x-www-form-urlencoded"
        elif body is not None:
            data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with _OPENER.open(request, timeout=30) as response:
                return HttpAnswer(response.status, response.read().decode(), dict(response.headers.items()))
        except urllib.error.HTTPError as exc:
            return HttpAnswer(exc.code, exc.read().decode(), dict(exc.headers.items()))

    def create(self) -> dict[str, Any]:
        answer = self.request("POST", "/auth/sessions", body={})
        assert answer.status == 201, answer.text
        return answer.json()

    def sign_in(self, session: dict[str, Any], subject: str = "alice") -> str:
        """What the browser does: open the sign-in URL, submit the form; the callback URL it is
        redirected to (not yet opened)."""
        form_page = self.request("GET", session["signInUrl"])
        assert form_page.status == 200, form_page.text
        submitted = self.request(
            "POST", "/auth/local/authorize", form=hidden_fields(form_page.text) | {"subject": subject}
        )
        assert submitted.status == 302, submitted.text
        return submitted.headers["Location"]

    def confirm(self, callback: str, user_code: str, *, headers: dict[str, str] | None = None) -> HttpAnswer:
        """What the person does on the callback's page: type the code the plugin shows, submit.
        The form's hidden fields are sent back as the page holds them."""
        page = self.request("GET", callback)
        assert page.status == 200 and 'name="user_code"' in page.text, page.text
        return self.request(
            "POST", "/auth/callback", form=hidden_fields(page.text) | {"user_code": user_code}, headers=headers
        )

    def form_token(self, sign_in_url: str) -> str:
        """A one-time token from the local sign-in form, as only a reader of that page has."""
        return hidden_fields(self.request("GET", sign_in_url).text)["form_token"]

    def collect(self, read_key: str) -> HttpAnswer:
        return self.request("POST", "/auth/sessions/collect", body={"readKey": read_key})

    def signed_in(self, subject: str = "alice") -> dict[str, Any]:
        session = self.create()
        assert self.confirm(self.sign_in(session, subject), session["userCode"]).status == 200
        collected = self.collect(session["readKey"])
        assert collected.status == 200, collected.text
        return collected.json()


def hidden_fields(page: str) -> dict[str, str]:
    """A form's hidden fields, as a browser sends them back."""
    found = re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', page)
    return {name: html.unescape(value) for name, value in found}


@pytest.fixture
def signin(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[LocalSignIn]:
    from moto import mock_aws
    from pageport import aws as pageport_aws
    from pageport.signin.store import create_table

    for key, value in AWS_ENV.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)
    tokens = TokenKey.for_data_dir(tmp_path)
    gateway = Gateway(
        "127.0.0.1",
        0,
        tokens=tokens,
        webhooks=SigV4Verifier(LocalCredentials.for_data_dir(tmp_path)),
        handler_lock=threading.RLock(),
    )
    base_url = gateway.url_for("127.0.0.1")
    issuer = LocalIssuer(tmp_path, tokens, f"{base_url}/auth/callback")
    gateway.attach_issuer(issuer)
    for key, value in signin_environment(base_url).items():
        monkeypatch.setenv(key, value)
    atomic_dynamodb_items()  # as the local stack's emulation does: DynamoDB's item atomicity
    with mock_aws():
        import boto3

        create_table(boto3.client("dynamodb"), SIGNIN_TABLE)
        get_settings.cache_clear()
        pageport_aws.reset_clients()
        gateway.start()
        try:
            yield LocalSignIn(base_url, tokens, issuer)
        finally:
            gateway.stop()
            issuer.close()
            pageport_aws.reset_clients()
    get_settings.cache_clear()


@dataclass
class CapturedLogs:
    records: list[str] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(self.records)


class _Collector(logging.Handler):
    def __init__(self, sink: CapturedLogs) -> None:
        super().__init__(logging.DEBUG)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.records.append(f"{record.getMessage()} {record.__dict__!r}")


@pytest.fixture
def captured_logs() -> Iterator[CapturedLogs]:
    """Every record of the loggers the sign-in path writes to (Powertools loggers do not
    propagate), at every level, with all their extra fields."""
    sink = CapturedLogs()
    handler = _Collector(sink)
    names = ("pageport-signin", "pageport-api", "pageport-gateway", "pageport", "botocore", "urllib3")
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.DEBUG)
    yield sink
    for logger, level in zip(loggers, levels, strict=True):
        logger.removeHandler(handler)
        logger.setLevel(level)
