"""One layout by kind of test: tests/<kind>/<domain>/test_*.py.

Each test gets its kind's marker from its folder (the root conftest calls `apply`), so
`pytest -m unit` runs tests/unit/ and so on, and no file repeats it. Collection fails, naming
each test, when the layout is broken: a test outside a kind folder, a test marked with another
kind than its folder's, or a unit test that asks (directly or through another fixture) for a
fixture that starts a service. A whole run takes the kinds cheapest first, in KINDS order.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

# The kind folders, each a marker registered in pyproject.toml, in the order a run takes them.
KINDS = ("unit", "integration", "chromium", "invariants", "infra", "e2e")

# What a unit test may not ask for, and what each one needs: the root conftest's database and
# moto fixtures, the sign-in gateway's moto DynamoDB, the local emulation's and the layer test's
# moto servers, and the Chromium browsers.
NOT_IN_UNIT = {
    "database_url": "PostgreSQL",
    "db": "PostgreSQL",
    "tenant": "PostgreSQL",
    "other_tenant": "PostgreSQL",
    "aws": "moto",
    "signin": "moto",
    "emulation": "moto",
    "emulated_s3": "moto",
    "browser": "Chromium",
    "browser_lifecycle": "Chromium",
}


def kind_of(path: Path, root: Path) -> str | None:
    """The kind folder `path` is in (root/tests/<kind>/...), or None."""
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        return None
    if len(parts) > 2 and parts[0] == "tests" and parts[1] in KINDS:
        return parts[1]
    return None


def problems(nodeid: str, kind: str | None, markers: Iterable[str], fixtures: Iterable[str]) -> list[str]:
    """What is wrong with one test's place in the layout (nothing: an empty list)."""
    if kind is None:
        return [f"{nodeid}: not in a kind folder (tests/{{{','.join(KINDS)}}}/<domain>/)"]
    found: list[str] = []
    other = sorted({marker for marker in markers if marker in KINDS and marker != kind})
    if other:
        found.append(f"{nodeid}: marked {', '.join(other)} but in tests/{kind}/: move it, or drop the marker")
    if kind == "unit":
        services = [f"{name} ({NOT_IN_UNIT[name]})" for name in sorted(set(fixtures)) if name in NOT_IN_UNIT]
        if services:
            found.append(
                f"{nodeid}: a unit test may not use {', '.join(services)}: "
                "move it to tests/integration/ or tests/chromium/"
            )
    return found


def apply(root: Path, items: list[pytest.Item]) -> None:
    """Mark each item with its folder's kind and order the kinds as KINDS (each kind's tests keep
    their order); raise a usage error listing every misplaced test."""
    found: list[str] = []
    kinds: dict[str, int] = {}
    for item in items:
        kind = kind_of(item.path, root)
        markers = [marker.name for marker in item.iter_markers()]
        found += problems(item.nodeid, kind, markers, getattr(item, "fixturenames", ()))
        if kind is not None:
            item.add_marker(kind)
            kinds[item.nodeid] = KINDS.index(kind)
    if found:
        raise pytest.UsageError("the test layout is broken (see tests/support/layout.py):\n  " + "\n  ".join(found))
    items.sort(key=lambda item: kinds[item.nodeid])
