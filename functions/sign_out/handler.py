"""POST /auth/sign-out (no bearer token)"""

from typing import Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.models.signin import SignOutIn
from pageport.settings import SIGN_IN
from pageport.signin import service
from pageport.signin.provider import identity_provider
from pageport.web import api_resolver
from pageport.web.responses import documented

app = api_resolver()


@app.post(
    "/auth/sign-out",
    summary="Revoke the refresh token (idempotent: an unknown or revoked token is signed out too)",
    responses=documented({204: "Signed out"}, service.ProviderError),
)
def sign_out(body: SignOutIn) -> Response[None]:
    service.sign_out(identity_provider(), body.refresh_token)
    return Response(status_code=204, body=None)


@entrypoint(Trigger.API, SIGN_IN)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
