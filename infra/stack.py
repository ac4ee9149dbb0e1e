"""The Pageport stack of one stage, composed from one construct per concern, then wired by the
least-privilege table in infra/permissions.py."""

from __future__ import annotations

import hashlib
from pathlib import Path

from aws_cdk import Acknowledgment, CfnOutput, Environment, Stack, Tags, Validations
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from constructs import Construct
from pageport import kinds
from pageport.kinds.page_import import KIND as PAGE_IMPORT
from pageport.routes import WEBHOOK_FUNCTIONS

from infra.admin import Admin
from infra.api import Api
from infra.auth import Auth
from infra.background import Background
from infra.config import StageConfig
from infra.database import Database
from infra.lambdas import FunctionFactory, PageportFunction, VpcPlacement
from infra.layer_build import Layer, tree_digest
from infra.messaging import Messaging
from infra.monitoring import Monitoring
from infra.nag import logical_id
from infra.network import Network
from infra.paths import function_dir
from infra.permissions import (
    DATABASE_USERS,
    PAGE_AUTH_OPENER,
    PAGE_AUTH_SEALER,
    QUEUE_SENDERS,
    S3_ACCESS,
    WORKER_WEBHOOKS,
)
from infra.signin import SignIn
from infra.storage import Storage
from infra.webhooks import Webhooks
from infra.workers import Workers


class PageportStack(Stack):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: StageConfig,
        layer: Layer,
        repo_root: Path,
    ) -> None:
        super().__init__(
            scope,
            construct_id,
            env=Environment(account=config.account, region=config.region),
            description=f"Pageport backend ({config.name})",
            termination_protection=config.termination_protection,
        )
        self.config = config
        # The proxy target group takes no tags (CloudFormation rejects them).
        untaggable = ["AWS::RDS::DBProxyTargetGroup"]
        Tags.of(self).add("project", "pageport", exclude_resource_types=untaggable)
        Tags.of(self).add("stage", config.name, exclude_resource_types=untaggable)

        self.network = Network(self, "Network", config=config)
        self.database = Database(self, "Database", config=config, network=self.network)
        self.storage = Storage(self, "Storage", config=config)
        self.messaging = Messaging(self, "Messaging", config=config)
        self.auth = Auth(self, "Auth", config=config)

        shared_layer = lambda_.LayerVersion(
            self,
            "SharedLayer",
            code=lambda_.Code.from_asset(str(layer.path)),
            compatible_runtimes=[lambda_.Runtime.PYTHON_3_12],
            compatible_architectures=[lambda_.Architecture.ARM_64]
            if config.architecture == "arm64"
            else [lambda_.Architecture.X86_64],
            description="pageport package + the pyproject `layer` dependency group",
        )
        factory = FunctionFactory(
            config=config,
            repo_root=repo_root,
            layer=shared_layer,
            environment={
                "POWERTOOLS_SERVICE_NAME": "pageport",
                "POWERTOOLS_METRICS_NAMESPACE": "Pageport",
                "LOG_LEVEL": config.log_level,
                "PAGEPORT_STAGE": config.name,
                "ARTIFACT_BUCKET": self.storage.bucket.bucket_name,
            },
        )
        placement = VpcPlacement(
            vpc=self.network.vpc,
            subnets=self.network.subnets,
            security_group=self.network.lambda_sg,
        )
        # The migration runner alone reaches the database directly (infra/database.py).
        factory.placement_overrides["migrate"] = VpcPlacement(
            vpc=self.network.vpc,
            subnets=self.network.subnets,
            security_group=self.network.migrate_sg,
        )
        self.api = Api(
            self,
            "Api",
            config=config,
            factory=factory,
            user_pool=self.auth.user_pool,
            placement=placement,
        )
        # The client's callback is the API's /auth/callback (from the RestApi id: no cycle).
        redirect_uri = f"{self.api.base_url}/auth/callback"
        client_id = self.auth.add_plugin_client(redirect_uri)
        self.sign_in = SignIn(
            self,
            "SignIn",
            config=config,
            functions=self.api.functions,
            client_id=client_id,
            sign_in_domain=self.auth.sign_in_domain,
            redirect_uri=redirect_uri,
        )
        self.webhooks = Webhooks(self, "Webhooks", config=config, factory=factory, placement=placement)
        self.workers = Workers(self, "Workers", config=config, factory=factory, messaging=self.messaging)
        self.background = Background(
            self,
            "Background",
            config=config,
            factory=factory,
            placement=placement,
            messaging=self.messaging,
            migration_version=_migration_version(layer, repo_root),
        )
        self.admin = Admin(
            self, "Admin", config=config, factory=factory, placement=placement, background=self.background
        )
        self.functions: dict[str, PageportFunction] = {
            **self.api.functions,
            **self.webhooks.functions,
            **self.workers.functions,
            **self.background.functions,
            **self.admin.functions,
        }
        self._grant()
        self._order_database_bootstrap()
        self.monitoring = Monitoring(
            self,
            "Monitoring",
            config=config,
            messaging=self.messaging,
            rest_api=self.api.rest_api,
            database=self.database.instance,
            critical_functions={
                name: self.functions[name] for name in ("dispatcher", "dead_letter", *WEBHOOK_FUNCTIONS.values())
            },
        )
        self._outputs()

    @property
    def availability_zones(self) -> list[str]:
        """Pinned from the stage file: the default would look them up in the account."""
        return list(self.config.availability_zones)

    def _job_roles(self) -> None:
        """Each kind's job role, trusted by the functions that send its messages (they mint each
        job's credentials; the worker cannot): pageport/workers/scoped.py."""
        for kind in kinds.all_kinds():
            senders = [self.functions[name] for name, queues in QUEUE_SENDERS.items() if kind.queue in queues]
            self.workers.add_job_role(kind, senders)

    def _page_auth(self) -> None:
        """Pages behind a login: the creating route generates each import's data key, the capture
        job role decrypts it (narrowed per job to its own encryption context), and every sender of
        capture messages names the key in the session policies it mints (workers/scoped.py)."""
        key = self.storage.page_auth_key
        key.grant(self.functions[PAGE_AUTH_SEALER].role, "kms:GenerateDataKey")
        key.grant_decrypt(self.workers.job_roles[PAGE_AUTH_OPENER])
        senders = {name for name, queues in QUEUE_SENDERS.items() if PAGE_IMPORT.queue in queues}
        for name in sorted({PAGE_AUTH_SEALER, *senders}):
            self.functions[name].add_env("PAGE_AUTH_KEY_ARN", key.key_arn)

    def _grant(self) -> None:
        self._job_roles()
        self._page_auth()
        bucket = self.storage.bucket
        database = self.database
        for name in DATABASE_USERS:
            fn = self.functions[name]
            if name == "migrate":
                # Only the migration runner changes the schema. It connects to the instance
                # directly as the master user (the bootstrap: infra/database.py), then applies
                # the app secret's password to the data-only role the proxy authenticates.
                assert database.master_secret is not None
                for variable, value in (
                    ("DB_HOST", database.instance_host),
                    ("DB_PORT", str(database.instance_port)),
                    ("DB_NAME", database.name),
                    ("DB_SECRET_ARN", database.master_secret.secret_arn),
                    ("APP_DB_SECRET_ARN", database.app_secret.secret_arn),
                ):
                    fn.add_env(variable, value)
                database.master_secret.grant_read(fn.role)
                database.app_secret.grant_read(fn.role)
                continue
            # Everything else reads and writes rows, through the proxy with an IAM token.
            for variable, value in (
                ("DB_HOST", database.host),
                ("DB_PORT", str(database.port)),
                ("DB_NAME", database.name),
                ("DB_USER", database.app_user),
                ("DB_IAM_AUTH", "true"),
            ):
                fn.add_env(variable, value)
            database.proxy.grant_connect(fn.role, database.app_user)
            # New code goes live only after its migrations ran (expand-then-contract) and once
            # the proxy's target is available.
            fn.function.node.add_dependency(self.background.migration, database.proxy_target_group)

        for name, accesses in S3_ACCESS.items():
            fn = self.functions[name]
            for access in accesses:
                fn.data_role.add_to_policy(
                    iam.PolicyStatement(
                        actions=access.actions,
                        resources=[bucket.arn_for_objects(f"{access.prefix}*")],
                    )
                )
                if access.mode == "read":
                    # Without ListBucket S3 answers 403, not 404, for a key that is not there yet
                    # (say a discovery status.json before the worker starts): allow it for the prefix.
                    fn.data_role.add_to_policy(
                        iam.PolicyStatement(
                            actions=["s3:ListBucket"],
                            resources=[bucket.bucket_arn],
                            conditions={"StringLike": {"s3:prefix": [f"{access.prefix}*"]}},
                        )
                    )
                Validations.of(fn.data_role).acknowledge(
                    Acknowledgment(
                        id=f"AwsSolutions-IAM5[Resource::<{logical_id(bucket)}.Arn>/{access.prefix}*]",
                        reason=f"{name} may {access.mode} objects under {access.prefix} only: "
                        "object keys carry job ids that are not known in advance.",
                    )
                )

        queues = self.messaging.queues
        for name, queue_names in QUEUE_SENDERS.items():
            fn = self.functions[name]
            for queue_name in queue_names:
                queues[queue_name].queue.grant_send_messages(fn.role)
                fn.add_env(queues[queue_name].url_variable, queues[queue_name].queue.queue_url)

        for worker, (webhook, variable) in WORKER_WEBHOOKS.items():
            url = self.webhooks.urls[webhook]
            url.grant_invoke_url(self.functions[worker].role)
            self.functions[worker].add_env(variable, url.url)

    def _order_database_bootstrap(self) -> None:
        """The first deploy's order: instance -> migration (direct) -> proxy target group.

        The migration waits for everything its connection crosses, so it never runs against a
        half-built network (the runner also retries within its timeout); the proxy registers
        its target only once the migration created the app role and set its password, so the
        target never fails authentication with the app secret.
        """
        network, database, migration = self.network, self.database, self.background.migration
        migration.node.add_dependency(
            database.instance,
            network.migrate_sg,  # its egress rules
            network.database_sg,  # the ingress from the runner
            network.endpoint_sg,  # the ingress from the runner
            network.interface_endpoints["SecretsManager"],  # both secrets are read through it
        )
        database.proxy_target_group.node.add_dependency(migration)

    def _outputs(self) -> None:
        outputs = {
            "ApiUrl": self.api.url,
            "ArtifactBucketName": self.storage.bucket.bucket_name,
            "UserPoolId": self.auth.user_pool.user_pool_id,
            "DatabaseProxyEndpoint": self.database.host,
            "AlarmTopicArn": self.monitoring.topic.topic_arn,
            **{
                f"{''.join(p.capitalize() for p in key.split('-'))}WebhookUrl": url.url
                for key, url in self.webhooks.urls.items()
            },
        }
        if self.auth.client is not None:
            outputs["UserPoolClientId"] = self.auth.client.user_pool_client_id
        outputs["SignInDomain"] = self.auth.sign_in_domain
        outputs["SignInCallbackUrl"] = f"{self.api.base_url}/auth/callback"
        for name, value in outputs.items():
            CfnOutput(self, name, value=value)


def _migration_version(layer: Layer, repo_root: Path) -> str:
    """Changes whenever the layer (which holds pageport/migrations) or the runner changes."""
    runner = tree_digest(function_dir(repo_root, "migrate"))
    return hashlib.sha256(f"{layer.asset_hash}:{runner}".encode()).hexdigest()[:32]
