"""Pages behind a login (kinds/page_import/sealing.py) in the template: one rotating KMS key;
only the creating route generates data keys with it and only the capture's job role decrypts
(each job narrowed to its own encryption context by its session policy); every function that
mints capture credentials, and the sealer, names the key; the sealed objects are written and
tagged by the sealer, deleted by the capture, and expire within a day otherwise."""

from __future__ import annotations

from pageport.kinds.page_import import KIND as PAGE_IMPORT
from pageport.kinds.page_import.sealing import SECRET_TAGS

from infra.permissions import PAGE_AUTH_OPENER, PAGE_AUTH_SEALER, QUEUE_SENDERS
from tests.infra.synthesis import Synth, actions_of, function_of, refs_in, role_of, role_statements


def test_one_rotating_key_generating_for_the_sealer_and_decrypting_for_the_capture_alone(synth: Synth) -> None:
    key_id = synth.logical_id(synth.stack.storage.page_auth_key)
    assert synth.props(key_id)["EnableKeyRotation"] is True
    users: dict[str, set[str]] = {}
    roles = {role_of(synth, name) for name in synth.stack.functions}
    roles |= {synth.logical_id(role) for role in synth.stack.workers.job_roles.values()}
    for role_id in roles:
        for statement in role_statements(synth, role_id):
            if key_id in refs_in(statement["Resource"]):
                users.setdefault(role_id, set()).update(actions_of(statement))
    sealer = role_of(synth, PAGE_AUTH_SEALER)
    opener = synth.logical_id(synth.stack.workers.job_roles[PAGE_AUTH_OPENER])
    assert users == {sealer: {"kms:GenerateDataKey"}, opener: {"kms:Decrypt"}}


def test_every_function_that_mints_capture_credentials_names_the_key(synth: Synth) -> None:
    key_id = synth.logical_id(synth.stack.storage.page_auth_key)
    named = {PAGE_AUTH_SEALER, *(n for n, queues in QUEUE_SENDERS.items() if PAGE_IMPORT.queue in queues)}
    for name in synth.stack.functions:
        env = synth.props(function_of(synth, name)).get("Environment", {}).get("Variables", {})
        if name in named:
            assert env["PAGE_AUTH_KEY_ARN"] == {"Fn::GetAtt": [key_id, "Arn"]}, name
        else:
            assert "PAGE_AUTH_KEY_ARN" not in env, name


def test_sealed_objects_are_tagged_deleted_by_the_capture_and_expire_within_a_day(synth: Synth) -> None:
    rules = synth.props(synth.logical_id(synth.stack.storage.bucket))["LifecycleConfiguration"]["Rules"]
    (rule,) = [r for r in rules if r.get("TagFilters")]
    assert rule["TagFilters"] == [{"Key": k, "Value": v} for k, v in SECRET_TAGS.items()]
    assert rule["ExpirationInDays"] == 1 and rule["NoncurrentVersionExpiration"]["NoncurrentDays"] == 1
    opener = synth.logical_id(synth.stack.workers.job_roles[PAGE_AUTH_OPENER])
    deletes = [s for s in role_statements(synth, opener) if "s3:DeleteObject" in actions_of(s)]
    assert deletes and all("/page-imports/*/auth/*" in str(s["Resource"]) for s in deletes)
    endpoints = synth.stack.network.interface_endpoints
    assert "Kms" in endpoints  # the sealer runs in the VPC
