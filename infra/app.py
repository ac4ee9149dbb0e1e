"""Build the CDK app for one stage: `-c stage=NAME` (default dev), `-c account=ID` optional.

Offline by design: no lookups, availability zones pinned in infra/stages/<stage>.toml.
"""

from __future__ import annotations

import os
from pathlib import Path

from aws_cdk import App

from infra.config import load_stage
from infra.layer_build import build_layer
from infra.nag import enable_nag
from infra.paths import REPO_ROOT, check_functions
from infra.stack import PageportStack

# Feature flags live here, not in cdk.json, so `python app.py` and `cdk synth` agree.
FEATURE_FLAGS: dict[str, object] = {
    # Access logs are delivered under a bucket policy, not the legacy LogDeliveryWrite ACL
    # (ACLs are disabled on every bucket: ObjectOwnership=BucketOwnerEnforced).
    "@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy": True,
    # A function's current_version (what its live alias points at, infra/lambdas.py) changes
    # with its layer too: most of the code is the layer, and without this a layer-only change
    # would publish no version and the alias would keep serving the old code.
    "@aws-cdk/aws-lambda:recognizeLayerVersion": True,
}


def build_app(
    stage: str | None = None,
    *,
    account: str | None = None,
    repo_root: Path = REPO_ROOT,
    outdir: str | None = None,
) -> tuple[App, PageportStack]:
    app = App(outdir=outdir, context=FEATURE_FLAGS)
    stage = stage or app.node.try_get_context("stage") or os.environ.get("PAGEPORT_STAGE") or "dev"
    account = account or app.node.try_get_context("account") or os.environ.get("CDK_DEFAULT_ACCOUNT")
    config = load_stage(stage, account=account)
    check_functions(repo_root)  # every function named by pageport.routes, listed if missing
    layer = build_layer(config.architecture, repo_root=repo_root)
    stack = PageportStack(app, config.stack_name, config=config, layer=layer, repo_root=repo_root)
    enable_nag(app)
    return app, stack


def main() -> None:
    # The CDK CLI passes CDK_OUTDIR; run directly, write where the CLI would (not a temp dir).
    outdir = None if os.environ.get("CDK_OUTDIR") else str(REPO_ROOT / "cdk.out")
    app, stack = build_app(outdir=outdir)
    assembly = app.synth()
    print(f"synthesized {stack.stack_name} to {assembly.directory}")
