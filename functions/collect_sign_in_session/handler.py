"""POST /auth/sessions/collect (no bearer token)"""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.models.signin import CollectedTokensOut, CollectIn, CollectPendingOut
from pageport.settings import SIGN_IN
from pageport.signin import service
from pageport.web import api_resolver, json_response

app = api_resolver()


@app.post(
    "/auth/sessions/collect",
    summary="Collect the tokens once (202 while the user is still signing in)",
    responses={
        200: {
            "description": "The tokens (deleted as they are returned)",
            "content": {"application/json": {"model": CollectedTokensOut}},
        },
        202: {
            "description": "Not signed in yet: poll again",
            "content": {"application/json": {"model": CollectPendingOut}},
        },
        404: {"description": "Unknown, collected or expired sign-in session (sign_in_session_not_found)"},
    },
)
def collect(body: CollectIn) -> Any:
    tokens = service.collect(body.read_key)
    if tokens is None:
        return json_response(202, CollectPendingOut(status="pending").to_json_dict())
    out = CollectedTokensOut(id_token=tokens.id_token, refresh_token=tokens.refresh_token, expires_in=tokens.expires_in)
    return json_response(200, out.to_json_dict())


@entrypoint(Trigger.API, SIGN_IN)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
