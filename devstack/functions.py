"""The stack's side of its function processes (devstack.function_host): start each one early
(it imports the layer, and the capture worker launches Chromium, while the database starts),
configure it once the stack knows its environment, invoke a webhook's, and stop them all."""

from __future__ import annotations

import dataclasses
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from devstack.paths import REPO_ROOT

if TYPE_CHECKING:
    from devstack.emulation import Resources

CAPTURE_WORKER = "capture_worker"  # its process launches Chromium before it polls
DISPATCH_EVERY_S = 1.0
SWEEP_EVERY_S = 5.0


class InvocationFailed(Exception):
    """The function raised (Lambda's "Unhandled" error): the gateway answers 500."""


@dataclass
class FunctionProcess:
    function: str
    role: str  # "queue", "invoke" or "schedule" (devstack.function_host.ROLES)
    region: str
    prepare: str | None = None  # "browser": the capture worker's Chromium
    ready: threading.Event = field(default_factory=threading.Event)
    failure: str | None = None  # why it could not start (say, Chromium): it then consumes nothing
    port: int = 0  # an invoke endpoint's
    _process: subprocess.Popen[bytes] | None = None
    _listener: socket.socket | None = None

    def start(self) -> None:
        read_end, write_end = os.pipe()
        passed = [write_end]
        spec: dict[str, Any] = {
            "function": self.function,
            "role": self.role,
            "region": self.region,
            "prepare": self.prepare,
            "status_fd": write_end,
        }
        if self.role == "invoke":
            # Bound here, so the port is known before the process runs; calls made before it
            # serves wait in the listen backlog.
            self._listener = socket.create_server(("127.0.0.1", 0), backlog=64)
            self.port = self._listener.getsockname()[1]
            spec["fd"] = self._listener.fileno()
            passed.append(self._listener.fileno())
        path = os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")]))
        try:
            self._process = subprocess.Popen(
                [sys.executable, "-m", "devstack.function_host", json.dumps(spec)],
                stdin=subprocess.PIPE,
                pass_fds=passed,
                cwd=REPO_ROOT,
                env=os.environ | {"PYTHONPATH": path, "PYTHONUNBUFFERED": "1"},
            )
        finally:
            os.close(write_end)
            if self._listener is not None:
                self._listener.close()  # the process holds it now
        threading.Thread(
            target=self._read_status, args=(os.fdopen(read_end, "r", encoding="utf-8"),), daemon=True
        ).start()

    def _read_status(self, status: IO[str]) -> None:
        with status:
            for line in status:
                report = json.loads(line)
                self.failure = report.get("failure")
                self.ready.set()
        if not self.ready.is_set():  # it ended before reporting
            self.failure = self.failure or "its process ended"
            self.ready.set()

    def configure(self, environment: dict[str, str], **config: Any) -> None:
        """Its one configuration line; its stdin then stays open as its lifeline."""
        assert self._process is not None and self._process.stdin is not None
        line = json.dumps({"environment": environment, **config}) + "\n"
        try:
            self._process.stdin.write(line.encode())
            self._process.stdin.flush()
        except BrokenPipeError:  # it has ended already: its status says so
            pass

    def signal_stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.send_signal(signal.SIGTERM)

    def wait(self, deadline: float) -> None:
        """Wait for it to exit until `deadline` (monotonic), then kill it."""
        if self._process is None:
            return
        try:
            self._process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        if self._process.stdin is not None:
            self._process.stdin.close()


def invoke(port: int, event: dict[str, Any], timeout_s: float) -> dict[str, Any]:
    """Invoke the function listening on `port` (devstack.function_host's invoke endpoint)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout_s + 5)
    try:
        body = json.dumps(event).encode()
        connection.request("POST", "/", body, {"Content-Type": "application/json", "X-Timeout-S": str(timeout_s)})
        response = connection.getresponse()
        payload = response.read()
    finally:
        connection.close()
    if response.status != 200:
        raise InvocationFailed(payload.decode(errors="replace"))
    result: dict[str, Any] = json.loads(payload)
    return result


def function_processes(region: str, *, workers: bool) -> list[FunctionProcess]:
    """Every function but the API routes' (the gateway runs those): each kind's worker (unless
    workers are off) and webhook, the dead-letter consumer and the dispatcher."""
    from pageport.routes import WEBHOOK_FUNCTIONS, WORKER_QUEUES

    made = [FunctionProcess("dead_letter", "queue", region), FunctionProcess("dispatcher", "schedule", region)]
    made += [FunctionProcess(function, "invoke", region) for function in sorted(WEBHOOK_FUNCTIONS.values())]
    if workers:
        made += [
            FunctionProcess(worker, "queue", region, prepare="browser" if worker == CAPTURE_WORKER else None)
            for worker in sorted(WORKER_QUEUES)
        ]
    return made


def function_config(function: str, resources: Resources) -> dict[str, Any]:
    """What a function needs besides the environment: its event sources (queues) or schedule."""
    from devstack.pollers import PollTarget
    from devstack.topology import DLQ_BATCH_SIZE

    if function == "dispatcher":
        return {"dispatch_every_s": DISPATCH_EVERY_S, "sweep_every_s": SWEEP_EVERY_S}
    targets = []
    for queue in resources.queues.values():
        spec = queue.spec
        if function == "dead_letter":
            targets.append(
                PollTarget(
                    function,
                    queue.dlq_url,
                    queue.dlq_arn,
                    DLQ_BATCH_SIZE,
                    spec.dlq_visibility_timeout_s,
                    spec.dead_letter_timeout_s,
                )
            )
        elif function == spec.worker:
            targets.append(
                PollTarget(
                    function, queue.url, queue.arn, spec.batch_size, spec.visibility_timeout_s, spec.consumer_timeout_s
                )
            )
    return {"targets": [dataclasses.asdict(target) for target in targets]} if targets else {}
