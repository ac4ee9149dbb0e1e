"""converter: the result as a whole (ids, canonical JSON, determinism, pinned bytes)."""

from __future__ import annotations

import json

import pytest
from pageport.convert import ConversionOutOfTime, convert_capture

from tests.support.builders import sha
from tests.unit.convert.results import FIXTURES, walk


def test_fixture_capture_is_deterministic() -> None:
    data = (FIXTURES / "card.capture.json").read_bytes()
    image = (FIXTURES / "card-photo.png").read_bytes()
    first = convert_capture(data, {sha(image): image})
    second = convert_capture(data, {sha(image): image})
    assert first.result_json == second.result_json
    assert first.warning_count == second.warning_count
    assert first.images == {sha(image): image}
    result = json.loads(first.result_json)
    ids = [n["id"] for n in walk(result["document"])]
    assert ids == [f"1:{i}" for i in range(1, len(ids) + 1)]
    # Canonical JSON: sorted keys, no whitespace.
    assert first.result_json == json.dumps(result, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def test_card_fixture_converts_to_its_pinned_bytes() -> None:
    # Pinned before the converter was split into concern modules: any change in the output,
    # byte for byte, is a behaviour change (if intended, write the new bytes to the file).
    data = (FIXTURES / "card.capture.json").read_bytes()
    image = (FIXTURES / "card-photo.png").read_bytes()
    pinned = (FIXTURES / "card.result.json").read_bytes()
    assert convert_capture(data, {sha(image): image}).result_json == pinned


def test_out_of_time_stops_the_conversion() -> None:
    data = (FIXTURES / "card.capture.json").read_bytes()
    ticks = iter(range(1_000_000))
    # A clock past the deadline after a few reads: the walk stops at its next check.
    with pytest.raises(ConversionOutOfTime):
        convert_capture(data, {}, deadline=3, clock=lambda: float(next(ticks)))
