"""Assertions on the synthesized dev stack (one synthesis per session: see conftest.py)."""

from __future__ import annotations

import json
import re
from typing import Any

from aws_cdk import App, Stack
from aws_cdk.assertions import Match, Template
from pageport.kinds import KIND_VARIABLE
from pageport.routes import BACKGROUND_FUNCTIONS, KIND_FUNCTIONS, ROUTES, WEBHOOK_FUNCTIONS, WORKER_QUEUES

from infra.config import load_stage
from infra.messaging import VISIBILITY_FACTOR
from infra.paths import REPO_ROOT, function_dir
from infra.permissions import DATABASE_USERS, WORKER_WEBHOOKS
from infra.workers import IMAGE_WORKERS
from tests.infra.synthesis import (
    Synth,
    actions_of,
    api_paths,
    function_of,
    invoked_of,
    refs_in,
    role_of,
    role_statements,
)

# --- messaging ---------------------------------------------------------------------------


def test_every_worker_queue_has_an_encrypted_tls_only_dlq_and_redrive(synth: Synth) -> None:
    config = synth.stack.config
    assert set(synth.stack.messaging.queues) == set(WORKER_QUEUES.values())
    for worker, name in WORKER_QUEUES.items():
        pair = synth.stack.messaging.queues[name]
        queue, dlq = (
            synth.props(synth.logical_id(pair.queue)),
            synth.props(synth.logical_id(pair.dlq)),
        )
        redrive = queue["RedrivePolicy"]
        assert redrive["deadLetterTargetArn"] == {"Fn::GetAtt": [synth.logical_id(pair.dlq), "Arn"]}
        assert redrive["maxReceiveCount"] == config.worker(worker).max_receive_count
        function = synth.props(function_of(synth, worker))
        timeout = function["Timeout"]
        assert queue["VisibilityTimeout"] >= VISIBILITY_FACTOR * timeout
        # A redelivered copy finds an abandoned claim expired (workers/claims.py).
        assert function["Environment"]["Variables"]["CLAIM_EXPIRES_AFTER_S"] == str(timeout)
        assert "RedrivePolicy" not in dlq
        for props in (queue, dlq):
            assert props["SqsManagedSseEnabled"] is True
        for queue_id in (synth.logical_id(pair.queue), synth.logical_id(pair.dlq)):
            synth.template.has_resource_properties(
                "AWS::SQS::QueuePolicy",
                {
                    "Queues": [{"Ref": queue_id}],
                    "PolicyDocument": {
                        "Statement": Match.array_with(
                            [
                                Match.object_like(
                                    {
                                        "Effect": "Deny",
                                        "Condition": {"Bool": {"aws:SecureTransport": "false"}},
                                    }
                                )
                            ]
                        )
                    },
                },
            )


def test_each_worker_consumes_its_queue_and_dead_letter_consumes_every_dlq(synth: Synth) -> None:
    mappings = synth.of_type("AWS::Lambda::EventSourceMapping").values()
    by_source = {json.dumps(m["Properties"]["EventSourceArn"]): m["Properties"] for m in mappings}
    for worker, name in WORKER_QUEUES.items():
        pair = synth.stack.messaging.queues[name]
        queue_arn = json.dumps({"Fn::GetAtt": [synth.logical_id(pair.queue), "Arn"]})
        dlq_arn = json.dumps({"Fn::GetAtt": [synth.logical_id(pair.dlq), "Arn"]})
        assert refs_in(by_source[queue_arn]["FunctionName"]) == {invoked_of(synth, worker)}
        assert by_source[queue_arn]["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
        assert refs_in(by_source[dlq_arn]["FunctionName"]) == {invoked_of(synth, "dead_letter")}
        dlq_visibility = synth.props(synth.logical_id(pair.dlq))["VisibilityTimeout"]
        assert dlq_visibility >= synth.props(function_of(synth, "dead_letter"))["Timeout"]


def test_every_dlq_has_a_depth_alarm(synth: Synth) -> None:
    alarms = synth.of_type("AWS::CloudWatch::Alarm").values()
    for pair in synth.stack.messaging.queues.values():
        dlq_name = {"Fn::GetAtt": [synth.logical_id(pair.dlq), "QueueName"]}
        matching = [
            a["Properties"]
            for a in alarms
            if a["Properties"].get("MetricName") == "ApproximateNumberOfMessagesVisible"
            and {"Name": "QueueName", "Value": dlq_name} in a["Properties"]["Dimensions"]
        ]
        assert len(matching) == 1, pair.name
        assert matching[0]["Threshold"] == 1
        assert matching[0]["AlarmActions"] == [{"Ref": synth.logical_id(synth.stack.monitoring.topic)}]


# --- API -----------------------------------------------------------------------------------


def test_every_route_has_its_lambda_with_the_layer_behind_cognito(synth: Synth) -> None:
    paths = api_paths(synth)
    authorizers = synth.of_type("AWS::ApiGateway::Authorizer")
    assert len(authorizers) == 1
    ((authorizer_id, authorizer),) = authorizers.items()
    assert authorizer["Properties"]["Type"] == "COGNITO_USER_POOLS"
    pool_id = synth.logical_id(synth.stack.auth.user_pool)
    assert authorizer["Properties"]["ProviderARNs"] == [{"Fn::GetAtt": [pool_id, "Arn"]}]
    layer_id = next(iter(synth.of_type("AWS::Lambda::LayerVersion")))

    public_paths = {route.path for route in ROUTES if not route.authenticated}
    assert public_paths == {
        "/auth/sessions",
        "/auth/sessions/collect",
        "/auth/callback",
        "/auth/refresh",
        "/auth/sign-out",
    }
    integrated: dict[tuple[str, str], dict[str, Any]] = {}
    for method in synth.of_type("AWS::ApiGateway::Method").values():
        props = method["Properties"]
        if props["HttpMethod"] == "OPTIONS":
            assert props["Integration"]["Type"] == "MOCK"  # CORS preflight only
            continue
        path = paths[props["ResourceId"]["Ref"]]
        if path in public_paths:
            # The sign-in routes (and their 405s) have no authorizer (tests/infra/test_sign_in.py).
            assert props["AuthorizationType"] == "NONE" and "AuthorizerId" not in props
        else:
            # Every other method, Lambda or 405 mock, sits behind the user pool authorizer.
            assert props["AuthorizationType"] == "COGNITO_USER_POOLS"
            assert props["AuthorizerId"] == {"Ref": authorizer_id}
        if props["Integration"]["Type"] == "AWS_PROXY":
            integrated[(props["HttpMethod"], path)] = props

    assert set(integrated) == {(r.method, r.path) for r in ROUTES}
    for route in ROUTES:
        props = integrated[(route.method, route.path)]
        function_id = function_of(synth, route.function)
        assert invoked_of(synth, route.function) in refs_in(props["Integration"]["Uri"])
        assert props["RequestValidatorId"]
        for param in re.findall(r"\{(\w+)\}", route.path):
            assert props["RequestParameters"][f"method.request.path.{param}"] is True
        fn = synth.props(function_id)
        assert fn["Layers"] == [{"Ref": layer_id}]
        assert fn["Handler"] == "handler.lambda_handler"
        assert fn["Runtime"] == "python3.12"
        assert fn["Architectures"] == ["arm64"]
        assert fn["TracingConfig"] == {"Mode": "Active"}
    # One Lambda per route: no two routes share a function.
    assert len({function_of(synth, r.function) for r in ROUTES}) == len(ROUTES)


def test_api_stage_has_throttling_access_logs_tracing_and_validation(synth: Synth) -> None:
    config = synth.stack.config.api
    (stage,) = synth.of_type("AWS::ApiGateway::Stage").values()
    props = stage["Properties"]
    assert props["StageName"] == "v1"
    assert props["TracingEnabled"] is True
    assert "DestinationArn" in props["AccessLogSetting"]
    # The stage-wide settings; the sign-in routes' own limits: tests/infra/test_sign_in.py.
    (settings,) = [m for m in props["MethodSettings"] if (m["ResourcePath"], m["HttpMethod"]) == ("/*", "*")]
    assert settings["ThrottlingRateLimit"] == config.throttle_rate_limit
    assert settings["ThrottlingBurstLimit"] == config.throttle_burst_limit
    assert settings["LoggingLevel"] == "ERROR"
    assert settings["DataTraceEnabled"] is False
    synth.template.has_resource_properties(
        "AWS::ApiGateway::RequestValidator",
        {"ValidateRequestBody": True, "ValidateRequestParameters": True},
    )


def test_gateway_answers_use_the_contract_error_shape(synth: Synth) -> None:
    responses = {
        r["Properties"]["ResponseType"]: r["Properties"]
        for r in synth.of_type("AWS::ApiGateway::GatewayResponse").values()
    }
    not_found = responses["MISSING_AUTHENTICATION_TOKEN"]
    assert not_found["StatusCode"] == "404"
    body = json.loads(not_found["ResponseTemplates"]["application/json"])
    assert body["error"]["code"] == "not_found"
    assert responses["UNAUTHORIZED"]["StatusCode"] == "401"
    assert responses["BAD_REQUEST_BODY"]["StatusCode"] == "400"


# --- webhooks ------------------------------------------------------------------------------


def test_webhook_urls_use_aws_iam_and_only_the_worker_roles_may_invoke(synth: Synth) -> None:
    urls = synth.of_type("AWS::Lambda::Url")
    webhook_ids = {function_of(synth, f) for f in WEBHOOK_FUNCTIONS.values()}
    assert len(urls) == len(WEBHOOK_FUNCTIONS)
    for url in urls.values():
        assert url["Properties"]["AuthType"] == "AWS_IAM"
        assert refs_in(url["Properties"]["TargetFunctionArn"]) <= webhook_ids
    invoked_ids = {invoked_of(synth, f) for f in WEBHOOK_FUNCTIONS.values()}  # their live aliases
    # No resource policy opens a webhook function to anyone.
    for permission in synth.of_type("AWS::Lambda::Permission").values():
        assert not refs_in(permission["Properties"]["FunctionName"]) & (webhook_ids | invoked_ids)

    expected = {
        role_of(synth, worker): invoked_of(synth, WEBHOOK_FUNCTIONS[webhook])
        for worker, (webhook, _) in WORKER_WEBHOOKS.items()
    }
    invokers: dict[str, set[str]] = {}
    for role_id in synth.of_type("AWS::IAM::Role"):
        if role_id not in {role_of(synth, f) for f in synth.stack.functions}:
            continue
        for statement in role_statements(synth, role_id):
            if any(a.startswith("lambda:Invoke") for a in actions_of(statement)):
                invokers.setdefault(role_id, set()).update(refs_in(statement["Resource"]) & (webhook_ids | invoked_ids))
    assert invokers == {role: {fn} for role, fn in expected.items()}
    for worker, (webhook, variable) in WORKER_WEBHOOKS.items():
        env = synth.props(function_of(synth, worker))["Environment"]["Variables"]
        url_id = synth.logical_id(synth.stack.webhooks.urls[webhook])
        assert env[variable] == {"Fn::GetAtt": [url_id, "FunctionUrl"]}


# --- functions -----------------------------------------------------------------------------


def test_workers_run_outside_the_vpc_capture_and_discovery_as_images(synth: Synth) -> None:
    for worker in WORKER_QUEUES:
        fn = synth.props(function_of(synth, worker))
        assert "VpcConfig" not in fn
        if worker in IMAGE_WORKERS:
            assert fn["PackageType"] == "Image"
            assert fn["ImageConfig"]["Command"] == ["functions.worker.handler.lambda_handler"]
            assert "Layers" not in fn
        else:
            assert fn["Runtime"] == "python3.12" and len(fn["Layers"]) == 1


def test_every_kinds_worker_and_webhook_run_the_shared_handler_for_their_kind(synth: Synth) -> None:
    for name, fn in synth.stack.functions.items():
        env = synth.props(function_of(synth, name))["Environment"]["Variables"]
        made = KIND_FUNCTIONS.get(name)
        assert env.get(KIND_VARIABLE) == (made.kind if made else None), name
        if made is not None:
            assert fn.function_name == made.function and function_dir(REPO_ROOT, name).name == made.folder


def test_common_environment_on_every_function(synth: Synth) -> None:
    for name in synth.stack.functions:
        env = synth.props(function_of(synth, name))["Environment"]["Variables"]
        assert env["POWERTOOLS_METRICS_NAMESPACE"] == "Pageport"
        assert env["PAGEPORT_STAGE"] == "dev"
        assert {"POWERTOOLS_SERVICE_NAME", "LOG_LEVEL", "ARTIFACT_BUCKET"} <= set(env)
        assert "DATABASE_URL" not in env


def test_dispatcher_schedule_and_migration_custom_resource_exist(synth: Synth) -> None:
    synth.template.has_resource_properties(
        "AWS::Events::Rule",
        {
            "ScheduleExpression": synth.stack.config.dispatcher_schedule,
            "State": "ENABLED",
            "Targets": [Match.object_like({"Arn": {"Ref": invoked_of(synth, "dispatcher")}})],
        },
    )
    (migration,) = synth.of_type("Custom::PageportMigrations").values()
    assert migration["Properties"]["Version"]
    assert set(BACKGROUND_FUNCTIONS) <= set(synth.stack.functions)


def test_synthesis_needs_no_aws_lookups_and_pins_availability_zones(synth: Synth) -> None:
    assert not synth.missing_context
    zones = {s["Properties"]["AvailabilityZone"] for s in synth.of_type("AWS::EC2::Subnet").values()}
    assert zones == set(synth.stack.config.availability_zones)


def test_every_acknowledgment_carries_a_reason(synth: Synth) -> None:
    acknowledged = [
        (path, rule, reason)
        for path, entries in synth.metadata.items()
        for entry in entries
        if entry["type"] == "aws:cdk:acknowledged-rules"
        for rule, reason in entry["data"].items()
    ]
    nag = [a for a in acknowledged if "AwsSolutions-" in a[1]]
    assert nag, "expected cdk-nag acknowledgments in the metadata"
    for path, rule, reason in acknowledged:
        assert len(reason.split()) >= 5, (path, rule, reason)


# --- first deploy, names, alarm delivery ---------------------------------------------------


def _depends_on(synth: Synth, logical_id: str) -> set[str]:
    depends = synth.resources[logical_id].get("DependsOn", [])
    return set([depends] if isinstance(depends, str) else depends)


def _ids_under(synth: Synth, construct: Any) -> set[str]:
    """Logical ids of every CloudFormation resource at or below a construct."""
    from aws_cdk import CfnResource

    return {synth.logical_id(c) for c in construct.node.find_all() if isinstance(c, CfnResource)}


def test_migration_waits_for_everything_its_direct_connection_crosses(synth: Synth) -> None:
    network, database = synth.stack.network, synth.stack.database
    migration = synth.logical_id(synth.stack.background.migration)
    depends = _depends_on(synth, migration)
    required = {
        synth.logical_id(database.instance),
        synth.logical_id(network.interface_endpoints["SecretsManager"]),
    }
    for group in (network.migrate_sg, network.database_sg, network.endpoint_sg):
        required |= _ids_under(synth, group)  # the group and every rule resource on it
    rules = {
        k
        for k, v in synth.resources.items()
        if v["Type"] in ("AWS::EC2::SecurityGroupIngress", "AWS::EC2::SecurityGroupEgress")
        and synth.logical_id(network.migrate_sg) in refs_in(v["Properties"])
    }
    assert len(rules) == 4  # egress to the database and endpoints, and the two matching ingresses
    assert required | rules <= depends, sorted((required | rules) - depends)
    # Nothing of the proxy: the runner must be able to run before the proxy can authenticate.
    assert not _ids_under(synth, database.proxy) & depends


def test_proxy_target_is_registered_only_after_the_migration_created_the_app_role(synth: Synth) -> None:
    database = synth.stack.database
    (target_group_id,) = synth.of_type("AWS::RDS::DBProxyTargetGroup")
    assert target_group_id == synth.logical_id(database.proxy_target_group)
    depends = _depends_on(synth, target_group_id)
    assert synth.logical_id(synth.stack.background.migration) in depends
    # The proxy reads both secrets through the endpoint and reaches the database by its rules.
    network = synth.stack.network
    proxy_depends = _depends_on(synth, synth.logical_id(database.proxy))
    for construct in (network.interface_endpoints["SecretsManager"], network.endpoint_sg, network.database_sg):
        assert _ids_under(synth, construct) <= proxy_depends, construct
    proxy_egress = {
        k for k in _ids_under(synth, network.proxy_sg) if synth.resources[k]["Type"] == "AWS::EC2::SecurityGroupEgress"
    }
    assert len(proxy_egress) == 2 and proxy_egress <= proxy_depends  # to the database and the endpoints
    # Functions on the proxy go live only once its target group exists.
    for name in DATABASE_USERS:
        if name != "migrate":
            assert target_group_id in _depends_on(synth, function_of(synth, name)), name


def test_names_unique_per_account_and_region_derive_from_the_stage(synth: Synth) -> None:
    stage = synth.stack.config.name
    (proxy,) = synth.of_type("AWS::RDS::DBProxy").values()
    assert proxy["Properties"]["DBProxyName"] == f"pageport-{stage}"
    (instance,) = synth.of_type("AWS::RDS::DBInstance").values()
    assert instance["Properties"]["DBInstanceIdentifier"] == f"pageport-{stage}"
    named = {
        k: v
        for k, v in synth.of_type("AWS::Logs::LogGroup").items()
        if isinstance(v["Properties"].get("LogGroupName"), str)
    }
    assert {v["Properties"]["LogGroupName"] for v in named.values()} == {
        f"/aws/rds/instance/pageport-{stage}/postgresql",
        f"/aws/rds/instance/pageport-{stage}/upgrade",
    }


def test_named_log_groups_are_deleted_with_the_stack_in_every_stage(synth: Synth) -> None:
    """A retained group with a fixed name makes the stage's next deploy fail ("already exists")."""
    from infra.database import Database

    for stage in ("dev", "staging", "prod"):
        config = load_stage(stage, account="111111111111")
        stack = Stack(App(), f"Names{stage}", env={"account": "111111111111", "region": config.region})
        # Only the database construct: it owns every explicitly named log group.
        from infra.network import Network

        Database(stack, "Database", config=config, network=Network(stack, "Network", config=config))
        resources = Template.from_stack(stack).to_json()["Resources"]
        named = [
            v for v in resources.values() if v["Type"] == "AWS::Logs::LogGroup" and "LogGroupName" in v["Properties"]
        ]
        assert len(named) == 2, stage
        for group in named:
            assert group["DeletionPolicy"] == "Delete" and group["UpdateReplacePolicy"] == "Delete", (stage, group)


def test_cloudwatch_may_publish_this_stages_alarms_to_the_topic(synth: Synth) -> None:
    stage, topic = synth.stack.config.name, synth.logical_id(synth.stack.monitoring.topic)
    (policy,) = [
        p["Properties"]
        for p in synth.of_type("AWS::SNS::TopicPolicy").values()
        if p["Properties"]["Topics"] == [{"Ref": topic}]
    ]
    allows = [s for s in policy["PolicyDocument"]["Statement"] if s["Effect"] == "Allow"]
    assert len(allows) == 1
    (allow,) = allows
    assert allow["Principal"] == {"Service": "cloudwatch.amazonaws.com"}
    assert allow["Action"] == "sns:Publish" and allow["Resource"] == {"Ref": topic}
    source_arn = json.dumps(allow["Condition"]["ArnLike"]["aws:SourceArn"])
    assert source_arn.endswith(f':cloudwatch:{synth.stack.config.region}:111111111111:alarm:pageport-{stage}-*"]]}}')
    assert allow["Condition"]["StringEquals"] == {"aws:SourceAccount": "111111111111"}
    # Every alarm's name falls under that pattern, so every one of them may publish.
    for alarm in synth.of_type("AWS::CloudWatch::Alarm").values():
        assert alarm["Properties"]["AlarmName"].startswith(f"pageport-{stage}-")
    # The TLS-only Deny stays.
    assert any(s["Effect"] == "Deny" for s in policy["PolicyDocument"]["Statement"])
