"""The local stack keeps the Logger keys an invocation appends per thread (one thread is one
instance there), so concurrent invocations' lines never carry each other's request id."""

from __future__ import annotations

import io
import json
import threading

from aws_lambda_powertools import Logger

from devstack.apigw import log_keys_per_thread


def test_keys_appended_in_one_thread_stay_in_it() -> None:
    stream = io.StringIO()
    logger = Logger(service="pageport-log-keys-test", logger_handler=None, stream=stream)
    log_keys_per_thread(logger)
    log_keys_per_thread(logger)  # idempotent
    logger.append_keys(correlation_id="main")
    seen: dict[str, object] = {}

    def other() -> None:
        seen["before"] = logger.get_current_keys().get("correlation_id")
        logger.append_keys(correlation_id="other")
        logger.info("from the other thread")

    worker = threading.Thread(target=other)
    worker.start()
    worker.join()
    logger.info("from the main thread")
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert seen["before"] is None
    assert [(line["message"], line["correlation_id"]) for line in lines] == [
        ("from the other thread", "other"),
        ("from the main thread", "main"),
    ]
    assert lines[0]["service"] == "pageport-log-keys-test"  # the base keys in every thread
    logger.clear_state()
    assert "correlation_id" not in logger.get_current_keys()
