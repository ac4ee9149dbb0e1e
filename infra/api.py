"""API: the REST API (stage v1) built from the one route table, one Lambda per route, every
method behind the Cognito user pool authorizer except the sign-in routes (`authenticated=False`:
no authorizer, per-method throttling, their Lambdas outside the VPC; README, "Signing in").

Also: request validation (path parameters; JSON object bodies, so malformed JSON is a 400 before
any Lambda runs; field-level 422s stay in the handlers), stage throttling, JSON access logs,
X-Ray tracing, error bodies in the contract's shape for what API Gateway answers itself, 405 for
a known path with the wrong method, optional WAF.
"""

from __future__ import annotations

import json
import re

from aws_cdk import Acknowledgment, Aws, RemovalPolicy, Validations
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_cognito as cognito
from aws_cdk import aws_logs as logs
from aws_cdk import aws_wafv2 as wafv2
from constructs import Construct
from pageport.routes import FORM_FUNCTIONS, ROUTES, SIGN_IN_FUNCTIONS, Route

from infra.config import StageConfig
from infra.lambdas import FunctionFactory, PageportFunction, VpcPlacement

STAGE_NAME = "v1"
# Routes whose POST carries no body (api.md): no JSON body model for them.
BODYLESS_FUNCTIONS = frozenset({"cancel_batch", "create_sign_in_session"})
_PARAM = re.compile(r"\{(\w+)\}")
_QUERY_PARAMETERS = {
    "list_batch_items": ("limit", "cursor"),
    "sign_in_callback": ("code", "state", "error", "error_description"),
}
UNAUTHENTICATED_PATHS = frozenset(route.path for route in ROUTES if not route.authenticated)
assert not UNAUTHENTICATED_PATHS & {route.path for route in ROUTES if route.authenticated}


def _auth_throttling(config: StageConfig) -> dict[str, apigw.MethodDeploymentOptions]:
    """Per-method limits for the routes anyone may call without a token."""
    settings = config.api
    options = {}
    for route in ROUTES:
        if route.authenticated:
            continue
        factor = settings.auth_collect_factor if route.function == "collect_sign_in_session" else 1
        options[f"{route.path}/{route.method}"] = apigw.MethodDeploymentOptions(
            throttling_rate_limit=settings.auth_throttle_rate_limit * factor,
            throttling_burst_limit=settings.auth_throttle_burst_limit * factor,
            logging_level=apigw.MethodLoggingLevel.ERROR,
            data_trace_enabled=False,  # the bodies hold refresh tokens
            metrics_enabled=settings.detailed_metrics,
        )
    return options


def _error(code: str, message: str) -> str:
    return json.dumps({"error": {"code": code, "message": message, "details": []}})


# API Gateway's own answers, reshaped to the contract's error body.
_GATEWAY_RESPONSES = (
    (apigw.ResponseType.UNAUTHORIZED, "401", "unauthorized", "Missing or invalid credentials."),
    (apigw.ResponseType.ACCESS_DENIED, "403", "forbidden", "Access denied."),
    (apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN, "404", "not_found", "No such route."),
    (apigw.ResponseType.RESOURCE_NOT_FOUND, "404", "not_found", "No such route."),
    (
        apigw.ResponseType.BAD_REQUEST_BODY,
        "400",
        "malformed_request",
        "The body must be a JSON object.",
    ),
    (
        apigw.ResponseType.BAD_REQUEST_PARAMETERS,
        "400",
        "malformed_request",
        "Invalid request parameters.",
    ),
    (
        apigw.ResponseType.REQUEST_TOO_LARGE,
        "413",
        "payload_too_large",
        "The request body is too large.",
    ),
    (apigw.ResponseType.THROTTLED, "429", "throttled", "Too many requests."),
    (apigw.ResponseType.DEFAULT_4_XX, None, "bad_request", "The request was rejected."),
    (apigw.ResponseType.DEFAULT_5_XX, None, "internal_error", "Internal error."),
)


class Api(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: StageConfig,
        factory: FunctionFactory,
        user_pool: cognito.IUserPool,
        placement: VpcPlacement,
    ) -> None:
        super().__init__(scope, construct_id)
        settings = config.api
        access_logs = logs.LogGroup(
            self,
            "AccessLogs",
            retention=logs.RetentionDays[config.log_retention],
            removal_policy=RemovalPolicy.DESTROY,
        )
        origins = list(settings.cors_allow_origins)
        self.rest_api = apigw.RestApi(
            self,
            "RestApi",
            rest_api_name=f"pageport-{config.name}",
            description="Pageport user API (Figma plugin)",
            endpoint_types=[apigw.EndpointType.REGIONAL],
            cloud_watch_role=settings.manage_cloudwatch_role,
            cloud_watch_role_removal_policy=RemovalPolicy.RETAIN,
            deploy_options=apigw.StageOptions(
                stage_name=STAGE_NAME,
                tracing_enabled=True,
                logging_level=apigw.MethodLoggingLevel.ERROR,
                data_trace_enabled=False,  # would log request bodies and tokens
                metrics_enabled=settings.detailed_metrics,
                throttling_rate_limit=settings.throttle_rate_limit,
                throttling_burst_limit=settings.throttle_burst_limit,
                method_options=_auth_throttling(config),
                access_log_destination=apigw.LogGroupLogDestination(access_logs),
                access_log_format=apigw.AccessLogFormat.json_with_standard_fields(
                    caller=False,
                    http_method=True,
                    ip=True,
                    protocol=True,
                    request_time=True,
                    resource_path=True,
                    response_length=True,
                    status=True,
                    user=True,
                ),
            ),
            default_cors_preflight_options=apigw.CorsOptions(
                allow_origins=origins,
                allow_methods=["GET", "POST", "PUT", "OPTIONS"],
                allow_headers=["Authorization", "Content-Type"],
            )
            if origins
            else None,
        )
        self.authorizer = apigw.CognitoUserPoolsAuthorizer(self, "Authorizer", cognito_user_pools=[user_pool])
        self.validator = self.rest_api.add_request_validator(
            "Validator", validate_request_body=True, validate_request_parameters=True
        )
        self.json_object = self.rest_api.add_model(
            "JsonObject",
            content_type="application/json",
            schema=apigw.JsonSchema(schema=apigw.JsonSchemaVersion.DRAFT4, type=apigw.JsonSchemaType.OBJECT),
        )
        cors_origin = "'*'" if not origins or "*" in origins else f"'{origins[0]}'"
        for response_type, status, code, message in _GATEWAY_RESPONSES:
            self.rest_api.add_gateway_response(
                f"Gw{response_type.response_type}",
                type=response_type,
                status_code=status,
                templates={"application/json": _error(code, message)},
                response_headers={"Access-Control-Allow-Origin": cors_origin},
            )

        self.functions: dict[str, PageportFunction] = {}
        methods_by_path: dict[str, list[str]] = {}
        for route in ROUTES:
            fn = factory.create(
                self,
                route.function,
                sizing=config.api_function,
                description=f"{route.method} {route.path}",
                # Sign-in reaches the user pool's domain, which no VPC endpoint serves.
                placement=None if route.function in SIGN_IN_FUNCTIONS else placement,
                live_alias=True,
            )
            self.functions[route.function] = fn
            self._add_method(route, fn)
            methods_by_path.setdefault(route.path, []).append(route.method)
        for path, methods in methods_by_path.items():
            self._add_method_not_allowed(path, methods)

        for method in self.rest_api.methods:
            if method.http_method == "OPTIONS":
                Validations.of(method).acknowledge(
                    Acknowledgment(
                        id="AwsSolutions-APIG4",
                        reason="CORS preflight (OPTIONS) is answered by a mock integration "
                        "and must work without credentials; it reaches no Lambda or data.",
                    ),
                    Acknowledgment(
                        id="AwsSolutions-COG4",
                        reason="CORS preflight (OPTIONS) cannot carry the Cognito token; mock integration only.",
                    ),
                )
        if settings.manage_cloudwatch_role:
            Validations.of(self.rest_api).acknowledge(
                Acknowledgment(
                    id="AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/"
                    "service-role/AmazonAPIGatewayPushToCloudWatchLogs]",
                    reason="The account-level API Gateway logging role; AWS's managed policy "
                    "is the documented one and only covers CloudWatch Logs.",
                )
            )
        self._add_waf(config)

    @property
    def url(self) -> str:
        return self.rest_api.url

    @property
    def base_url(self) -> str:
        """The stage's URL from the RestApi's id alone (not its deployment): usable by what the
        methods depend on, such as the app client's callback URL, without a cycle."""
        return f"https://{self.rest_api.rest_api_id}.execute-api.{Aws.REGION}.{Aws.URL_SUFFIX}/{STAGE_NAME}"

    def _add_method(self, route: Route, fn: PageportFunction) -> None:
        resource = self.rest_api.root.resource_for_path(route.path)
        parameters = {f"method.request.path.{p}": True for p in _PARAM.findall(route.path)}
        for name in _QUERY_PARAMETERS.get(route.function, ()):
            parameters[f"method.request.querystring.{name}"] = False
        has_body = route.method in ("POST", "PUT") and route.function not in BODYLESS_FUNCTIONS | FORM_FUNCTIONS
        method = resource.add_method(
            route.method,
            apigw.LambdaIntegration(fn.live, allow_test_invoke=False),
            authorizer=self.authorizer if route.authenticated else None,
            authorization_type=apigw.AuthorizationType.COGNITO if route.authenticated else apigw.AuthorizationType.NONE,
            request_validator=self.validator,
            request_parameters=parameters,
            request_models={"application/json": self.json_object} if has_body else None,
            operation_name=route.function,
        )
        if not route.authenticated:
            self._acknowledge_unauthenticated(method, route.function)

    @staticmethod
    def _acknowledge_unauthenticated(method: apigw.Method, what: str) -> None:
        reason = (
            f"{what}: a sign-in route, called before the plugin has a token (or once it has "
            "expired); its keys and refresh tokens are the credentials. Throttled per method."
        )
        Validations.of(method).acknowledge(
            Acknowledgment(id="AwsSolutions-APIG4", reason=reason),
            Acknowledgment(id="AwsSolutions-COG4", reason=reason),
        )

    def _add_method_not_allowed(self, path: str, methods: list[str]) -> None:
        """API Gateway answers an unknown method like an unknown path; the contract says 405."""
        allow = ",".join(sorted({*methods, "OPTIONS"}))
        public = path in UNAUTHENTICATED_PATHS
        method = self.rest_api.root.resource_for_path(path).add_method(
            "ANY",
            apigw.MockIntegration(
                request_templates={"application/json": '{"statusCode": 200}'},
                integration_responses=[
                    apigw.IntegrationResponse(
                        status_code="405",
                        response_templates={"application/json": _error("method_not_allowed", "Method not allowed.")},
                        response_parameters={"method.response.header.Allow": f"'{allow}'"},
                    )
                ],
            ),
            authorizer=None if public else self.authorizer,
            authorization_type=apigw.AuthorizationType.NONE if public else apigw.AuthorizationType.COGNITO,
            method_responses=[
                apigw.MethodResponse(status_code="405", response_parameters={"method.response.header.Allow": True})
            ],
        )
        if public:  # the sign-in paths answer 405, not 401, to a wrong method (mock, no Lambda)
            self._acknowledge_unauthenticated(method, f"405 for {path}")

    def _add_waf(self, config: StageConfig) -> None:
        """Every stage: a per-IP rate rule on the sign-in routes (reachable without a token). With
        `api.waf`: AWS's managed rule groups and a per-IP rule on every route besides."""

        def managed(name: str, priority: int, count: tuple[str, ...] = ()) -> wafv2.CfnWebACL.RuleProperty:
            return wafv2.CfnWebACL.RuleProperty(
                name=name,
                priority=priority,
                override_action=wafv2.CfnWebACL.OverrideActionProperty(none={}),
                statement=wafv2.CfnWebACL.StatementProperty(
                    managed_rule_group_statement=wafv2.CfnWebACL.ManagedRuleGroupStatementProperty(
                        vendor_name="AWS",
                        name=name,
                        rule_action_overrides=[
                            wafv2.CfnWebACL.RuleActionOverrideProperty(
                                name=rule,
                                action_to_use=wafv2.CfnWebACL.RuleActionProperty(count={}),
                            )
                            for rule in count
                        ]
                        or None,
                    )
                ),
                visibility_config=_visibility(name),
            )

        auth_rule = wafv2.CfnWebACL.RuleProperty(
            name="auth-rate-per-ip",
            priority=0,
            # 429 as API Gateway's own throttling answers, so clients back off and try again.
            action=wafv2.CfnWebACL.RuleActionProperty(
                block=wafv2.CfnWebACL.BlockActionProperty(
                    custom_response=wafv2.CfnWebACL.CustomResponseProperty(response_code=429)
                )
            ),
            statement=wafv2.CfnWebACL.StatementProperty(
                rate_based_statement=wafv2.CfnWebACL.RateBasedStatementProperty(
                    limit=config.api.auth_requests_per_ip_per_5_min,
                    evaluation_window_sec=300,
                    aggregate_key_type="IP",
                    # Only requests under the stage's /auth/ count (and are blocked).
                    scope_down_statement=wafv2.CfnWebACL.StatementProperty(
                        byte_match_statement=wafv2.CfnWebACL.ByteMatchStatementProperty(
                            field_to_match=wafv2.CfnWebACL.FieldToMatchProperty(uri_path={}),
                            positional_constraint="STARTS_WITH",
                            search_string=f"/{STAGE_NAME}/auth/",
                            text_transformations=[
                                wafv2.CfnWebACL.TextTransformationProperty(priority=0, type="URL_DECODE"),
                                wafv2.CfnWebACL.TextTransformationProperty(priority=1, type="LOWERCASE"),
                            ],
                        )
                    ),
                )
            ),
            visibility_config=_visibility("auth-rate-per-ip"),
        )
        rules = [auth_rule]
        if config.api.waf:
            rules += [
                # Batch bodies (up to 500 items) exceed the common set's 8 KB body limit.
                managed("AWSManagedRulesCommonRuleSet", 1, count=("SizeRestrictions_BODY",)),
                managed("AWSManagedRulesKnownBadInputsRuleSet", 2),
                wafv2.CfnWebACL.RuleProperty(
                    name="rate-per-ip",
                    priority=3,
                    action=wafv2.CfnWebACL.RuleActionProperty(block={}),
                    statement=wafv2.CfnWebACL.StatementProperty(
                        rate_based_statement=wafv2.CfnWebACL.RateBasedStatementProperty(
                            limit=2000, aggregate_key_type="IP"
                        )
                    ),
                    visibility_config=_visibility("rate-per-ip"),
                ),
            ]
        acl = wafv2.CfnWebACL(
            self,
            "WebAcl",
            scope="REGIONAL",
            default_action=wafv2.CfnWebACL.DefaultActionProperty(allow={}),
            visibility_config=_visibility(f"pageport-{config.name}"),
            rules=rules,
        )
        wafv2.CfnWebACLAssociation(
            self,
            "WebAclAssociation",
            resource_arn=self.rest_api.deployment_stage.stage_arn,
            web_acl_arn=acl.attr_arn,
        )


def _visibility(name: str) -> wafv2.CfnWebACL.VisibilityConfigProperty:
    return wafv2.CfnWebACL.VisibilityConfigProperty(
        cloud_watch_metrics_enabled=True, metric_name=name, sampled_requests_enabled=True
    )
