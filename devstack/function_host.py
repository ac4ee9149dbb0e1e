"""One function of the local stack in a process of its own, as Lambda runs each function in
containers of its own: the gateway, the emulation and every other function never share its
interpreter (or its GIL). Started by devstack.functions; one JSON spec on the command line:

- `queue`: a worker, or the dead-letter consumer: an SQS poller per event source;
- `invoke`: a webhook: an invoke endpoint on the socket it is handed, which the gateway's
  function URL calls once it has checked the request's signature (as AWS_IAM auth does in
  front of a function URL);
- `schedule`: the dispatcher's EventBridge schedule, with the stuck-job sweep it runs.

It reports on the status pipe (a JSON line: `{"ready": true}` or `{"failure": "..."}`) and
stops on SIGTERM/SIGINT, or at once when its stdin (the lifeline) closes: the stack is gone.
The environment is the handler environment the stack applied before starting it.

    python -m devstack.function_host '{"function": "capture_worker", "role": "queue", ...}'
"""

from __future__ import annotations

import faulthandler
import json
import os
import signal
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from socket import socket
from typing import IO, TYPE_CHECKING, Any

from devstack.paths import ensure_repo_on_path

if TYPE_CHECKING:
    from devstack.pollers import SqsPoller

DRAIN_S = 4.0  # how long a stop waits for the invocation in progress (its message comes back anyway)
# Concurrent invocations of a webhook: its instances, each with its own database connection.
MAX_CONCURRENT = 4


def _watch_lifeline() -> None:
    """The stack holds our stdin's other end: when it is gone (killed, even with SIGKILL), so
    is everything this process would report to, and it leaves at once."""
    try:  # the descriptor, not sys.stdin: a buffered reader blocked here stops the interpreter's exit
        while os.read(0, 4096):
            pass
    except OSError:
        pass
    os._exit(0)


def _prepare_hooks(name: str | None) -> dict[str, Any]:
    """Chromium starts in the capture poller's own thread (Playwright's sync API is bound to the
    thread that started it) before it polls: if it cannot start, nothing is consumed."""
    if name != "browser":
        return {}
    from pageport.kinds.page_import.job import close_browser, warm_browser

    return {"prepare": warm_browser, "cleanup": close_browser}


@dataclass(frozen=True, slots=True)
class Hosted:
    """The function this process runs, as its role needs it."""

    spec: dict[str, Any]  # from the command line: function, role, region, prepare, fds
    config: dict[str, Any]  # the stack's configuration line: environment, targets, schedule
    early: SqsPoller | None  # a queue function's first poller, made (and preparing) before config
    stop: threading.Event
    status: IO[str]

    def report(self, **fields: Any) -> None:
        """A line on the status pipe: {"ready": true} or {"failure": why}."""
        try:
            self.status.write(json.dumps(fields) + "\n")
            self.status.flush()
        except OSError:  # the stack is gone; the lifeline ends this process
            pass


def run_queue(hosted: Hosted) -> None:
    from pageport import aws

    from devstack.pollers import PollTarget, SqsPoller

    assert hosted.early is not None  # made by main() for every queue function
    # One handler module (the early poller's lock): its event sources take turns.
    function, targets = hosted.spec["function"], hosted.config["targets"]
    more = [SqsPoller(function, hosted.spec["region"], hosted.stop, lock=hosted.early.lock) for _ in targets[1:]]
    pollers = [hosted.early, *more]
    for poller, target in zip(pollers, targets, strict=True):
        poller.begin(PollTarget(**target), aws.sqs())
        if not poller.is_alive():
            poller.start()
    for poller in pollers:
        poller.ready.wait()
    failure = next((poller.failure for poller in pollers if poller.failure), None)
    hosted.report(**({"failure": failure} if failure else {"ready": True}))
    hosted.stop.wait()
    for poller in pollers:
        poller.join(DRAIN_S)


class _InvokeServer(ThreadingHTTPServer):
    daemon_threads = True
    function: str
    pool: ThreadPoolExecutor


class _InvokeHandler(BaseHTTPRequestHandler):
    """`POST /` with the event as its body -> the handler's result (Lambda's Invoke API, in
    its simplest form: the caller is the gateway, on loopback, with a verified request)."""

    server: _InvokeServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the gateway logs the request

    def do_POST(self) -> None:
        from devstack import apigw

        function = self.server.function
        event = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
        timeout_s = float(self.headers.get("X-Timeout-S") or 29)
        try:
            result = self.server.pool.submit(
                apigw.INSTANCES.call, function, event, apigw.lambda_context(function, timeout_s)
            ).result()
            status, payload = 200, json.dumps(result).encode()
        except Exception as exc:  # Lambda's "Unhandled" function error; the trace is in our log
            from devstack.pollers import logger

            logger.exception("invocation failed", extra={"function": function})
            status, payload = 502, json.dumps({"errorType": type(exc).__name__}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


def run_invoke(hosted: Hosted) -> None:
    from pageport.logging import logger as layer_logger

    from devstack import apigw

    apigw.log_keys_per_thread(layer_logger)  # concurrent invocations: each line its own request id
    server = _InvokeServer(("127.0.0.1", 0), _InvokeHandler, bind_and_activate=False)
    server.socket.close()
    server.socket = socket(fileno=hosted.spec["fd"])  # bound and listening: the stack chose the port
    server.function = hosted.spec["function"]
    server.pool = ThreadPoolExecutor(MAX_CONCURRENT, thread_name_prefix=hosted.spec["function"])
    threading.Thread(target=server.serve_forever, name="invoke", daemon=True).start()
    hosted.report(ready=True)
    hosted.stop.wait()
    server.shutdown()
    server.pool.shutdown(wait=True, cancel_futures=True)


def run_schedule(hosted: Hosted) -> None:
    from devstack.pollers import DispatchTask, Every, SweepTask

    database_url = os.environ["DATABASE_URL"]
    dispatch = DispatchTask(database_url)
    tasks = [
        Every("dispatcher", hosted.config["dispatch_every_s"], dispatch, hosted.stop),
        Every("sweep", hosted.config["sweep_every_s"], SweepTask(database_url), hosted.stop),
    ]
    for task in tasks:
        task.start()
    hosted.report(ready=True)
    hosted.stop.wait()
    for task in tasks:
        task.join(DRAIN_S)
    dispatch.close()


ROLES = {"queue": run_queue, "invoke": run_invoke, "schedule": run_schedule}


def main(argv: list[str]) -> int:
    """Import and prepare what needs no configuration (the layer; Chromium) while the stack
    starts its database, then read the configuration line from stdin and run."""
    ensure_repo_on_path()
    spec: dict[str, Any] = json.loads(argv[0])
    stop = threading.Event()
    configured = threading.Event()

    def request_stop(signum: int, frame: object) -> None:
        if not configured.is_set():
            os._exit(0)  # nothing started yet: nothing to drain
        stop.set()

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    # `kill -USR1 <pid>` prints every thread's stack to the stack's stderr: what a hung function waits on.
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    early = None
    if spec["role"] == "queue":
        from devstack.pollers import SqsPoller

        hooks = _prepare_hooks(spec.get("prepare"))
        early = SqsPoller(spec["function"], spec["region"], stop, lock=threading.RLock(), **hooks)
        early.start()  # prepares (Chromium), then waits for its queue
    from devstack import apigw  # the route table, the kinds and the layer: most of INIT

    line = sys.stdin.buffer.readline()
    if not line:
        return 0  # the stack stopped before it was configured
    config: dict[str, Any] = json.loads(line)
    from devstack.stack import apply_environment

    apply_environment(config["environment"])
    configured.set()
    threading.Thread(target=_watch_lifeline, name="lifeline", daemon=True).start()
    if spec["role"] != "schedule":
        apigw.load_function(spec["function"])  # INIT before the first event, as a warm container
    with os.fdopen(spec["status_fd"], "w", encoding="utf-8") as status:
        ROLES[spec["role"]](Hosted(spec, config, early, stop, status))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
