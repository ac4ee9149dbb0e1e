"""No module in layers/ over 500 lines: a reader should be able to hold one in their head.

Generated tables and JavaScript are exempt, each by name with its reason below.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.paths import REPO_ROOT

LAYERS = REPO_ROOT / "layers"
MAX_LINES = 500
# Path under layers/ -> why it may be longer.
ALLOWED: dict[str, str] = {
    "pageport/python/pageport/capture/dom_walker.js": "JavaScript: one script evaluated in the page as a whole",
}
_SOURCE_SUFFIXES = (".py", ".js")


def _modules() -> list[Path]:
    # Exempt modules are not checked at all (their reason is in ALLOWED), rather than skipped.
    return sorted(
        p
        for p in LAYERS.rglob("*")
        if p.suffix in _SOURCE_SUFFIXES
        and p.is_file()
        and "__pycache__" not in p.parts
        and p.relative_to(LAYERS).as_posix() not in ALLOWED
    )


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(LAYERS)))
def test_module_is_at_most_500_lines(path: Path) -> None:
    name = path.relative_to(LAYERS).as_posix()
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{name} has {lines} lines (at most {MAX_LINES}): split it by concern"


def test_every_exemption_names_a_module_that_exists() -> None:
    assert all((LAYERS / name).is_file() for name in ALLOWED)
