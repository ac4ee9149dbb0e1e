"""pageport.metrics: the EMF each fact writes, read from stdout as Powertools documents for tests."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from pageport import metrics


@pytest.fixture(autouse=True)
def _enabled(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("POWERTOOLS_METRICS_DISABLED", raising=False)
    monkeypatch.delenv("POWERTOOLS_DEV", raising=False)
    metrics.flush()  # nothing left over from another test
    yield
    metrics.flush()


def _blobs(capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith('{"_aws"')]


def _only(blob: dict[str, Any]) -> tuple[str, str, list[list[str]]]:
    (directive,) = blob["_aws"]["CloudWatchMetrics"]
    assert directive["Namespace"] == metrics.namespace() == "Pageport/test"  # the tests' PAGEPORT_STAGE
    (definition,) = directive["Metrics"]
    return definition["Name"], definition["Unit"], directive["Dimensions"]


@pytest.mark.parametrize(
    ("record", "name", "unit", "value", "dimensions"),
    [
        (lambda: metrics.job_created("page_import"), "ImportsCreated", "Count", 1, [["service"]]),
        (lambda: metrics.job_created("code2des", 3), "ConversionsCreated", "Count", 3, [["service"]]),
        (lambda: metrics.job_created("page_discovery"), "PageDiscoveryCreated", "Count", 1, [["service"]]),
        (lambda: metrics.job_finished("page_import", "completed"), "ImportsCompleted", "Count", 1, [["service"]]),
        (
            lambda: metrics.job_finished("code2des", "failed", "WorkerFailed"),
            "ConversionsFailed",
            "Count",
            1,
            [["ErrorCode", "service"], ["service"]],
        ),
        (lambda: metrics.work_duration("page_import", 12.5), "CaptureDuration", "Milliseconds", 12.5, [["service"]]),
        (lambda: metrics.work_duration("code2des", 20), "ConversionDuration", "Milliseconds", 20, [["service"]]),
        (lambda: metrics.dispatch_lag(4200), "DispatchLag", "Milliseconds", 4200, [["service"]]),
        (
            lambda: metrics.dead_letter_handled("code2des"),
            "DeadLettersHandled",
            "Count",
            1,
            [["Kind", "service"]],
        ),
    ],
)
def test_each_fact_is_one_metric_with_its_name_unit_and_dimensions(
    capsys: pytest.CaptureFixture[str],
    record: Callable[[], None],
    name: str,
    unit: str,
    value: float,
    dimensions: list[list[str]],
) -> None:
    record()
    assert _blobs(capsys) == []  # written when the handler ends, not before
    metrics.flush()
    (blob,) = _blobs(capsys)
    assert _only(blob) == (name, unit, dimensions)
    assert blob[name] == [value] and blob["service"] == "pageport"


def test_a_failure_carries_its_error_code_and_a_dead_letter_its_kind(capsys: pytest.CaptureFixture[str]) -> None:
    metrics.job_finished("page_import", "failed", "DeadLettered")
    metrics.flush()
    metrics.dead_letter_handled("page_import")
    metrics.flush()
    failed, dead = _blobs(capsys)
    assert failed["ErrorCode"] == "DeadLettered" and failed["ImportsFailed"] == [1]
    assert dead["Kind"] == "page_import" and dead["DeadLettersHandled"] == [1]


def test_other_dimensions_in_one_invocation_get_their_own_blob(capsys: pytest.CaptureFixture[str]) -> None:
    metrics.dead_letter_handled("page_import")
    metrics.dead_letter_handled("code2des")  # a Kind=page_import blob must not count this one
    metrics.job_created("page_import")
    metrics.job_created("page_import")
    metrics.flush()
    first, second, third = _blobs(capsys)
    assert (first["Kind"], first["DeadLettersHandled"]) == ("page_import", [1])
    assert (second["Kind"], second["DeadLettersHandled"]) == ("code2des", [1])
    assert "Kind" not in third and third["ImportsCreated"] == [1, 1]


def test_logged_writes_once_per_invocation_even_when_the_handler_raises(capsys: pytest.CaptureFixture[str]) -> None:
    @metrics.logged
    def handler(event: dict[str, bool], context: object) -> str:
        metrics.job_created("page_import")
        if event["fail"]:
            raise RuntimeError("boom")
        return "ok"

    assert handler({"fail": False}, None) == "ok"
    with pytest.raises(RuntimeError):
        handler({"fail": True}, None)
    assert [blob["ImportsCreated"] for blob in _blobs(capsys)] == [[1], [1]]


def test_an_invocation_that_recorded_nothing_writes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    metrics.logged(lambda event, context: None)({}, None)
    assert capsys.readouterr().out == ""


def test_a_disabled_invocation_leaves_nothing_for_the_next(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def handler(event: dict[str, str], context: object) -> None:
        metrics.job_created(event["kind"])

    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "true")
    metrics.logged(handler)({"kind": "page_import"}, None)  # Powertools keeps what it did not print
    monkeypatch.delenv("POWERTOOLS_METRICS_DISABLED")
    metrics.logged(handler)({"kind": "code2des"}, None)
    (blob,) = _blobs(capsys)
    assert "ImportsCreated" not in blob and blob["ConversionsCreated"] == [1]


def test_disabled_metrics_print_nothing_and_keep_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "true")
    metrics.job_created("page_import")
    metrics.flush()
    monkeypatch.delenv("POWERTOOLS_METRICS_DISABLED")
    metrics.flush()  # what the disabled flush held back must not surface later
    metrics.dispatch_lag(1)
    metrics.flush()
    (blob,) = _blobs(capsys)
    assert "ImportsCreated" not in blob and blob["DispatchLag"] == [1]
