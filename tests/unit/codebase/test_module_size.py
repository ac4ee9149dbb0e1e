"""No module of ours over 500 lines, in Python or TypeScript (the layer, the functions, the local
stack, the infrastructure, the plugin, the benchmarks, the scripts and the tests themselves): a
reader should be able to hold one in their head.

Exemptions are named one by one below, each with its reason.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.paths import REPO_ROOT

ROOTS = (
    "layers",
    "functions",
    "devstack",
    "infra",
    "bench",
    "scripts",
    "tests",
    "plugin/src",
    "plugin/test",
    "plugin/bench",
)
MAX_LINES = 500
# Path from the repository root -> why it may be longer.
ALLOWED: dict[str, str] = {
    "layers/pageport/python/pageport/capture/dom_walker.js": "JavaScript: one script evaluated in the page as a whole",
}
_SOURCE_SUFFIXES = (".py", ".js", ".ts", ".mjs")
_NOT_OURS = ("__pycache__", "node_modules", "fixtures", "site-packages")


def _modules() -> list[Path]:
    # Exempt modules are not checked at all (their reason is in ALLOWED), rather than skipped.
    found = [REPO_ROOT / "app.py"]
    for root in ROOTS:
        found.extend(
            p
            for p in (REPO_ROOT / root).rglob("*")
            if p.suffix in _SOURCE_SUFFIXES and p.is_file() and not any(part in _NOT_OURS for part in p.parts)
        )
    return sorted(p for p in found if p.relative_to(REPO_ROOT).as_posix() not in ALLOWED)


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.relative_to(REPO_ROOT).as_posix())
def test_module_is_at_most_500_lines(path: Path) -> None:
    name = path.relative_to(REPO_ROOT).as_posix()
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{name} has {lines} lines (at most {MAX_LINES}): split it by concern"


def test_every_exemption_names_a_module_that_exists() -> None:
    assert all((REPO_ROOT / name).is_file() for name in ALLOWED)
