"""The app's inputs and guards: stage files, the function-folder check, the layer build, and
cdk-nag failing synthesis on an unacknowledged finding."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from aws_cdk import Acknowledgment, App, Stack, Validations
from aws_cdk import aws_sqs as sqs
from aws_cdk.assertions import Template
from pageport.routes import (
    BACKGROUND_FUNCTIONS,
    ROUTES,
    WEBHOOK_FUNCTIONS,
    WEBHOOK_HANDLER,
    WORKER_HANDLER,
    WORKER_QUEUES,
)
from pydantic import ValidationError

from infra.auth import Auth
from infra.config import STAGES_DIR, CognitoConfig, StageConfig, load_stage
from infra.layer_build import build_layer, dependency_group
from infra.nag import enable_nag
from infra.paths import REPO_ROOT, MissingFunctionsError, check_functions, required_functions
from tests.infra.synthesis import Synth


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


def test_layer_is_built_for_lambda_and_cached(tmp_path: Path) -> None:
    # A frozen copy of the inputs: the real package may be edited while tests run.
    shutil.copytree(REPO_ROOT / "layers", tmp_path / "layers")
    shutil.copy2(REPO_ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    build_dir = Path(os.environ.get("PAGEPORT_BUILD_DIR") or REPO_ROOT / "build")
    first = build_layer("arm64", repo_root=tmp_path, build_dir=build_dir)
    inode = first.path.stat().st_ino
    second = build_layer("arm64", repo_root=tmp_path, build_dir=build_dir)
    assert first == second and second.path.stat().st_ino == inode  # reused, not rebuilt
    (tmp_path / "layers/pageport/python/pageport/__init__.py").write_text('"""changed"""\n')
    assert build_layer("arm64", repo_root=tmp_path, build_dir=build_dir).asset_hash != first.asset_hash
    site = first.path / "python"
    assert (site / "pageport" / "routes.py").is_file()
    assert (site / "aws_lambda_powertools").is_dir() and (site / "psycopg").is_dir()
    compiled = [p.name for p in (site / "pydantic_core").glob("*.so")]
    assert compiled and all("aarch64" in name and "cpython-312" in name for name in compiled)
    # The layer's own boto3/botocore (S3 conditional writes need a recent one), not the runtime's.
    assert (site / "boto3").is_dir() and (site / "botocore").is_dir()
    assert dependency_group(REPO_ROOT / "pyproject.toml", "layer")
    # The zip CDK would upload stays far below Lambda's 250 MB unzipped limit.
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    assert size < 150 * 1024 * 1024


def test_dependency_groups_expand_includes(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[dependency-groups]\na = ["x>=1"]\nb = [{include-group = "a"}, "y"]\nc = [{include-group = "c"}]\n'
    )
    assert dependency_group(pyproject, "b") == ["x>=1", "y"]
    with pytest.raises(RuntimeError, match="cycle"):
        dependency_group(pyproject, "c")


def _tiny_app(tmp_path: Path, acknowledge: bool) -> App:
    app = App(outdir=str(tmp_path / ("ack" if acknowledge else "raw")))
    stack = Stack(app, "Tiny")
    # Encrypted and TLS-only, but neither a DLQ nor with one: AwsSolutions-SQS3.
    queue = sqs.Queue(stack, "Queue", enforce_ssl=True, encryption=sqs.QueueEncryption.SQS_MANAGED)
    if acknowledge:
        Validations.of(queue).acknowledge(
            Acknowledgment(id="AwsSolutions-SQS3", reason="Test queue on purpose without a DLQ.")
        )
    enable_nag(app)
    return app


def test_cdk_nag_fails_synthesis_on_an_unacknowledged_finding(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match=r"AwsSolutions-SQS3"):
        _tiny_app(tmp_path, acknowledge=False).synth()
    _tiny_app(tmp_path, acknowledge=True).synth()


def test_worker_image_context_holds_only_what_the_dockerfile_copies(synth: Synth) -> None:
    assets = [p for p in synth.assembly_dir.glob("asset.*") if (p / "infra").is_dir()]
    assert len(assets) == 1  # capture and discovery share one image (only CMD differs)
    files = {p.relative_to(assets[0]).as_posix() for p in assets[0].rglob("*") if p.is_file()}
    assert "infra/images/worker.Dockerfile" in files and "pyproject.toml" in files
    assert any(f.startswith("layers/pageport/python/pageport/") for f in files)
    tops = {f.split("/")[0] for f in files}
    assert tops == {"functions", "infra", "layers", "pyproject.toml"}
    functions = {f.split("/")[1] for f in files if f.startswith("functions/")}
    assert functions == {"worker"}  # every image kind runs the shared worker handler
    assert not any("__pycache__" in f for f in files)


def test_a_stage_can_trust_an_existing_user_pool() -> None:
    config = load_stage("dev").model_copy(
        update={
            "cognito": CognitoConfig(
                existing_user_pool_id="eu-west-1_AbCdEf123",
                existing_plugin_client_id="3n4b5urk1ft4fl3mg5e62d9ado",
                existing_sign_in_domain="https://login.example.com",
            )
        }
    )
    stack = Stack(App(), "AuthOnly")
    auth = Auth(stack, "Auth", config=config)
    # The plugin's client and the domain were made by hand on that pool (README, "Signing in").
    assert auth.add_plugin_client("https://api.example.com/v1/auth/callback") == "3n4b5urk1ft4fl3mg5e62d9ado"
    assert auth.client is None
    assert auth.sign_in_domain == "https://login.example.com"
    assert stack.resolve(auth.user_pool.user_pool_id) == "eu-west-1_AbCdEf123"
    template = Template.from_stack(stack)
    for kind in ("UserPool", "UserPoolClient", "UserPoolDomain", "ManagedLoginBranding"):
        assert not template.find_resources(f"AWS::Cognito::{kind}")


def test_an_existing_user_pool_needs_the_hand_made_client_and_domain() -> None:
    data = load_stage("dev").model_dump()
    data["cognito"] = {"existing_user_pool_id": "eu-west-1_AbCdEf123"}
    with pytest.raises(ValidationError, match="existing_plugin_client_id"):
        StageConfig.model_validate(data)
    data["cognito"] = {"existing_plugin_client_id": "abc"}
    with pytest.raises(ValidationError, match="need existing_user_pool_id"):
        StageConfig.model_validate(data)
