"""The sweep runs inside the dispatcher on its schedule, with the stage's validated deadline."""

from __future__ import annotations

from infra.config import load_stage
from tests.infra.synthesis import Synth


def test_the_dispatcher_gets_the_stages_deadline(synth: Synth) -> None:
    dispatcher = synth.stack.functions["dispatcher"].function
    variables = synth.props(synth.logical_id(dispatcher))["Environment"]["Variables"]
    dev = load_stage("dev", account="123456789012")
    assert variables["JOB_DEADLINE_S"] == str(dev.job_deadline_s)
    assert dev.job_deadline_s > dev.longest_legitimate_wait_s()
    # Nobody else sweeps: the deadline is the dispatcher's alone.
    others = [
        name
        for name, fn in synth.stack.functions.items()
        if name != "dispatcher"
        and "JOB_DEADLINE_S" in synth.props(synth.logical_id(fn.function)).get("Environment", {}).get("Variables", {})
    ]
    assert others == []
