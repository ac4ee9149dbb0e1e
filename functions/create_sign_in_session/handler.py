"""POST /auth/sessions (no bearer token)"""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.models.signin import SignInSessionOut
from pageport.settings import SIGN_IN
from pageport.signin import service
from pageport.signin.provider import identity_provider
from pageport.web import api_resolver, json_response

app = api_resolver()


@app.post(
    "/auth/sessions",
    summary="Start signing in: a read key for collect, a code to show, and the sign-in URL to open in the browser",
    responses={201: {"description": "Created", "content": {"application/json": {"model": SignInSessionOut}}}},
)
def create() -> Any:
    session = service.create_session(identity_provider())
    body = SignInSessionOut(
        read_key=session.read_key,
        user_code=session.user_code,
        sign_in_url=session.sign_in_url,
        expires_at=session.expires_at,
        poll_interval_ms=session.poll_interval_ms,
    )
    return json_response(201, body.to_json_dict())


@entrypoint(Trigger.API, SIGN_IN)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
