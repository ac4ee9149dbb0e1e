"""The app's inputs and guards that need the CDK or a build: the layer build, cdk-nag failing
synthesis on an unacknowledged finding, the worker image's context and an existing user pool (the
stage files, the function-folder check and the dependency groups: tests/unit/infra/test_inputs.py)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from aws_cdk import Acknowledgment, App, Stack, Validations
from aws_cdk import aws_sqs as sqs
from aws_cdk.assertions import Template

from infra.auth import Auth
from infra.config import CognitoConfig, load_stage
from infra.layer_build import build_layer, dependency_group
from infra.nag import enable_nag
from infra.paths import REPO_ROOT
from tests.infra.synthesis import Synth


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
    assert tops == {"fonts", "functions", "infra", "layers", "pyproject.toml"}
    assert {f for f in files if f.startswith("fonts/")} == {
        "fonts/package.json",
        "fonts/package-lock.json",
        "fonts/fontsource_ttf.py",
        "fonts/55-pageport-aliases.conf",
    }
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
