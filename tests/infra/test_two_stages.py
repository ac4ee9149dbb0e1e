"""Two stages in one account and region: no explicit physical name may be the same in both."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from infra.config import load_stage
from tests.infra.test_cfn_lint import ACCOUNT, stage_templates, synthesize

__all__ = ["stage_templates"]  # the shared, once-per-session templates (test_cfn_lint.py)

# Properties whose value is a physical name unique per account and region (or global).
# Not here: names scoped to a parent (TargetGroupName, StageName, PolicyName, OperationName),
# nor a Lambda alias's Name (SCOPED_TYPES).
UNIQUE_NAME_PROPERTIES = {
    "AlarmName",
    "AliasName",
    "BucketName",
    "ClusterName",
    "DBClusterIdentifier",
    "DBInstanceIdentifier",
    "DBParameterGroupName",
    "DBProxyName",
    "DBSubnetGroupName",
    "Domain",
    "FunctionName",
    "GroupName",
    "LogGroupName",
    "ManagedPolicyName",
    "Name",
    "QueueName",
    "RepositoryName",
    "RoleName",
    "SecretName",
    "StateMachineName",
    "TableName",
    "TopicName",
    "UserPoolName",
}
# Resource types whose `Name` is scoped to a parent: a Lambda alias is named within its function.
SCOPED_TYPES = {"AWS::Lambda::Alias"}


def explicit_names(template: dict[str, Any]) -> Iterator[tuple[str, str, str]]:
    """(resource type, property, name) for every literal name: a name CloudFormation generates,
    or one built from another resource's Ref/GetAtt, is unique by construction."""
    for resource in template["Resources"].values():
        if resource["Type"] in SCOPED_TYPES:
            continue
        for prop, value in resource.get("Properties", {}).items():
            if prop in UNIQUE_NAME_PROPERTIES and isinstance(value, str):
                yield resource["Type"], prop, value


def test_two_stages_in_one_account_and_region_share_no_physical_name(
    stage_templates: dict[str, dict[str, Any]], tmp_path_factory: pytest.TempPathFactory
) -> None:
    first, second = load_stage("dev", account=ACCOUNT), load_stage("staging", account=ACCOUNT)
    templates = [stage_templates["dev"], stage_templates["staging"]]
    if second.region != first.region:
        # Force the same region (the shared template is reused when the files already agree).
        forced = second.model_copy(update={"region": first.region, "availability_zones": first.availability_zones})
        from infra.paths import REPO_ROOT

        templates[1] = synthesize(forced, REPO_ROOT, tmp_path_factory.mktemp("cdk.out-forced"))
    names = [set(explicit_names(t)) for t in templates]
    # What the check must see to be meaningful: the names that once collided are collected.
    for found in names:
        assert {prop for _, prop, _ in found} >= {"DBProxyName", "DBInstanceIdentifier", "LogGroupName", "AlarmName"}
    collisions = {(kind, prop, value) for kind, prop, value in names[0] if (kind, prop, value) in names[1]}
    # Names are compared per property: a log group and an alarm may share a string.
    assert not collisions, json.dumps(sorted(collisions), indent=1)
