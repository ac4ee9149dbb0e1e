"""Lambda SnapStart per stage, and every invoker of the functions that may use it targeting their
published `live` alias, never $LATEST (infra/lambdas.py).

The zip functions on Python 3.12+ that API Gateway, the schedule, the queues and function URLs
invoke have the alias in every stage, and SnapStart where the stage file says so (prod); the
migration runner and the admin function (invoked by CloudFormation's provider and by name, once
per deploy or by hand) and the container-image workers have neither. The stages' templates are
compared with the dev stack's constructs: logical ids are the same in every stage.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from aws_cdk import App, Stack
from aws_cdk import aws_lambda as lambda_
from aws_cdk.assertions import Template
from pageport.routes import ROUTES, WEBHOOK_FUNCTIONS, WORKER_QUEUES

from infra.app import FEATURE_FLAGS
from infra.config import FunctionSizing, load_stage
from infra.lambdas import LIVE_ALIAS, FunctionFactory
from infra.nag import logical_id
from infra.paths import REPO_ROOT
from infra.workers import IMAGE_WORKERS
from tests.infra.synthesis import Synth
from tests.infra.test_cfn_lint import ACCOUNT, STAGES, stage_templates

__all__ = ["stage_templates"]  # the shared, once-per-session templates (test_cfn_lint.py)

LIVE = {
    *(route.function for route in ROUTES),
    *WEBHOOK_FUNCTIONS.values(),
    "dispatcher",
    "dead_letter",
    *(set(WORKER_QUEUES) - IMAGE_WORKERS),
}
SNAPSTART = {"ApplyOn": "PublishedVersions"}


def _refs(value: Any) -> set[str]:
    """Every logical id a CloudFormation value points at (Ref, Fn::GetAtt)."""
    if isinstance(value, dict):
        found = {value["Ref"]} if isinstance(value.get("Ref"), str) else set()
        if "Fn::GetAtt" in value:
            found.add(value["Fn::GetAtt"][0])
        return found.union(*(_refs(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_refs(v) for v in value))
    return set()


def _python(runtime: str) -> tuple[int, int]:
    major, minor = runtime.removeprefix("python").split(".")
    return int(major), int(minor)


def _ids(synth: Synth) -> tuple[dict[str, str], dict[str, str]]:
    """name -> function logical id, name -> alias logical id (functions with one)."""
    functions = {name: synth.logical_id(fn.function) for name, fn in synth.stack.functions.items()}
    aliases = {name: synth.logical_id(fn.alias) for name, fn in synth.stack.functions.items() if fn.alias}
    return functions, aliases


def test_the_live_functions_are_the_zip_functions_on_python_312_but_migrate_and_admin(synth: Synth) -> None:
    functions, aliases = _ids(synth)
    assert set(aliases) == LIVE
    zips = {n for n, fn in synth.stack.functions.items() if not isinstance(fn.function, lambda_.DockerImageFunction)}
    assert zips - LIVE == {"migrate", "admin"}
    for name in LIVE:
        assert _python(synth.props(functions[name])["Runtime"]) >= (3, 12), name


@pytest.mark.parametrize("stage", STAGES)
def test_snapstart_is_on_in_prod_for_every_live_function_and_off_elsewhere(
    stage: str, synth: Synth, stage_templates: dict[str, dict[str, Any]]
) -> None:
    resources = stage_templates[stage]["Resources"]
    snap_start = load_stage(stage).snap_start
    assert snap_start == (stage == "prod")
    functions, aliases = _ids(synth)
    for name, function_id in functions.items():
        props = resources[function_id]["Properties"]
        assert props.get("SnapStart") == (SNAPSTART if snap_start and name in LIVE else None), (stage, name)
    for name, alias_id in aliases.items():
        alias = resources[alias_id]
        assert alias["Properties"]["Name"] == LIVE_ALIAS
        assert alias["Properties"]["FunctionName"] == {"Ref": functions[name]}
        (version_id, _) = alias["Properties"]["FunctionVersion"]["Fn::GetAtt"]
        version = resources[version_id]
        assert version["Type"] == "AWS::Lambda::Version"
        assert version["Properties"]["FunctionName"] == {"Ref": functions[name]}
        # A replaced version (and its snapshot, billed while it exists) goes once the alias moved.
        assert version["DeletionPolicy"] == "Delete", (stage, name)


@pytest.mark.parametrize("stage", ["dev", "prod"])
def test_every_invoker_targets_the_live_alias_never_latest(
    stage: str, synth: Synth, stage_templates: dict[str, dict[str, Any]]
) -> None:
    resources = stage_templates[stage]["Resources"]
    functions, aliases = _ids(synth)
    live_functions = {functions[name] for name in LIVE}

    def of_type(cfn_type: str) -> list[dict[str, Any]]:
        return [r["Properties"] for r in resources.values() if r["Type"] == cfn_type]

    # API Gateway: each route's integration and the permission it invokes with.
    integrations = [
        m["Integration"]["Uri"] for m in of_type("AWS::ApiGateway::Method") if m["Integration"]["Type"] == "AWS_PROXY"
    ]
    assert len(integrations) == len(ROUTES)
    assert set().union(*(_refs(uri) for uri in integrations)) & set(aliases.values()) == {
        aliases[route.function] for route in ROUTES
    }
    for uri in integrations:
        assert not _refs(uri) & live_functions
    for permission in of_type("AWS::Lambda::Permission"):
        assert not _refs(permission["FunctionName"]) & live_functions, permission

    # The schedule.
    (rule,) = of_type("AWS::Events::Rule")
    assert [target["Arn"] for target in rule["Targets"]] == [{"Ref": aliases["dispatcher"]}]

    # The queues: the zip workers' and the dead-letter consumer's; the image workers as $LATEST.
    mappings = [_refs(m["FunctionName"]) for m in of_type("AWS::Lambda::EventSourceMapping")]
    expected = [{aliases[w]} if w in aliases else {functions[w]} for w in WORKER_QUEUES]
    expected += [{aliases["dead_letter"]}] * len(WORKER_QUEUES)
    assert sorted(map(sorted, mappings)) == sorted(map(sorted, expected))

    # The webhooks' function URLs, and what the workers may invoke.
    urls = of_type("AWS::Lambda::Url")
    assert len(urls) == len(WEBHOOK_FUNCTIONS)
    for url in urls:
        assert url["Qualifier"] == LIVE_ALIAS
        assert _refs(url["TargetFunctionArn"]) <= {functions[f] for f in WEBHOOK_FUNCTIONS.values()}
    for policy in of_type("AWS::IAM::Policy"):
        for statement in policy["PolicyDocument"]["Statement"]:
            actions = [statement["Action"]] if isinstance(statement["Action"], str) else statement["Action"]
            if any(a.startswith("lambda:Invoke") for a in actions):
                assert not _refs(statement["Resource"]) & live_functions, statement


def _version_after(tmp_path: Path, layer_file: str) -> str:
    """The logical id of the version a live function's alias points at, given its layer's content."""
    stack = Stack(App(context=FEATURE_FLAGS), "Versions", env={"account": ACCOUNT, "region": "eu-west-1"})
    folder = tmp_path / layer_file / "python"
    folder.mkdir(parents=True)
    (folder / "marker.py").write_text(f"VALUE = {layer_file!r}\n")
    layer = lambda_.LayerVersion(stack, "Layer", code=lambda_.Code.from_asset(str(folder.parent)))
    factory = FunctionFactory(config=load_stage("prod", account=ACCOUNT), repo_root=REPO_ROOT, layer=layer)
    fn = factory.create(stack, "dispatcher", sizing=FunctionSizing(), description="dispatcher", live_alias=True)
    alias = Template.from_stack(stack).to_json()["Resources"][logical_id(fn.live)]
    version_id: str = alias["Properties"]["FunctionVersion"]["Fn::GetAtt"][0]
    return version_id


def test_a_change_of_the_layer_alone_publishes_a_new_version(tmp_path: Path) -> None:
    """Most of a function's code is the layer: a layer-only change must move the alias too."""
    assert _version_after(tmp_path, "a") != _version_after(tmp_path, "b")
