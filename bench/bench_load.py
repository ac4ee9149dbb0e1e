"""Issue #23's load bar: `pageport dev --no-workers` under 20 concurrent clients, each creating
50-item page_import batches and polling their status for `--seconds` (default 120). Counts 5xx
answers (must be 0) and lost items (every created item must be listed by GET .../items), prints
p50/p99 of create and status latency, and ends with one JSON line: status p99 against status
p50 of the same run. Goal: ratio <= 5."""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import ROOT, emit, result, stack_environment, wait_until_ready

CLIENTS = 20
ITEMS = 50
POLLS_PER_BATCH = 5
READY_TIMEOUT_S = 120


class Stack:
    """`pageport dev --no-workers` on a throwaway data dir, as a subprocess."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.data_dir = root / "data"
        self.env = stack_environment(root)
        self.out = root / "dev.out"
        self.process: subprocess.Popen[bytes] | None = None
        self.base_url = ""

    def cli(self, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "devstack.cli", *args, "--data-dir", str(self.data_dir)],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        return done.stdout.strip()

    def start(self) -> None:
        command = [sys.executable, "-m", "devstack.cli", "dev", "--port", "0", "--no-workers"]
        with self.out.open("wb") as out:
            self.process = subprocess.Popen(
                [*command, "--data-dir", str(self.data_dir)],
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        self.base_url = wait_until_ready(self.process, self.out, READY_TIMEOUT_S)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    create_s: list[float] = field(default_factory=list)
    status_s: list[float] = field(default_factory=list)
    server_errors: list[str] = field(default_factory=list)
    other_failures: list[str] = field(default_factory=list)
    batches: list[str] = field(default_factory=list)


def call(base_url: str, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any, float]:
    request = urllib.request.Request(
        base_url + path,
        data=None if body is None else json.dumps(body).encode(),
        method=method,
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status, payload = response.status, response.read()
    except urllib.error.HTTPError as exc:
        status, payload = exc.code, exc.read()
    elapsed = time.perf_counter() - started
    try:
        parsed = json.loads(payload) if payload else None
    except ValueError:
        parsed = payload[:200]
    return status, parsed, elapsed


def client(n: int, base_url: str, project: int, token: str, until: float, tally: Tally) -> None:
    batches = f"/projects/{project}/page-batches"
    while time.monotonic() < until:
        batch_id = str(uuid.uuid4())
        requests = [
            {"url": f"https://example.com/load/{n}/{batch_id}/{k}", "viewport": {"width": 1440, "height": 900}}
            for k in range(ITEMS)
        ]
        try:
            status, body, elapsed = call(
                base_url, "POST", batches, token, {"id": batch_id, "type": "page_import", "requests": requests}
            )
        except OSError as exc:
            with tally.lock:
                tally.other_failures.append(f"create: {type(exc).__name__}")
            continue
        with tally.lock:
            tally.create_s.append(elapsed)
            if status >= 500:
                tally.server_errors.append(f"create {status}: {body}")
            elif status != 201:
                tally.other_failures.append(f"create {status}: {body}")
            else:
                tally.batches.append(batch_id)
        if status != 201:
            continue
        for _ in range(POLLS_PER_BATCH):
            if time.monotonic() >= until:
                break
            try:
                status, body, elapsed = call(base_url, "GET", f"{batches}/{batch_id}", token)
            except OSError as exc:
                with tally.lock:
                    tally.other_failures.append(f"status: {type(exc).__name__}")
                continue
            with tally.lock:
                tally.status_s.append(elapsed)
                if status >= 500:
                    tally.server_errors.append(f"status {status}: {body}")
                elif status != 200 or body["counts"]["total"] != ITEMS:
                    tally.other_failures.append(f"status {status}: {body}")


def lost_items(base_url: str, project: int, token: str, batch_ids: list[str], tally: Tally) -> int:
    """Items of created batches that GET .../items does not list (every position 0..49, once)."""
    lost = 0
    for batch_id in batch_ids:
        positions: list[int] = []
        cursor: str | None = None
        while True:
            query = "?limit=100" + (f"&cursor={cursor}" if cursor else "")
            status, body, _ = call(base_url, "GET", f"/projects/{project}/page-batches/{batch_id}/items{query}", token)
            if status >= 500:
                tally.server_errors.append(f"items {status}: {body}")
            if status != 200:
                break
            positions += [item["position"] for item in body["items"]]
            cursor = body.get("nextCursor")
            if not cursor:
                break
        lost += ITEMS - len(set(positions) & set(range(ITEMS)))
    return lost


def percentile(values: list[float], q: float) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[round(q) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=120.0, help="how long the clients run (default 120)")
    parser.add_argument("--clients", type=int, default=CLIENTS)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="pageport-bench-load-"))
    stack = Stack(root)
    try:
        stack.start()
        created = json.loads(
            stack.cli("admin", "create-project", "--org", "load", "--project", "load", "--member", "load")
        )
        project = int(created["projectId"])
        token = stack.cli("token", "load")
        tally = Tally()
        until = time.monotonic() + args.seconds
        threads = [
            threading.Thread(target=client, args=(n, stack.base_url, project, token, until, tally), name=f"client-{n}")
            for n in range(args.clients)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        lost = lost_items(stack.base_url, project, token, tally.batches, tally)
    finally:
        stack.stop()
        shutil.rmtree(root, ignore_errors=True)

    create_p50, create_p99 = percentile(tally.create_s, 50), percentile(tally.create_s, 99)
    status_p50, status_p99 = percentile(tally.status_s, 50), percentile(tally.status_s, 99)
    print(
        f"{args.clients} clients, {args.seconds:g} s: {len(tally.batches)} batches"
        f" ({len(tally.batches) * ITEMS} items), {len(tally.status_s)} status reads",
        flush=True,
    )
    print(f"create latency: p50 {create_p50 * 1000:.1f} ms, p99 {create_p99 * 1000:.1f} ms", flush=True)
    print(f"status latency: p50 {status_p50 * 1000:.1f} ms, p99 {status_p99 * 1000:.1f} ms", flush=True)
    print(
        f"5xx: {len(tally.server_errors)}, lost items: {lost}, other failures: {len(tally.other_failures)}",
        flush=True,
    )
    for problem in (tally.server_errors + tally.other_failures)[:5]:
        print(f"  e.g. {str(problem)[:300]}", flush=True)
    emit(
        result(
            "load_status_p99",
            "s",
            status_p99,
            "status p50 in the same run",
            status_p50,
            "ratio <= 5",
        )
    )
    if tally.server_errors or lost:
        sys.exit(1)


if __name__ == "__main__":
    main()
