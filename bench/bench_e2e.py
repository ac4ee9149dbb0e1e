"""Our own overhead end to end: a page imported through the local stack against the same
capture and conversion called directly in this process.

    .venv/bin/python bench/bench_e2e.py [--runs N] [--batch-runs N] [--batch-size N]

Through the stack (`pageport dev`, a subprocess, workers on, private targets allowed): create a
Page Import -> (fast-path dispatch or the dispatcher) -> SQS -> capture worker -> webhook ->
create a Code2Des -> convert worker -> webhook -> GET the result, polled as a client would.
Directly: `capture_page` in a warm Chromium, then `convert_capture` on its bundle. Both load
tests/e2e/site from a loopback HTTP server in this process. Samples alternate (paired
medians) after a warm-up, so machine drift lands on both sides.

Then a batch of N pages (POST /page-batches) against the same N pages captured directly with
the stack's capture concurrency (one capture poller: one at a time).

Prints where the time goes (from the stack's structured logs: gateway request durations,
the pollers' "batch received"/"batch done" lines, the workers' "capture/conversion succeeded"
lines; plus, as a diagnostic outside the ratio, the direct capture behind the worker's SSRF
guard), then as the LAST line one JSON object with the single-page ratio and
`batch_ratio`/`batch_goal`. A batch's "last done -> client sees it" may be negative: the
webhook completes the item before the poller logs "batch done". About 2.5 minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import functools
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any

from common import ROOT, emit, result, stack_environment, wait_until_ready

if TYPE_CHECKING:
    from pageport.netguard.proxy import EgressProxy
    from playwright.sync_api import Browser

SITE_DIR = ROOT / "tests" / "e2e" / "site"
PAGES = ("index.html", "about.html", "pricing.html", "gallery.html")
VIEWPORT = {"width": 1024, "height": 768}
POLL_S = 0.05  # the client polling interval: frequent polls would load the stack they measure
READY_TIMEOUT_S = 120
JOB_TIMEOUT_S = 120


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve_site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(SITE_DIR)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class Stack:
    """One `pageport dev` subprocess on a throwaway data dir, driven over HTTP."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.data = root / "data"
        self.home = root / "home"
        self.data.mkdir()
        self.home.mkdir()
        self.out = root / "dev.out"
        self.process: subprocess.Popen[bytes] | None = None
        self.base_url = ""
        self.token = ""
        self.project = ""
        self._offset = 0
        self._records: list[dict[str, Any]] = []

    def start(self) -> None:
        command = [sys.executable, "-m", "devstack.cli", "dev", "--port", "0", "--data-dir", str(self.data)]
        with self.out.open("wb") as out:
            self.process = subprocess.Popen(
                [*command, "--allow-private-targets"],
                cwd=ROOT,
                env=stack_environment(self.home),
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        self.base_url = wait_until_ready(self.process, self.out, READY_TIMEOUT_S)
        tenant = json.loads(self._cli("admin", "create-project", "--org", "Bench", "--project", "E2E", "--member", "b"))
        self.project = f"/projects/{tenant['projectId']}"
        self.token = self._cli("token", "b").strip()

    @property
    def pid(self) -> int:
        return self.process.pid if self.process is not None else 0

    def _cli(self, *args: str) -> str:
        env = stack_environment(self.home) | {"PAGEPORT_DATA_DIR": str(self.data)}
        done = subprocess.run(
            [sys.executable, "-m", "devstack.cli", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            raise SystemExit(f"pageport {args[0]} failed: {done.stderr}")
        return done.stdout

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def call(self, method: str, path: str, body: Any = None) -> Any:
        request = urllib.request.Request(
            self.base_url + self.project + path,
            data=None if body is None else json.dumps(body).encode(),
            method=method,
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {self.token}"},
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            raise SystemExit(f"{method} {path}: HTTP {exc.code} {exc.read()[:500]!r}") from None

    def wait(self, path: str, done: Callable[[Any], bool]) -> Any:
        deadline = time.monotonic() + JOB_TIMEOUT_S
        while True:
            value = self.call("GET", path)
            if done(value):
                return value
            if time.monotonic() > deadline:
                raise SystemExit(f"timed out on {path}: {value}\n{self.out.read_text(errors='replace')[-4000:]}")
            time.sleep(POLL_S)

    def records(self) -> list[dict[str, Any]]:
        """The stack's structured log lines so far (read incrementally)."""
        with self.out.open("rb") as handle:
            handle.seek(self._offset)
            chunk = handle.read()
        complete = chunk[: chunk.rfind(b"\n") + 1]
        self._offset += len(complete)
        for line in complete.decode(errors="replace").splitlines():
            if line.startswith("{"):
                try:
                    self._records.append(json.loads(line))
                except ValueError:
                    continue
        return self._records


def _when(record: dict[str, Any]) -> float:
    """A Powertools timestamp ("2026-12-02 06:40:47,123+0000") as epoch seconds."""
    return datetime.strptime(record["timestamp"], "%Y-%m-%d %H:%M:%S,%f%z").timestamp()


# ---------------------------------------------------------------------------- the two sides
class Direct:
    """capture_page and convert_capture in this process, one warm Chromium."""

    def __init__(self, home: str) -> None:
        from playwright.sync_api import sync_playwright

        from tests.chromium.capture.site import launch_kwargs

        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(**launch_kwargs(home))
        self.last: dict[str, float] = {}
        self.guarded: Browser | None = None
        self.launch_proxy: EgressProxy | None = None

    def import_page(self, url: str) -> None:
        from pageport.capture.capture import CaptureRequest, capture_page
        from pageport.convert import convert_capture

        began = time.perf_counter()
        bundle = capture_page(CaptureRequest(url, VIEWPORT["width"], VIEWPORT["height"], 1), browser=self.browser)
        captured = time.perf_counter()
        convert_capture(bundle.capture_json, bundle.assets)
        self.last = {"capture": captured - began, "convert": time.perf_counter() - captured}

    def capture(self, url: str) -> None:
        from pageport.capture.capture import CaptureRequest, capture_page

        capture_page(CaptureRequest(url, VIEWPORT["width"], VIEWPORT["height"], 1), browser=self.browser)

    def guarded_capture(self, url: str) -> float:
        """For the breakdown only: the capture as the worker runs it (its SSRF guard: an egress
        proxy per job, the context's route check, a browser launched behind a proxy)."""
        from pageport.capture.browser_env import browser_environment
        from pageport.capture.capture import CaptureRequest, capture_page
        from pageport.netguard.chromium import chromium_launch_kwargs, guard_context, new_guarded_context_kwargs
        from pageport.netguard.policy import BlockedRequest, TargetPolicy
        from pageport.netguard.proxy import EgressProxy

        if self.guarded is None:  # launched as kinds/page_import/job.py's warm_browser does
            self.launch_proxy = EgressProxy(TargetPolicy(allow_private=False)).start()
            self.guarded = self.playwright.chromium.launch(
                **chromium_launch_kwargs(self.launch_proxy.url), env=browser_environment()
            )
        blocked: list[BlockedRequest] = []
        began = time.perf_counter()
        with EgressProxy(TargetPolicy(allow_private=True)) as proxy:
            capture_page(
                CaptureRequest(url, VIEWPORT["width"], VIEWPORT["height"], 1),
                browser=self.guarded,
                context_kwargs=new_guarded_context_kwargs(proxy.url),
                on_context=lambda context: guard_context(context, blocked),
            )
        return time.perf_counter() - began

    def close(self) -> None:
        if self.guarded is not None and self.launch_proxy is not None:
            self.guarded.close()
            self.launch_proxy.close()
        self.browser.close()
        self.playwright.stop()


class ThroughStack:
    def __init__(self, stack: Stack) -> None:
        self.stack = stack
        self.marks: list[dict[str, Any]] = []

    def import_page(self, url: str) -> None:
        stack = self.stack
        t0 = time.time()
        created = stack.call("POST", "/page-imports", {"url": url, "viewport": VIEWPORT})
        t1 = time.time()
        imported = stack.wait(f"/page-imports/{created['pageImportId']}", lambda job: job["status"] != "0")
        t2 = time.time()
        if imported["status"] != "1":
            raise SystemExit(f"the Page Import failed: {imported}")
        body = {"pageImportId": created["pageImportId"], "figmaFileKey": "bench", "screenId": "bench"}
        code2des = stack.call("POST", "/code2des", body)
        t3 = time.time()
        converted = stack.wait(f"/code2des/{code2des['code2desId']}", lambda job: job["status"] != "0")
        t4 = time.time()
        if converted["status"] != "1":
            raise SystemExit(f"the Code2Des failed: {converted}")
        stack.call("GET", f"/code2des/{code2des['code2desId']}/result")
        t5 = time.time()
        self.marks.append(
            {
                "page_import_id": created["pageImportId"],
                "code2des_id": code2des["code2desId"],
                "t": (t0, t1, t2, t3, t4, t5),
            }
        )

    def batch(self, urls: list[str]) -> dict[str, Any]:
        body = {
            "id": str(uuid.uuid4()),
            "type": "page_import",
            "requests": [{"url": u, "viewport": VIEWPORT} for u in urls],
        }
        t0 = time.time()
        created = self.stack.call("POST", "/page-batches", body)
        t1 = time.time()
        finished = self.stack.wait(f"/page-batches/{created['id']}", lambda b: b["counts"]["processing"] == 0)
        t2 = time.time()
        if finished["counts"]["completed"] != len(urls):
            raise SystemExit(f"the batch did not complete: {finished}")
        return {"id": created["id"], "t": (t0, t1, t2)}


# ---------------------------------------------------------------------------- where the time goes
def _worker_lines(records: list[dict[str, Any]], function: str, key: str) -> dict[str, dict[str, dict[str, Any]]]:
    """job id -> {"received": record, "done": record} for one worker."""
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for record in records:
        if record.get("function") != function or record.get("message") not in ("batch received", "batch done"):
            continue
        for job in record.get("jobs", []):
            if key in job:
                found.setdefault(str(job[key]), {})[record["message"].split()[1]] = record
    return found


def _requests(records: list[dict[str, Any]], needle: str) -> list[dict[str, Any]]:
    return [r for r in records if r.get("message") == "request" and needle in str(r.get("path", ""))]


def _route(method: str, path: str) -> str | None:
    """The client route of a gateway request path (ids dropped), for the single-page rows."""
    parts = path.split("/")[3:]  # after /projects/{id}
    if not parts or parts[0] not in ("page-imports", "code2des"):
        return None
    shape = "/".join([parts[0], *("{id}" if i == 1 else p for i, p in enumerate(parts[1:], 1))])
    return f"{method} {shape}"


def single_breakdown(
    stack: Stack, marks: list[dict[str, Any]], direct: list[dict[str, float]], guarded: list[float]
) -> None:
    records = stack.records()
    captures = _worker_lines(records, "capture_worker", "page_import_id")
    converts = _worker_lines(records, "convert_worker", "code2des_id")
    webhooks = {k: _requests(records, f"/_webhooks/{k}") for k in ("page-imports", "code2des")}
    succeeded = {
        str(r.get("page_import_id") or r.get("code2des_id")): _when(r)
        for r in records
        if r.get("message") in ("capture succeeded", "conversion succeeded")
    }
    rows: dict[str, list[float]] = {}

    def add(name: str, seconds: float) -> None:
        rows.setdefault(name, []).append(seconds * 1000)

    for mark in marks:
        t0, t1, t2, t3, t4, t5 = mark["t"]
        cap, conv = captures.get(mark["page_import_id"], {}), converts.get(mark["code2des_id"], {})
        if not {"received", "done"} <= cap.keys() | set() or not {"received", "done"} <= conv.keys():
            continue
        add("create Page Import (HTTP, DB, send)", t1 - t0)
        add("capture message picked up (from POST)", _when(cap["received"]) - t0)
        add("capture worker (incl. S3, webhook)", cap["done"]["duration_ms"] / 1000)
        if (ok := succeeded.get(mark["page_import_id"])) is not None:
            add("  received -> captured (store, capture)", ok - _when(cap["received"]))
            add("  captured -> done (S3 writes, webhook)", _when(cap["done"]) - ok)
        add("capture done -> client sees it", t2 - _when(cap["done"]))
        add("create Code2Des (HTTP, DB, send)", t3 - t2)
        add("convert message picked up (from POST)", _when(conv["received"]) - t2)
        add("convert worker (incl. S3, webhook)", conv["done"]["duration_ms"] / 1000)
        if (ok := succeeded.get(mark["code2des_id"])) is not None:
            add("  received -> converted (store, S3 reads)", ok - _when(conv["received"]))
            add("  converted -> done (S3 writes, webhook)", _when(conv["done"]) - ok)
        add("convert done -> client sees it", t4 - _when(conv["done"]))
        add("GET result", t5 - t4)
        add("total through the stack", t5 - t0)
    for kind, lines in webhooks.items():
        for line in lines:
            add(f"  webhook {kind} (HTTP, verify, DB)", line["duration_ms"] / 1000)
    # The gateway's own time for each client request (the client's figures above add the wire).
    first = min((mark["t"][0] for mark in marks), default=0.0)
    for record in records:
        if record.get("message") != "request" or _when(record) < first or "/_webhooks/" in str(record.get("path")):
            continue
        if (route := _route(str(record.get("http_method")), str(record.get("path", "")))) is not None:
            add(f"  gateway {route}", record["duration_ms"] / 1000)
    for sample in direct:
        add("  direct capture_page", sample["capture"])
        add("  direct convert_capture", sample["convert"])
        add("  direct total", sample["capture"] + sample["convert"])
    for seconds in guarded:
        add("  direct capture behind the SSRF guard", seconds)
    print("single page, where the time goes (median ms over the measured runs; the timestamps")
    print("are the client's and the stack's log lines, which round to the millisecond):")
    for name, values in rows.items():
        print(f"  {name:<44} {statistics.median(values):>9.1f}")


def batch_breakdown(stack: Stack, runs: list[dict[str, Any]]) -> None:
    records = stack.records()
    received = [r for r in records if r.get("function") == "capture_worker" and r.get("message") == "batch received"]
    done = [r for r in records if r.get("function") == "capture_worker" and r.get("message") == "batch done"]
    dispatches = [r for r in records if r.get("message") == "dispatch run"]
    print("batch, where the time goes (per run):")
    for run in runs:
        t0, t1, t2 = run["t"]
        mine = [r for r in received if t0 <= _when(r) <= t2 + 1]
        finished = [r for r in done if t0 <= _when(r) <= t2 + 1]
        if not mine or not finished:
            continue
        work = sum(r["duration_ms"] for r in finished) / 1000
        first, last = min(map(_when, mine)), max(map(_when, finished))
        gaps = sorted(_when(r) for r in mine)
        ends = sorted(_when(r) for r in finished)
        idle = [start - end for start, end in zip(gaps[1:], ends[:-1], strict=False)]
        sent = sum(r.get("sent", 0) for r in dispatches if t0 <= _when(r) <= t2)
        print(
            f"  total {t2 - t0:6.2f} s: create {1000 * (t1 - t0):6.1f} ms, first message picked up after "
            f"{1000 * (first - t1):6.1f} ms, {len(finished)} worker runs {work:6.2f} s "
            f"(median {statistics.median(r['duration_ms'] for r in finished):6.1f} ms), idle between messages "
            f"median {1000 * statistics.median(idle or [0]):5.1f} ms, last done -> client sees the batch "
            f"{1000 * (t2 - last):6.1f} ms; scheduled dispatcher sent {sent}"
        )


# ---------------------------------------------------------------------------- main
def paired(action: Callable[[], object], baseline: Callable[[], object], runs: int) -> tuple[list[float], list[float]]:
    samples = []
    for _ in range(runs):
        began = time.perf_counter()
        action()
        middle = time.perf_counter()
        baseline()
        samples.append((middle - began, time.perf_counter() - middle))
    return [a for a, _ in samples], [b for _, b in samples]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7, help="single-page samples per side")
    parser.add_argument("--batch-runs", type=int, default=3, help="batch samples per side")
    parser.add_argument("--batch-size", type=int, default=20)
    args = parser.parse_args()

    root = Path(tempfile.mkdtemp(prefix="pageport-bench-e2e-"))
    stack = Stack(root)
    began = time.monotonic()
    try:
        with serve_site() as site:
            stack.start()
            print(f"stack ready in {time.monotonic() - began:.1f} s (pid {stack.pid})", flush=True)
            direct = Direct(str(stack.home))
            through = ThroughStack(stack)
            try:
                url = f"{site}/index.html"
                for _ in range(2):  # warm-up: first navigation, imports, connections on both sides
                    through.import_page(url)
                    direct.import_page(url)
                through.marks.clear()
                direct_samples: list[dict[str, float]] = []

                def direct_single() -> None:
                    direct.import_page(url)
                    direct_samples.append(direct.last)

                for _ in range(2):  # warm the guarded browser too (the breakdown's diagnostic)
                    direct.guarded_capture(url)

                e2e, base = paired(lambda: through.import_page(url), direct_single, args.runs)
                guarded = [direct.guarded_capture(url) for _ in range(args.runs)]
                single_breakdown(stack, through.marks, direct_samples, guarded)
                single, single_base = statistics.median(e2e), statistics.median(base)
                print(
                    f"single page: stack {single:.3f} s, direct {single_base:.3f} s, ratio {single / single_base:.2f}"
                )

                urls = [f"{site}/{PAGES[i % len(PAGES)]}?n={i}" for i in range(args.batch_size)]
                batches: list[dict[str, Any]] = []

                def direct_batch() -> None:
                    for page in urls:  # the stack's capture concurrency: one poller, one at a time
                        direct.capture(page)

                b_e2e, b_base = paired(lambda: batches.append(through.batch(urls)), direct_batch, args.batch_runs)
                batch_breakdown(stack, batches)
                batch, batch_base = statistics.median(b_e2e), statistics.median(b_base)
                print(
                    f"batch of {len(urls)}: stack {batch:.3f} s, direct {batch_base:.3f} s, "
                    f"ratio {batch / batch_base:.2f}"
                )
            finally:
                direct.close()
    finally:
        stack.stop()
        shutil.rmtree(root, ignore_errors=True)
    print(f"bench took {time.monotonic() - began:.0f} s")
    line = result(
        "e2e_single_page_import", "s", single, "capture_page + convert_capture in process", single_base, "ratio <= 1.5"
    )
    line.update(
        batch_median=round(batch, 6),
        batch_baseline_median=round(batch_base, 6),
        batch_ratio=round(batch / batch_base, 3),
        batch_goal="ratio <= 1.3",
    )
    emit(line)


if __name__ == "__main__":
    main()
