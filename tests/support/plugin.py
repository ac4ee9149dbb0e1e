"""Running the Figma plugin's TypeScript test suites (vitest, in plugin/) from pytest."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from types import TracebackType
from typing import Any, Self

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


class NodeLineServer:
    """A TypeScript entry of the plugin's tests (bundled with the plugin's esbuild, its npm
    packages left for node to resolve in plugin/) run by node: one JSON request per line in, one
    JSON answer per line out, until closed."""

    def __init__(self, entry: Path, bundle_name: str) -> None:
        npx = shutil.which("npx")
        assert npx is not None, "Node.js (npx) is needed for the plugin's test servers"
        assert (PLUGIN_DIR / "node_modules").is_dir(), "run `make setup` (npm ci in plugin/) first"
        bundle = PLUGIN_DIR / "test-output" / bundle_name / "server.mjs"
        subprocess.run(
            [
                *(npx, "esbuild", str(entry), "--bundle", "--platform=node", "--format=esm"),
                *("--packages=external", f"--outfile={bundle}", "--log-level=warning"),
            ],
            cwd=PLUGIN_DIR,
            check=True,
            timeout=120,
        )
        self._process = subprocess.Popen(
            ["node", str(bundle)],
            cwd=PLUGIN_DIR,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self._process.stdin is not None and self._process.stdout is not None
        self._process.stdin.write(json.dumps(request) + "\n")
        self._process.stdin.flush()
        line = self._process.stdout.readline()
        if not line:
            raise RuntimeError(f"the node server ended (exit {self._process.poll()})")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=30)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()
