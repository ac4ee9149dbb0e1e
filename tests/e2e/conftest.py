"""Helpers for the end-to-end tests: `pageport dev` and the CLI as subprocesses, a fixture
site on 127.0.0.1, and a plain HTTP client for the API (as the plugin would call it)."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
SITE_DIR = Path(__file__).resolve().parent / "site"
READY_TIMEOUT_S = 90
STOP_LIMIT_S = 10  # api.md: SIGINT/SIGTERM stop it cleanly within 10 s


def subprocess_env(home: Path) -> dict[str, str]:
    """The test session's environment minus what fixtures may have set for in-process tests
    (a DATABASE_URL, AWS variables): the stack must run on its own embedded defaults."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("AWS_", "PAGEPORT_", "POWERTOOLS_"))
        and key not in ("DATABASE_URL", "DB_HOST", "ARTIFACT_BUCKET")
        and not key.endswith("_QUEUE_URL")
        and not key.endswith("_WEBHOOK_URL")
    }
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "layers" / "pageport" / "python"), str(REPO_ROOT)])
    env["HOME"] = str(home)  # Chromium's profile and caches stay in the test's temp dir
    env["PYTHONUNBUFFERED"] = "1"
    return env


@dataclass
class DevStack:
    """One `pageport dev` subprocess; stdout/stderr go to files (never a full pipe)."""

    data_dir: Path
    logs: Path
    home: Path
    flags: tuple[str, ...]
    process: subprocess.Popen[bytes] | None = None
    base_url: str = ""
    stdout_path: Path = field(init=False)
    stderr_path: Path = field(init=False)
    starts: int = 0
    env: dict[str, str] = field(default_factory=dict)  # settings for the stack's processes

    def start(self, *extra: str) -> DevStack:
        self.starts += 1
        self.stdout_path = self.logs / f"dev-{self.starts}.out"
        self.stderr_path = self.logs / f"dev-{self.starts}.err"
        command = [
            sys.executable,
            "-m",
            "devstack.cli",
            "dev",
            "--port",
            "0",
            "--data-dir",
            str(self.data_dir),
            *self.flags,
            *extra,
        ]
        with self.stdout_path.open("wb") as out, self.stderr_path.open("wb") as err:
            self.process = subprocess.Popen(
                command, cwd=REPO_ROOT, env=subprocess_env(self.home) | self.env, stdout=out, stderr=err
            )
        deadline = time.monotonic() + READY_TIMEOUT_S
        while time.monotonic() < deadline:
            found = re.search(r"ready\b.*?(http://[\w.\[\]:]+)", self.stdout())
            if found:
                self.base_url = found[1]
                return self
            if self.process.poll() is not None:
                pytest.fail(
                    f"pageport dev exited with {self.process.returncode}:\n{self.stderr()}\n{self.stdout()[-3000:]}"
                )
            time.sleep(0.1)
        self.kill()
        pytest.fail(f"pageport dev was not ready within {READY_TIMEOUT_S}s:\n{self.stderr()}\n{self.stdout()[-3000:]}")

    def stdout(self) -> str:
        return self.stdout_path.read_text(errors="replace")

    def stderr(self) -> str:
        return self.stderr_path.read_text(errors="replace")

    def account(self) -> str:
        """The stack's own account of what happened, so a CI failure can be diagnosed: every
        function process's threads (dumped on SIGUSR1) and the log's tail, less the gateway's
        request lines (a polling test's own requests would fill it)."""
        from tests.support.processes import function_processes

        if self.process is not None and self.process.poll() is None:
            for pid in function_processes(self.process.pid).values():
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGUSR1)
            time.sleep(1)
        lines = [line for line in self.stdout().splitlines() if '"message":"request"' not in line]
        tail = "\n".join(lines[-40:])
        return f"\n--- pageport dev stderr ---\n{self.stderr()[-16000:]}\n--- stdout (no request lines) ---\n{tail}"

    def log_records(self) -> list[dict[str, Any]]:
        records = []
        for line in self.stdout().splitlines():
            if line.startswith("{"):
                try:
                    records.append(json.loads(line))
                except ValueError:
                    continue
        return records

    def stop(self, sig: int = signal.SIGTERM) -> float:
        """Signal it and return how long it took to exit (fails the test past the limit)."""
        assert self.process is not None
        started = time.monotonic()
        self.process.send_signal(sig)
        try:
            code = self.process.wait(timeout=STOP_LIMIT_S + 20)
        except subprocess.TimeoutExpired:
            self.kill()
            pytest.fail("pageport dev did not exit after SIGTERM")
        elapsed = time.monotonic() - started
        self.process = None
        assert code == 0, f"exit code {code}:\n{self.stderr()}"
        return elapsed

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process = None

    # ------------------------------------------------------------------ CLI
    def cli(
        self, *args: str, timeout: float = 120, extra_env: dict[str, str] | None = None, stdin: str | None = None
    ) -> subprocess.CompletedProcess[str]:
        env = subprocess_env(self.home) | {"PAGEPORT_DATA_DIR": str(self.data_dir)} | (extra_env or {})
        return subprocess.run(
            [sys.executable, "-m", "devstack.cli", *args],
            cwd=REPO_ROOT,
            env=env,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def cli_json(self, *args: str) -> Any:
        done = self.cli(*args)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def token(self, subject: str) -> str:
        done = self.cli("token", subject)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    # ------------------------------------------------------------------ HTTP
    def call(
        self, method: str, path: str, token: str | None, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        return http(method, self.base_url + path, token, body, headers)


def http(
    method: str, url: str, token: str | None, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, Any]:
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(
        url,
        data=data,
        method=method,
        headers={
            "Content-Type": "application/json",
            **({"Authorization": f"Bearer {token}"} if token else {}),
            **(headers or {}),
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            payload = response.read()
            status = response.status
    except urllib.error.HTTPError as exc:
        payload, status = exc.read(), exc.code
    return status, (json.loads(payload) if payload else None)


def wait_for(
    fetch: Callable[[], Any],
    done: Callable[[Any], bool],
    *,
    timeout: float = 60,
    what: str = "",
    stack: DevStack | None = None,
) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = fetch()
        if done(value):
            return value
        if time.monotonic() > deadline:
            logs = "" if stack is None else stack.account()
            pytest.fail(f"timed out waiting for {what or 'a condition'}; last value: {value!r}{logs}")
        time.sleep(0.3)


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """tests/e2e/site on 127.0.0.1; the base URL ends without a slash."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(SITE_DIR)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def make_stack() -> Iterator[Callable[..., DevStack]]:
    """Build DevStacks on fresh data dirs; whatever still runs is stopped at the end.

    Not under pytest's basetemp: concurrent pytest runs prune each other's old basetemps."""
    stacks: list[DevStack] = []
    roots: list[Path] = []

    def make(*flags: str) -> DevStack:
        root = Path(tempfile.mkdtemp(prefix="pageport-e2e-"))
        roots.append(root)
        for name in ("data", "logs", "home"):
            (root / name).mkdir()
        stack = DevStack(root / "data", root / "logs", root / "home", flags)
        stacks.append(stack)
        return stack

    yield make
    for stack in stacks:
        if stack.process is not None and stack.process.poll() is None:
            stack.process.terminate()
            try:
                stack.process.wait(timeout=STOP_LIMIT_S + 10)
            except subprocess.TimeoutExpired:
                stack.kill()
                _stop_orphaned_postgres(stack.data_dir)
    if os.environ.get("PAGEPORT_E2E_KEEP"):  # keep data and logs to investigate a failure
        return
    for root in roots:
        shutil.rmtree(root, ignore_errors=True)


def _stop_orphaned_postgres(data_dir: Path) -> None:
    """A killed stack leaves its embedded PostgreSQL running: stop it."""
    from pageport.db import stop_embedded

    from devstack.database import forget_dead_handles

    pgdata = data_dir / "postgres"
    if (pgdata / "postmaster.pid").exists():
        forget_dead_handles(pgdata)
        stop_embedded(pgdata)


@dataclass
class FaultBatch:
    """A page_import batch of `pages` loopback pages on a fresh tenant, for the fault tests:
    started, followed until some pages are done (when the fault is made), then to its end."""

    stack: DevStack
    token: str
    project: str
    path: str

    @classmethod
    def start(cls, stack: DevStack, site: str, pages: int, member: str) -> FaultBatch:
        tenant = stack.cli_json("admin", "create-project", "--org", member, "--project", "Site", "--member", member)
        token, project = stack.token(member), f"/projects/{tenant['projectId']}"
        body = {
            "id": str(uuid.uuid4()),
            "type": "page_import",
            "requests": [
                {"url": f"{site}/index.html?n={i}", "viewport": {"width": 800, "height": 600}} for i in range(pages)
            ],
        }
        status, batch = stack.call("POST", f"{project}/page-batches", token, body)
        assert status == 201, batch
        return cls(stack, token, project, f"{project}/page-batches/{body['id']}")

    def counts(self) -> dict[str, int]:
        counts: dict[str, int] = self.stack.call("GET", self.path, self.token)[1]["counts"]
        return counts

    def wait_completed(self, at_least: int, timeout: float = 120) -> dict[str, int]:
        found: dict[str, int] = wait_for(
            self.counts, lambda c: c["completed"] >= at_least, timeout=timeout, what="pages", stack=self.stack
        )
        return found

    def wait_end(self, timeout: float = 240) -> dict[str, int]:
        found: dict[str, int] = wait_for(
            self.counts, lambda c: c["processing"] == 0, timeout=timeout, what="the batch", stack=self.stack
        )
        return found
