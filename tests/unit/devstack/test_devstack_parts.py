"""The local stack's parts in-process (fast, no subprocess): local tokens, SigV4 verification
of what the worker's webhook client really sends, and the queue topology (the S3/SQS
emulation's redrive and persistence, on moto: tests/integration/devstack/test_devstack_parts.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from devstack.localauth import LocalCredentials, TokenKey, TokenRejected, bearer_token
from devstack.sigv4 import SignatureRejected, SigV4Verifier
from devstack.topology import VISIBILITY_FACTOR, queue_specs
from tests.support.paths import REPO_ROOT

# ---------------------------------------------------------------------------- tokens


def test_tokens_verify_only_when_untouched_and_current(data_dir: Path) -> None:
    key = TokenKey.for_data_dir(data_dir)
    assert TokenKey.for_data_dir(data_dir) == key  # stored once, read back
    assert (data_dir / "secrets" / "token.key").stat().st_mode & 0o777 == 0o600
    token = key.issue("alice", ttl_s=60)
    claims = key.verify(token)
    assert claims["sub"] == "alice" and claims["token_use"] == "id" and int(claims["exp"]) > time.time()

    header, body, signature = token.split(".")
    forged_claims = json.dumps({**json.loads(_b64decode(body)), "sub": "mallory"}).encode()
    forged = f"{header}.{_b64encode(forged_claims)}.{signature}"
    other_stack = TokenKey.for_data_dir(data_dir / "other")
    for bad in (
        forged,
        token[:-2] + ("AA" if token[-2:] != "AA" else "BB"),
        "a.b.c",
        "x",
        "",
        other_stack.issue("alice"),
        key.issue("alice", ttl_s=-1),
    ):
        with pytest.raises(TokenRejected):
            key.verify(bad)
    assert bearer_token(f"Bearer {token}") == token
    for header_value in (None, "", token, f"Basic {token}", "Bearer "):
        with pytest.raises(TokenRejected):
            bearer_token(header_value)
    with pytest.raises(ValueError):
        key.issue("x" * 51)


def _b64decode(text: str) -> bytes:
    import base64

    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _b64encode(data: bytes) -> str:
    import base64

    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


# ---------------------------------------------------------------------------- SigV4


class _Recorder(BaseHTTPRequestHandler):
    seen: list[tuple[str, dict[str, str], bytes]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        _Recorder.seen.append((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, format: str, *args: Any) -> None:
        pass


def test_sigv4_accepts_the_webhook_clients_signature_and_nothing_else(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pageport.workers.webhook_client import signed_post

    credentials = LocalCredentials.for_data_dir(data_dir)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", credentials.access_key_id)
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", credentials.secret_access_key)
    monkeypatch.setenv("AWS_DEFAULT_REGION", credentials.region)
    for name in ("AWS_SESSION_TOKEN", "AWS_SECURITY_TOKEN", "AWS_PROFILE"):
        monkeypatch.delenv(name, raising=False)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/_webhooks/page-imports"
        body = b'{"pageImportId":"01","attempt":1}'
        assert signed_post(url, body)[0] == 200
    finally:
        server.shutdown()
        server.server_close()
    path, headers, received = _Recorder.seen[-1]
    request_url = f"http://{headers['host']}{path}"
    verifier = SigV4Verifier(credentials)
    verifier.verify("POST", request_url, headers, received)

    signed_at = datetime.strptime(headers["x-amz-date"], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
    attempts = {
        "tampered body": ("POST", request_url, headers, received + b" "),
        "other path": ("POST", request_url.replace("page-imports", "code2des"), headers, received),
        "no signature": ("POST", request_url, {k: v for k, v in headers.items() if k != "authorization"}, received),
        "other credentials": None,
    }
    for name, attempt in attempts.items():
        with pytest.raises(SignatureRejected):
            if attempt is None:
                SigV4Verifier(LocalCredentials.for_data_dir(data_dir / "other")).verify(
                    "POST", request_url, headers, received
                )
            else:
                verifier.verify(*attempt)
        assert name
    with pytest.raises(SignatureRejected, match="stale"):
        verifier.verify("POST", request_url, headers, received, now=signed_at + timedelta(minutes=6))
    verifier.verify("POST", request_url, headers, received, now=signed_at + timedelta(minutes=4))


# ---------------------------------------------------------------------------- topology


def test_queues_match_the_cdk_stack() -> None:
    from infra.messaging import VISIBILITY_FACTOR as CDK_FACTOR

    assert VISIBILITY_FACTOR == CDK_FACTOR
    specs = {spec.name: spec for spec in queue_specs()}
    assert set(specs) == {"capture", "convert", "discovery"}
    for spec in specs.values():
        assert spec.max_receive_count == 3
        assert spec.visibility_timeout_s >= 6 * spec.consumer_timeout_s


# ---------------------------------------------------------------------------- database handles


def test_dead_handles_are_forgotten_without_a_runtime_dir_warning(data_dir: Path) -> None:
    # The CLI's admin and token commands run this first; pgserver's import used to print
    # platformdirs' XDG_RUNTIME_DIR warning on machines without one (CI, containers, root).
    pgdata = data_dir / "postgres"
    pgdata.mkdir()
    (pgdata / ".handle_pids.json").write_text(json.dumps([os.getpid(), 2**22 + 12345]))
    env = {key: value for key, value in os.environ.items() if key != "XDG_RUNTIME_DIR"}
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "layers" / "pageport" / "python"), str(REPO_ROOT)])
    done = subprocess.run(
        [
            sys.executable,
            "-W",
            "always",
            "-c",
            "import sys, pathlib, devstack.database as d; d.forget_dead_handles(pathlib.Path(sys.argv[1]))",
            str(pgdata),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    # This test process's pid is alive and stays counted; the made-up pid (above pid_max) goes.
    assert json.loads((pgdata / ".handle_pids.json").read_text()) == [os.getpid()]
