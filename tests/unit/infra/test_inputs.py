"""The app's inputs, checked without synthesis: stage files, the function-folder check and the
dependency groups (the layer build, cdk-nag and synthesized inputs: tests/infra/test_inputs.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pageport.routes import (
    BACKGROUND_FUNCTIONS,
    ROUTES,
    WEBHOOK_FUNCTIONS,
    WEBHOOK_HANDLER,
    WORKER_HANDLER,
    WORKER_QUEUES,
)
from pydantic import ValidationError

from infra.config import STAGES_DIR, StageConfig, load_stage
from infra.layer_build import dependency_group
from infra.paths import MissingFunctionsError, check_functions, required_functions


def test_every_stage_file_validates_and_production_is_protected() -> None:
    stages = {p.stem: load_stage(p.stem) for p in STAGES_DIR.glob("*.toml")}
    assert {"dev", "staging", "prod"} <= set(stages)
    prod = stages["prod"]
    assert prod.database.deletion_protection and prod.database.multi_az
    assert prod.database.removal_policy == "retain"
    assert prod.cognito.mfa == "required" and prod.termination_protection
    for config in stages.values():
        assert set(config.workers) == set(WORKER_QUEUES)


def test_stage_config_rejects_zones_outside_its_region_and_unknown_workers() -> None:
    base = {"name": "x1", "region": "eu-west-1", "availability_zones": ["eu-west-1a", "eu-west-1b"]}
    StageConfig.model_validate(base)
    with pytest.raises(ValidationError, match="not in region"):
        StageConfig.model_validate({**base, "availability_zones": ["eu-west-1a", "us-east-1b"]})
    with pytest.raises(ValidationError, match="unknown workers"):
        StageConfig.model_validate({**base, "workers": {"nope": {}}})
    with pytest.raises(ValidationError):
        StageConfig.model_validate({**base, "databse": {}})  # typos are errors, not defaults


def test_unknown_stage_names_the_known_ones() -> None:
    with pytest.raises(SystemExit, match=r"known stages: .*dev"):
        load_stage("nosuchstage")


def test_missing_function_folders_are_all_listed(tmp_path: Path) -> None:
    (tmp_path / "functions" / ROUTES[0].function).mkdir(parents=True)
    (tmp_path / "functions" / ROUTES[0].function / "handler.py").write_text("")
    with pytest.raises(MissingFunctionsError) as raised:
        check_functions(tmp_path)
    message = str(raised.value)
    expected = set(required_functions()) - {ROUTES[0].function}
    assert all(f"functions/{name}/handler.py" in message for name in expected)
    assert f"functions/{ROUTES[0].function}/" not in message
    # Every kind's worker and webhook share one folder each: no folder per kind.
    assert set(required_functions()) == {
        *(r.function for r in ROUTES),
        *BACKGROUND_FUNCTIONS,
        WORKER_HANDLER,
        *([WEBHOOK_HANDLER] if WEBHOOK_FUNCTIONS else []),
    }
    assert not set(required_functions()) & {*WORKER_QUEUES, *WEBHOOK_FUNCTIONS.values()}


def test_dependency_groups_expand_includes(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[dependency-groups]\na = ["x>=1"]\nb = [{include-group = "a"}, "y"]\nc = [{include-group = "c"}]\n'
    )
    assert dependency_group(pyproject, "b") == ["x>=1", "y"]
    with pytest.raises(RuntimeError, match="cycle"):
        dependency_group(pyproject, "c")


def test_an_existing_user_pool_needs_the_hand_made_client_and_domain() -> None:
    data = load_stage("dev").model_dump()
    data["cognito"] = {"existing_user_pool_id": "eu-west-1_AbCdEf123"}
    with pytest.raises(ValidationError, match="existing_plugin_client_id"):
        StageConfig.model_validate(data)
    data["cognito"] = {"existing_plugin_client_id": "abc"}
    with pytest.raises(ValidationError, match="need existing_user_pool_id"):
        StageConfig.model_validate(data)
