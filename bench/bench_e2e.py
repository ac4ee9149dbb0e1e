"""Our own overhead end to end: a page imported through the local stack against the same
capture and conversion called directly in this process.

    .venv/bin/python bench/bench_e2e.py [--runs N] [--batch-runs N] [--batch-size N] [--large-batch N]

Through the stack (`pageport dev`, a subprocess, workers on, private targets allowed; each
worker and webhook in a process of its own, as on Lambda): create a
Page Import -> (fast-path dispatch or the dispatcher) -> SQS -> capture worker -> webhook ->
create a Code2Des -> convert worker -> webhook -> GET the result, polled as a client would.
Directly: `capture_page` in a warm Chromium, then `convert_capture` on its bundle. Both load
tests/e2e/site from a loopback HTTP server in this process. Samples alternate (paired
medians) after a warm-up, so machine drift lands on both sides.

Then a batch of N pages (POST /page-batches) against the same N pages captured directly with
the stack's capture concurrency (one capture poller: one at a time). Last, one batch of
`--large-batch` pages (100) with no baseline, to show where the time goes at that size.

Prints where the time goes (from the stack's structured logs: gateway request durations,
the pollers' "batch received"/"batch done" lines, the workers' "capture/conversion succeeded"
lines; plus, as a diagnostic outside the ratio, the direct capture behind the worker's SSRF
guard), then as the LAST line one JSON object with the single-page ratio and
`batch_ratio`/`batch_goal`. A batch's "last done -> client sees it" may be negative: the
webhook completes the item before the poller logs "batch done". About 3.5 minutes on 2 cores.
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
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any

from common import ROOT, emit, result, stack_environment, wait_until_ready
from stack_timeline import batch_breakdown, large_batch_breakdown, single_breakdown

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
    parser.add_argument("--large-batch", type=int, default=100, help="pages in the where-the-time-goes batch (0: none)")
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
                single_breakdown(stack.records(), through.marks, direct_samples, guarded)
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
                batch_breakdown(stack.records(), batches)
                batch, batch_base = statistics.median(b_e2e), statistics.median(b_base)
                print(
                    f"batch of {len(urls)}: stack {batch:.3f} s, direct {batch_base:.3f} s, "
                    f"ratio {batch / batch_base:.2f}"
                )
                if args.large_batch:  # where the time goes at scale: one run, no baseline
                    many = [f"{site}/{PAGES[i % len(PAGES)]}?large={i}" for i in range(args.large_batch)]
                    run = through.batch(many)
                    large_batch_breakdown(stack.records(), run, len(many))
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
