"""Assertions on the synthesized dev stack's database and storage: private and encrypted, reached
only through the proxy and only by those that need it (one synthesis per session: see conftest.py)."""

from __future__ import annotations

import json
import re

from pageport.migrations import APP_ROLE
from pageport.routes import WORKER_QUEUES

from infra.permissions import DATABASE_USERS, QUEUE_SENDERS, S3_ACCESS
from tests.infra.synthesis import Synth, actions_of, function_of, refs_in, role_of, role_statements

# --- database ------------------------------------------------------------------------------


def test_database_is_private_encrypted_and_only_reachable_through_the_proxy(synth: Synth) -> None:
    network, database = synth.stack.network, synth.stack.database
    (instance,) = synth.of_type("AWS::RDS::DBInstance").values()
    props = instance["Properties"]
    assert props["PubliclyAccessible"] is False
    assert props["StorageEncrypted"] is True
    assert props["Engine"] == "postgres"
    # A full minor (cfn-lint W3691 flags a bare major): the major the tests' PostgreSQL runs.
    assert props["EngineVersion"] == synth.stack.config.database.engine_version
    assert re.fullmatch(r"16\.\d+", props["EngineVersion"])
    assert props["BackupRetentionPeriod"] >= 1
    assert props["ManageMasterUserPassword"] is True
    db_sg, proxy_sg, lambda_sg, migrate_sg = (
        synth.logical_id(g) for g in (network.database_sg, network.proxy_sg, network.lambda_sg, network.migrate_sg)
    )
    assert props["VPCSecurityGroups"] == [{"Fn::GetAtt": [db_sg, "GroupId"]}]

    (proxy,) = synth.of_type("AWS::RDS::DBProxy").values()
    assert proxy["Properties"]["RequireTLS"] is True
    assert all(a["IAMAuth"] == "REQUIRED" for a in proxy["Properties"]["Auth"])
    assert proxy["Properties"]["VpcSecurityGroupIds"] == [{"Fn::GetAtt": [proxy_sg, "GroupId"]}]

    # Ingress: database <- proxy and the migration runner (bootstrap) only; proxy <- in-VPC
    # Lambdas only; nothing inline or open; one rule per pair (a duplicate would keep access
    # after either copy is deleted).
    ingress: dict[str, list[str]] = {}
    for rule in synth.of_type("AWS::EC2::SecurityGroupIngress").values():
        rule_props = rule["Properties"]
        assert "CidrIp" not in rule_props and "CidrIpv6" not in rule_props
        target = rule_props["GroupId"]["Fn::GetAtt"][0]
        ingress.setdefault(target, []).append(rule_props["SourceSecurityGroupId"]["Fn::GetAtt"][0])
    assert sorted(ingress[db_sg]) == sorted([proxy_sg, migrate_sg])
    assert ingress[proxy_sg] == [lambda_sg]
    for target, sources in ingress.items():
        assert len(sources) == len(set(sources)), (target, sources)
    egress_pairs = [
        (r["Properties"]["GroupId"]["Fn::GetAtt"][0], json.dumps(r["Properties"].get("DestinationSecurityGroupId")))
        for r in synth.of_type("AWS::EC2::SecurityGroupEgress").values()
    ]
    assert len(egress_pairs) == len(set(egress_pairs)), egress_pairs
    for group_id in (db_sg, proxy_sg):
        assert "SecurityGroupIngress" not in synth.props(group_id)

    # In isolated subnets: no route to an internet or NAT gateway anywhere in the VPC.
    assert not synth.of_type("AWS::EC2::InternetGateway")
    assert not synth.of_type("AWS::EC2::NatGateway")
    subnet_group = next(iter(synth.of_type("AWS::RDS::DBSubnetGroup").values()))
    subnets = set(refs_in(subnet_group["Properties"]["SubnetIds"]))
    assert subnets == set(synth.of_type("AWS::EC2::Subnet"))
    # The proxy holds only the data-only role's secret: the migration runner, the one user of the
    # master secret, connects to the instance directly.
    assert len(proxy["Properties"]["Auth"]) == 1
    assert refs_in(proxy["Properties"]["Auth"][0]["SecretArn"]) == {synth.logical_id(database.app_secret)}
    assert database.admin_user == synth.stack.config.database.admin_user and database.app_user == APP_ROLE


def test_only_in_vpc_functions_get_database_settings_and_connect(synth: Synth) -> None:
    proxy_id = synth.logical_id(synth.stack.database.proxy)
    for name in synth.stack.functions:
        fn = synth.props(function_of(synth, name))
        env = fn["Environment"]["Variables"]
        connects = [s for s in role_statements(synth, role_of(synth, name)) if "rds-db:connect" in actions_of(s)]
        if name == "migrate":
            # Straight to the instance with the master secret (the bootstrap), never the proxy.
            instance_id = synth.logical_id(synth.stack.database.instance)
            assert env["DB_HOST"] == {"Fn::GetAtt": [instance_id, "Endpoint.Address"]}
            assert env["DB_PORT"] == str(synth.stack.config.database.port)
            assert env["DB_SECRET_ARN"] == {"Fn::GetAtt": [instance_id, "MasterUserSecret.SecretArn"]}
            assert "DB_IAM_AUTH" not in env and not connects
            migrate_sg = synth.logical_id(synth.stack.network.migrate_sg)
            assert fn["VpcConfig"]["SecurityGroupIds"] == [{"Fn::GetAtt": [migrate_sg, "GroupId"]}]
        elif name in DATABASE_USERS:
            assert env["DB_IAM_AUTH"] == "true"
            assert {"DB_HOST", "DB_PORT", "DB_NAME", "DB_USER"} <= set(env)
            assert "VpcConfig" in fn
            assert len(connects) == 1 and proxy_id in refs_in(connects[0]["Resource"])
            # Through the proxy, as the data-only role only.
            assert env["DB_USER"] == APP_ROLE, name
            assert json.dumps(connects[0]["Resource"]).endswith(f'/{APP_ROLE}"]]}}'), (name, connects[0]["Resource"])
            lambda_sg = synth.logical_id(synth.stack.network.lambda_sg)
            assert fn["VpcConfig"]["SecurityGroupIds"] == [{"Fn::GetAtt": [lambda_sg, "GroupId"]}]
        else:
            assert not any(k.startswith("DB_") for k in env), name
            assert "VpcConfig" not in fn, name
            assert not connects, name


def test_worker_roles_have_no_permission_on_the_database_its_secret_or_proxy(synth: Synth) -> None:
    database = synth.stack.database
    protected = {
        synth.logical_id(database.proxy),
        synth.logical_id(database.instance),
    }
    for worker in WORKER_QUEUES:
        for statement in role_statements(synth, role_of(synth, worker)):
            for action in actions_of(statement):
                assert not action.startswith(("rds", "rds-db:", "secretsmanager:", "kms:")), (
                    worker,
                    action,
                )
            assert not refs_in(statement["Resource"]) & protected, (worker, statement)
    # Only the migration runner reads a database secret: the master one (it connects directly)
    # and the data-only role's (it applies it on deploy).
    app_secret = synth.logical_id(database.app_secret)
    instance = synth.logical_id(database.instance)
    read: set[str] = set()
    for name in synth.stack.functions:
        for statement in role_statements(synth, role_of(synth, name)):
            if any(a.startswith("secretsmanager:") for a in actions_of(statement)):
                assert name == "migrate", (name, statement)
                read.add(json.dumps(statement["Resource"]))
    assert read == {
        json.dumps({"Ref": app_secret}),
        json.dumps({"Fn::GetAtt": [instance, "MasterUserSecret.SecretArn"]}),
    }


# --- storage -------------------------------------------------------------------------------


def test_artifact_bucket_denies_non_tls_and_blocks_public_access(synth: Synth) -> None:
    bucket_id = synth.logical_id(synth.stack.storage.bucket)
    props = synth.props(bucket_id)
    assert props["PublicAccessBlockConfiguration"] == {
        "BlockPublicAcls": True,
        "BlockPublicPolicy": True,
        "IgnorePublicAcls": True,
        "RestrictPublicBuckets": True,
    }
    sse = props["BucketEncryption"]["ServerSideEncryptionConfiguration"][0]
    assert sse["ServerSideEncryptionByDefault"]["SSEAlgorithm"] == "AES256"
    assert props["LoggingConfiguration"]["DestinationBucketName"] == {
        "Ref": synth.logical_id(synth.stack.storage.access_logs)
    }
    rules = {r["Id"] for r in props["LifecycleConfiguration"]["Rules"]}
    assert {"abort-incomplete-uploads", "tier-page-imports", "tier-code2des"} <= rules
    (policy,) = [
        p["Properties"]
        for p in synth.of_type("AWS::S3::BucketPolicy").values()
        if p["Properties"]["Bucket"] == {"Ref": bucket_id}
    ]
    denies = [s for s in policy["PolicyDocument"]["Statement"] if s["Effect"] == "Deny"]
    assert any(
        s.get("Condition") == {"Bool": {"aws:SecureTransport": "false"}}
        and s["Principal"] == {"AWS": "*"}
        and s["Action"] == "s3:*"
        for s in denies
    )


def test_s3_permissions_match_the_least_privilege_table(synth: Synth) -> None:
    bucket_id = synth.logical_id(synth.stack.storage.bucket)
    for name, fn in synth.stack.functions.items():
        granted: set[tuple[str, str]] = set()
        # A worker's grants are on the job role its jobs assume (infra/workers.py); it has none.
        assert not any(
            a.startswith("s3:")
            for statement in role_statements(synth, role_of(synth, name))
            for a in actions_of(statement)
            if fn.data_role is not fn.role
        ), name
        for statement in role_statements(synth, synth.logical_id(fn.data_role)):
            s3_actions = [a for a in actions_of(statement) if a.startswith("s3:")]
            if not s3_actions:
                continue
            resource = statement["Resource"]
            assert bucket_id in refs_in(resource)
            if s3_actions == ["s3:ListBucket"]:
                # Listing is allowed only under the prefixes the function may read.
                (prefix,) = statement["Condition"]["StringLike"]["s3:prefix"]
            else:
                prefix = resource["Fn::Join"][1][-1].lstrip("/")
            granted |= {(a, prefix) for a in s3_actions}
        expected = {(a, f"{x.prefix}*") for x in S3_ACCESS.get(name, ()) for a in x.actions}
        expected |= {("s3:ListBucket", f"{x.prefix}*") for x in S3_ACCESS.get(name, ()) if x.mode == "read"}
        assert granted == expected, name


def test_queue_senders_match_the_least_privilege_table(synth: Synth) -> None:
    queue_ids = {synth.logical_id(pair.queue): name for name, pair in synth.stack.messaging.queues.items()}
    for name in synth.stack.functions:
        sends = {
            queue_ids[ref]
            for statement in role_statements(synth, role_of(synth, name))
            if "sqs:SendMessage" in actions_of(statement)
            for ref in refs_in(statement["Resource"])
        }
        assert sends == set(QUEUE_SENDERS.get(name, ())), name
        env = synth.props(function_of(synth, name))["Environment"]["Variables"]
        assert {k for k in env if k.endswith("_QUEUE_URL")} == {
            f"{q.upper()}_QUEUE_URL" for q in QUEUE_SENDERS.get(name, ())
        }
