"""`pageport import`'s sign-in flags: cookies and localStorage taken from a Playwright storage
state only where they belong to the page's host and origin, flags over the file, and errors
that never repeat a value."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from devstack.page_auth import AuthArgumentError, add_auth_flags, auth_from_args


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_auth_flags(parser)
    return parser.parse_args(list(argv))


def test_a_storage_state_gives_the_pages_own_cookies_and_local_storage(tmp_path: Path) -> None:
    state = {
        "cookies": [
            {
                "name": "session",
                "value": "s1",
                "domain": "app.example.com",
                "path": "/",
                "httpOnly": True,
                "secure": True,
                "sameSite": "Lax",
            },
            {"name": "shared", "value": "s2", "domain": ".example.com", "path": "/"},
            {"name": "other", "value": "s3", "domain": "tracker.example.net", "path": "/"},
            {"name": "sibling", "value": "s4", "domain": "admin.example.com", "path": "/"},
        ],
        "origins": [
            {"origin": "https://app.example.com", "localStorage": [{"name": "token", "value": "t1"}]},
            {"origin": "https://admin.example.com", "localStorage": [{"name": "token", "value": "t2"}]},
        ],
    }
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state))
    auth = auth_from_args(
        "https://app.example.com/dashboard", _args("--storage-state", str(path), "--cookie", "shared=override")
    )
    assert auth is not None
    assert auth["cookies"] == [
        {"name": "session", "value": "s1", "path": "/", "httpOnly": True, "secure": True, "sameSite": "Lax"},
        {"name": "shared", "value": "override"},
    ]
    assert auth["localStorage"] == {"token": "t1"}
    assert "headers" not in auth


def test_headers_and_nothing_at_all() -> None:
    assert auth_from_args("https://a.example/", _args()) is None
    auth = auth_from_args("https://a.example/", _args("--header", "Authorization: Bearer abc:def"))
    assert auth == {"headers": {"Authorization": "Bearer abc:def"}}


@pytest.mark.parametrize("argv", [("--cookie", "novalue"), ("--header", "no colon here"), ("--cookie", "=v")])
def test_a_malformed_flag_is_refused_without_repeating_it(argv: tuple[str, ...]) -> None:
    with pytest.raises(AuthArgumentError) as refused:
        auth_from_args("https://a.example/", _args(*argv))
    assert argv[1] not in str(refused.value)


def test_an_unreadable_storage_state_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text("not json")
    with pytest.raises(AuthArgumentError, match="storage state"):
        auth_from_args("https://a.example/", _args("--storage-state", str(path)))
