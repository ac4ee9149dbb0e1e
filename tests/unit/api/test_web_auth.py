"""`pageport.web.auth`: the caller's subject from the authorizer's claims."""

from __future__ import annotations

from typing import Any

import pytest
from pageport.errors import Unauthorized
from pageport.web.auth import MAX_SUBJECT_LENGTH, claims_of, subject_from_claims


def test_the_subject_is_the_sub_claim() -> None:
    assert subject_from_claims({"sub": "user-1", "email": "a@example.com"}) == "user-1"
    assert subject_from_claims({"sub": "s" * MAX_SUBJECT_LENGTH}) == "s" * MAX_SUBJECT_LENGTH


@pytest.mark.parametrize(
    "claims",
    [None, {}, {"sub": ""}, {"sub": 7}, {"sub": None}, {"sub": "s" * (MAX_SUBJECT_LENGTH + 1)}, "sub", ["sub"]],
)
def test_no_usable_subject_is_401(claims: Any) -> None:
    with pytest.raises(Unauthorized):
        subject_from_claims(claims)


@pytest.mark.parametrize(
    ("event", "claims"),
    [
        ({"requestContext": {"authorizer": {"claims": {"sub": "u"}}}}, {"sub": "u"}),
        ({"requestContext": {"authorizer": None}}, None),  # a route without an authorizer
        ({"requestContext": None}, None),
        ({}, None),
    ],
)
def test_claims_are_read_from_the_authorizer_context(event: dict[str, Any], claims: Any) -> None:
    assert claims_of(event) == claims
