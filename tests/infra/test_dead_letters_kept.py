"""Dead letters kept for inspection: only the dead-letter function may write dead-letters/ (and
nothing else new), and an alarm watches how many were kept."""

from __future__ import annotations

from typing import Any

from tests.infra.synthesis import Synth, actions_of, role_of, role_statements


def _prefixes_written(synth: Synth, function: str) -> set[str]:
    return {
        statement["Resource"]["Fn::Join"][1][-1].lstrip("/")
        for statement in role_statements(synth, role_of(synth, function))
        if "s3:PutObject" in actions_of(statement)
    }


def test_only_the_dead_letter_function_writes_dead_letters(synth: Synth) -> None:
    assert "dead-letters/*" in _prefixes_written(synth, "dead_letter")
    for name in synth.stack.functions:
        if name != "dead_letter":
            assert "dead-letters/*" not in _prefixes_written(synth, name), name
    # It reads nothing there: a kept letter is for people, not for a retry loop.
    reads = {
        statement["Resource"]["Fn::Join"][1][-1].lstrip("/")
        for statement in role_statements(synth, role_of(synth, "dead_letter"))
        if "s3:GetObject" in actions_of(statement)
    }
    assert "dead-letters/*" not in reads


def test_an_alarm_fires_on_the_first_kept_dead_letter(synth: Synth) -> None:
    (props,) = [
        a["Properties"]
        for a in synth.of_type("AWS::CloudWatch::Alarm").values()
        if a["Properties"].get("AlarmName") == "pageport-dev-DeadLettersKept"
    ]
    alarm: dict[str, Any] = props
    assert alarm["MetricName"] == "DeadLettersKept" and alarm["Namespace"] == "Pageport/dev"
    assert alarm["Dimensions"] == [{"Name": "service", "Value": "pageport"}]
    assert alarm["Statistic"] == "Sum" and alarm["Period"] == 300
    assert alarm["Threshold"] == 1 and alarm["ComparisonOperator"] == "GreaterThanOrEqualToThreshold"
    assert alarm["AlarmActions"] == [{"Ref": synth.logical_id(synth.stack.monitoring.topic)}]
