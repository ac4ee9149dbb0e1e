"""Placement speed (issue #35): each plugin result fixture (plugin/test/fixtures/results, made by
our converter) and a generated 5,000-node page, placed by the plugin's materializer in the
in-memory Figma, against a bare loop making the same nodes with the same create calls (a
frame, text, rectangle or SVG per node, its place and size, its SOLID fills, each font loaded
once, each image created once), interleaved, each in a fresh file (plugin/bench/placement.ts,
bundled by esbuild and run by Node). Also: whether the materializer loaded each font once per
family and style, and its createImage calls against the distinct images made.

Prints a line per page (nodes per second placed) and, LAST, one JSON object: the worst page's
ratio against its bare loop (of those the bare loop makes alike), goal <= 1.5.

Run: `.venv/bin/python bench/bench_placement.py [--rounds N]`.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from common import emit, result

REPO = Path(__file__).resolve().parent.parent
PLUGIN = REPO / "plugin"
GOAL = "ratio <= 1.5"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    npx = shutil.which("npx") or "npx"
    with tempfile.TemporaryDirectory(prefix="pageport-placement-") as work:
        script = Path(work) / "placement.cjs"
        bundle = ["bench/placement.ts", "--bundle", "--platform=node", "--format=cjs", f"--outfile={script}"]
        subprocess.run(
            [npx, "esbuild", *bundle],
            cwd=PLUGIN,
            check=True,
            capture_output=True,
        )
        run = subprocess.run(
            ["node", str(script), str(PLUGIN / "test" / "fixtures" / "results"), str(args.rounds)],
            cwd=PLUGIN,
            check=True,
            capture_output=True,
            text=True,
        )
    pages = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    # A page the bare loop cannot make alike (an image over 4096 px, which the materializer tiles)
    # is printed, but has no ratio that means anything.
    worst = max((p for p in pages if p["comparable"]), key=lambda p: p["ours_ms"] / p["bare_ms"])
    for page in pages:
        emit(
            {
                **result(
                    f"placement/{page['name']}",
                    "ms",
                    page["ours_ms"],
                    "bare loop of the same create calls",
                    page["bare_ms"],
                    GOAL,
                ),
                "nodes": page["nodes"],
                "nodes_per_s": round(page["nodes"] / (page["ours_ms"] / 1000)),
                "fonts_loaded_once": page["fonts_once"],
                "image_calls": page["image_calls"],
                "images": page["images"],
                "comparable": page["comparable"],
            }
        )
    emit(
        {
            **result(
                f"placement:{worst['name']}",
                "ms",
                worst["ours_ms"],
                "bare loop of the same create calls",
                worst["bare_ms"],
                f"{GOAL} on every page",
            ),
            "pages": sum(p["comparable"] for p in pages),
            "fonts_loaded_once_everywhere": all(p["fonts_once"] for p in pages),
            "nodes_per_s_5000": next(
                round(p["nodes"] / (p["ours_ms"] / 1000)) for p in pages if p["name"] == "generated-5000"
            ),
        }
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
