"""GET /auth/callback: the OAuth redirect target, opened in the user's browser (HTML answers)."""

import html
from typing import Annotated, Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.openapi.params import Query
from aws_lambda_powertools.utilities.typing import LambdaContext
from pageport.entrypoints.shape import Trigger, entrypoint
from pageport.errors import PageportError
from pageport.settings import SIGN_IN
from pageport.signin import service
from pageport.signin.provider import identity_provider
from pageport.web import api_resolver

app = api_resolver()

_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pageport</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">
<style>body{{font:16px system-ui,sans-serif;margin:4rem auto;max-width:32rem;padding:0 1rem}}</style></head>
<body><h1>{title}</h1><p>{message}</p></body></html>"""
_HEADERS = {
    # The URL held a one-time code and the write key: keep them out of caches and referrers.
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
}


def _page(status: int, title: str, message: str) -> Response[str]:
    body = _PAGE.format(title=html.escape(title), message=html.escape(message))
    return Response(status_code=status, content_type="text/html; charset=utf-8", body=body, headers=_HEADERS)


@app.get(
    "/auth/callback",
    summary="OAuth redirect target: exchanges the code and keeps the tokens for collect (HTML)",
    responses={
        200: {"description": "Signed in (HTML)", "content": {"text/html": {}}},
        400: {"description": "The identity provider reported an error (HTML)", "content": {"text/html": {}}},
        404: {"description": "Unknown, used or expired sign-in session (HTML)", "content": {"text/html": {}}},
        502: {"description": "The identity provider is unavailable (HTML)", "content": {"text/html": {}}},
    },
)
def callback(
    code: Annotated[str | None, Query(max_length=4096)] = None,
    state: Annotated[str | None, Query(max_length=256)] = None,
    error: Annotated[str | None, Query(max_length=256)] = None,
    error_description: Annotated[str | None, Query(max_length=1024)] = None,
) -> Response[str]:
    if error is not None:
        service.fail(state, error)
        return _page(400, "Sign-in did not complete", error_description or error)
    try:
        service.complete(identity_provider(), state=state, code=code)
    except service.SessionNotFound:
        return _page(404, "This sign-in link has expired", "Start signing in again from the Pageport plugin in Figma.")
    except PageportError as exc:
        return _page(exc.status, "Sign-in did not complete", exc.message)
    return _page(200, "Signed in to Pageport", "Signed in to Pageport \u2014 you can return to Figma.")


@entrypoint(Trigger.API, SIGN_IN)
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return app.resolve(event, context)
