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


def refs_in(value: Any) -> set[str]:
    """Every logical id a CloudFormation value points at (Ref, Fn::GetAtt)."""
    found: set[str] = set()
    if isinstance(value, dict):
        if "Ref" in value and isinstance(value["Ref"], str):
            found.add(value["Ref"])
        if "Fn::GetAtt" in value:
            found.add(value["Fn::GetAtt"][0])
        for item in value.values():
            found |= refs_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= refs_in(item)
    return found


def role_statements(synth: Synth, role_id: str) -> list[dict[str, Any]]:
    role = synth.props(role_id)
    assert not role.get("ManagedPolicyArns"), f"{role_id} has managed policies"
    documents = [p["PolicyDocument"] for p in role.get("Policies", [])]
    documents += [
        policy["Properties"]["PolicyDocument"]
        for policy in synth.of_type("AWS::IAM::Policy").values()
        if {"Ref": role_id} in policy["Properties"].get("Roles", [])
    ]
    return [s for doc in documents for s in doc["Statement"]]


def actions_of(statement: dict[str, Any]) -> list[str]:
    actions = statement["Action"]
    return [actions] if isinstance(actions, str) else actions


def role_of(synth: Synth, function: str) -> str:
    return synth.logical_id(synth.stack.functions[function].role)


def function_of(synth: Synth, function: str) -> str:
    return synth.logical_id(synth.stack.functions[function].function)


def invoked_of(synth: Synth, function: str) -> str:
    """What invokers target: the function's live alias where it has one (tests/infra/test_snapstart.py)."""
    fn = synth.stack.functions[function]
    return synth.logical_id(fn.alias if fn.alias is not None else fn.function)


def api_paths(synth: Synth) -> dict[str, str]:
    """API Gateway resource logical id -> full path."""
    resources = synth.of_type("AWS::ApiGateway::Resource")
    rest_api_id = synth.logical_id(synth.stack.api.rest_api)

    def path(logical_id: str) -> str:
        props = resources[logical_id]["Properties"]
        parent = props["ParentId"]
        prefix = "" if "Fn::GetAtt" in parent and parent["Fn::GetAtt"][0] == rest_api_id else path(parent["Ref"])
        return f"{prefix}/{props['PathPart']}"

    return {logical_id: path(logical_id) for logical_id in resources}
