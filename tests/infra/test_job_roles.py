"""Each worker's jobs assume its job role (pageport/workers/scoped.py): the job role holds the
worker's S3 grants and trusts that worker's role alone; the worker's role may assume it and
holds no S3 grant of its own."""

from __future__ import annotations

from pageport.routes import WORKER_QUEUES

from tests.infra.synthesis import Synth, actions_of, function_of, refs_in, role_of, role_statements


def test_each_worker_assumes_only_its_own_job_role_which_trusts_only_it(synth: Synth) -> None:
    job_roles = synth.stack.workers.job_roles
    assert set(job_roles) == set(WORKER_QUEUES)
    for worker, job_role in job_roles.items():
        job_role_id = synth.logical_id(job_role)
        worker_role_id = role_of(synth, worker)
        trust = synth.props(job_role_id)["AssumeRolePolicyDocument"]["Statement"]
        assert trust == [
            {
                "Action": "sts:AssumeRole",
                "Effect": "Allow",
                "Principal": {"AWS": {"Fn::GetAtt": [worker_role_id, "Arn"]}},
            }
        ]
        assert synth.props(job_role_id).get("MaxSessionDuration", 3600) == 3600
        assumes = [s for s in role_statements(synth, worker_role_id) if "sts:AssumeRole" in actions_of(s)]
        assert [s["Resource"] for s in assumes] == [{"Fn::GetAtt": [job_role_id, "Arn"]}], worker
        env = synth.props(function_of(synth, worker))["Environment"]["Variables"]
        assert env["WORKER_JOB_ROLE_ARN"] == {"Fn::GetAtt": [job_role_id, "Arn"]}
        # Only the job role reaches the bucket; nothing but S3 is on it.
        assert not [a for s in role_statements(synth, worker_role_id) for a in actions_of(s) if a.startswith("s3:")]
        job_actions = {a for s in role_statements(synth, job_role_id) for a in actions_of(s)}
        assert job_actions and all(a.startswith("s3:") for a in job_actions), job_actions
    # No other role may assume a job role.
    job_role_ids = {synth.logical_id(role) for role in job_roles.values()}
    for name in synth.stack.functions:
        if name in job_roles:
            continue
        for statement in role_statements(synth, role_of(synth, name)):
            if "sts:AssumeRole" in actions_of(statement):
                assert not job_role_ids & refs_in(statement["Resource"]), name
