"""Status derivation: every combination of item states, as a pure table (through the API:
tests/integration/batches/test_status_derivation.py)."""

from __future__ import annotations

import pytest
from pageport.batches.status import ItemFacts, batch_status, count, item_status

# (name, facts, expected item status, counted as queued, counted as running)
ITEM_CASES = [
    ("queued", ItemFacts(False, False, False, "0"), "0", True, False),
    ("running", ItemFacts(False, False, True, "0"), "0", False, True),
    ("completed", ItemFacts(False, False, True, "1"), "1", False, False),
    ("failed", ItemFacts(False, False, True, "2"), "2", False, False),
    ("dispatch-failed", ItemFacts(False, True, False, "2"), "2", False, False),
    ("dispatch-failed, child still processing", ItemFacts(False, True, False, "0"), "2", False, False),
    ("cancelled before dispatch", ItemFacts(True, False, False, "2"), "3", False, False),
    ("cancelled while running", ItemFacts(True, False, True, "2"), "3", False, False),
    ("discovery not started", ItemFacts(False, False, False, None), "0", True, False),
    ("discovery running", ItemFacts(False, False, True, "0"), "0", False, True),
    ("discovery running, no status yet", ItemFacts(False, False, True, None), "0", False, True),
    ("discovery completed", ItemFacts(False, False, True, "1"), "1", False, False),
    ("discovery failed", ItemFacts(False, False, True, "2"), "2", False, False),
]


@pytest.mark.parametrize(("name", "facts", "expected", "queued", "running"), ITEM_CASES, ids=[c[0] for c in ITEM_CASES])
def test_item_status(name, facts, expected, queued, running):
    assert item_status(facts) == expected
    counts = count([(facts, 3)])
    assert counts.total == 3
    assert (counts.queued, counts.running) == (3 * queued, 3 * running)
    by_status = {"0": counts.processing, "1": counts.completed, "2": counts.failed, "3": counts.cancelled}
    assert by_status[expected] == 3 and sum(by_status.values()) == 3


@pytest.mark.parametrize(
    ("members", "expected"),
    [
        (["queued", "completed", "failed", "cancelled before dispatch"], "0"),
        (["running"], "0"),
        (["completed", "failed", "cancelled while running"], "1"),
        (["failed", "cancelled before dispatch"], "3"),
        (["dispatch-failed", "failed"], "2"),
        (["discovery completed"], "1"),
        (["discovery failed"], "2"),
        (["discovery running"], "0"),
        ([], "2"),
    ],
)
def test_batch_status(members, expected):
    facts = {name: f for name, f, *_ in ITEM_CASES}
    assert batch_status(count([(facts[m], 1) for m in members])) == expected
