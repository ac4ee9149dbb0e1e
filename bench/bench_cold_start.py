"""Cold-start import time of every Lambda handler module (functions/*/handler.py), against
its own floor: the modules outside our code that its import loads, imported alone.

For each handler, a fresh interpreter imports it and records what the import added to
`sys.modules` that is not ours (not pageport.*, functions.*, devstack.*): the libraries it
stands on, down to the standard library modules they pull in. Importing exactly those, in
that order, in another fresh interpreter is its floor: what no handler built on them can
avoid. What the handler takes beyond it is our own INIT (our modules, the models and objects
they build at import). Goal: every handler <= 1.10x its floor.

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
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LOGGER = "from aws_lambda_powertools import Logger"
GOAL_RATIO = 1.1
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


def handler_against_floor(module: str, extra: dict[str, str], runs: int) -> tuple[float, float, int, list[str]]:
    """Median ms of the handler's import and of its floor, sampled alternately."""
    names = outside_modules(module, extra)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(names, handle)
    try:
        stmt = f"import {module}"
        sample(stmt, extra)  # warm-ups: bytecode caches
        _, failed = floor_sample(handle.name, extra)
        pairs = [(sample(stmt, extra), floor_sample(handle.name, extra)[0]) for _ in range(runs)]
    finally:
        Path(handle.name).unlink()
    own = statistics.median(a for a, _ in pairs) * 1000
    floor = statistics.median(b for _, b in pairs) * 1000
    return own, floor, len(names), failed


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
    results: dict[str, tuple[float, float, int]] = {}
    for name in handlers:
        module, extra = functions[name]
        try:
            own, floor, count, failed = handler_against_floor(module, extra, args.runs)
        except RuntimeError as error:
            print(f"handler   {name:<24} import failed: {error}")
            continue
        results[name] = (own, floor, count)
        ratio = own / floor
        verdict = "ok" if ratio <= GOAL_RATIO else "OVER GOAL"
        print(
            f"handler   {name:<24} median {own:7.1f} ms  floor {floor:7.1f} ms ({count} modules)"
            f"  ratio {ratio:5.3f}  {own / logger:5.2f}x Logger  {verdict}"
        )
        if failed:
            print(f"          not importable by name, left out of its floor: {', '.join(failed)}")
    if not results:
        raise SystemExit("no handler could be imported")

    worst = max(results, key=lambda name: results[name][0] / results[name][1])
    own, floor, count = results[worst]
    heavy = ", ".join(f"{mod} {ms:.1f} ms" for mod, ms in heaviest_own_modules(*functions[worst]))
    print(f"worst     {worst}: our heaviest modules (own import time, one run): {heavy}")
    print(
        json.dumps(
            {
                "name": f"cold_start_over_floor:{worst}",
                "unit": "ms",
                "median": round(own, 2),
                "baseline": f"its {count} outside modules imported alone",
                "baseline_median": round(floor, 2),
                "ratio": round(own / floor, 3),
                "goal": f"ratio <= {GOAL_RATIO:g}",
                "logger_median": round(logger, 2),
                "ratio_to_logger": round(own / logger, 3),
            }
        )
    )


if __name__ == "__main__":
    main()
