"""Cold start of every Lambda handler module (functions/*/handler.py), against its own floor:
the modules outside our code that its import loads, imported alone. Two figures noise cannot
decide (issue #35), besides the plain wall time:

- allocations: in one fresh interpreter under tracemalloc, the floor is imported, then the
  handler (whose outside modules are loaded by then, so only ours load): the blocks our modules
  leave allocated, and the collections they trigger, against the floor's. Goal: our blocks <= 10 %
  of the outside modules'. Nearly deterministic (a first run after new bytecode caches can
  differ by a few thousand blocks), so the median of the runs is the figure.
- wall time with the collector's thresholds equal on both sides: each side imports with the
  cyclic collector off, so a collection that our extra allocations happen to trigger (or not)
  cannot decide the ratio. Goal: <= 1.15x.

For each handler, a fresh interpreter imports it and records what the import added to
`sys.modules` that is not ours (not pageport.*, functions.*, devstack.*): the libraries it
stands on, down to the standard library modules they pull in. Importing exactly those, in
that order, in another fresh interpreter is its floor: what no handler built on them can
avoid. What the handler takes beyond it is our own INIT (our modules, the models and objects
they build at import). The plain wall-time ratio (the bar this one replaced: <= 1.10x) is still
printed for reference; a gen-2 collection landing on one side moved it by +-0.3 run to run.

Each sample is a fresh interpreter that times only the import (perf_counter around it), so
interpreter startup is excluded; handler and floor are sampled alternately so that drift in a
shared machine's speed lands on both. `from aws_lambda_powertools import Logger` alone is
still printed for reference (the bar this one replaced), and each prescribed library alone.

One warm-up import per module runs first so bytecode is cached, as it is in the Lambda layer
(infra/layer_build.py byte-compiles it). For the worst handler, `-X importtime` names our
heaviest modules. Last line: one JSON object for the worst handler against its floor.

Every deployed function is measured, the per-kind workers and webhooks with their PAGEPORT_KIND.

Usage: .venv/bin/python bench/bench_cold_start.py [--runs 9] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LOGGER = "from aws_lambda_powertools import Logger"
GOAL_RATIO = 1.1  # the plain wall-time bar, printed for reference
ALLOCATION_GOAL = 0.10  # our modules' live blocks at INIT / the outside modules'
EQUAL_GC_WALL_GOAL = 1.15  # wall time with the collector off on both sides
OURS = ("pageport", "functions", "devstack")
# What the handlers are built on (the libraries the project prescribes), each imported alone:
# printed beside the handlers so a reader sees how much of the budget they take by themselves.
LIBRARY_FLOORS = {
    "Powertools REST resolver": "from aws_lambda_powertools.event_handler import APIGatewayRestResolver",
    "Powertools batch processing": "from aws_lambda_powertools.utilities.batch import BatchProcessor",
    "pydantic BaseModel": "from pydantic import BaseModel",
    "psycopg": "import psycopg",
}
# What the deployed functions see (infra/stack.py), so module-level settings code behaves.
LAMBDA_ENV = {
    "AWS_REGION": "eu-west-1",
    "AWS_DEFAULT_REGION": "eu-west-1",
    "POWERTOOLS_SERVICE_NAME": "pageport",
    "POWERTOOLS_METRICS_NAMESPACE": "Pageport",
    "LOG_LEVEL": "INFO",
    "PAGEPORT_STAGE": "bench",
    "ARTIFACT_BUCKET": "bench-artifacts",
    "DB_HOST": "proxy.invalid",
    "DB_PORT": "5432",
    "DB_NAME": "pageport",
    "DB_USER": "pageport_admin",
    "DB_IAM_AUTH": "true",
    "SIGNIN_TABLE": "bench-signin",
    "SIGNIN_ISSUER_URL": "https://bench.auth.eu-west-1.amazoncognito.com",
    "SIGNIN_CLIENT_ID": "bench",
    "SIGNIN_REDIRECT_URI": "https://api.invalid/v1/auth/callback",
    # Powertools' Tracer is on only inside Lambda (this variable): it imports the X-Ray SDK and
    # patches botocore at INIT there, so the measurement includes that.
    "LAMBDA_TASK_ROOT": str(REPO),
}
_TIMER = "import time, sys; t = time.perf_counter(); {stmt}; sys.stdout.write(repr(time.perf_counter() - t))"
# The same, with the cyclic collector off for the import (equal thresholds on both sides).
_TIMER_GC_OFF = "import gc; gc.disable(); " + _TIMER
# What a handler's import adds to sys.modules outside our code, in the order it was loaded.
_RECORD = """import json, sys
before = set(sys.modules)
import {module}
ours = {ours!r}
print(json.dumps([name for name, mod in list(sys.modules.items())
                  if name not in before and mod is not None and name.partition(".")[0] not in ours]))
"""
# Imports the recorded modules (a JSON list in the file named by argv[1]) and nothing else.
_FLOOR = """import importlib, json, sys, time
names = json.loads(open(sys.argv[1]).read())
failed = []
t = time.perf_counter()
for name in names:
    try:
        importlib.import_module(name)
    except Exception as exc:
        failed.append(f"{name}: {type(exc).__name__}")
elapsed = time.perf_counter() - t
sys.stdout.write(repr(elapsed))
sys.stderr.write(json.dumps(failed))
"""
_FLOOR_GC_OFF = "import gc; gc.disable()\n" + _FLOOR
# The floor (argv[1]) then the handler (argv[2]) in one interpreter under tracemalloc: the live
# blocks and the collections of each step.
_ALLOCATIONS = """import gc, importlib, json, sys, tracemalloc
names = json.loads(open(sys.argv[1]).read())
def blocks():
    return sum(stat.count for stat in tracemalloc.take_snapshot().statistics("filename"))
def collections():
    return sum(stat["collections"] for stat in gc.get_stats())
tracemalloc.start()
start = collections()
failed = []
for name in names:
    try:
        importlib.import_module(name)
    except Exception as exc:
        failed.append(f"{name}: {type(exc).__name__}")
outside, outside_gc = blocks(), collections() - start
start = collections()
importlib.import_module(sys.argv[2])
own, own_gc = blocks() - outside, collections() - start
print(json.dumps({"outside": outside, "outside_gc": outside_gc, "own": own, "own_gc": own_gc, "failed": failed}))
"""


def _kind_variables() -> dict[str, str]:
    """Each kind's queue and webhook URL (CDK sets the ones a function uses; all are harmless)."""
    sys.path.insert(0, str(REPO / "layers" / "pageport" / "python"))
    from pageport import kinds

    found = {kind.queue_url_variable: f"https://sqs.invalid/{kind.queue}" for kind in kinds.all_kinds()}
    found.update({k.webhook.url_variable: "https://webhook.invalid/" for k in kinds.all_kinds() if k.webhook})
    return found


def _functions() -> dict[str, tuple[str, dict[str, str]]]:
    """Every deployed function: its handler module and what its environment adds (a kind)."""
    from pageport.kinds import KIND_VARIABLE
    from pageport.routes import KIND_FUNCTIONS

    shared = {made.folder for made in KIND_FUNCTIONS.values()}
    found: dict[str, tuple[str, dict[str, str]]] = {
        p.parent.name: (f"functions.{p.parent.name}.handler", {})
        for p in (REPO / "functions").glob("*/handler.py")
        if p.parent.name not in shared
    }
    for name, made in KIND_FUNCTIONS.items():
        found[name] = (made.handler_module, {KIND_VARIABLE: made.kind})
    return dict(sorted(found.items()))


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AWS_", "PAGEPORT_", "DB_", "LAMBDA_"))}
    env.update(LAMBDA_ENV)
    env.update(_kind_variables())
    env.update(extra or {})
    env["PYTHONPATH"] = os.pathsep.join([str(REPO / "layers" / "pageport" / "python"), str(REPO)])
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _run(argv: list[str], extra: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, *argv], cwd=REPO, env=_env(extra), capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip().splitlines()[-1] if result.stderr else "failed")
    return result


def sample(stmt: str, extra: dict[str, str] | None = None) -> float:
    """Seconds one fresh interpreter spends executing `stmt` (an import)."""
    return float(_run(["-c", _TIMER.format(stmt=stmt)], extra).stdout)


def median_ms(stmt: str, runs: int, extra: dict[str, str] | None = None) -> float:
    sample(stmt, extra)  # warm-up: writes bytecode caches
    return statistics.median(sample(stmt, extra) for _ in range(runs)) * 1000


def outside_modules(module: str, extra: dict[str, str]) -> list[str]:
    """The modules outside our code that importing `module` loads, in load order."""
    names: list[str] = json.loads(_run(["-c", _RECORD.format(module=module, ours=OURS)], extra).stdout)
    return names


def floor_sample(names_file: str, extra: dict[str, str]) -> tuple[float, list[str]]:
    """Seconds one fresh interpreter spends importing the recorded modules alone, and any that
    could not be imported by name (reported, never silently part of the figure)."""
    result = _run(["-c", _FLOOR, names_file], extra)
    failed: list[str] = json.loads(result.stderr or "[]")
    return float(result.stdout), failed


@dataclass(frozen=True)
class Measured:
    own_ms: float  # wall time of the handler's import, and of its floor
    floor_ms: float
    own_off_ms: float  # the same with the cyclic collector off on both sides
    floor_off_ms: float
    own_blocks: int  # live blocks our modules leave at INIT, and the outside modules'
    outside_blocks: int
    own_gc: int  # collections during our modules' import, and during the outside modules'
    outside_gc: int
    modules: int
    failed: list[str]


def handler_against_floor(module: str, extra: dict[str, str], runs: int) -> Measured:
    """Medians of the handler's import and of its floor, every sample kind interleaved."""
    names = outside_modules(module, extra)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(names, handle)
    try:
        stmt = f"import {module}"
        sample(stmt, extra)  # warm-ups: bytecode caches
        _, failed = floor_sample(handle.name, extra)
        rows = [
            (
                sample(stmt, extra),
                floor_sample(handle.name, extra)[0],
                float(_run(["-c", _TIMER_GC_OFF.format(stmt=stmt)], extra).stdout),
                float(_run(["-c", _FLOOR_GC_OFF, handle.name], extra).stdout),
                json.loads(_run(["-c", _ALLOCATIONS, handle.name, module], extra).stdout),
            )
            for _ in range(runs)
        ]
    finally:
        Path(handle.name).unlink()

    def median(values: list[float]) -> float:
        return statistics.median(values)

    return Measured(
        own_ms=median([r[0] for r in rows]) * 1000,
        floor_ms=median([r[1] for r in rows]) * 1000,
        own_off_ms=median([r[2] for r in rows]) * 1000,
        floor_off_ms=median([r[3] for r in rows]) * 1000,
        own_blocks=round(median([r[4]["own"] for r in rows])),
        outside_blocks=round(median([r[4]["outside"] for r in rows])),
        own_gc=round(median([r[4]["own_gc"] for r in rows])),
        outside_gc=round(median([r[4]["outside_gc"] for r in rows])),
        modules=len(names),
        # What the floor could not import by name: reported by both kinds of sample, shown once.
        failed=sorted({*failed, *(f for r in rows for f in r[4]["failed"])}),
    )


def heaviest_own_modules(module: str, extra: dict[str, str], top: int = 8) -> list[tuple[str, float]]:
    """Our modules by their own import time (ms, children excluded) from `python -X importtime`."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        cwd=REPO,
        env=_env(extra),
        capture_output=True,
        text=True,
        check=False,
    )
    totals: dict[str, float] = {}
    for line in result.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        own, _, name = line.split(":", 1)[1].split("|")
        name = name.strip()
        if name.partition(".")[0] in OURS:
            totals[name] = totals.get(name, 0.0) + int(own) / 1000
    return sorted(totals.items(), key=lambda kv: kv[1], reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--only", nargs="*", help="handler folder names (default: all)")
    args = parser.parse_args()

    functions = _functions()
    handlers = [name for name in functions if not args.only or name in set(args.only)]
    if not handlers:
        raise SystemExit("no function matched")

    logger = median_ms(LOGGER, args.runs)
    print(f"reference {LOGGER!r}: median {logger:.1f} ms over {args.runs} runs")
    for label, statement in LIBRARY_FLOORS.items():
        alone = median_ms(statement, args.runs)
        print(f"library   {label:<28} median {alone:7.1f} ms  {alone / logger:5.2f}x Logger  (alone)")
    results: dict[str, Measured] = {}
    for name in handlers:
        module, extra = functions[name]
        try:
            measured = handler_against_floor(module, extra, args.runs)
        except RuntimeError as error:
            print(f"handler   {name:<24} import failed: {error}")
            continue
        results[name] = m = measured
        share, wall_off = m.own_blocks / m.outside_blocks, m.own_off_ms / m.floor_off_ms
        verdict = "ok" if share <= ALLOCATION_GOAL and wall_off <= EQUAL_GC_WALL_GOAL else "OVER GOAL"
        print(
            f"handler   {name:<24} own blocks {m.own_blocks:6d} of {m.outside_blocks:7d} ({share:6.1%}), "
            f"gc {m.own_gc}/{m.outside_gc}  wall {m.own_ms:6.1f}/{m.floor_ms:6.1f} ms = {m.own_ms / m.floor_ms:5.3f}  "
            f"gc off {m.own_off_ms:6.1f}/{m.floor_off_ms:6.1f} ms = {wall_off:5.3f}  {m.own_ms / logger:5.2f}x Logger  "
            f"{verdict}"
        )
        if m.failed:
            print(f"          not importable by name, left out of its floor: {', '.join(m.failed)}")
    if not results:
        raise SystemExit("no handler could be imported")

    worst = max(results, key=lambda name: results[name].own_blocks / results[name].outside_blocks)
    slowest = max(results, key=lambda name: results[name].own_off_ms / results[name].floor_off_ms)
    m, s = results[worst], results[slowest]
    heavy = ", ".join(f"{mod} {ms:.1f} ms" for mod, ms in heaviest_own_modules(*functions[worst]))
    print(f"worst     {worst}: our heaviest modules (own import time, one run): {heavy}")
    print(
        json.dumps(
            {
                "name": f"cold_start_own_allocations:{worst}",
                "unit": "live blocks at INIT",
                "median": m.own_blocks,
                "baseline": f"its {m.modules} outside modules' blocks",
                "baseline_median": m.outside_blocks,
                "ratio": round(m.own_blocks / m.outside_blocks, 4),
                "goal": f"ratio <= {ALLOCATION_GOAL:g}",
                "own_collections": m.own_gc,
                "outside_collections": m.outside_gc,
                "wall_gc_off_worst": slowest,
                "wall_gc_off_ratio": round(s.own_off_ms / s.floor_off_ms, 3),
                "wall_gc_off_goal": f"ratio <= {EQUAL_GC_WALL_GOAL:g}",
                "wall_ratio_worst_plain": round(max(r.own_ms / r.floor_ms for r in results.values()), 3),
                "logger_median": round(logger, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
