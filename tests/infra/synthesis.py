"""What the session's synthesis yields to the tests (see conftest.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aws_cdk.assertions import Template
from constructs import IConstruct

from infra.nag import logical_id
from infra.stack import PageportStack


@dataclass
class Synth:
    stack: PageportStack
    template: Template
    resources: dict[str, dict[str, Any]]
    metadata: dict[str, list[dict[str, Any]]]
    assembly_dir: Path
    missing_context: object

    def logical_id(self, construct: IConstruct) -> str:
        return logical_id(construct)

    def of_type(self, cfn_type: str) -> dict[str, dict[str, Any]]:
        return {k: v for k, v in self.resources.items() if v["Type"] == cfn_type}

    def props(self, logical_id: str) -> dict[str, Any]:
        props: dict[str, Any] = self.resources[logical_id].get("Properties", {})
        return props
