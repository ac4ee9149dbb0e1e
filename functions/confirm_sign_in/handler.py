"""POST /auth/callback: the confirmation form, with the code the plugin shows (HTML answers)."""

from typing import Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.errors import PageportError
from pageport.logging import logger
from pageport.models.signin import SignInConfirmationForm
from pageport.settings import SIGN_IN
from pageport.signin import service
from pageport.signin.provider import identity_provider
from pageport.web import signin_pages as pages
from pageport.web.resolver import FormResolver
from pydantic import ValidationError

app = FormResolver()


@app.post(
    "/auth/callback",
    summary="Confirm the sign-in with the code the plugin shows; only then are the tokens kept (HTML)",
    responses={
        200: {"description": "Signed in (HTML)", "content": {"text/html": {}}},
        400: {
            "description": "Wrong code (the form again, or the sign-in ended), or not the form's body (HTML)",
            "content": {"text/html": {}},
        },
        403: {"description": "Not posted from the confirmation page (HTML)", "content": {"text/html": {}}},
        404: {"description": "Unknown, used or expired sign-in session (HTML)", "content": {"text/html": {}}},
        502: {"description": "The identity provider is unavailable (HTML)", "content": {"text/html": {}}},
    },
)
def confirm() -> Response[str]:
    if not pages.sent_from_own_page(app.header("sec-fetch-site")):  # the confirmation page posts to itself
        logger.warning("sign-in confirmation refused: posted from another site")
        return pages.page(403, *pages.CROSS_SITE)
    fields = app.form()
    try:
        form = SignInConfirmationForm.model_validate(fields)
    except ValidationError:
        return pages.page(400, *pages.NOT_THE_FORM)
    state, code = form.state, form.code
    try:
        service.confirm(identity_provider(), state=state, code=code, user_code=form.user_code)
    except service.SessionNotFound:
        return pages.page(404, *pages.EXPIRED)
    except service.WrongUserCode as wrong:
        if wrong.tries_left == 0:
            return pages.page(400, *pages.ENDED_BY_MISSES)
        return pages.confirmation_form(400, state=state, code=code, note=pages.wrong_code_note(wrong.tries_left))
    except PageportError as exc:
        return pages.page(exc.status, "Sign-in did not complete", exc.message)
    return pages.page(200, *pages.SIGNED_IN)


@app.exception_handler(Exception)
def on_unexpected(exc: Exception) -> Response[str]:
    logger.exception("unhandled error")  # the person sees a fixed page, never the error
    return pages.page(500, "Sign-in did not complete", "Something went wrong on our side. Start again from Figma.")


@entrypoint(Trigger.API, SIGN_IN)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
