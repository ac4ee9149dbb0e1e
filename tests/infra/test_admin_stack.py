"""The admin function in the synthesized template: IAM-invoked only, in the VPC as the data-only
role, named from the stage, and the stage file's seed applied after the migration."""

from __future__ import annotations

import os
from typing import Any

import pytest
from pageport.migrations import APP_ROLE
from pageport.models.admin import admin_function_name

from infra.app import build_app
from infra.paths import REPO_ROOT
from tests.infra.synthesis import Synth, actions_of, refs_in, role_statements


def _invoke_grants(resources: dict[str, dict[str, Any]], function_id: str) -> list[tuple[list[Any], dict[str, Any]]]:
    """(roles, statement) of every identity policy statement allowing to invoke the function."""
    found = []
    for resource in resources.values():
        if resource["Type"] not in ("AWS::IAM::Policy", "AWS::IAM::ManagedPolicy"):
            continue
        props = resource["Properties"]
        for statement in props["PolicyDocument"]["Statement"]:
            actions = actions_of(statement)
            if any(a in ("lambda:InvokeFunction", "lambda:*", "*") for a in actions) and function_id in refs_in(
                statement.get("Resource")
            ):
                found.append((props.get("Roles", []), statement))
    return found


def _nothing_else_reaches(resources: dict[str, dict[str, Any]], function_id: str) -> None:
    """No resource policy, function URL, API integration or event source names the function."""
    for logical_id, resource in resources.items():
        kind = resource["Type"]
        mentions = function_id in refs_in(resource.get("Properties", {}))
        if kind in (
            "AWS::Lambda::Permission",
            "AWS::Lambda::Url",
            "AWS::Lambda::EventSourceMapping",
            "AWS::ApiGateway::Method",
            "AWS::Events::Rule",
        ):
            assert not mentions, (logical_id, kind)


def test_the_admin_function_is_in_the_vpc_as_the_app_role_and_named_from_the_stage(synth: Synth) -> None:
    admin = synth.stack.admin
    props = synth.props(synth.logical_id(admin.admin.function))
    assert props["FunctionName"] == admin_function_name("dev") == "pageport-dev-admin"
    assert props["Handler"] == "handler.lambda_handler" and "VpcConfig" in props
    env = props["Environment"]["Variables"]
    assert env["DB_USER"] == APP_ROLE and env["DB_IAM_AUTH"] == "true"
    # Its role may connect to the proxy as the app role, and does nothing else with AWS
    # besides its logs, traces and ENIs.
    actions = {a for s in role_statements(synth, synth.logical_id(admin.admin.role)) for a in actions_of(s)}
    assert "rds-db:connect" in actions
    assert not {a for a in actions if a.startswith(("s3:", "sqs:", "secretsmanager:", "lambda:", "iam:"))}
    outputs = synth.template.to_json()["Outputs"]
    assert any(o["Value"] == {"Ref": synth.logical_id(admin.admin.function)} for o in outputs.values())


def test_nobody_but_the_seed_provider_may_invoke_the_admin_function(synth: Synth) -> None:
    function_id = synth.logical_id(synth.stack.admin.admin.function)
    _nothing_else_reaches(synth.resources, function_id)
    grants = _invoke_grants(synth.resources, function_id)
    (seed,) = synth.of_type("Custom::PageportSeed").values()
    # The custom resource's service token is the provider framework's function; its role alone.
    (provider_id,) = refs_in(seed["Properties"]["ServiceToken"])
    provider_role = refs_in(synth.props(provider_id)["Role"])
    assert grants and {ref for roles, _ in grants for ref in refs_in(roles)} == provider_role


def test_the_seed_comes_from_the_stage_file_and_runs_after_the_migration(synth: Synth) -> None:
    config = synth.stack.config
    assert config.seed is not None
    (seed,) = synth.of_type("Custom::PageportSeed").values()
    assert seed["Properties"]["Seed"] == {
        "organization": config.seed.organization,
        "project": config.seed.project,
        "members": list(config.seed.members),
    }
    depends = set(seed.get("DependsOn", []))
    (migration_id,) = synth.of_type("Custom::PageportMigrations")
    admin = synth.stack.admin.admin
    assert migration_id in depends
    # ...and after the admin function can connect: the function and its role's policy.
    assert synth.logical_id(admin.function) in depends
    policy_ids = {
        logical_id
        for logical_id, policy in synth.of_type("AWS::IAM::Policy").items()
        if {"Ref": synth.logical_id(admin.role)} in policy["Properties"]["Roles"]
    }
    assert policy_ids and policy_ids <= depends
    # The admin function itself waits for the migration (the stack's rule for database users).
    assert migration_id in set(synth.resources[synth.logical_id(admin.function)].get("DependsOn", []))


@pytest.fixture(scope="module")
def unseeded(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], str]:
    """staging, a stage file without [seed]: its template and the admin function's logical id."""
    from infra.nag import logical_id

    os.environ.setdefault("PAGEPORT_BUILD_DIR", str(REPO_ROOT / "build"))
    outdir = tmp_path_factory.mktemp("cdk.out.staging")
    app, stack = build_app("staging", account="111111111111", repo_root=REPO_ROOT, outdir=str(outdir))
    assert stack.config.seed is None
    template: dict[str, Any] = app.synth().get_stack_artifact(stack.artifact_id).template
    return template, logical_id(stack.admin.admin.function)


def test_without_a_seed_nobody_at_all_may_invoke_the_admin_function(unseeded: tuple[dict[str, Any], str]) -> None:
    template, function_id = unseeded
    resources = template["Resources"]
    assert resources[function_id]["Properties"]["FunctionName"] == "pageport-staging-admin"
    assert not [r for r in resources.values() if r["Type"] == "Custom::PageportSeed"]
    _nothing_else_reaches(resources, function_id)
    assert _invoke_grants(resources, function_id) == []
