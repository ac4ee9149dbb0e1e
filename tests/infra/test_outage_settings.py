"""The settings that make a database failover cost a wait, chosen together (docs/outages.md): a
request waits for a proxy connection less long than its function may run, so it answers 503
rather than timing out, and the callers retry."""

from __future__ import annotations

from tests.infra.synthesis import Synth

API_GATEWAY_LIMIT_S = 29  # an API request's integration timeout


def test_a_request_waiting_for_the_proxy_gives_up_before_its_function_times_out(synth: Synth) -> None:
    (group,) = synth.of_type("AWS::RDS::DBProxyTargetGroup").values()
    borrow_s = group["Properties"]["ConnectionPoolConfigurationInfo"]["ConnectionBorrowTimeout"]
    assert borrow_s == 10
    timeouts = {
        name: synth.props(synth.logical_id(fn.function))["Timeout"] for name, fn in synth.stack.functions.items()
    }
    # Every function that touches the database: the API's routes (behind API Gateway's 29 s),
    # the webhooks, the dispatcher and the dead-letter consumer; each can still answer after it.
    for name, timeout_s in timeouts.items():
        if name.endswith("_worker"):
            continue  # workers never connect to the database
        assert borrow_s + 5 <= min(timeout_s, API_GATEWAY_LIMIT_S), (name, timeout_s)
