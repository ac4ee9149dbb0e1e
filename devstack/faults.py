"""Fault injection for the local stack's S3 and SQS: for a window, a share of the calls to a
service fails as the service fails under trouble (HTTP 503, its own error shape), so what AWS
does on a bad minute can be tried on one machine. Off unless switched on, per data dir:

    python -m devstack.faults s3 0.3 20 [--data-dir DIR]   # 30 % of S3 calls fail for 20 s
    python -m devstack.faults off

The switch is a file in the data dir (`faults.json`, service -> share and end time) that the
emulation reads on each call (through its modification time, so a call costs one stat). Every
failed call is logged with the service it hit.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from devstack.paths import resolve_data_dir

FAULTS_FILE = "faults.json"
SERVICES = ("s3", "sqs")
_S3_ERROR = (
    b"<?xml version='1.0' encoding='UTF-8'?><Error><Code>ServiceUnavailable</Code>"
    b"<Message>Injected by the local stack's fault switch.</Message></Error>"
)
_SQS_ERROR = json.dumps({"__type": "ServiceUnavailable", "message": "Injected by the local stack's fault switch."})

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
WsgiApp = Callable[[Environ, StartResponse], Iterable[bytes]]


def switch_on(data_dir: Path, service: str, share: float, seconds: float) -> None:
    """From now for `seconds`, a `share` (0-1) of the calls to `service` fail."""
    if service not in SERVICES or not 0 <= share <= 1 or seconds <= 0:
        raise ValueError(f"a service of {SERVICES}, a share from 0 to 1 and a positive duration")
    path = data_dir / FAULTS_FILE
    faults = _read(path)
    faults[service] = {"share": share, "until": time.time() + seconds}
    _write(path, faults)


def switch_off(data_dir: Path) -> None:
    _write(data_dir / FAULTS_FILE, {})


def _read(path: Path) -> dict[str, Any]:
    try:
        value = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def _write(path: Path, faults: dict[str, Any]) -> None:
    staged = path.with_suffix(".tmp")
    staged.write_text(json.dumps(faults))
    staged.replace(path)  # a reader sees the old switch or the new, never half of one


def service_of(environ: Environ) -> str | None:
    """The service a signed request is for: the scope in its SigV4 credential (".../s3/aws4_request")."""
    authorization = str(environ.get("HTTP_AUTHORIZATION", ""))
    scope = authorization.partition("Credential=")[2].split(",", 1)[0].split("/")
    return scope[3] if len(scope) >= 5 else None


class FaultInjector:
    """WSGI middleware in front of moto's app: a call to a switched-on service fails by chance."""

    def __init__(self, app: WsgiApp, data_dir: Path, log: Callable[[str], None]) -> None:
        self.app = app
        self.path = data_dir / FAULTS_FILE
        self.log = log
        self._lock = threading.Lock()
        self._seen_mtime: float | None = None
        self._faults: dict[str, Any] = {}

    def _current(self) -> dict[str, Any]:
        try:
            mtime = self.path.stat().st_mtime
        except OSError:
            return {}
        with self._lock:
            if mtime != self._seen_mtime:
                self._seen_mtime, self._faults = mtime, _read(self.path)
            return self._faults

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        service = service_of(environ)
        fault = self._current().get(service or "")
        if not isinstance(fault, dict) or time.time() >= float(fault.get("until", 0)):
            return self.app(environ, start_response)
        if random.random() >= float(fault.get("share", 0)):  # a fault's chance, not a secret
            return self.app(environ, start_response)
        self.log(str(service))
        body = _S3_ERROR if service == "s3" else _SQS_ERROR.encode()
        kind = "application/xml" if service == "s3" else "application/x-amz-json-1.0"
        start_response("503 Service Unavailable", [("Content-Type", kind), ("Content-Length", str(len(body)))])
        return [body]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m devstack.faults", description=__doc__.split("\n\n")[0])
    parser.add_argument("service", choices=[*SERVICES, "off"])
    parser.add_argument("share", type=float, nargs="?", default=0.3, help="the share of calls that fail (0-1)")
    parser.add_argument("seconds", type=float, nargs="?", default=30.0, help="for how long")
    parser.add_argument("--data-dir", default=None)
    args = parser.parse_args(argv)
    data_dir = resolve_data_dir(args.data_dir)
    if args.service == "off":
        switch_off(data_dir)
        print("faults off")
        return 0
    try:
        switch_on(data_dir, args.service, args.share, args.seconds)
    except ValueError as exc:
        parser.error(str(exc))
    print(f"{args.share:.0%} of {args.service} calls fail for {args.seconds:g} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
