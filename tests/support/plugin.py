"""Running the Figma plugin's TypeScript test suites (vitest, in plugin/) from pytest."""

from __future__ import annotations

import os
import shutil
import subprocess

from tests.support.paths import REPO_ROOT

PLUGIN_DIR = REPO_ROOT / "plugin"
RESULTS_DIR = PLUGIN_DIR / "test" / "fixtures" / "results"


def run_vitest(*args: str, env: dict[str, str], timeout_s: float = 600) -> subprocess.CompletedProcess[str]:
    """`npx vitest run ARGS` in plugin/; output kept so a failure shows the TypeScript side."""
    npx = shutil.which("npx")
    assert npx is not None, "Node.js (npx) is needed for the plugin's tests"
    assert (PLUGIN_DIR / "node_modules").is_dir(), "run `make setup` (npm ci in plugin/) first"
    return subprocess.run(
        [npx, "vitest", "run", *args],
        cwd=PLUGIN_DIR,
        env={**os.environ, "NO_COLOR": "1", **env},
        capture_output=True,
        text=True,
        timeout=timeout_s,
        check=False,
    )
