"""Effect style tokens: each distinct list of shadows (and blurs) a node casts, named on a
ramp by its largest blur (`shadow/sm`, `shadow/md`...; `shadow/inner` for inner shadows alone),
ordered smallest first."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

_STEPS = ("xs", "sm", "md", "lg", "xl", "2xl")


def effects_key(effects: Sequence[Any]) -> str:
    return json.dumps(effects, sort_keys=True)


def _reach(effects: Sequence[Any]) -> float:
    return max((e.get("radius", 0.0) + abs(e.get("spread", 0.0)) for e in effects), default=0.0)


def effect_names(lists: Mapping[str, Sequence[Any]]) -> dict[str, str]:
    """Each distinct effect list's name, smallest first."""
    ordered = sorted(lists, key=lambda k: (_reach(lists[k]), k))
    outer = [k for k in ordered if not all(e["type"] == "INNER_SHADOW" for e in lists[k])]
    inner = [k for k in ordered if k not in outer]
    names: dict[str, str] = {}
    steps = _STEPS if len(outer) <= len(_STEPS) else tuple(str(i + 1) for i in range(len(outer)))
    offset = max(0, (len(steps) - len(outer)) // 2) if len(outer) < 4 else 0  # 1-3 styles: sm, md, lg
    for i, key in enumerate(outer):
        names[key] = f"shadow/{steps[min(i + offset, len(steps) - 1)]}"
    for i, key in enumerate(inner):
        names[key] = "shadow/inner" + (f"-{i + 1}" if i else "")
    return names


def order(lists: Mapping[str, Sequence[Any]]) -> list[str]:
    return sorted(lists, key=lambda k: (_reach(lists[k]), k))
