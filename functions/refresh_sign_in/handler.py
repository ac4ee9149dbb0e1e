"""POST /auth/refresh (no bearer token: the ID token may have expired)"""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.models.signin import RefreshedOut, RefreshIn
from pageport.settings import SIGN_IN
from pageport.signin import service
from pageport.signin.provider import identity_provider
from pageport.web import api_resolver
from pageport.web.responses import documented

app = api_resolver()


@app.post(
    "/auth/refresh",
    summary="A new ID token for a refresh token (401 once it is revoked or expired)",
    responses=documented(
        {200: "A new ID token (and the refresh token to use next)"}, service.RefreshRefused, service.ProviderError
    ),
)
def refresh(body: RefreshIn) -> RefreshedOut:
    tokens = service.refresh(identity_provider(), body.refresh_token)
    return RefreshedOut(id_token=tokens.id_token, expires_in=tokens.expires_in, refresh_token=tokens.refresh_token)


@entrypoint(Trigger.API, SIGN_IN)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
