"""Auth: the Cognito user pool the API trusts (created here, or an existing one imported per
stage: cognito.existing_user_pool_id), its hosted sign-in (managed login) domain, and the Figma
plugin's public app client (authorization code + PKCE for the sign-in routes, SRP kept).

The client's callback URL is the API's `/auth/callback`, and the sign-in functions need the
client id: built from the RestApi's id (not its deployment stage's URL), so the chain is
RestApi <- client <- functions <- methods <- deployment, with no cycle (`add_plugin_client`).
"""

from __future__ import annotations

from aws_cdk import Acknowledgment, Aws, Duration, RemovalPolicy, Validations
from aws_cdk import aws_cognito as cognito
from constructs import Construct

from infra.config import StageConfig

# Cognito allows 0-60 s; a retry within it (a lost response) still gets tokens.
REFRESH_ROTATION_GRACE = Duration.seconds(60)
OAUTH_SCOPES = (cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE)


class Auth(Construct):
    def __init__(self, scope: Construct, construct_id: str, *, config: StageConfig) -> None:
        super().__init__(scope, construct_id)
        settings = config.cognito
        self.config = config
        self.client: cognito.UserPoolClient | None = None
        self.domain: cognito.UserPoolDomain | None = None
        if settings.existing_user_pool_id:
            self.user_pool: cognito.IUserPool = cognito.UserPool.from_user_pool_id(
                self, "UserPool", settings.existing_user_pool_id
            )
            # Configured by hand on the existing pool (README, "Signing in"); config checks both.
            assert settings.existing_plugin_client_id and settings.existing_sign_in_domain
            self.client_id: str = settings.existing_plugin_client_id
            self.sign_in_domain: str = settings.existing_sign_in_domain
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
        # One hosted sign-in domain per stage; the account makes the prefix unique in the region.
        self.domain = pool.add_domain(
            "SignInDomain",
            cognito_domain=cognito.CognitoDomainOptions(domain_prefix=self.domain_prefix),
            managed_login_version=cognito.ManagedLoginVersion.NEWER_MANAGED_LOGIN,
        )
        self.sign_in_domain = self.domain.base_url()
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

    @property
    def domain_prefix(self) -> str:
        return (
            self.config.cognito.domain_prefix or f"pageport-{self.config.name}-{self.config.account or Aws.ACCOUNT_ID}"
        )

    def add_plugin_client(self, callback_url: str) -> str:
        """The plugin's public client (no secret) with `callback_url` as its only redirect; its
        id. An existing pool's client was made by hand: its id from the stage file."""
        if not isinstance(self.user_pool, cognito.UserPool):
            return self.client_id
        settings = self.config.cognito
        self.client = self.user_pool.add_client(
            "PluginClient",
            auth_flows=cognito.AuthFlow(user_srp=True),
            generate_secret=False,
            prevent_user_existence_errors=True,
            o_auth=cognito.OAuthSettings(
                flows=cognito.OAuthFlows(authorization_code_grant=True),
                scopes=list(OAUTH_SCOPES),
                callback_urls=[callback_url],
            ),
            supported_identity_providers=[cognito.UserPoolClientIdentityProvider.COGNITO],
            id_token_validity=Duration.minutes(settings.id_token_minutes),
            access_token_validity=Duration.minutes(settings.id_token_minutes),
            refresh_token_validity=Duration.days(settings.refresh_token_days),
            refresh_token_rotation_grace_period=REFRESH_ROTATION_GRACE,
            enable_token_revocation=True,
        )
        # Managed login shows an error page for a client without branding: Cognito's default.
        branding = cognito.CfnManagedLoginBranding(
            self,
            "PluginClientBranding",
            user_pool_id=self.user_pool.user_pool_id,
            client_id=self.client.user_pool_client_id,
            use_cognito_provided_values=True,
        )
        if self.domain is not None:
            branding.node.add_dependency(self.domain)
        self.client_id = self.client.user_pool_client_id
        return self.client_id
