"""Data: RDS PostgreSQL in isolated subnets, reachable by the functions only through an RDS
Proxy that requires IAM authentication and TLS.

The master password is managed by RDS in Secrets Manager (rotated by RDS itself, no rotation
Lambda). Only the migration runner reads that secret (the proxy holds just the app secret:
nothing connects through it as the master user). Every other Lambda signs an IAM auth token
for `rds-db:connect` on the proxy and connects as the data-only role of migration 0004
(APP_ROLE), whose password lives in a second secret that the proxy holds and the runner
applies on each deploy.

Bootstrap (no chicken-and-egg): the proxy authenticates APP_ROLE with the app secret, but that
role and its password exist only once the runner has run. So the runner connects to the
instance directly (its own security group, master secret, TLS), and the proxy's target group
is registered only after the migration resource succeeded (infra/stack.py). The other way
round (the proxy starting with the master secret alone and the app secret attached by an API
call afterwards) would leave the deployed proxy differing from its template, and the next
CloudFormation update of the proxy could detach the secret again.
"""

from __future__ import annotations

from aws_cdk import Acknowledgment, Duration, RemovalPolicy, Validations
from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_logs as logs
from aws_cdk import aws_rds as rds
from constructs import Construct
from pageport.migrations import APP_ROLE

from infra.config import StageConfig
from infra.network import PROXY_PORT, Network

_REMOVAL = {
    "destroy": RemovalPolicy.DESTROY,
    "snapshot": RemovalPolicy.SNAPSHOT,
    "retain": RemovalPolicy.RETAIN,
}


class Database(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, config: StageConfig, network: Network) -> None:
        super().__init__(scope, construct_id)
        db = config.database
        self.name = db.name
        self.admin_user = db.admin_user
        self.app_user = APP_ROLE
        self.port = PROXY_PORT
        engine = rds.DatabaseInstanceEngine.postgres(
            version=rds.PostgresEngineVersion.of(db.engine_version, db.engine_version.split(".")[0])
        )
        # A fixed identifier (per stage: two stages can share an account and region): a change
        # that would replace the instance (and lose its data) fails the deployment instead, and
        # the log groups below can be created up front.
        identifier = f"pageport-{config.name}"
        exports = ("postgresql", "upgrade")
        log_groups = [
            logs.LogGroup(
                self,
                f"{export.capitalize()}Logs",
                # The name RDS writes to: it cannot be left to CloudFormation.
                log_group_name=f"/aws/rds/instance/{identifier}/{export}",
                retention=logs.RetentionDays[config.log_retention],
                # Deleted with the stack in every stage: a retained group with this fixed name
                # would make the next deploy of the stage fail ("already exists"). The instance
                # depends on them, so it is deleted (or snapshotted) first and nothing writes
                # them afterwards; a retained instance keeps its own identifier anyway.
                removal_policy=RemovalPolicy.DESTROY,
            )
            for export in exports
        ]
        self.instance = rds.DatabaseInstance(
            self,
            "Instance",
            instance_identifier=identifier,
            engine=engine,
            instance_type=ec2.InstanceType(db.instance_type),
            vpc=network.vpc,
            vpc_subnets=network.subnets,
            security_groups=[network.database_sg],
            port=db.port,
            database_name=db.name,
            credentials=rds.Credentials.from_username(db.admin_user),
            manage_master_user_password=True,
            storage_encrypted=True,
            storage_type=rds.StorageType.GP3,
            allocated_storage=db.allocated_storage_gb,
            max_allocated_storage=db.max_allocated_storage_gb,
            publicly_accessible=False,
            multi_az=db.multi_az,
            backup_retention=Duration.days(db.backup_retention_days),
            copy_tags_to_snapshot=True,
            deletion_protection=db.deletion_protection,
            removal_policy=_REMOVAL[db.removal_policy],
            iam_authentication=True,
            auto_minor_version_upgrade=True,
            cloudwatch_logs_exports=list(exports),
            parameters={"rds.force_ssl": "1", "log_min_duration_statement": "1000"},
        )
        for log_group in log_groups:
            self.instance.node.add_dependency(log_group)
        assert self.instance.secret is not None  # manage_master_user_password always sets it
        self.app_secret = rds.DatabaseSecret(self, "AppSecret", username=APP_ROLE)
        Validations.of(self.app_secret).acknowledge(
            Acknowledgment(
                id="AwsSolutions-SMG4",
                reason="Rotating it would need a rotation function with a network path to the database, "
                "which only the proxy has by design. The migration runner applies the secret's value to the "
                "role on every deployment: change the value, then deploy (README, Deployment).",
            )
        )
        self.proxy = rds.DatabaseProxy(
            self,
            "Proxy",
            # Unique per account and region: the stage's name, not the construct id.
            db_proxy_name=f"pageport-{config.name}",
            proxy_target=rds.ProxyTarget.from_instance(self.instance),
            secrets=[self.app_secret],  # never the master secret: only the runner uses it, directly
            vpc=network.vpc,
            vpc_subnets=network.subnets,
            security_groups=[network.proxy_sg],
            iam_auth=True,
            require_tls=True,
            idle_client_timeout=Duration.seconds(db.proxy_idle_client_timeout_s),
            max_connections_percent=db.proxy_max_connections_percent,
            borrow_timeout=Duration.seconds(db.proxy_borrow_timeout_s),
            debug_logging=False,
        )
        self.host = self.proxy.endpoint
        # What the proxy needs before its target can become available (the target group's
        # creation waits for that): the Secrets Manager endpoint it reads both secrets through,
        # and its rules to the endpoints and the database.
        self.proxy.node.add_dependency(
            network.interface_endpoints["SecretsManager"],
            network.endpoint_sg,
            network.database_sg,
            # The proxy's own group is referenced already; its rules are not.
            *(rule for rule in network.proxy_sg.node.children if isinstance(rule, ec2.CfnSecurityGroupEgress)),
        )
        target_group = self.proxy.node.find_child("ProxyTargetGroup")
        assert isinstance(target_group, rds.CfnDBProxyTargetGroup)
        self.proxy_target_group = target_group
        # The migration runner's direct path (bootstrap, see the module docstring).
        self.instance_host = self.instance.db_instance_endpoint_address
        self.instance_port = db.port
        self.master_secret = self.instance.secret
        if not db.multi_az:
            Validations.of(self.instance).acknowledge(
                Acknowledgment(
                    id="AwsSolutions-RDS3",
                    reason=f"Stage {config.name} runs a single-AZ instance to save cost; "
                    "production sets database.multi_az = true.",
                )
            )
        if not db.deletion_protection:
            Validations.of(self.instance).acknowledge(
                Acknowledgment(
                    id="AwsSolutions-RDS10",
                    reason=f"Stage {config.name} is disposable; production sets database.deletion_protection = true.",
                )
            )
