"""The alarms on the business metrics (pageport.metrics): failure rates and dispatch lag."""

from __future__ import annotations

from typing import Any

from tests.infra.synthesis import Synth


def _alarm(synth: Synth, name: str) -> dict[str, Any]:
    (props,) = [
        a["Properties"]
        for a in synth.of_type("AWS::CloudWatch::Alarm").values()
        if a["Properties"].get("AlarmName") == f"pageport-dev-{name}"
    ]
    return props


def _metric(query: dict[str, Any]) -> dict[str, Any]:
    stat: dict[str, Any] = query["MetricStat"]
    return stat


def test_import_and_conversion_failure_rates_alarm_above_twenty_percent_of_enough_jobs(synth: Synth) -> None:
    topic = {"Ref": synth.logical_id(synth.stack.monitoring.topic)}
    for prefix in ("Imports", "Conversions"):
        props = _alarm(synth, f"{prefix}FailureRate")
        assert props["Threshold"] == 20 and props["EvaluationPeriods"] == 1
        assert props["ComparisonOperator"] == "GreaterThanThreshold"
        assert props["AlarmActions"] == [topic] and props["OKActions"] == [topic]
        queries = {q["Id"]: q for q in props["Metrics"]}
        (expression,) = [q for q in queries.values() if "Expression" in q]
        assert expression["ReturnData"] is not False
        assert expression["Expression"] == ("IF((failed + completed) >= 10, 100 * failed / (failed + completed), 0)")
        for query_id, name in (("failed", f"{prefix}Failed"), ("completed", f"{prefix}Completed")):
            stat = _metric(queries[query_id])
            assert stat["Metric"]["MetricName"] == name
            assert stat["Metric"]["Namespace"] == "Pageport/dev"
            # The total, not one error code's share: Failed is also emitted without ErrorCode.
            assert stat["Metric"]["Dimensions"] == [{"Name": "service", "Value": "pageport"}]
            assert stat["Stat"] == "Sum" and stat["Period"] == 900
            assert queries[query_id]["ReturnData"] is False


def test_dispatch_lag_p90_alarms_above_five_minutes(synth: Synth) -> None:
    props = _alarm(synth, "DispatchLag")
    assert props["MetricName"] == "DispatchLag" and props["Namespace"] == "Pageport/dev"
    assert props["ExtendedStatistic"] == "p90" and props["Period"] == 300
    assert props["Threshold"] == 300_000  # milliseconds, as the metric is emitted
    assert props["ComparisonOperator"] == "GreaterThanThreshold"
    assert props["AlarmActions"] == [{"Ref": synth.logical_id(synth.stack.monitoring.topic)}]
