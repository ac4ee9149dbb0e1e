"""A fourth kind in the CDK app: its worker, queue, DLQ, webhook URL and grants, all on the shared
worker and webhook handlers (the kind itself, its migration and everything else that picks it
up: tests/integration/kinds/test_a_new_kind.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

from tests.integration.kinds.test_a_new_kind import DESCRIPTOR, NAME

# Synthesizes the app in a fresh interpreter whose `pageport.kinds` also scans the new kind's
# folder: the session's cached synth (tests/infra) must not see it, and the CDK modules bind the
# kinds' tables at import. cdk-nag runs as in `make synth`: a finding fails the synth.
SYNTH = """
import json, sys
import pageport.kinds as kinds
kinds.__path__.append(sys.argv[1])
from infra.app import build_app
from infra.nag import logical_id
from infra.paths import REPO_ROOT
app, stack = build_app("dev", account="111111111111", repo_root=REPO_ROOT, outdir=sys.argv[2])
template = app.synth().get_stack_artifact(stack.artifact_id).template
queue = stack.messaging.queues["archive"]
ids = {
    "worker": logical_id(stack.functions["archive_worker"].function),
    "worker_role": logical_id(stack.functions["archive_worker"].role),
    "job_role": logical_id(stack.workers.job_roles["archive_worker"]),
    "webhook": logical_id(stack.functions["page_archive_webhook"].function),
    "url": logical_id(stack.webhooks.urls["page-archives"]),
    "queue": logical_id(queue.queue),
    "dlq": logical_id(queue.dlq),
}
with open(sys.argv[3], "w") as out:
    json.dump({"template": template, "ids": ids}, out)
"""


def _policy_statements(resources: dict[str, Any], role_id: str) -> list[dict[str, Any]]:
    return [
        statement
        for resource in resources.values()
        if resource["Type"] == "AWS::IAM::Policy" and {"Ref": role_id} in resource["Properties"]["Roles"]
        for statement in resource["Properties"]["PolicyDocument"]["Statement"]
    ]


def _actions(statement: dict[str, Any]) -> set[str]:
    actions = statement["Action"]
    return {actions} if isinstance(actions, str) else set(actions)


def test_the_cdk_app_builds_its_worker_queue_dlq_webhook_and_grants(tmp_path: Path) -> None:
    from infra.paths import REPO_ROOT

    package = tmp_path / "kinds" / NAME
    package.mkdir(parents=True)
    # Without its own create route (one would be a line of pageport.routes): the batch API suffices.
    descriptor = DESCRIPTOR.replace('    direct_senders=("create_page_archive",),\n', "")
    assert "direct_senders" not in descriptor
    (package / "__init__.py").write_text(textwrap.dedent(descriptor))
    out = tmp_path / "synth.json"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(REPO_ROOT / "layers/pageport/python"), str(REPO_ROOT)]),
        "PAGEPORT_BUILD_DIR": os.environ.get("PAGEPORT_BUILD_DIR", str(REPO_ROOT / "build")),  # the layer cache
        "JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION": "20",
    }
    run = subprocess.run(
        [sys.executable, "-c", SYNTH, str(tmp_path / "kinds"), str(tmp_path / "cdk.out"), str(out)],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-4000:]
    synthesized = json.loads(out.read_text())
    resources: dict[str, Any] = synthesized["template"]["Resources"]
    ids: dict[str, str] = synthesized["ids"]

    worker = resources[ids["worker"]]["Properties"]
    assert worker["Handler"] == "handler.lambda_handler" and worker["Runtime"].startswith("python")
    assert "VpcConfig" not in worker
    variables = worker["Environment"]["Variables"]
    assert variables["PAGEPORT_KIND"] == NAME and variables["CLAIM_EXPIRES_AFTER_S"] == "120"
    assert variables["PAGE_ARCHIVE_WEBHOOK_URL"] == {"Fn::GetAtt": [ids["url"], "FunctionUrl"]}
    # Fed by its own queue, which dead-letters into its own DLQ.
    # Invoked through its live alias (the published version SnapStart snapshots, where on).
    invokers = {ids["worker"]} | _aliases(resources, ids["worker"])
    (mapping,) = [
        r["Properties"]
        for r in resources.values()
        if r["Type"] == "AWS::Lambda::EventSourceMapping" and _refs(r["Properties"]["FunctionName"]) & invokers
    ]
    assert mapping["EventSourceArn"] == {"Fn::GetAtt": [ids["queue"], "Arn"]}
    assert mapping["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    redrive = resources[ids["queue"]]["Properties"]["RedrivePolicy"]
    assert redrive["deadLetterTargetArn"] == {"Fn::GetAtt": [ids["dlq"], "Arn"]}
    assert any(
        r["Type"] == "AWS::Lambda::EventSourceMapping"
        and r["Properties"]["EventSourceArn"] == {"Fn::GetAtt": [ids["dlq"], "Arn"]}
        for r in resources.values()
    ), "the dead-letter consumer reads its DLQ"

    # Its webhook: the shared handler with its kind, behind an AWS_IAM function URL.
    webhook = resources[ids["webhook"]]["Properties"]
    assert webhook["Environment"]["Variables"]["PAGEPORT_KIND"] == NAME and "VpcConfig" in webhook
    url = resources[ids["url"]]["Properties"]
    assert url["AuthType"] == "AWS_IAM" and url["TargetFunctionArn"] == {"Fn::GetAtt": [ids["webhook"], "Arn"]}

    # Grants: its worker may invoke that URL, read and write its own prefix, and consume its queue.
    statements = _policy_statements(resources, ids["worker_role"])
    invoke = [s for s in statements if "lambda:InvokeFunctionUrl" in _actions(s)]
    webhook_invokers = {ids["webhook"]} | _aliases(resources, ids["webhook"])
    assert invoke and all(_refs(s["Resource"]) & webhook_invokers for s in invoke)
    # Its S3 grants are on the job role its jobs assume (pageport/workers/scoped.py).
    assert not [s for s in statements if _actions(s) & {"s3:PutObject", "s3:GetObject"}]
    job_statements = _policy_statements(resources, ids["job_role"])
    s3 = json.dumps([s for s in job_statements if _actions(s) & {"s3:PutObject", "s3:GetObject"}])
    assert "page-archives/*" in s3 and "s3:PutObject" in s3 and "s3:GetObject" in s3
    assert any(
        "sqs:ReceiveMessage" in _actions(s) and s["Resource"] == {"Fn::GetAtt": [ids["queue"], "Arn"]}
        for s in statements
    )


def _aliases(resources: dict[str, Any], function_id: str) -> set[str]:
    """The logical ids of the function's aliases (its invokers call the live alias)."""
    return {
        logical
        for logical, r in resources.items()
        if r["Type"] == "AWS::Lambda::Alias" and r["Properties"]["FunctionName"] == {"Ref": function_id}
    }


def _refs(value: Any) -> set[str]:
    """Every logical id a CloudFormation value refers to (Ref, Fn::GetAtt), however nested."""
    if isinstance(value, dict):
        found = {value["Ref"]} if isinstance(value.get("Ref"), str) else set()
        if isinstance(value.get("Fn::GetAtt"), list):
            found.add(value["Fn::GetAtt"][0])
        return found.union(*(_refs(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_refs(v) for v in value))
    return set()
