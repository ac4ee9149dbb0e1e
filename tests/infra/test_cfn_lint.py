"""cfn-lint over the synthesized template of every stage in infra/stages/: no errors, and each
warning either fixed or acknowledged below (rule id + resource type, with a reason).

cfn-lint's data follows AWS (for instance which RDS engine versions can still be created), so a
version AWS retires shows up here (W3691) with the cfn-lint release that learns of it.

The templates are synthesized once per session and shared with test_two_stages.py: dev is the
session's `synth` (conftest.py), the other stages are synthesized here, with the same account.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from aws_cdk import App
from cfnlint.api import ManualArgs, lint  # type: ignore[import-untyped]  # no stubs
from cfnlint.match import Match  # type: ignore[import-untyped]

from infra.app import FEATURE_FLAGS
from infra.config import STAGES_DIR, StageConfig, load_stage
from infra.layer_build import build_layer
from infra.nag import enable_nag
from infra.paths import REPO_ROOT, missing_functions
from infra.stack import PageportStack
from tests.infra.synthesis import Synth

ACCOUNT = "111111111111"  # conftest.py's
STAGES = sorted(path.stem for path in STAGES_DIR.glob("*.toml"))


@dataclass(frozen=True, slots=True)
class Allowed:
    rule: str
    resource_type: str
    reason: str
    message: str = ""  # a regex the finding's message must also match


ALLOWED: tuple[Allowed, ...] = (
    Allowed(
        "W3010",
        "AWS::EC2::Subnet",
        "Availability zones are pinned in the stage file on purpose: synthesis makes no AWS "
        "calls (infra/config.py), and the stage file says which zones of its region to use.",
    ),
    Allowed(
        "W3005",
        "AWS::Lambda::Function",
        "aws-cdk-lib adds DependsOn on a function's role and default policy so the policy exists "
        "before the function can run; the role half repeats the Role GetAtt and is harmless.",
        message=r"Role\w*' dependency already enforced by a 'GetAtt' at '.*/Properties/Role'",
    ),
)


def allowed_by(match: Match, template: dict[str, Any]) -> Allowed | None:
    path = list(match.path)
    if len(path) < 2 or path[0] != "Resources":
        return None
    resource_type = template["Resources"][path[1]]["Type"]
    for entry in ALLOWED:
        if (
            entry.rule == match.rule.id
            and entry.resource_type == resource_type
            and re.search(entry.message, match.message)
        ):
            return entry
    return None


def synthesize(config: StageConfig, repo_root: Path, outdir: Path) -> dict[str, Any]:
    """What infra/app.py's build_app does, from a given config (cdk-nag on)."""
    app = App(outdir=str(outdir), context=FEATURE_FLAGS)
    layer = build_layer(config.architecture, repo_root=repo_root)
    stack = PageportStack(app, config.stack_name, config=config, layer=layer, repo_root=repo_root)
    enable_nag(app)
    template: dict[str, Any] = app.synth().get_stack_artifact(stack.artifact_id).template
    return template


# Kept on pytest's config, not in this module: pytest imports this file under its own module
# name and test_two_stages.py imports it again, so a module-level cache would exist twice.
_CACHE = "_pageport_stage_templates"


@pytest.fixture(scope="session")
def stage_templates(
    synth: Synth, tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config
) -> dict[str, dict[str, Any]]:
    """Every stage's template, synthesized once per session, whichever module asks first."""
    cached: dict[str, dict[str, Any]] | None = getattr(pytestconfig, _CACHE, None)
    if cached is not None:
        return cached
    _templates: dict[str, dict[str, Any]] = {}
    setattr(pytestconfig, _CACHE, _templates)
    _templates["dev"] = json.loads((synth.assembly_dir / f"{synth.stack.artifact_id}.template.json").read_text())
    repo = REPO_ROOT
    if missing_functions(REPO_ROOT):
        from tests.infra.conftest import scratch_repo

        repo = scratch_repo(tmp_path_factory.mktemp("repo"))
    saved = os.environ.get("PAGEPORT_BUILD_DIR")
    os.environ["PAGEPORT_BUILD_DIR"] = saved or str(REPO_ROOT / "build")
    try:
        for stage in STAGES:
            if stage not in _templates:
                config = load_stage(stage, account=ACCOUNT)
                _templates[stage] = synthesize(config, repo, tmp_path_factory.mktemp(f"cdk.out-{stage}"))
    finally:
        if saved is None:
            os.environ.pop("PAGEPORT_BUILD_DIR", None)
    return _templates


def run_cfn_lint(template: dict[str, Any], region: str) -> list[Match]:
    return list(lint(json.dumps(template), config=ManualArgs(regions=[region])))


_findings: dict[str, list[Match]] = {}


def stage_findings(stage: str, templates: dict[str, dict[str, Any]]) -> list[Match]:
    """cfn-lint is the slow part (seconds per template): each stage's template is linted once."""
    if stage not in _findings:
        _findings[stage] = run_cfn_lint(templates[stage], load_stage(stage).region)
    return _findings[stage]


@pytest.mark.parametrize("stage", STAGES)
def test_cfn_lint_finds_no_error_and_only_acknowledged_warnings(
    stage: str, stage_templates: dict[str, dict[str, Any]]
) -> None:
    template = stage_templates[stage]
    findings = stage_findings(stage, stage_templates)
    unacknowledged = [
        f"{m.rule.id} {'/'.join(map(str, m.path))}: {m.message}"
        for m in findings
        if m.rule.id.startswith("E") or allowed_by(m, template) is None
    ]
    assert not unacknowledged, "\n".join(unacknowledged)


def test_every_acknowledged_warning_is_still_needed_and_has_a_reason(
    stage_templates: dict[str, dict[str, Any]],
) -> None:
    used: set[Allowed] = set()
    for stage, template in stage_templates.items():
        for match in stage_findings(stage, stage_templates):
            entry = allowed_by(match, template)
            if entry is not None:
                used.add(entry)
    assert used == set(ALLOWED), f"stale acknowledgments: {set(ALLOWED) - used}"
    for entry in ALLOWED:
        assert not entry.rule.startswith("E"), "errors cannot be acknowledged"
        assert len(entry.reason.split()) >= 10, entry


def test_a_retired_engine_version_would_fail_the_lint(stage_templates: dict[str, dict[str, Any]]) -> None:
    """The check above is what catches the day AWS stops creating the chosen version: the
    previous choice (a bare major, "16") is flagged by the same data."""
    (instance,) = [r for r in stage_templates["dev"]["Resources"].values() if r["Type"] == "AWS::RDS::DBInstance"]
    assert instance["Properties"]["EngineVersion"] == load_stage("dev").database.engine_version
    # The instance alone (with its references cut) lints in a fraction of the whole template's time.
    properties = {k: v for k, v in instance["Properties"].items() if isinstance(v, (str, int, bool))}
    for version, flagged in ((instance["Properties"]["EngineVersion"], False), ("16", True)):
        template = {
            "Resources": {
                "Db": {"Type": "AWS::RDS::DBInstance", "Properties": {**properties, "EngineVersion": version}}
            }
        }
        assert ("W3691" in {m.rule.id for m in run_cfn_lint(template, "eu-west-1")}) is flagged, version
