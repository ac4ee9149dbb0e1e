"""Auth: the Cognito user pool the API trusts: created here, or an existing one imported per
stage (cognito.existing_user_pool_id)."""

from __future__ import annotations

from aws_cdk import Acknowledgment, Duration, RemovalPolicy, Validations
from aws_cdk import aws_cognito as cognito
from constructs import Construct

from infra.config import StageConfig


class Auth(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, config: StageConfig) -> None:
        super().__init__(scope, construct_id)
        settings = config.cognito
        self.client: cognito.UserPoolClient | None = None
        if settings.existing_user_pool_id:
            self.user_pool: cognito.IUserPool = cognito.UserPool.from_user_pool_id(
                self, "UserPool", settings.existing_user_pool_id
            )
            return
        pool = cognito.UserPool(
            self,
            "UserPool",
            self_sign_up_enabled=False,
            sign_in_aliases=cognito.SignInAliases(email=True),
            auto_verify=cognito.AutoVerifiedAttrs(email=True),
            password_policy=cognito.PasswordPolicy(
                min_length=12,
                require_lowercase=True,
                require_uppercase=True,
                require_digits=True,
                require_symbols=True,
                temp_password_validity=Duration.days(3),
            ),
            mfa=cognito.Mfa.REQUIRED if settings.mfa == "required" else cognito.Mfa.OPTIONAL,
            mfa_second_factor=cognito.MfaSecondFactor(otp=True, sms=False),
            account_recovery=cognito.AccountRecovery.EMAIL_ONLY,
            feature_plan=cognito.FeaturePlan.PLUS if settings.threat_protection else cognito.FeaturePlan.ESSENTIALS,
            standard_threat_protection_mode=cognito.StandardThreatProtectionMode.FULL_FUNCTION
            if settings.threat_protection
            else None,
            deletion_protection=settings.deletion_protection,
            removal_policy=RemovalPolicy.RETAIN,
        )
        self.user_pool = pool
        # The Figma plugin is a public client: SRP sign-in, no client secret.
        self.client = pool.add_client(
            "PluginClient",
            auth_flows=cognito.AuthFlow(user_srp=True),
            generate_secret=False,
            prevent_user_existence_errors=True,
            id_token_validity=Duration.hours(1),
            access_token_validity=Duration.hours(1),
            refresh_token_validity=Duration.days(30),
        )
        if settings.mfa != "required":
            Validations.of(pool).acknowledge(
                Acknowledgment(
                    id="AwsSolutions-COG2",
                    reason=f"Stage {config.name} keeps MFA optional for test accounts; "
                    'production sets cognito.mfa = "required".',
                )
            )
        if not settings.threat_protection:
            reason = (
                f"Stage {config.name} does not pay for the Cognito Plus plan (threat "
                "protection); production sets cognito.threat_protection = true."
            )
            Validations.of(pool).acknowledge(
                Acknowledgment(id="AwsSolutions-COG3", reason=reason),
                Acknowledgment(id="AwsSolutions-COG8", reason=reason),
            )
