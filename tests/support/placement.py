"""Placement exact, from Python: the plugin's placement oracle (plugin/test/roundtrip/server.ts,
bundled with the plugin's esbuild and run by node) places each result in the in-memory Figma,
reads it back and answers with every field that differs (plugin/test/roundtrip/compare.ts, the
same comparison as the plugin's own round trip test)."""

from __future__ import annotations

import json
import shutil
import subprocess
from types import TracebackType
from typing import Any

from tests.support.plugin import PLUGIN_DIR

SERVER = PLUGIN_DIR / "test" / "roundtrip" / "server.ts"
BUNDLE = PLUGIN_DIR / "test-output" / "oracle" / "server.mjs"


def build_oracle() -> None:
    """Bundle the oracle (its npm packages stay external: node resolves them in plugin/)."""
    npx = shutil.which("npx")
    assert npx is not None, "Node.js (npx) is needed for the plugin's placement oracle"
    assert (PLUGIN_DIR / "node_modules").is_dir(), "run `make setup` (npm ci in plugin/) first"
    subprocess.run(
        [
            *(npx, "esbuild", str(SERVER), "--bundle", "--platform=node", "--format=esm"),
            *("--packages=external", f"--outfile={BUNDLE}", "--log-level=warning"),
        ],
        cwd=PLUGIN_DIR,
        check=True,
        timeout=120,
    )


class PlacementOracle:
    """One node process placing results on request, until closed."""

    def __init__(self) -> None:
        # Why the last result's instances were placed as plain frames (the breaks say which).
        self.fall_backs: list[str] = []
        build_oracle()
        self._process = subprocess.Popen(
            ["node", str(BUNDLE)],
            cwd=PLUGIN_DIR,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def breaks(self, name: str, response: dict[str, Any]) -> list[str]:
        """Every field the plugin's read-back of `response` (the API's result shape) differs in."""
        assert self._process.stdin is not None and self._process.stdout is not None
        self._process.stdin.write(json.dumps({"name": name, "result": response}) + "\n")
        self._process.stdin.flush()
        line = self._process.stdout.readline()
        if not line:
            raise RuntimeError(f"the placement oracle ended (exit {self._process.poll()})")
        answer = json.loads(line)
        self.fall_backs = answer.get("fallBacks", [])
        if "error" in answer:
            return [f"placing it threw {answer['error']}"]
        found: list[str] = answer["breaks"]
        return found

    def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=30)

    def __enter__(self) -> PlacementOracle:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()
