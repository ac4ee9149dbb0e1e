"""One layout by kind of test: tests/<kind>/<domain>/test_*.py. A whole run takes the kinds
cheapest first, in KINDS order."""

from __future__ import annotations

from pathlib import Path

import pytest

# The kind folders, in the order a run takes them.
KINDS = ("unit", "integration", "chromium", "infra", "e2e")


def kind_of(path: Path, root: Path) -> str | None:
    """The kind folder `path` is in (root/tests/<kind>/...), or None."""
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        return None
    if len(parts) > 2 and parts[0] == "tests" and parts[1] in KINDS:
        return parts[1]
    return None


def apply(root: Path, items: list[pytest.Item]) -> None:
    """Order the kinds as KINDS (each kind's tests keep their order)."""

    def rank(item: pytest.Item) -> int:
        kind = kind_of(item.path, root)
        return KINDS.index(kind) if kind is not None else len(KINDS)

    items.sort(key=rank)
