"""`pageport dev`: the whole system in the foreground.

PostgreSQL (embedded unless DATABASE_URL), S3/SQS (moto, persisted in the data dir) and the
HTTP gateway with the API routes' handlers run in this process; every other function (each
kind's worker and webhook, the dead-letter consumer, the dispatcher with its sweep) in a
process of its own, as Lambda gives each function its own containers (devstack.functions).
All are configured through the same environment variables as in AWS.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import IO, Any
from urllib.parse import urlsplit

from devstack.functions import FunctionProcess, function_config, function_processes
from devstack.localauth import LocalCredentials, TokenKey
from devstack.paths import ensure_repo_on_path, secrets_dir

ARTIFACT_BUCKET = "pageport-artifacts"
SIGNIN_TABLE = "pageport-signin"
SNAPSHOT_EVERY_S = 2.0
DRAIN_S = 4.0  # how long a stop waits for jobs in progress (their messages come back anyway)
FUNCTION_STOP_GRACE_S = 1.5  # then a function process still draining is killed
FUNCTION_START_S = 60.0  # a function process reports in this long after it is configured
CHROMIUM_PROBE_S = 30.0
_CLEARED_AWS_VARIABLES = (
    "AWS_SESSION_TOKEN",
    "AWS_SECURITY_TOKEN",
    "AWS_PROFILE",
    "AWS_DEFAULT_PROFILE",
    "AWS_ROLE_ARN",
    "AWS_WEB_IDENTITY_TOKEN_FILE",
    "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",
    "AWS_CONTAINER_CREDENTIALS_FULL_URI",
    "DB_HOST",
)


class StartupError(Exception):
    """Shown as one line; `pageport dev` exits non-zero."""


@dataclass(frozen=True, slots=True)
class DevOptions:
    host: str
    port: int
    data_dir: Path
    allow_private_targets: bool = False
    workers: bool = True


def say(message: str, stream: IO[str] | None = None) -> None:
    print(message, file=stream or sys.stdout, flush=True)


@contextlib.contextmanager
def exclusive(data_dir: Path) -> Iterator[None]:
    """One `pageport dev` per data dir: two would restore and snapshot over each other."""
    with open(data_dir / "dev.lock", "w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise StartupError(f"another `pageport dev` is already using {data_dir}") from None
        yield


def _aws_files(data_dir: Path) -> tuple[Path, Path]:
    """An AWS config and credentials file of our own, so nothing in ~/.aws (profiles, virtual
    addressing, endpoints) changes how the in-process clients talk to the emulation."""
    folder = secrets_dir(data_dir)
    config, credentials = folder / "aws-config", folder / "aws-credentials"
    config.write_text("[default]\n", encoding="utf-8")
    credentials.write_text("", encoding="utf-8")
    return config, credentials


def handler_environment(
    *,
    data_dir: Path,
    database_url: str,
    credentials: LocalCredentials,
    resources: Any,
    base_url: str,
    allow_private_targets: bool,
) -> dict[str, str]:
    """The environment the Lambda functions get from the CDK stack, pointed at local things."""
    from pageport import kinds

    config_file, credentials_file = _aws_files(data_dir)
    env = {
        "DATABASE_URL": database_url,
        "AWS_ENDPOINT_URL": resources.endpoint,
        "AWS_ACCESS_KEY_ID": credentials.access_key_id,
        "AWS_SECRET_ACCESS_KEY": credentials.secret_access_key,
        "AWS_REGION": credentials.region,
        "AWS_DEFAULT_REGION": credentials.region,
        "AWS_CONFIG_FILE": str(config_file),
        "AWS_SHARED_CREDENTIALS_FILE": str(credentials_file),
        "ARTIFACT_BUCKET": resources.bucket,
        "PAGE_AUTH_KEY_ARN": resources.page_auth_key_arn,
        "PAGEPORT_DATA_DIR": str(data_dir),
        "PAGEPORT_STAGE": "local",
        # Business metrics are CloudWatch's (EMF lines on stdout): locally they would interleave an
        # EMF JSON line per request and per dispatcher tick with the console's own output.
        "POWERTOOLS_METRICS_DISABLED": "true",
        # Set either way: a value inherited from the shell must not open private targets.
        "PAGEPORT_ALLOW_PRIVATE_TARGETS": "true" if allow_private_targets else "false",
        # Even with private targets allowed, captured pages never reach the stack itself.
        "PAGEPORT_PROTECTED_PORTS": ",".join(
            str(port) for port in (urlsplit(base_url).port, urlsplit(resources.endpoint).port) if port
        ),
    }
    for queue in resources.queues.values():
        env[queue.spec.url_variable] = queue.url
    # Locally a message comes back only once its copy has returned (after RETRY_DELAY_S) or the
    # stack has restarted, never while a copy still runs: any claim it finds was left by a copy
    # that stopped, so it is taken over at once rather than dead-lettered (workers/claims.py).
    env["CLAIM_EXPIRES_AFTER_S"] = "1"
    # Each message carries credentials its sender minted for that job alone, as in AWS
    # (workers/scoped.py), and workers run nothing without them: moto's STS answers (any ARN)
    # but enforces no policy.
    for kind in kinds.all_kinds():
        env[kind.job_role_variable] = f"arn:aws:iam::123456789012:role/pageport-local-{kind.name}-job"
    env["JOB_CREDENTIALS_REQUIRED"] = "true"
    for kind in kinds.all_kinds():
        if kind.webhook is not None:
            env[kind.webhook.url_variable] = f"{base_url}/_webhooks/{kind.webhook.path}"
    env.update(signin_environment(base_url))
    return env


def signin_environment(base_url: str) -> dict[str, str]:
    """The sign-in routes' settings, as infra sets them for Cognito, pointed at the local issuer
    (devstack.localissuer) served by the gateway: the plugin's code path is the same."""
    from devstack.localissuer import CLIENT_ID, PATH_PREFIX

    return {
        "SIGNIN_TABLE": SIGNIN_TABLE,
        "SIGNIN_PROVIDER": "local",
        "SIGNIN_ISSUER_URL": f"{base_url}{PATH_PREFIX}",
        "SIGNIN_CLIENT_ID": CLIENT_ID,
        "SIGNIN_REDIRECT_URI": f"{base_url}/auth/callback",
    }


def apply_environment(env: dict[str, str]) -> None:
    for key in [*_CLEARED_AWS_VARIABLES, *(k for k in os.environ if k.startswith("AWS_ENDPOINT_URL_"))]:
        os.environ.pop(key, None)
    os.environ.update(env)
    from pageport import aws
    from pageport.settings import get_settings

    get_settings.cache_clear()
    aws.reset_clients()


def _warm_imports() -> None:
    """Import every route's handler module ahead of the first request (like a warm container);
    the other functions run in processes of their own (devstack.functions)."""
    from pageport.routes import ROUTES

    from devstack.apigw import load_function
    from devstack.pollers import logger

    for name in sorted({route.function for route in ROUTES}):
        try:
            load_function(name)
        except Exception:  # logged here; the request that needs it retries and reports it too
            logger.warning("warm import failed", extra={"function": name}, exc_info=True)


class DevStack:
    def __init__(self, options: DevOptions) -> None:
        self.options = options
        self.stop_event = threading.Event()
        self.handler_lock = threading.RLock()
        self.threads: list[threading.Thread] = []
        self.functions: list[FunctionProcess] = []

    def request_stop(self, signum: int, frame: FrameType | None) -> None:
        if self.stop_event.is_set():
            os._exit(130)  # a second Ctrl-C: leave at once
        # Ctrl-C also reaches Playwright's driver (same process group); its asyncio futures then
        # report "Connection closed" on the way out, which is expected here, not an error.
        logging.getLogger("asyncio").setLevel(logging.CRITICAL)
        self.stop_event.set()

    def run(self) -> int:
        signal.signal(signal.SIGTERM, self.request_stop)
        signal.signal(signal.SIGINT, self.request_stop)
        with exclusive(self.options.data_dir):
            try:
                return self._run()
            finally:
                self.stop_event.set()  # a failed start must not leave threads (or Chromium) running
                for function in self.functions:
                    function.signal_stop()
                for function in self.functions:
                    function.wait(time.monotonic() + DRAIN_S)

    def _run(self) -> int:
        ensure_repo_on_path()
        began = time.monotonic()
        phases: dict[str, int] = {}

        def mark(phase: str) -> None:
            phases[phase] = round((time.monotonic() - began) * 1000)

        options = self.options
        data_dir = options.data_dir
        credentials = LocalCredentials.for_data_dir(data_dir)
        tokens = TokenKey.for_data_dir(data_dir)

        from devstack.database import prepare_database
        from devstack.pollers import Every, logger

        # Each function's process imports the layer (the capture worker's launches Chromium)
        # while the database and the emulation start.
        functions = self.functions = function_processes(credentials.region, workers=options.workers)
        for function in functions:
            function.start()

        # PostgreSQL starts in a subprocess while this thread imports and starts moto.
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="db-start") as pool:
            database: Future[str] = pool.submit(prepare_database, data_dir)

            from devstack.gateway import Gateway
            from devstack.sigv4 import SigV4Verifier

            try:
                gateway = Gateway(
                    options.host,
                    options.port,
                    tokens=tokens,
                    webhooks=SigV4Verifier(credentials),
                    data_dir=data_dir,
                    handler_lock=self.handler_lock,
                )
            except OSError as exc:
                raise StartupError(f"cannot listen on {options.host}:{options.port}: {exc.strerror}") from None
            base_url = gateway.url_for(options.host)

            from devstack.emulation import Emulation
            from devstack.topology import queue_specs

            emulation = Emulation(data_dir, credentials)
            emulation.start()
            resources = emulation.provision(ARTIFACT_BUCKET, queue_specs())
            # Sign-in sessions live 5 minutes: the table is not snapshotted, a restart ends them.
            emulation.provision_signin_table(SIGNIN_TABLE)
            restored_objects, restored_messages = emulation.restore()
            mark("emulation_ms")
            try:
                database_url = database.result()
                mark("database_ms")
            except Exception as exc:
                emulation.stop()
                raise StartupError(f"the database could not be prepared: {type(exc).__name__}: {exc}") from exc

        environment = handler_environment(
            data_dir=data_dir,
            database_url=database_url,
            credentials=credentials,
            resources=resources,
            base_url=base_url,
            allow_private_targets=options.allow_private_targets,
        )
        apply_environment(environment)
        from devstack.localissuer import LocalIssuer

        issuer = LocalIssuer(data_dir, tokens, f"{base_url}/auth/callback")
        gateway.attach_issuer(issuer)
        threading.Thread(target=_warm_imports, name="warm-imports", daemon=True).start()

        gateway.start()
        for function in functions:
            function.configure(environment, **function_config(function.function, resources))
            if function.role == "invoke":
                gateway.attach_function(function.function, function.port)
        self.threads.append(Every("snapshot", SNAPSHOT_EVERY_S, lambda: emulation.snapshot(), self.stop_event))
        for thread in self.threads:
            thread.start()
        capture = next((f for f in functions if f.prepare == "browser"), None)
        for function in functions:
            if function is not capture and not function.ready.wait(FUNCTION_START_S):
                raise StartupError(f"the {function.function} function did not start")
            if function is not capture and function.failure:
                raise StartupError(f"the {function.function} function could not start: {function.failure}")

        mark("threads_ms")
        run_file = data_dir / "run.json"
        run_file.write_text(json.dumps({"pid": os.getpid(), "baseUrl": base_url, "awsEndpoint": resources.endpoint}))
        if capture is not None:
            if not capture.ready.wait(CHROMIUM_PROBE_S):
                say("pageport dev: Chromium is still starting; Page Imports wait for it.", sys.stderr)
            elif capture.failure:
                say(
                    "pageport dev: the capture worker is OFF: Chromium could not start "
                    f"({capture.failure}). Page Imports stay queued until it can; install Chromium "
                    "or set PAGEPORT_CHROMIUM to its path, then restart.",
                    sys.stderr,
                )
                logger.error("capture worker unavailable", extra={"reason": capture.failure})
        elif not options.workers:
            say("pageport dev: workers are off (--no-workers): messages stay queued.", sys.stderr)
        # Not "ready_…": the one stdout line containing "ready" is the banner below (api.md).
        mark("serving_ms")
        logger.info(
            "stack started",
            extra={
                "base_url": base_url,
                "aws_endpoint": resources.endpoint,
                "data_dir": str(data_dir),
                "restored_objects": restored_objects,
                "restored_messages": restored_messages,
                "allow_private_targets": options.allow_private_targets,
                "workers": options.workers,
                "startup": phases,
            },
        )
        say(f"pageport dev ready at {base_url} (data dir {data_dir})")

        while not self.stop_event.wait(0.5):
            pass

        started = time.monotonic()
        for function in functions:
            function.signal_stop()  # they drain at once, together
        deadline = started + DRAIN_S
        for thread in self.threads:
            thread.join(timeout=max(0.1, deadline - time.monotonic()))
        for function in functions:
            function.wait(deadline + FUNCTION_STOP_GRACE_S)
        gateway.stop()
        issuer.close()
        try:
            emulation.snapshot()
        except Exception:
            logger.exception("final snapshot failed; the previous one stays")
        emulation.stop()
        from pageport import db

        # A request still running past the drain keeps its connection; exit closes it anyway.
        if self.handler_lock.acquire(timeout=2):
            try:
                db.close_shared_connection()
            finally:
                self.handler_lock.release()
        run_file.unlink(missing_ok=True)
        logger.info("stack stopped", extra={"duration_ms": round((time.monotonic() - started) * 1000)})
        say("pageport dev stopped")
        return 0


def run_dev(options: DevOptions) -> int:
    try:
        return DevStack(options).run()
    except StartupError as exc:
        say(f"pageport dev: {exc}", sys.stderr)
        return 1
