"""`pageport admin ... --stage NAME` through its real boto3 path: the CLI (a subprocess) signs a
Lambda Invoke with the operator's credentials and sends it to a local server implementing the
Invoke API (`POST /2015-03-31/functions/{name}/invocations`), which checks the SigV4 signature
and runs the real admin handler against the test database. The endpoint comes from
PAGEPORT_LAMBDA_ENDPOINT, the variable the README documents for testing."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import psycopg
import pytest

from devstack.apigw import lambda_context
from devstack.localauth import LocalCredentials
from devstack.sigv4 import SignatureRejected, SigV4Verifier
from tests.conftest import rows
from tests.e2e.conftest import REPO_ROOT, subprocess_env

# The operator's credentials; the region is dev's, from infra/stages/dev.toml (the CLI reads it).
OPERATOR = LocalCredentials("AKIAOPERATORTEST0001", "operator-secret-key-for-tests", "eu-west-1")
_INVOKE = re.compile(r"^/2015-03-31/functions/(?P<name>[^/]+)/invocations$")


class FakeLambda(BaseHTTPRequestHandler):
    """The Invoke API of one function, as Lambda answers it (errors in x-amzn-ErrorType)."""

    function_name = "pageport-dev-admin"
    invoked: list[dict[str, Any]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        headers = {key.lower(): value for key, value in self.headers.items()}
        try:
            SigV4Verifier(OPERATOR).verify("POST", f"http://{headers['host']}{self.path}", headers, body)
        except SignatureRejected as exc:
            return self._error(403, "InvalidSignatureException", str(exc))
        found = _INVOKE.match(self.path.split("?", 1)[0])
        if not found or found["name"] != self.function_name:
            return self._error(404, "ResourceNotFoundException", "Function not found")
        event = json.loads(body)
        FakeLambda.invoked.append(event)
        handler = importlib.import_module("functions.admin.handler")
        result = handler.lambda_handler(event, lambda_context(self.function_name))
        self._answer(200, json.dumps(result).encode(), {"X-Amz-Executed-Version": "$LATEST"})

    def _error(self, status: int, kind: str, message: str) -> None:
        self._answer(status, json.dumps({"Type": "User", "message": message}).encode(), {"x-amzn-ErrorType": kind})

    def _answer(self, status: int, body: bytes, headers: dict[str, str]) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def lambda_endpoint(db: psycopg.Connection) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeLambda)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    FakeLambda.invoked = []
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _cli(tmp_path: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "devstack.cli", "admin", *args],
        cwd=REPO_ROOT,
        env=subprocess_env(tmp_path) | env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _operator_env(endpoint: str, tmp_path: Path, secret: str = OPERATOR.secret_access_key) -> dict[str, str]:
    # No region and no profile: the stage file's region must be used; only these credentials.
    return {
        "PAGEPORT_LAMBDA_ENDPOINT": endpoint,
        "AWS_ACCESS_KEY_ID": OPERATOR.access_key_id,
        "AWS_SECRET_ACCESS_KEY": secret,
        "AWS_CONFIG_FILE": str(tmp_path / "no-config"),
        "AWS_SHARED_CREDENTIALS_FILE": str(tmp_path / "no-credentials"),
        "AWS_EC2_METADATA_DISABLED": "true",
    }


def test_admin_commands_on_a_stage_go_through_a_signed_invoke(
    lambda_endpoint: str, db: psycopg.Connection, database_url: str, tmp_path: Path
) -> None:
    env = _operator_env(lambda_endpoint, tmp_path)
    created = _cli(
        tmp_path, "create-project", "--org", "Acme", "--project", "Web", "--member", "sub-1", "--stage", "dev", env=env
    )
    assert created.returncode == 0, created.stderr
    ids = json.loads(created.stdout)
    assert rows(
        db, "SELECT name FROM project WHERE id = %s AND organization_id = %s", ids["projectId"], ids["organizationId"]
    ) == [{"name": "Web"}]
    assert FakeLambda.invoked[0] == {
        "command": "create-project",
        "organization": "Acme",
        "project": "Web",
        "members": ["sub-1"],
    }

    added = _cli(
        tmp_path, "add-member", "--org-id", str(ids["organizationId"]), "--member", "sub-2", "--stage", "dev", env=env
    )
    assert added.returncode == 0, added.stderr
    assert json.loads(added.stdout) == {"organizationId": ids["organizationId"], "added": ["sub-2"]}

    # The same JSON as the local path prints for the same database.
    on_stage = _cli(tmp_path, "list", "--stage", "dev", env=env)
    local = _cli(tmp_path, "list", env={"DATABASE_URL": database_url})
    assert on_stage.returncode == 0 and local.returncode == 0, (on_stage.stderr, local.stderr)
    assert on_stage.stdout == local.stdout
    assert json.loads(on_stage.stdout)["organizations"][0]["members"] == ["sub-1", "sub-2"]


def test_a_refusal_is_one_line_and_a_failed_exit(lambda_endpoint: str, db: psycopg.Connection, tmp_path: Path) -> None:
    done = _cli(
        tmp_path,
        "add-member",
        "--org-id",
        "424242",
        "--member",
        "sub-1",
        "--stage",
        "dev",
        env=_operator_env(lambda_endpoint, tmp_path),
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.strip() == "pageport: error: No organization with id 424242."


def test_a_bad_signature_or_another_stage_reaches_no_handler(
    lambda_endpoint: str, db: psycopg.Connection, tmp_path: Path
) -> None:
    forged = _cli(
        tmp_path, "list", "--stage", "dev", env=_operator_env(lambda_endpoint, tmp_path, secret="wrong-secret")
    )
    assert forged.returncode == 1 and "InvalidSignatureException" in forged.stderr
    other = _cli(
        tmp_path, "list", "--stage", "qa", "--region", "eu-west-1", env=_operator_env(lambda_endpoint, tmp_path)
    )
    assert other.returncode == 1
    assert "no admin function pageport-qa-admin in eu-west-1" in other.stderr
    assert FakeLambda.invoked == []
