"""Monitoring: alarms to one encrypted SNS topic (optionally mailed to the on-call address).

Every alarm's meaning and first response are in the README ("Deployment", "Alarms").
"""

from __future__ import annotations

from dataclasses import dataclass

from aws_cdk import ArnFormat, Duration, Stack
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_cloudwatch as cw
from aws_cdk import aws_cloudwatch_actions as cw_actions
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_rds as rds
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as subscriptions
from constructs import Construct
from pageport import kinds
from pageport import metrics as business

from infra.config import StageConfig
from infra.lambdas import PageportFunction, camel
from infra.messaging import Messaging

_MINUTE = Duration.minutes(1)
_FIVE_MINUTES = Duration.minutes(5)
_FIFTEEN_MINUTES = Duration.minutes(15)


@dataclass(frozen=True, slots=True)
class AlarmSpec:
    construct_id: str
    metric: cw.IMetric
    threshold: float
    periods: int
    description: str
    comparison: cw.ComparisonOperator = cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD


class Monitoring(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: StageConfig,
        messaging: Messaging,
        rest_api: apigw.RestApi,
        database: rds.DatabaseInstance,
        critical_functions: dict[str, PageportFunction],
    ) -> None:
        super().__init__(scope, construct_id)
        key = kms.Key(
            self,
            "TopicKey",
            enable_key_rotation=True,
            description=f"Pageport {config.name} alarm topic",
        )
        # CloudWatch must encrypt what it publishes; the AWS-managed SNS key would not allow it.
        key.grant(iam.ServicePrincipal("cloudwatch.amazonaws.com"), "kms:Decrypt", "kms:GenerateDataKey*")
        self.topic = sns.Topic(
            self,
            "Alarms",
            display_name=f"Pageport {config.name} alarms",
            master_key=key,
            enforce_ssl=True,
        )
        alarm_prefix = f"pageport-{config.name}-"
        # enforce_ssl writes the topic's first policy statement (a Deny), and any policy
        # replaces SNS's default one, so CloudWatch needs its own Allow, limited to this
        # stage's alarms in this account (no other stage's or account's alarms can publish).
        stack = Stack.of(self)
        self.topic.add_to_resource_policy(
            iam.PolicyStatement(
                sid="CloudWatchAlarmsPublish",
                principals=[iam.ServicePrincipal("cloudwatch.amazonaws.com")],
                actions=["sns:Publish"],
                resources=[self.topic.topic_arn],
                conditions={
                    "ArnLike": {
                        "aws:SourceArn": stack.format_arn(
                            service="cloudwatch",
                            resource="alarm",
                            resource_name=f"{alarm_prefix}*",
                            arn_format=ArnFormat.COLON_RESOURCE_NAME,
                        )
                    },
                    "StringEquals": {"aws:SourceAccount": stack.account},
                },
            )
        )
        if config.alarm_email:
            self.topic.add_subscription(subscriptions.EmailSubscription(config.alarm_email))

        specs: list[AlarmSpec] = []
        for worker_queue in messaging.queues.values():
            name = camel(worker_queue.name)
            specs += [
                AlarmSpec(
                    f"{name}DlqDepth",
                    worker_queue.dlq.metric_approximate_number_of_messages_visible(period=_MINUTE, statistic="Maximum"),
                    1,
                    5,
                    f"{worker_queue.name} DLQ has held messages for 5 minutes: the dead-letter "
                    "consumer is not draining it (see its errors and logs).",
                ),
                AlarmSpec(
                    f"{name}DeadLetters",
                    worker_queue.dlq.metric_number_of_messages_received(period=_FIVE_MINUTES, statistic="Sum"),
                    5,
                    1,
                    f"5+ {worker_queue.name} messages dead-lettered in 5 minutes: the "
                    f"{worker_queue.worker} keeps failing.",
                ),
                AlarmSpec(
                    f"{name}Backlog",
                    worker_queue.queue.metric_approximate_age_of_oldest_message(period=_MINUTE, statistic="Maximum"),
                    900,
                    5,
                    f"The oldest {worker_queue.name} message is over 15 minutes old: "
                    f"{worker_queue.worker} is throttled, failing or under-provisioned.",
                ),
            ]
        for function, fn in critical_functions.items():
            specs.append(
                AlarmSpec(
                    f"{camel(function)}Errors",
                    fn.function.metric_errors(period=_FIVE_MINUTES, statistic="Sum"),
                    3,
                    1,
                    f"{function} failed 3+ times in 5 minutes.",
                )
            )
        specs += [
            AlarmSpec(
                "Api5xx",
                rest_api.metric_server_error(period=_FIVE_MINUTES, statistic="Sum"),
                5,
                1,
                "The API answered 5+ server errors (5xx) in 5 minutes.",
            ),
            AlarmSpec(
                "DatabaseCpu",
                database.metric_cpu_utilization(period=_FIVE_MINUTES, statistic="Average"),
                80,
                3,
                "Database CPU above 80% for 15 minutes.",
            ),
            AlarmSpec(
                "DatabaseStorage",
                database.metric_free_storage_space(period=_FIVE_MINUTES, statistic="Minimum"),
                2 * 1024**3,
                1,
                "Database free storage below 2 GiB (autoscaling stops at max_allocated_storage_gb).",
                cw.ComparisonOperator.LESS_THAN_THRESHOLD,
            ),
        ]
        specs += business_alarms(config)
        action = cw_actions.SnsAction(self.topic)
        self.alarms: dict[str, cw.Alarm] = {}
        for spec in specs:
            alarm = cw.Alarm(
                self,
                spec.construct_id,
                alarm_name=f"{alarm_prefix}{spec.construct_id}",
                alarm_description=spec.description,
                metric=spec.metric,
                threshold=spec.threshold,
                evaluation_periods=spec.periods,
                comparison_operator=spec.comparison,
                treat_missing_data=cw.TreatMissingData.NOT_BREACHING,
            )
            alarm.add_alarm_action(action)
            alarm.add_ok_action(action)
            self.alarms[spec.construct_id] = alarm


def business_alarms(config: StageConfig) -> list[AlarmSpec]:
    """Alarms on the EMF metrics of pageport.metrics: each webhook kind's failure rate, dead
    letters kept for inspection, and dispatch lag. The totals are read without the ErrorCode
    dimension (no SEARCH needed)."""
    limits = config.alarms

    def metric(name: str, statistic: str, period: Duration) -> cw.Metric:
        return cw.Metric(
            namespace=business.namespace(config.name),
            metric_name=name,
            dimensions_map={"service": business.SERVICE},
            statistic=statistic,
            period=period,
        )

    specs: list[AlarmSpec] = []
    for kind in kinds.all_kinds():
        if kind.webhook is None:
            continue  # only a webhook completes or fails a job (and counts it)
        prefix = business.job_metric_prefix(kind.name)
        rate = cw.MathExpression(
            # 0 below the minimum: a quiet quarter hour with one failure of two is not an outage.
            expression=f"IF((failed + completed) >= {limits.failure_rate_min_jobs}, "
            "100 * failed / (failed + completed), 0)",
            using_metrics={
                "failed": metric(f"{prefix}Failed", "Sum", _FIFTEEN_MINUTES),
                "completed": metric(f"{prefix}Completed", "Sum", _FIFTEEN_MINUTES),
            },
            period=_FIFTEEN_MINUTES,
            label=f"{prefix} failure rate (%)",
        )
        specs.append(
            AlarmSpec(
                f"{prefix}FailureRate",
                rate,
                limits.failure_rate_percent,
                1,
                f"Over {limits.failure_rate_percent:g}% of {kind.name} jobs failed in 15 minutes "
                f"(of at least {limits.failure_rate_min_jobs} finished): see {prefix}Failed by ErrorCode.",
                cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
            )
        )
    specs.append(
        AlarmSpec(
            business.DEAD_LETTERS_KEPT,
            metric(business.DEAD_LETTERS_KEPT, "Sum", _FIVE_MINUTES),
            1,
            1,
            "A dead letter named no job to fail (unparseable, unknown kind or refused by its "
            "operation): it is kept under dead-letters/ in the artifact bucket; read it and find its sender.",
        )
    )
    specs.append(
        AlarmSpec(
            "DispatchLag",
            metric("DispatchLag", "p90", _FIVE_MINUTES),
            limits.dispatch_lag_p90_s * 1000,
            2,
            f"p90 of batch items' wait from creation to their worker queue over "
            f"{limits.dispatch_lag_p90_s} s for 10 minutes: the dispatcher is failing, throttled or behind.",
            cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
        )
    )
    return specs
