"""Background functions (BACKGROUND_FUNCTIONS): the dispatcher on an EventBridge schedule, the
dead-letter consumer on every worker DLQ, and the migration runner as a custom resource that
runs on each deploy whose code or migrations changed."""

from __future__ import annotations

from aws_cdk import Acknowledgment, CustomResource, Duration, Validations
from aws_cdk import aws_events as events
from aws_cdk import aws_events_targets as targets
from aws_cdk import aws_lambda_event_sources as sources
from aws_cdk import aws_logs as logs
from aws_cdk import custom_resources as cr
from constructs import Construct

from infra.config import StageConfig
from infra.lambdas import FunctionFactory, PageportFunction, VpcPlacement
from infra.messaging import Messaging
from infra.nag import logical_id


class Background(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: StageConfig,
        factory: FunctionFactory,
        placement: VpcPlacement,
        messaging: Messaging,
        migration_version: str,
    ) -> None:
        super().__init__(scope, construct_id)
        self.dispatcher = factory.create(
            self,
            "dispatcher",
            sizing=config.dispatcher_function,
            description="Sends undispatched worker messages; fails jobs processing past the deadline",
            placement=placement,
            live_alias=True,
        )
        # The sweep's deadline, validated against the longest legitimate wait (infra/config.py).
        self.dispatcher.function.add_environment("JOB_DEADLINE_S", str(config.job_deadline_s))
        self.schedule = events.Rule(
            self,
            "DispatcherSchedule",
            description="Pageport dispatcher tick",
            schedule=events.Schedule.expression(config.dispatcher_schedule),
            targets=[
                # A missed tick is harmless (the next one claims the same rows): no retries.
                targets.LambdaFunction(
                    self.dispatcher.live,
                    retry_attempts=0,
                    max_event_age=Duration.minutes(1),
                )
            ],
        )

        self.dead_letter = factory.create(
            self,
            "dead_letter",
            sizing=config.dead_letter_function,
            description="Marks the jobs of dead-lettered worker messages failed",
            placement=placement,
            live_alias=True,
        )
        for worker_queue in messaging.queues.values():
            self.dead_letter.live.add_event_source(
                sources.SqsEventSource(worker_queue.dlq, batch_size=10, report_batch_item_failures=True)
            )

        self.migrate = factory.create(
            self,
            "migrate",
            sizing=config.migrate_function,
            description="Applies database migrations (CloudFormation custom resource)",
            placement=placement,
        )
        provider = cr.Provider(
            self,
            "MigrationProvider",
            on_event_handler=self.migrate.function,
            log_group=logs.LogGroup(self, "MigrationProviderLogs", retention=logs.RetentionDays[config.log_retention]),
        )
        self.migration = CustomResource(
            self,
            "Migration",
            service_token=provider.service_token,
            resource_type="Custom::PageportMigrations",
            # A new value re-runs the (idempotent) runner; unchanged code is not re-applied.
            properties={"Version": migration_version, "Stage": config.name},
        )
        self.functions: dict[str, PageportFunction] = {
            "dispatcher": self.dispatcher,
            "dead_letter": self.dead_letter,
            "migrate": self.migrate,
        }
        Validations.of(provider).acknowledge(
            Acknowledgment(
                id="AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/"
                "service-role/AWSLambdaBasicExecutionRole]",
                reason="CDK's custom-resource provider framework function (logs only); it "
                "just relays CloudFormation events to the migrate function.",
            ),
            Acknowledgment(
                id=f"AwsSolutions-IAM5[Resource::<{logical_id(self.migrate.function)}.Arn>:*]",
                reason="The provider framework may invoke any version of the migrate function "
                "(CDK's grantInvoke); it is that one function only.",
            ),
            Acknowledgment(
                id="AwsSolutions-L1",
                reason="The provider framework's Node.js runtime is chosen and updated by aws-cdk-lib itself.",
            ),
        )
