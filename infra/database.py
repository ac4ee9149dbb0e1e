"""Data: RDS PostgreSQL 16 in isolated subnets, reachable only through an RDS Proxy that
requires IAM authentication and TLS.

The master password is managed by RDS in Secrets Manager (rotated by RDS itself, no rotation
Lambda, so nothing but the proxy ever needs a network path to the database). Only the proxy's
own role can read that secret: no Lambda is granted it; Lambdas sign an IAM auth token for
`rds-db:connect` on the proxy instead. Only the migration runner connects as the master user;
every other function connects as the data-only role of migration 0004 (APP_ROLE), whose
password lives in a second secret that the proxy holds and the runner applies on each deploy.
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
        # A fixed identifier: a change that would replace the instance (and lose its data)
        # fails the deployment instead, and the log groups below can be created up front.
        identifier = f"pageport-{config.name}"
        exports = ("postgresql", "upgrade")
        log_groups = [
            logs.LogGroup(
                self,
                f"{export.capitalize()}Logs",
                log_group_name=f"/aws/rds/instance/{identifier}/{export}",
                retention=logs.RetentionDays[config.log_retention],
                removal_policy=_REMOVAL["destroy" if db.removal_policy == "destroy" else "retain"],
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
            proxy_target=rds.ProxyTarget.from_instance(self.instance),
            secrets=[self.instance.secret, self.app_secret],
            vpc=network.vpc,
            vpc_subnets=network.subnets,
            security_groups=[network.proxy_sg],
            iam_auth=True,
            require_tls=True,
            idle_client_timeout=Duration.seconds(db.proxy_idle_client_timeout_s),
            max_connections_percent=db.proxy_max_connections_percent,
            debug_logging=False,
        )
        self.host = self.proxy.endpoint
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
