"""Placement exact, from Python: the plugin's placement oracle (plugin/test/roundtrip/server.ts,
bundled with the plugin's esbuild and run by node) places each result in the in-memory Figma,
reads it back and answers with every field that differs (plugin/test/roundtrip/compare.ts, the
same comparison as the plugin's own round trip test)."""

from __future__ import annotations

import base64
from typing import Any

from tests.support.plugin import PLUGIN_DIR, NodeLineServer

SERVER = PLUGIN_DIR / "test" / "roundtrip" / "server.ts"
RESIZE_SERVER = PLUGIN_DIR / "test" / "roundtrip" / "resize-server.ts"


class PlacementOracle(NodeLineServer):
    """One node process placing results on request, until closed."""

    def __init__(self) -> None:
        # Why the last result's instances were placed as plain frames (the breaks say which).
        self.fall_backs: list[str] = []
        # The last result's auto layout frames and instances placed as such: {kind: [kept, of]}.
        self.kept: dict[str, list[int]] = {}
        super().__init__(SERVER, "oracle")

    def breaks(self, name: str, response: dict[str, Any], advance_scales: tuple[float, ...] = ()) -> list[str]:
        """Every field the plugin's read-back of `response` (the API's result shape) differs in.
        With `advance_scales` (0.98, 1.02: another engine's advances), `kept["lines"]` also counts
        the wrapped texts that keep their lines placed so."""
        answer = self.ask({"name": name, "result": response, "advanceScales": list(advance_scales)})
        self.fall_backs = answer.get("fallBacks", [])
        self.kept = answer.get("kept", {})
        if "error" in answer:
            return [f"placing it threw {answer['error']}"]
        found: list[str] = answer["breaks"]
        return found


class ResizeOracle(NodeLineServer):
    """One node process placing results in the in-memory Figma and dragging the design's frame
    to other widths (plugin/test/roundtrip/resize-server.ts), until closed."""

    def __init__(self) -> None:
        self.warnings: list[str] = []  # the materializer's, placing the last result
        super().__init__(RESIZE_SERVER, "resize-oracle")

    def resized(
        self, name: str, response: dict[str, Any], widths: tuple[int, ...]
    ) -> tuple[dict[int, dict[str, Any]], dict[str, bytes]]:
        """The design read back at each width (REST node shapes), and the images they name."""
        answer = self.ask({"name": name, "result": response, "widths": list(widths)})
        if "error" in answer:
            raise RuntimeError(f"{name}: placing and resizing threw {answer['error']}")
        self.warnings = answer.get("warnings", [])
        images = {k: base64.b64decode(v) for k, v in answer["images"].items()}
        return {int(w): d for w, d in answer["designs"].items()}, images
