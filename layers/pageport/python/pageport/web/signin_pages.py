"""The sign-in pages a person's browser shows (the OAuth callback and its confirmation form).

Every message is fixed text chosen here: nothing from the query string is ever shown, so the
callback cannot be used to put someone else's words on a Pageport page.
"""

from __future__ import annotations

import html

from aws_lambda_powertools.event_handler import Response

_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pageport</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">
<style>body{{font:16px system-ui,sans-serif;margin:4rem auto;max-width:32rem;padding:0 1rem}}
input{{font:600 1.4rem ui-monospace,monospace;letter-spacing:.15em;text-transform:uppercase;width:12ch}}
.note{{color:#b3261e}}</style></head>
<body><h1>{title}</h1>{body}</body></html>"""

_CONFIRM = """<p>To finish signing in, type the code that the Pageport plugin shows in Figma.</p>
<p><strong>Only type a code you can see in your own Figma right now.</strong> If someone sent you this
link or a code, close this page: typing it would sign them in as you.</p>
{note}<form method="post" action="callback">
<input type="hidden" name="state" value="{state}"><input type="hidden" name="code" value="{code}">
<label>Code <input name="user_code" required autofocus autocomplete="off" spellcheck="false"
maxlength="16" placeholder="BCDF-GHJK"></label>
<button type="submit">Sign in</button></form>"""

HEADERS = {
    # The URL and the form hold a one-time code and the write key: no caches, no referrers, no
    # framing (the confirmation must be typed on this page as itself, not under someone's overlay).
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
}

# What the identity provider's `error` codes (RFC 6749 §4.1.2.1) mean to the person; any other
# code gets the last line. Its `error_description` is never shown.
PROVIDER_ERRORS = {
    "access_denied": "Sign-in was cancelled or refused. Start again from the Pageport plugin in Figma.",
    "temporarily_unavailable": "Sign-in is unavailable for a moment. Start again from Figma in a minute.",
    "server_error": "The sign-in service had a problem. Start again from Figma in a minute.",
}
PROVIDER_ERROR_OTHER = "Sign-in did not complete. Start again from the Pageport plugin in Figma."
EXPIRED = ("This sign-in link has expired", "Start signing in again from the Pageport plugin in Figma.")
SIGNED_IN = ("Signed in to Pageport", "Signed in to Pageport \u2014 you can return to Figma.")
ENDED_BY_MISSES = (
    "Sign-in stopped",
    "That code did not match the one Pageport shows, too many times. Nobody was signed in. "
    "Start again from the Pageport plugin in Figma.",
)
NOT_THE_FORM = ("Sign-in did not complete", "This is not what the sign-in page sends. Start again from Figma.")
CROSS_SITE = ("Sign-in did not complete", "This form can only be sent from its own page. Start again from Figma.")


# What `Sec-Fetch-Site` says of a request a page made of its own origin, or a person typed; a
# client that is not a browser sends none ("").
_OWN_SITE = frozenset({"", "same-origin", "none"})


def sent_from_own_page(fetch_site: str | None, origin: str | None = None, own_origin: str | None = None) -> bool:
    """Whether a browser says this form was posted by a page of our own origin (the sign-in
    pages, the local stack's and the API's, refuse anything else): `Sec-Fetch-Site`, and the
    `Origin` when both it and our own origin are known."""
    if (fetch_site or "").strip().lower() not in _OWN_SITE:
        return False
    return origin is None or own_origin is None or origin == own_origin


def page(status: int, title: str, message: str) -> Response[str]:
    body = f"<p>{html.escape(message)}</p>"
    return _answer(status, _PAGE.format(title=html.escape(title), body=body))


def confirmation_form(status: int, *, state: str, code: str, note: str = "") -> Response[str]:
    """Asks for the plugin's user code; `state` and `code` go back with it (the code is exchanged
    only once the right user code is typed)."""
    body = _CONFIRM.format(
        state=html.escape(state, quote=True),
        code=html.escape(code, quote=True),
        note=f'<p class="note">{html.escape(note)}</p>' if note else "",
    )
    return _answer(status, _PAGE.format(title="Confirm your sign-in", body=body))


def wrong_code_note(tries_left: int) -> str:
    tries = "1 more try" if tries_left == 1 else f"{tries_left} more tries"
    return f"That is not the code Pageport shows in Figma. Check it and type it again ({tries})."


def _answer(status: int, body: str) -> Response[str]:
    return Response(status_code=status, content_type="text/html; charset=utf-8", body=body, headers=HEADERS)
