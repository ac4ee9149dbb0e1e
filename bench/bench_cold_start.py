"""Cold-start import time of every Lambda handler module (functions/*/handler.py).

Each sample is a fresh interpreter that times only the import (perf_counter around
`import functions.<name>.handler`), so interpreter startup is excluded; the median of
--runs samples is compared with the same measurement of `from aws_lambda_powertools import
Logger` alone (the floor every handler pays). Goal: every handler <= 2x that baseline.

One warm-up import per module runs first so bytecode is cached, as it is in the Lambda layer
(infra/layer_build.py byte-compiles it). For the worst handler, `-X importtime` names the
heaviest imports. Last line: one JSON object for the worst handler.

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
    "SIGNIN_TABLE": "bench-signin",
    "SIGNIN_ISSUER_URL": "https://bench.auth.eu-west-1.amazoncognito.com",
    "SIGNIN_CLIENT_ID": "bench",
    "SIGNIN_REDIRECT_URI": "https://api.invalid/v1/auth/callback",
    # Powertools' Tracer is on only inside Lambda (this variable): it imports the X-Ray SDK and
    # patches botocore at INIT there, so the measurement includes that.
    "LAMBDA_TASK_ROOT": str(REPO),
}
_TIMER = "import time, sys; t = time.perf_counter(); {stmt}; sys.stdout.write(repr(time.perf_counter() - t))"


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


def sample(stmt: str, extra: dict[str, str] | None = None) -> float:
    """Seconds one fresh interpreter spends executing `stmt` (an import)."""
    result = subprocess.run(
        [sys.executable, "-c", _TIMER.format(stmt=stmt)],
        cwd=REPO,
        env=_env(extra),
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip().splitlines()[-1] if result.stderr else "failed")
    return float(result.stdout)


def median_ms(stmt: str, runs: int, extra: dict[str, str] | None = None) -> float:
    sample(stmt, extra)  # warm-up: writes bytecode caches
    return statistics.median(sample(stmt, extra) for _ in range(runs)) * 1000


def heaviest_imports(module: str, extra: dict[str, str], top: int = 6) -> list[tuple[str, float]]:
    """Packages by their own import time (ms, children excluded) from `python -X importtime`."""
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
        root = name.strip().split(".")[0]
        totals[root] = totals.get(root, 0.0) + int(own) / 1000
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

    baseline = median_ms(BASELINE, args.runs)
    print(f"baseline  {BASELINE!r}: median {baseline:.1f} ms over {args.runs} runs")
    for label, statement in LIBRARY_FLOORS.items():
        floor = median_ms(statement, args.runs)
        print(f"library   {label:<28} median {floor:7.1f} ms  ratio {floor / baseline:5.2f}  (alone)")
    results: dict[str, float] = {}
    for name in handlers:
        try:
            module, extra = functions[name]
            results[name] = median_ms(f"import {module}", args.runs, extra)
        except RuntimeError as error:
            print(f"handler   {name:<24} import failed: {error}")
            continue
        ratio = results[name] / baseline
        verdict = "ok" if ratio <= GOAL_RATIO else "OVER GOAL"
        print(f"handler   {name:<24} median {results[name]:7.1f} ms  ratio {ratio:5.2f}  {verdict}")
    if not results:
        raise SystemExit("no handler could be imported")

    worst = max(results, key=results.__getitem__)
    heavy = ", ".join(f"{pkg} {ms:.0f} ms" for pkg, ms in heaviest_imports(*functions[worst]))
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
