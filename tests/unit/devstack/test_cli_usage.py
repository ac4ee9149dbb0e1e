"""The CLI's answers to mistakes made before any request: each names the mistake and what was
probably meant, and reaching the local stack never goes through a proxy."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator

import pytest

from devstack.cli import build_parser, main
from devstack.cli_access import UsageProblem, private_target_hint, web_address
from devstack.client import Api, ApiError
from devstack.commands import Viewport


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("100x800", "the viewport width must be 320 to 3840 pixels, not 100"),
        ("1280x9000", "the viewport height must be 240 to 4320 pixels, not 9000"),
        ("wide", "a viewport is WIDTHxHEIGHT"),
    ],
)
def test_a_viewport_out_of_range_says_which_side_and_the_range(text: str, complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint):
        Viewport.parse(text)


def test_a_viewport_in_range_is_kept() -> None:
    assert Viewport.parse(" 390 x 844 ").as_json() == {"width": 390, "height": 844}


def test_an_address_without_a_scheme_is_refused_with_a_suggestion() -> None:
    with pytest.raises(UsageProblem, match=r"did you mean https://example.com/pricing \?"):
        web_address("example.com/pricing")
    assert web_address("http://example.com/") == "http://example.com/"


def test_options_must_be_spelled_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        build_parser().parse_args(["import", "https://example.com/", "--viewpor", "390x844"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --viewpor" in err
    assert err.startswith("usage: pageport import "), err  # the command's usage, not the top one
    with pytest.raises(SystemExit):
        build_parser().parse_args(["admin", "add-member", "--org-id", "1", "--member", "b", "--colour"])
    assert capsys.readouterr().err.startswith("usage: pageport admin add-member "), err


def test_version_and_a_token_lifetime_above_zero(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--version"])
    assert capsys.readouterr().out.startswith("pageport ")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["token", "dana", "--ttl-hours", "0"])
    assert "must be more than 0, not 0" in capsys.readouterr().err


# As the API answers it: its one detail repeated as the message.
REFUSAL = ApiError(
    422,
    "validation_error",
    "127.0.0.1 is not a public host",
    [{"loc": ["url"], "msg": "127.0.0.1 is not a public host"}],
)


def test_a_private_target_refused_locally_names_the_flag_that_allows_it() -> None:
    hinted = private_target_hint(REFUSAL, Api("http://127.0.0.1:8000", "t"))
    assert isinstance(hinted, UsageProblem) and "pageport dev --allow-private-targets" in str(hinted)
    # In the cloud there is no such choice: the API's answer stands.
    assert private_target_hint(REFUSAL, Api("https://api.pageport.example", "t")) is REFUSAL


@pytest.mark.parametrize(
    ("base_url", "local"),
    [("http://127.0.0.1:8000", True), ("http://localhost:9", True), ("http://[::1]:80", True), ("https://a.b", False)],
)
def test_the_local_stack_is_recognised(base_url: str, local: bool) -> None:
    assert Api(base_url, "t").is_local is local


class _Answer(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b'{"reached": true}')

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def loopback_api() -> Iterator[str]:
    server = http.server.HTTPServer(("127.0.0.1", 0), _Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_the_local_stack_is_reached_directly_despite_a_proxy(
    loopback_api: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A proxy nobody listens on: going through it would fail as "cannot reach the API".
    monkeypatch.setenv("http_proxy", "http://127.0.0.1:9")
    monkeypatch.setenv("HTTP_PROXY", "http://127.0.0.1:9")
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.delenv("NO_PROXY", raising=False)
    assert Api(loopback_api, "t").get("/anything") == {"reached": True}


def test_a_mistake_is_one_line_and_exit_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["import", "example.com", "--token", "t", "--project", "1", "--api", "http://127.0.0.1:9"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1 and "did you mean https://example.com ?" in err[0], err


def test_an_api_error_says_a_repeated_detail_once_with_its_field() -> None:
    assert str(REFUSAL) == "url: 127.0.0.1 is not a public host (validation_error, HTTP 422)"
    several = ApiError(422, "validation_error", "The request is invalid.", [{"loc": ["a"], "msg": "x"}, {"msg": "y"}])
    assert str(several) == "The request is invalid: a: x; y (validation_error, HTTP 422)"
