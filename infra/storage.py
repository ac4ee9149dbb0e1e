"""Storage: the artifact bucket (page-imports/, code2des/, discovery/, cancellations/) and its
access-log bucket.

Both: SSE-S3, public access blocked, TLS 1.2+ only, owner-enforced objects, retained on stack
deletion (artifacts are referenced by database rows).
"""

from __future__ import annotations

from aws_cdk import Acknowledgment, Duration, RemovalPolicy, Validations
from aws_cdk import aws_kms as kms
from aws_cdk import aws_s3 as s3
from constructs import Construct
from pageport.cancellations import CANCELLATIONS_PREFIX
from pageport.kinds.page_import.sealing import SECRET_TAGS

from infra.config import StageConfig

ARTIFACT_PREFIXES = ("page-imports/", "code2des/", "discovery/")
# A cancelled job's mark matters while its message may still be in a queue: queues keep a
# message 4 days, dead-letter queues 14 (infra/messaging.py).
CANCELLATION_MARKS_DAYS = 15


def _secure_bucket(scope: Construct, construct_id: str, **props: object) -> s3.Bucket:
    return s3.Bucket(
        scope,
        construct_id,
        encryption=s3.BucketEncryption.S3_MANAGED,
        block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
        enforce_ssl=True,
        minimum_tls_version=1.2,
        object_ownership=s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
        removal_policy=RemovalPolicy.RETAIN,
        **props,  # type: ignore[arg-type]
    )


class Storage(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, config: StageConfig) -> None:
        super().__init__(scope, construct_id)
        self.access_logs = _secure_bucket(
            self,
            "AccessLogs",
            lifecycle_rules=[
                s3.LifecycleRule(
                    id="expire-access-logs",
                    expiration=Duration.days(config.access_log_expiration_days),
                    abort_incomplete_multipart_upload_after=Duration.days(1),
                )
            ],
        )
        Validations.of(self.access_logs).acknowledge(
            Acknowledgment(
                id="AwsSolutions-S1",
                reason="This is the server-access-log target bucket; logging it into itself would loop.",
            )
        )
        rules = [
            s3.LifecycleRule(
                id="abort-incomplete-uploads",
                abort_incomplete_multipart_upload_after=Duration.days(1),
            ),
            s3.LifecycleRule(
                id="expire-old-versions",
                noncurrent_version_expiration=Duration.days(30),
                expired_object_delete_marker=True,
            ),
            *(
                s3.LifecycleRule(
                    id=f"tier-{prefix.rstrip('/')}",
                    prefix=prefix,
                    transitions=[
                        s3.Transition(
                            storage_class=s3.StorageClass.INTELLIGENT_TIERING,
                            transition_after=Duration.days(30),
                        )
                    ],
                    expiration=Duration.days(config.artifact_expiration_days)
                    if config.artifact_expiration_days
                    else None,
                )
                for prefix in ARTIFACT_PREFIXES
            ),
            s3.LifecycleRule(
                id="expire-cancellation-marks",
                prefix=CANCELLATIONS_PREFIX,
                expiration=Duration.days(CANCELLATION_MARKS_DAYS),
            ),
            # A page's sealed sign-in details: its capture deletes them (that version, for good);
            # should it never run, they go within a day, every version.
            s3.LifecycleRule(
                id="expire-sealed-secrets",
                tag_filters=dict(SECRET_TAGS),
                expiration=Duration.days(1),
                noncurrent_version_expiration=Duration.days(1),
            ),
        ]
        self.bucket = _secure_bucket(
            self,
            "Artifacts",
            versioned=True,
            server_access_logs_bucket=self.access_logs,
            server_access_logs_prefix="artifacts/",
            lifecycle_rules=rules,
        )
        # Wraps each Page Import's own data key for its sign-in details (kinds/page_import/sealing.py):
        # the creating route may generate keys, the capture job role may decrypt (each job under its
        # own encryption context only, by its session policy).
        self.page_auth_key = kms.Key(
            self,
            "PageAuthKey",
            description="Pageport: wraps each page import's own key for its sign-in details",
            enable_key_rotation=True,
            removal_policy=RemovalPolicy.RETAIN,
        )
