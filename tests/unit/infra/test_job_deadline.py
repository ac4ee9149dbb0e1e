"""The sweep's deadline (infra/config.py): computed from the stage's own worker settings, and a
deadline that does not exceed the longest legitimate wait is refused."""

from __future__ import annotations

from typing import Any

import pytest
from pageport.batches.dispatch import LEASE, MAX_ATTEMPTS
from pageport.routes import WORKER_QUEUES
from pydantic import ValidationError

from infra.config import MAX_BATCH_ITEMS, STAGES_DIR, VISIBILITY_FACTOR, StageConfig, load_stage

BASE: dict[str, Any] = {"name": "x1", "region": "eu-west-1", "availability_zones": ["eu-west-1a", "eu-west-1b"]}
ONE_WORKER = {"timeout_s": 100, "batch_size": 2, "max_concurrency": 10, "max_receive_count": 4}


def _config(**overrides: Any) -> StageConfig:
    workers = {name: dict(ONE_WORKER) for name in WORKER_QUEUES}
    return StageConfig.model_validate({**BASE, "workers": workers, "job_deadline_s": 10**6, **overrides})


def test_the_bound_is_dispatch_plus_a_full_batch_in_waves_plus_every_redelivery() -> None:
    config = _config(dispatcher_schedule="rate(2 minutes)")
    dispatch = MAX_ATTEMPTS * int(LEASE.total_seconds()) + 120  # 3 leases of 90 s, one 2-minute tick
    waves = -(-MAX_BATCH_ITEMS // (10 * 2))  # 500 items, 10 concurrent invocations of 2 messages
    redeliveries = 4 * VISIBILITY_FACTOR * 100
    expected = dispatch + waves * 100 + redeliveries
    assert expected == 390 + 2500 + 2400
    for name in WORKER_QUEUES:
        assert config.worker_wait_s(name) == expected
    assert config.longest_legitimate_wait_s() == expected


def test_the_slowest_worker_sets_the_bound() -> None:
    workers = {name: dict(ONE_WORKER) for name in WORKER_QUEUES}
    slow = sorted(WORKER_QUEUES)[0]
    workers[slow] = {**ONE_WORKER, "max_concurrency": 2, "batch_size": 1}
    config = StageConfig.model_validate({**BASE, "workers": workers, "job_deadline_s": 10**6})
    assert config.longest_legitimate_wait_s() == config.worker_wait_s(slow) == 330 + 250 * 100 + 2400
    assert all(config.worker_wait_s(name) < config.worker_wait_s(slow) for name in WORKER_QUEUES if name != slow)


def test_a_deadline_not_above_the_bound_is_refused() -> None:
    bound = _config().longest_legitimate_wait_s()
    with pytest.raises(ValidationError, match="must exceed the longest legitimate wait"):
        _config(job_deadline_s=bound)
    assert _config(job_deadline_s=bound + 1).job_deadline_s == bound + 1
    # More concurrency shortens the legitimate wait, so the same deadline becomes acceptable.
    faster = {name: {**ONE_WORKER, "max_concurrency": 250} for name in WORKER_QUEUES}
    assert StageConfig.model_validate({**BASE, "workers": faster, "job_deadline_s": bound}).job_deadline_s == bound


def test_every_stage_file_names_a_deadline_above_its_bound() -> None:
    for path in STAGES_DIR.glob("*.toml"):
        config = load_stage(path.stem)
        assert "job_deadline_s" in path.read_text(encoding="utf-8"), path.name
        assert config.job_deadline_s > config.longest_legitimate_wait_s()


def test_only_rate_schedules_are_accepted_since_the_bound_needs_the_tick() -> None:
    with pytest.raises(ValidationError):
        _config(dispatcher_schedule="cron(0 * * * ? *)")
    assert _config(dispatcher_schedule="rate(1 hour)").dispatcher_tick_s == 3600
