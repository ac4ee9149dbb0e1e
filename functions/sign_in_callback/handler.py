"""GET /auth/callback: the OAuth redirect target, opened in the user's browser (HTML answers).
It exchanges nothing yet: it asks for the code the plugin shows (POST /auth/callback)."""

from typing import Annotated, Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.openapi.params import Query
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.settings import SIGN_IN
from pageport.signin import service
from pageport.web import api_resolver
from pageport.web import signin_pages as pages

app = api_resolver()


@app.get(
    "/auth/callback",
    summary="OAuth redirect target: asks for the code the plugin shows before anything is exchanged (HTML)",
    responses={
        200: {"description": "The confirmation form (HTML)", "content": {"text/html": {}}},
        400: {"description": "The identity provider reported an error (HTML)", "content": {"text/html": {}}},
        404: {"description": "Unknown, used or expired sign-in session (HTML)", "content": {"text/html": {}}},
    },
)
def callback(
    code: Annotated[str | None, Query(max_length=4096)] = None,
    state: Annotated[str | None, Query(max_length=256)] = None,
    error: Annotated[str | None, Query(max_length=256)] = None,
    error_description: Annotated[str | None, Query(max_length=1024)] = None,
) -> Response[str]:
    del error_description  # never shown: the page says what the code means, in our words
    if error is not None:
        service.fail(state, error)
        return pages.page(400, "Sign-in did not complete", pages.PROVIDER_ERRORS.get(error, pages.PROVIDER_ERROR_OTHER))
    try:
        service.awaiting_confirmation(state, code)
    except service.SessionNotFound:
        return pages.page(404, *pages.EXPIRED)
    assert state is not None and code is not None
    return pages.confirmation_form(200, state=state, code=code)


@entrypoint(Trigger.API, SIGN_IN)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
