"""Shared benchmark plumbing: a throwaway migrated PostgreSQL, medians, the result line."""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for entry in (ROOT / "layers" / "pageport" / "python", ROOT):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))


@contextmanager
def migrated_database() -> Iterator[str]:
    """`DATABASE_URL` when set (a fresh database in it), otherwise an embedded server."""
    import psycopg
    from pageport import db as pageport_db
    from pageport.migrations import apply_migrations

    embedded: Path | None = None
    server = os.environ.get("DATABASE_URL")
    if not server:
        embedded = Path(tempfile.mkdtemp(prefix="pageport-bench-pg-"))
        server = pageport_db.embedded_conninfo(embedded / "data")
    name = f"pageport_bench_{os.getpid()}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    info = psycopg.conninfo.conninfo_to_dict(server)
    info["dbname"] = name
    url = psycopg.conninfo.make_conninfo(**{k: str(v) for k, v in info.items() if v is not None})
    apply_migrations(url)
    os.environ["DATABASE_URL"] = url
    try:
        yield url
    finally:
        pageport_db.close_shared_connection()
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if embedded is not None:
            pageport_db.stop_embedded(embedded / "data")
            shutil.rmtree(embedded, ignore_errors=True)


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def median_of(action: Callable[[], object], runs: int, warmup: int = 2) -> float:
    for _ in range(warmup):
        action()
    return statistics.median(timed(action) for _ in range(runs))


def paired_medians(
    action: Callable[[], object], baseline: Callable[[], object], runs: int, warmup: int = 2
) -> tuple[float, float]:
    """Medians of `action` and `baseline`, sampled alternately so that drift in a shared
    machine's speed lands on both sides of the ratio rather than on one."""
    for _ in range(warmup):
        action()
        baseline()
    samples = [(timed(action), timed(baseline)) for _ in range(runs)]
    return statistics.median(a for a, _ in samples), statistics.median(b for _, b in samples)


def result(
    name: str, unit: str, median: float, baseline: str, baseline_median: float, goal: str, ratio: float | None = None
) -> dict[str, object]:
    return {
        "name": name,
        "unit": unit,
        "median": round(median, 6),
        "baseline": baseline,
        "baseline_median": round(baseline_median, 6),
        "ratio": round(ratio if ratio is not None else median / baseline_median, 3),
        "goal": goal,
    }


def emit(line: dict[str, object]) -> None:
    print(json.dumps(line), flush=True)


def stack_environment(home: Path) -> dict[str, str]:
    """This shell's environment without what would point a local stack elsewhere (as the e2e tests)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("AWS_", "PAGEPORT_", "POWERTOOLS_"))
        and key not in ("DATABASE_URL", "DB_HOST", "ARTIFACT_BUCKET")
        and not key.endswith(("_QUEUE_URL", "_WEBHOOK_URL"))
    }
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "layers" / "pageport" / "python"), str(ROOT)])
    env["HOME"] = str(home)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def wait_until_ready(process: subprocess.Popen[bytes], log: Path, timeout_s: float) -> str:
    """The base URL `pageport dev` prints in its ready line (written to `log`); exits the
    benchmark if the stack dies or is not ready in time."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        found = re.search(r"ready\b.*?(http://[\w.\[\]:]+)", log.read_text(errors="replace"))
        if found:
            return found[1]
        if process.poll() is not None:
            raise SystemExit(f"pageport dev exited:\n{log.read_text(errors='replace')[-3000:]}")
        time.sleep(0.1)
    raise SystemExit("pageport dev was not ready in time")
