"""Synthesize the dev stage once per session (with cdk-nag on) and share its template.

If some function folders named by pageport.routes do not exist yet, the app is synthesized
from a scratch copy of the repo with stub handlers for them (never written into the repo).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")

from aws_cdk.assertions import Template

from infra.app import build_app
from infra.paths import REPO_ROOT, missing_functions
from tests.infra.synthesis import Synth

STUB_HANDLER = "def lambda_handler(event, context):\n    return {}\n"


def scratch_repo(destination: Path) -> Path:
    """The repo's inputs to synthesis, plus stubs for function folders that do not exist yet."""
    for name in ("layers", "functions", "infra"):
        if (REPO_ROOT / name).exists():
            shutil.copytree(
                REPO_ROOT / name,
                destination / name,
                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
            )
    for name in ("pyproject.toml", "app.py", "cdk.json"):
        shutil.copy2(REPO_ROOT / name, destination / name)
    for function in missing_functions(destination):
        folder = destination / "functions" / function
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "handler.py").write_text(STUB_HANDLER)
    return destination


@pytest.fixture(scope="session")
def synth(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Synth]:
    repo = REPO_ROOT
    if missing_functions(REPO_ROOT):
        repo = scratch_repo(tmp_path_factory.mktemp("repo"))
    outdir = tmp_path_factory.mktemp("cdk.out")
    saved = os.environ.get("PAGEPORT_BUILD_DIR")
    # Share the repo's layer cache (build/) so the scratch copy does not re-run pip.
    os.environ["PAGEPORT_BUILD_DIR"] = saved or str(REPO_ROOT / "build")
    try:
        app, stack = build_app("dev", account="111111111111", repo_root=repo, outdir=str(outdir))
        assembly = app.synth()  # runs cdk-nag: raises on any unacknowledged finding
    finally:
        if saved is None:
            os.environ.pop("PAGEPORT_BUILD_DIR", None)
    artifact = assembly.get_stack_artifact(stack.artifact_id)
    template = artifact.template
    metadata = json.loads((outdir / f"{stack.artifact_id}.metadata.json").read_text())
    yield Synth(
        stack=stack,
        template=Template.from_json(template),
        resources=template["Resources"],
        metadata=metadata,
        assembly_dir=outdir,
        missing_context=json.loads((outdir / "manifest.json").read_text()).get("missing"),
    )
