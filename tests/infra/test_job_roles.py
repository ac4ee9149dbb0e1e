"""Each kind's job role (pageport/workers/scoped.py): it holds the worker's S3 grants and trusts
only the functions that send the kind's messages, which mint each job's credentials with it; the
worker's role holds no S3 grant and may assume nothing, so a browser exploit that reads the
worker's own credentials gets no job role."""

from __future__ import annotations

from pageport import kinds
from pageport.routes import WORKER_QUEUES

from infra.permissions import PAGE_AUTH_OPENER, QUEUE_SENDERS
from tests.infra.synthesis import Synth, actions_of, function_of, refs_in, role_of, role_statements


def _senders(kind: kinds.Kind) -> set[str]:
    return {name for name, queues in QUEUE_SENDERS.items() if kind.queue in queues}


def test_each_job_role_is_assumed_only_by_the_senders_of_its_kind(synth: Synth) -> None:
    job_roles = synth.stack.workers.job_roles
    assert set(job_roles) == set(WORKER_QUEUES)
    for kind in kinds.all_kinds():
        job_role_id = synth.logical_id(job_roles[kind.worker])
        trust = synth.props(job_role_id)["AssumeRolePolicyDocument"]["Statement"]
        assert all(t["Action"] == "sts:AssumeRole" and t["Effect"] == "Allow" for t in trust)
        trusted = {t["Principal"]["AWS"]["Fn::GetAtt"][0] for t in trust}
        assert trusted == {role_of(synth, s) for s in _senders(kind)}, kind.name
        assert synth.props(job_role_id).get("MaxSessionDuration", 3600) == 3600
        for sender in _senders(kind):
            assumes = [s for s in role_statements(synth, role_of(synth, sender)) if "sts:AssumeRole" in actions_of(s)]
            assert any(job_role_id in refs_in(s["Resource"]) for s in assumes), (kind.name, sender)
            env = synth.props(function_of(synth, sender))["Environment"]["Variables"]
            assert env[kind.job_role_variable] == {"Fn::GetAtt": [job_role_id, "Arn"]}
            assert "ARTIFACT_BUCKET" in env  # the bucket its session policies name
        job_actions = {a for s in role_statements(synth, job_role_id) for a in actions_of(s)}
        # S3, and for the capture the page auth key's Decrypt (narrowed per job: test_page_auth.py).
        others = {"kms:Decrypt"} if kind.worker == PAGE_AUTH_OPENER else set()
        assert job_actions and all(a.startswith("s3:") or a in others for a in job_actions), job_actions


def test_a_worker_may_assume_nothing_and_reaches_s3_only_with_carried_credentials(synth: Synth) -> None:
    for worker in WORKER_QUEUES:
        worker_role_id = role_of(synth, worker)
        statements = role_statements(synth, worker_role_id)
        assert not [a for s in statements for a in actions_of(s) if a.startswith("sts:")], worker
        assert not [a for s in statements for a in actions_of(s) if a.startswith("s3:")], worker
        env = synth.props(function_of(synth, worker))["Environment"]["Variables"]
        assert env["JOB_CREDENTIALS_REQUIRED"] == "true"
        assert "WORKER_JOB_ROLE_ARN" not in env


def test_no_other_function_may_assume_a_job_role(synth: Synth) -> None:
    job_role_ids = {synth.logical_id(role) for role in synth.stack.workers.job_roles.values()}
    for name in synth.stack.functions:
        if name in QUEUE_SENDERS:
            continue
        for statement in role_statements(synth, role_of(synth, name)):
            if "sts:AssumeRole" in actions_of(statement):
                assert not job_role_ids & refs_in(statement["Resource"]), name


def test_senders_in_the_vpc_reach_sts_through_an_endpoint(synth: Synth) -> None:
    endpoints = synth.of_type("AWS::EC2::VPCEndpoint").values()
    services = {str(e["Properties"]["ServiceName"]) for e in endpoints}
    assert any("sts" in service for service in services), services
