"""The plugin's sign-in in the synthesized dev stack: the app client (code + PKCE, SRP kept,
callback = the API's /auth/callback without a dependency cycle), the managed login domain, the
sessions table, the sign-in functions outside the VPC with exactly their table permissions, and
the unauthenticated, throttled methods."""

from __future__ import annotations

import json
from typing import Any

from pageport.routes import ROUTES, SIGN_IN_FUNCTIONS

from infra.permissions import SIGN_IN_TABLE_ACCESS
from tests.infra.synthesis import Synth, actions_of, api_paths, function_of, refs_in, role_of, role_statements


def _client(synth: Synth) -> dict[str, Any]:
    (client,) = synth.of_type("AWS::Cognito::UserPoolClient").values()
    return dict(client["Properties"])


def test_plugin_client_is_public_code_with_pkce_and_srp(synth: Synth) -> None:
    client = _client(synth)
    config = synth.stack.config.cognito
    assert client["GenerateSecret"] is False
    assert client["AllowedOAuthFlows"] == ["code"]
    assert client["AllowedOAuthFlowsUserPoolClient"] is True
    assert sorted(client["AllowedOAuthScopes"]) == ["email", "openid", "profile"]
    assert client["SupportedIdentityProviders"] == ["COGNITO"]
    assert "ALLOW_USER_SRP_AUTH" in client["ExplicitAuthFlows"]
    # Rotation: the token endpoint issues a new refresh token; REFRESH_TOKEN_AUTH cannot coexist.
    assert client["RefreshTokenRotation"] == {"Feature": "ENABLED", "RetryGracePeriodSeconds": 60}
    assert "ALLOW_REFRESH_TOKEN_AUTH" not in client["ExplicitAuthFlows"]
    assert client["EnableTokenRevocation"] is True
    assert client["RefreshTokenValidity"] == config.refresh_token_days * 24 * 60
    assert client["TokenValidityUnits"]["RefreshToken"] == "minutes"
    assert client["PreventUserExistenceErrors"] == "ENABLED"
    # Sign-out cannot revoke an ID token: it stops working within this many minutes.
    assert client["IdTokenValidity"] == config.id_token_minutes == 15
    assert client["TokenValidityUnits"]["IdToken"] == "minutes"


def test_every_stage_limits_each_client_ip_on_the_sign_in_routes(synth: Synth) -> None:
    """The per-method throttles are shared by every caller; this WAF rule is per client IP, on
    every stage (dev has no `api.waf`), and answers 429 like a throttle."""
    assert synth.stack.config.api.waf is False
    (acl,) = synth.of_type("AWS::WAFv2::WebACL").values()
    (rule,) = acl["Properties"]["Rules"]
    statement = rule["Statement"]["RateBasedStatement"]
    assert statement["AggregateKeyType"] == "IP"
    assert statement["Limit"] == synth.stack.config.api.auth_requests_per_ip_per_5_min
    scope = statement["ScopeDownStatement"]["ByteMatchStatement"]
    assert scope["SearchString"] == "/v1/auth/" and scope["PositionalConstraint"] == "STARTS_WITH"
    assert rule["Action"]["Block"]["CustomResponse"]["ResponseCode"] == 429
    (association,) = synth.of_type("AWS::WAFv2::WebACLAssociation").values()
    assert refs_in(association["Properties"]["WebACLArn"]) == set(synth.of_type("AWS::WAFv2::WebACL"))


def test_callback_url_is_the_api_callback_and_makes_no_cycle(synth: Synth) -> None:
    (callback,) = _client(synth)["CallbackURLs"]
    rest_api = synth.logical_id(synth.stack.api.rest_api)
    text = json.dumps(callback)
    # The RestApi's id only (and pseudo parameters): not its deployment or stage.
    assert refs_in(callback) - {"AWS::Region", "AWS::URLSuffix"} == {rest_api}
    assert text.endswith('"/v1/auth/callback"]]}') and '"https://"' in text
    # The sign-in functions get the very same redirect URI the client allows.
    for name in SIGN_IN_FUNCTIONS:
        env = synth.props(function_of(synth, name))["Environment"]["Variables"]
        assert env["SIGNIN_REDIRECT_URI"] == callback
        assert env["SIGNIN_PROVIDER"] == "cognito"
        client_id = synth.logical_id(synth.stack.auth.client)
        assert env["SIGNIN_CLIENT_ID"] == {"Ref": client_id}
        assert refs_in(env["SIGNIN_ISSUER_URL"]) == {synth.logical_id(synth.stack.auth.domain)}
    # The template's dependency graph has no cycle (also checked by cfn-lint, E3004).
    graph = {lid: refs_in(r.get("Properties", {})) | set(r.get("DependsOn", [])) for lid, r in synth.resources.items()}
    seen: dict[str, int] = {}

    def visit(node: str) -> None:
        seen[node] = 1
        for nxt in graph.get(node, ()):
            if nxt in graph:
                assert seen.get(nxt) != 1, f"cycle through {node} -> {nxt}"
                if nxt not in seen:
                    visit(nxt)
        seen[node] = 2

    for node in graph:
        if node not in seen:
            visit(node)


def test_managed_login_domain_per_stage_with_branding(synth: Synth) -> None:
    (domain,) = synth.of_type("AWS::Cognito::UserPoolDomain").values()
    props = domain["Properties"]
    assert props["ManagedLoginVersion"] == 2
    prefix = json.dumps(props["Domain"])
    assert f"pageport-{synth.stack.config.name}-" in prefix
    assert synth.stack.config.account in prefix or "AWS::AccountId" in prefix
    (branding,) = synth.of_type("AWS::Cognito::ManagedLoginBranding").values()
    assert branding["Properties"]["UseCognitoProvidedValues"] is True
    assert branding["Properties"]["ClientId"] == {"Ref": synth.logical_id(synth.stack.auth.client)}


def test_sessions_table_has_ttl_and_only_the_sign_in_functions_touch_it(synth: Synth) -> None:
    (table_id, table) = next(iter(synth.of_type("AWS::DynamoDB::Table").items()))
    props = table["Properties"]
    assert props["KeySchema"] == [{"AttributeName": "pk", "KeyType": "HASH"}]
    assert props["TimeToLiveSpecification"] == {"AttributeName": "ttl", "Enabled": True}
    assert props["BillingMode"] == "PAY_PER_REQUEST"
    assert props["SSESpecification"]["SSEEnabled"] is True
    for name in synth.stack.functions:
        statements = [
            s
            for s in role_statements(synth, role_of(synth, name))
            if any(a.startswith("dynamodb:") for a in actions_of(s))
        ]
        expected = SIGN_IN_TABLE_ACCESS.get(name, ())
        if not expected:
            assert not statements, name
            continue
        (statement,) = statements
        assert sorted(actions_of(statement)) == sorted(expected), name
        assert statement["Resource"] == {"Fn::GetAtt": [table_id, "Arn"]}


def test_sign_in_functions_run_outside_the_vpc_without_database_settings(synth: Synth) -> None:
    for name in SIGN_IN_FUNCTIONS:
        fn = synth.props(function_of(synth, name))
        assert "VpcConfig" not in fn, name
        assert not any(k.startswith("DB_") for k in fn["Environment"]["Variables"]), name
        assert not any("rds-db:connect" in actions_of(s) for s in role_statements(synth, role_of(synth, name)))
    # /me/projects reads memberships: in the VPC like every other authenticated route.
    assert "VpcConfig" in synth.props(function_of(synth, "list_my_projects"))


def test_sign_in_methods_are_unauthenticated_and_throttled_per_method(synth: Synth) -> None:
    paths = api_paths(synth)
    api = synth.stack.config.api
    (stage,) = synth.of_type("AWS::ApiGateway::Stage").values()
    settings = {(m["ResourcePath"], m["HttpMethod"]): m for m in stage["Properties"]["MethodSettings"]}
    methods = {
        (m["Properties"]["HttpMethod"], paths[m["Properties"]["ResourceId"]["Ref"]]): m["Properties"]
        for m in synth.of_type("AWS::ApiGateway::Method").values()
        if m["Properties"]["ResourceId"].get("Ref") in paths
    }
    for route in ROUTES:
        props = methods[(route.method, route.path)]
        if route.authenticated:
            assert props["AuthorizationType"] == "COGNITO_USER_POOLS", route.path
            continue
        assert props["AuthorizationType"] == "NONE", route.path
        assert methods[("ANY", route.path)]["AuthorizationType"] == "NONE"  # 405, not 401
        throttle = settings["/" + route.path.replace("/", "~1"), route.method]
        factor = api.auth_collect_factor if route.function == "collect_sign_in_session" else 1
        assert throttle["ThrottlingRateLimit"] == api.auth_throttle_rate_limit * factor
        assert throttle["ThrottlingBurstLimit"] == api.auth_throttle_burst_limit * factor
        assert throttle["DataTraceEnabled"] is False
    callback = methods[("GET", "/auth/callback")]
    assert {k for k, v in callback["RequestParameters"].items() if v is False} == {
        f"method.request.querystring.{name}" for name in ("code", "state", "error", "error_description")
    }


def test_outputs_name_the_sign_in_domain_and_callback(synth: Synth) -> None:
    outputs = synth.template.to_json()["Outputs"]
    assert {"SignInDomain", "SignInCallbackUrl", "UserPoolClientId"} <= set(outputs)
