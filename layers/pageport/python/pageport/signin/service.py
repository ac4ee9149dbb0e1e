"""Sign-in sessions: create, complete (the OAuth callback), collect; refresh and sign-out.

No HTTP or event shapes here: handlers map the results and errors. Nothing is logged that could
replay a session (no key, code, verifier or token; not even their hashes).
"""

from __future__ import annotations

import hmac
import json
import time
from dataclasses import dataclass
from datetime import UTC, datetime

from pageport.errors import NotFound, PageportError, Unauthorized
from pageport.logging import logger  # the one Logger: its lines carry the request's correlation id
from pageport.signin import crypto, store
from pageport.signin.provider import IdentityProvider, ProviderRefused, ProviderUnavailable, TokenSet

SESSION_TTL_S = 300
POLL_INTERVAL_MS = 2000
# Wrong user codes a session takes before it ends: a person mistyping gets a second and third go;
# a guesser gets 3 in 20^8.
MAX_CONFIRM_MISSES = 3


class SessionNotFound(NotFound):
    code, default_message = "sign_in_session_not_found", "This sign-in session is unknown, used or expired."


class RefreshRefused(Unauthorized):
    code, default_message = "refresh_token_refused", "The refresh token was refused; sign in again."


class ProviderError(PageportError):
    status, code, default_message = 502, "identity_provider_unavailable", "Sign-in is unavailable; try again."


class WrongUserCode(PageportError):
    """The code typed on the sign-in page is not the one the plugin shows: nothing is sealed."""

    status, code, default_message = 400, "wrong_user_code", "That is not the code Pageport shows in Figma."

    def __init__(self, tries_left: int) -> None:
        super().__init__()
        self.tries_left = tries_left


class SignInDenied(PageportError):
    """The identity provider sent the user back with an error, or refused the code."""

    status, code, default_message = 400, "sign_in_failed", "Sign-in did not complete; start again from Figma."


@dataclass(frozen=True, slots=True)
class NewSession:
    read_key: str
    user_code: str
    sign_in_url: str
    expires_at: datetime
    poll_interval_ms: int


@dataclass(frozen=True, slots=True)
class Tokens:
    id_token: str
    refresh_token: str
    expires_in: int


def create_session(provider: IdentityProvider, *, now: float | None = None) -> NewSession:
    read_key, write_key, verifier = crypto.new_key(), crypto.new_key(), crypto.new_verifier()
    user_code = crypto.new_user_code()
    read_hash, write_hash = crypto.key_hash(read_key), crypto.key_hash(write_key)
    expires = int(now if now is not None else time.time()) + SESSION_TTL_S
    store.create(
        read_hash=read_hash,
        write_hash=write_hash,
        read_public=crypto.read_public(read_key),
        verifier=crypto.encrypt_verifier(verifier, write_key, write_hash.encode()),
        user_code_tag=crypto.user_code_tag(user_code, write_key),
        expires=expires,
    )
    url = provider.authorize_url(state=write_key, code_challenge=crypto.s256(verifier))
    logger.info("sign-in session created")
    return NewSession(read_key, user_code, url, datetime.fromtimestamp(expires, UTC), POLL_INTERVAL_MS)


def _live_write_side(state: str | None, code: str | None) -> store.WriteSide:
    if not crypto.is_key(state) or not code or len(code) > 2048:
        raise SessionNotFound()
    assert state is not None
    try:
        return store.peek_write_side(crypto.key_hash(state))
    except store.SessionGone:
        raise SessionNotFound() from None


def awaiting_confirmation(state: str | None, code: str | None) -> None:
    """The OAuth callback's first step: the session is live, so the page may ask for the user code
    (RFC 8628 §5.4). Nothing is exchanged or sealed until the person types the code their own
    plugin shows: a sign-in link minted by someone else signs its victim in for nobody."""
    _live_write_side(state, code)


def confirm(provider: IdentityProvider, *, state: str | None, code: str | None, user_code: str) -> None:
    """The person typed `user_code`: the plugin's own code completes the sign-in; a wrong one
    counts against the session, and the last allowed miss ends it with nothing sealed."""
    side = _live_write_side(state, code)
    assert state is not None
    typed = crypto.normal_user_code(user_code)
    if typed is None or not hmac.compare_digest(crypto.user_code_tag(typed, state), side.user_code_tag):
        tries_left = store.record_miss(crypto.key_hash(state), MAX_CONFIRM_MISSES)
        logger.info("sign-in confirmation refused: wrong user code", extra={"tries_left": tries_left})
        if tries_left == 0:
            _end(state)
        raise WrongUserCode(tries_left)
    _complete(provider, state=state, code=code)


def _complete(provider: IdentityProvider, *, state: str, code: str | None) -> None:
    """Claim the session by its write key (once), exchange the code with the stored verifier,
    seal the tokens to the read key."""
    assert code is not None
    write_hash = crypto.key_hash(state)
    try:
        side = store.take_write_side(write_hash)
    except store.SessionGone:
        raise SessionNotFound() from None
    try:
        verifier = crypto.decrypt_verifier(side.verifier, state, write_hash.encode())
    except crypto.SealBroken:
        raise SessionNotFound() from None
    try:
        tokens = provider.exchange_code(code=code, code_verifier=verifier)
    except ProviderRefused as exc:
        logger.warning("code exchange refused", extra={"oauth_error": exc.error})
        store.abandon(side.read_hash)
        raise SignInDenied() from None
    except ProviderUnavailable as exc:
        logger.warning("code exchange failed", extra={"reason": str(exc)})
        store.abandon(side.read_hash)
        raise ProviderError() from None
    assert tokens.refresh_token is not None
    payload = json.dumps(
        {"idToken": tokens.id_token, "refreshToken": tokens.refresh_token, "expiresIn": tokens.expires_in}
    ).encode()
    try:
        store.put_sealed(side.read_hash, crypto.seal(payload, side.read_public, side.read_hash.encode()))
    except store.SessionGone:
        # Expired during the exchange: nobody can collect these tokens, so end them now.
        _revoke_quietly(provider, tokens.refresh_token)
        raise SessionNotFound() from None
    logger.info("sign-in session completed")


def fail(state: str | None, error: str) -> None:
    """The provider sent the user back with `error` (say access_denied): end the session now, so
    the plugin's next collect is a 404 rather than polling until it expires."""
    logger.info("sign-in failed at the identity provider", extra={"oauth_error": error[:64]})
    if crypto.is_key(state):
        assert state is not None
        _end(state)


def _end(state: str) -> None:
    """End the session of write key `state` with nothing sealed: its collect becomes a 404."""
    try:
        side = store.take_write_side(crypto.key_hash(state))
    except store.SessionGone:
        return
    store.abandon(side.read_hash)


def collect(read_key: object) -> Tokens | None:
    """The tokens once (None while the user is still signing in)."""
    if not crypto.is_key(read_key):
        raise SessionNotFound()
    assert isinstance(read_key, str)
    read_hash = crypto.key_hash(read_key)
    try:
        collected = store.collect(read_hash)
    except store.SessionGone:
        raise SessionNotFound() from None
    if collected.sealed is None:
        return None
    try:
        data = json.loads(crypto.open_sealed(collected.sealed, read_key, read_hash.encode()))
    except crypto.SealBroken:
        logger.error("sealed tokens did not open")
        raise SessionNotFound() from None
    logger.info("sign-in session collected")
    return Tokens(data["idToken"], data["refreshToken"], int(data["expiresIn"]))


def refresh(provider: IdentityProvider, refresh_token: str) -> TokenSet:
    try:
        return provider.refresh(refresh_token)
    except ProviderRefused as exc:
        logger.info("refresh refused", extra={"oauth_error": exc.error})
        raise RefreshRefused() from None
    except ProviderUnavailable as exc:
        logger.warning("refresh failed", extra={"reason": str(exc)})
        raise ProviderError() from None


def sign_out(provider: IdentityProvider, refresh_token: str) -> None:
    """Revoke at the provider; a token it does not know (or already revoked) is signed out too."""
    try:
        provider.revoke(refresh_token)
    except ProviderRefused as exc:
        logger.info("revocation refused; treated as signed out", extra={"oauth_error": exc.error})
    except ProviderUnavailable as exc:
        logger.warning("revocation failed", extra={"reason": str(exc)})
        raise ProviderError() from None


def _revoke_quietly(provider: IdentityProvider, refresh_token: str) -> None:
    try:
        provider.revoke(refresh_token)
    except (ProviderRefused, ProviderUnavailable):
        logger.warning("could not revoke the tokens of an expired session")
