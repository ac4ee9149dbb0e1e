"""The local stack's home page answers only this machine, and only its own paths."""

from __future__ import annotations

import json
from pathlib import Path

from devstack import home


def test_another_machine_gets_a_404_without_a_word_of_the_page(tmp_path: Path) -> None:
    for path in ("/", "/designs/0190c4e2-7b1a-7c3d-9e8f-0a1b2c3d4e5f/preview.png"):
        for client in ("192.168.1.20", "10.0.0.5", "2001:db8::1"):
            refused = home.answer("GET", path, client, tmp_path)
            assert refused is not None and refused.status == 404, (path, client)
            assert json.loads(refused.body)["error"]["code"] == "not_found"


def test_other_paths_are_left_to_the_api(tmp_path: Path) -> None:
    for path in ("/projects/1/code2des", "/designs/x/preview.png", "/designs/", "/index.html"):
        assert home.answer("GET", path, "127.0.0.1", tmp_path) is None, path


def test_only_get(tmp_path: Path) -> None:
    refused = home.answer("DELETE", "/", "::1", tmp_path)
    assert refused is not None and (refused.status, refused.headers["Allow"]) == (405, "GET")
