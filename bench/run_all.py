"""`make bench`: run every bench/bench_*.py in its own interpreter and collect the last line
of each (one JSON result). Exits non-zero if a benchmark crashed; goals are reported, not
asserted (a bar missed is a finding, not a broken build)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    results: list[dict[str, object]] = []
    crashed: list[str] = []
    only = set(sys.argv[1:])
    for script in sorted(HERE.glob("bench_*.py")):
        if only and script.stem not in only:
            continue
        print(f"== {script.name}", flush=True)
        proc = subprocess.run([sys.executable, str(script)], cwd=HERE, capture_output=True, text=True, check=False)
        lines = [line for line in proc.stdout.splitlines() if line.strip()]
        for line in lines:
            if line.startswith("{"):
                print(line, flush=True)
        if proc.returncode != 0 or not lines or not lines[-1].startswith("{"):
            crashed.append(script.name)
            print(proc.stderr[-2000:], file=sys.stderr)
            continue
        results.append(json.loads(lines[-1]))
    print("== summary")
    for item in results:
        print(
            f"{item['name']}: median {item['median']} {item['unit']} vs {item['baseline_median']} "
            f"({item['baseline']}), ratio {item['ratio']}, goal {item['goal']}"
        )
    if crashed:
        print("crashed: " + ", ".join(crashed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
