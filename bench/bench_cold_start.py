"""Cold-start import time of every Lambda handler module (functions/*/handler.py).

Each sample is a fresh interpreter that times only the import (perf_counter around
`import functions.<name>.handler`), so interpreter startup is excluded; the median of
--runs samples is compared with the same measurement of `from aws_lambda_powertools import
Logger` alone (the floor every handler pays). Goal: every handler <= 2x that baseline.

One warm-up import per module runs first so bytecode is cached, as it is in the Lambda layer
(infra/layer_build.py byte-compiles it). For the worst handler, `-X importtime` names the
heaviest imports. Last line: one JSON object for the worst handler.

Usage: .venv/bin/python bench/bench_cold_start.py [--runs 9] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BASELINE = "from aws_lambda_powertools import Logger"
GOAL_RATIO = 2.0
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
}
_TIMER = "import time, sys; t = time.perf_counter(); {stmt}; sys.stdout.write(repr(time.perf_counter() - t))"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AWS_", "PAGEPORT_", "DB_"))}
    env.update(LAMBDA_ENV)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO / "layers" / "pageport" / "python"), str(REPO)])
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def sample(stmt: str) -> float:
    """Seconds one fresh interpreter spends executing `stmt` (an import)."""
    result = subprocess.run(
        [sys.executable, "-c", _TIMER.format(stmt=stmt)],
        cwd=REPO,
        env=_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip().splitlines()[-1] if result.stderr else "failed")
    return float(result.stdout)


def median_ms(stmt: str, runs: int) -> float:
    sample(stmt)  # warm-up: writes bytecode caches
    return statistics.median(sample(stmt) for _ in range(runs)) * 1000


def heaviest_imports(module: str, top: int = 6) -> list[tuple[str, float]]:
    """Packages by their own import time (ms, children excluded) from `python -X importtime`."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        cwd=REPO,
        env=_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    totals: dict[str, float] = {}
    for line in result.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        own, _, name = line.split(":", 1)[1].split("|")
        root = name.strip().split(".")[0]
        totals[root] = totals.get(root, 0.0) + int(own) / 1000
    return sorted(totals.items(), key=lambda kv: kv[1], reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--only", nargs="*", help="handler folder names (default: all)")
    args = parser.parse_args()

    handlers = sorted(p.parent.name for p in (REPO / "functions").glob("*/handler.py"))
    if args.only:
        handlers = [h for h in handlers if h in set(args.only)]
    if not handlers:
        raise SystemExit("no functions/*/handler.py found")

    baseline = median_ms(BASELINE, args.runs)
    print(f"baseline  {BASELINE!r}: median {baseline:.1f} ms over {args.runs} runs")
    for label, statement in LIBRARY_FLOORS.items():
        floor = median_ms(statement, args.runs)
        print(f"library   {label:<28} median {floor:7.1f} ms  ratio {floor / baseline:5.2f}  (alone)")
    results: dict[str, float] = {}
    for name in handlers:
        try:
            results[name] = median_ms(f"import functions.{name}.handler", args.runs)
        except RuntimeError as error:
            print(f"handler   {name:<24} import failed: {error}")
            continue
        ratio = results[name] / baseline
        verdict = "ok" if ratio <= GOAL_RATIO else "OVER GOAL"
        print(f"handler   {name:<24} median {results[name]:7.1f} ms  ratio {ratio:5.2f}  {verdict}")
    if not results:
        raise SystemExit("no handler could be imported")

    worst = max(results, key=results.__getitem__)
    heavy = ", ".join(f"{pkg} {ms:.0f} ms" for pkg, ms in heaviest_imports(f"functions.{worst}.handler"))
    print(f"worst     {worst}: heaviest packages (own import time, one run): {heavy}")
    print(
        json.dumps(
            {
                "name": f"cold_start_import:{worst}",
                "unit": "ms",
                "median": round(results[worst], 2),
                "baseline": BASELINE,
                "baseline_median": round(baseline, 2),
                "ratio": round(results[worst] / baseline, 3),
                "goal": f"ratio <= {GOAL_RATIO:g}",
            }
        )
    )


if __name__ == "__main__":
    main()
