"""The local gateway, spoken to in raw bytes (issue #23): a bearer token that is not ASCII is a
401, and a chunked body with a negative, non-hex or oversized chunk size is a 400 that never
reads past the body cap. Nothing here reaches a handler: no database is needed."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devstack import gateway as gateway_module
from devstack.gateway import Gateway
from devstack.localauth import LocalCredentials, TokenKey, TokenRejected, bearer_token
from devstack.sigv4 import SigV4Verifier


@pytest.fixture
def gateway(tmp_path: Path) -> Iterator[Gateway]:
    served = Gateway(
        "127.0.0.1",
        0,
        tokens=TokenKey.for_data_dir(tmp_path),
        webhooks=SigV4Verifier(LocalCredentials.for_data_dir(tmp_path)),
    )
    served.start()
    try:
        yield served
    finally:
        served.stop()


def exchange(gateway: Gateway, raw: bytes, *, read_timeout: float = 10) -> tuple[int, dict[str, object], bytes]:
    """Send `raw` as is; (status, JSON body, every byte the server answered)."""
    with socket.create_connection(("127.0.0.1", gateway.port), timeout=read_timeout) as conn:
        conn.sendall(raw)
        conn.shutdown(socket.SHUT_WR)  # nothing more will come: a server waiting for more sees EOF
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    return status, json.loads(body) if body else {}, answer


def request(path: str, headers: dict[str, bytes], body: bytes = b"", method: str = "POST") -> bytes:
    lines = [f"{method} {path} HTTP/1.1".encode(), b"Host: 127.0.0.1"]
    lines += [name.encode() + b": " + value for name, value in headers.items()]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


PROJECT_ROUTE = "/projects/1/page-batches"


@pytest.mark.parametrize(
    "token",
    [
        "é".encode(),  # Latin-1 bytes, as http.server decodes header bytes
        "ü.ö.ä".encode(),  # three "parts", non-ASCII
        "\u00ff".encode("latin-1") * 40,
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig\xe9".encode("latin-1"),
    ],
)
def test_a_non_ascii_bearer_token_is_401(gateway: Gateway, token: bytes) -> None:
    status, body, raw = exchange(
        gateway, request(PROJECT_ROUTE, {"Authorization": b"Bearer " + token, "Content-Length": b"2"}, b"{}")
    )
    assert status == 401, raw
    assert body["error"] == {"code": "unauthorized", "message": "Missing or invalid credentials.", "details": []}
    assert b"Traceback" not in raw


def test_token_checks_refuse_non_ascii_without_raising_anything_else(tmp_path: Path) -> None:
    key = TokenKey.for_data_dir(tmp_path)
    with pytest.raises(TokenRejected):
        key.verify("a\u00e9.b.c")
    with pytest.raises(TokenRejected):
        bearer_token("Bearer \u00e9t\u00e9")
    assert key.verify(key.issue("alice"))["sub"] == "alice"  # a real token still passes


def chunked(*chunks: bytes) -> bytes:
    return request(
        PROJECT_ROUTE, {"Transfer-Encoding": b"chunked", "Content-Type": b"application/json"}, b"".join(chunks)
    )


@pytest.mark.parametrize(
    "size_line",
    [
        b"-1",  # int("-1", 16) == -1, and rfile.read(-1) reads to EOF
        b"-0",
        b"+2",
        b"0x2",
        b"1_0",
        b" 2",
        b"zz",
        b"",
        b"2" * 9,  # more hex digits than any size under the cap needs
        b"F" * 200,  # a line longer than any size line
    ],
)
def test_a_bad_chunk_size_is_400(gateway: Gateway, size_line: bytes) -> None:
    status, body, raw = exchange(gateway, chunked(size_line + b"\r\n{}\r\n0\r\n\r\n"))
    assert status == 400, raw
    assert body["error"]["code"] == "bad_request"
    assert b"Connection: close" in raw


def test_a_chunk_over_the_cap_is_refused_before_it_is_read(gateway: Gateway, monkeypatch: pytest.MonkeyPatch) -> None:
    """The size is declared and refused (413, like a Content-Length over the cap) at once: the
    server does not wait for, or read, a body it would refuse."""
    monkeypatch.setattr(gateway_module, "MAX_REQUEST_BYTES", 64)
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", gateway.port), timeout=10) as conn:
        conn.sendall(chunked(b"20\r\n" + b"[" * 32 + b"\r\n" + b"41\r\n"))  # 32 + 65 > 64
        answer = conn.recv(65536)  # no EOF sent: the answer must not wait for the body
    assert answer.startswith(b"HTTP/1.1 413"), answer
    assert time.monotonic() - started < 5


@pytest.mark.parametrize(
    "body",
    [
        b"2\r\n{}XX0\r\n\r\n",  # no CRLF after the chunk's data
        b"4\r\n{}\r\n",  # shorter than declared, then EOF
        b"2\r\n{}\r\n0\r\n" + b"X-Trailer: 1\r\n" * 100 + b"\r\n",  # endless trailers
    ],
)
def test_a_malformed_chunked_body_is_400(gateway: Gateway, body: bytes) -> None:
    status, _, raw = exchange(gateway, chunked(body))
    assert status == 400, raw


@pytest.mark.parametrize("length", [b"-1", b"+2", b"1_0", b"abc"])
def test_a_malformed_content_length_is_400(gateway: Gateway, length: bytes) -> None:
    status, body, raw = exchange(gateway, request(PROJECT_ROUTE, {"Content-Length": length}, b"{}"))
    assert status == 400, raw
    assert body["error"]["code"] == "bad_request"


def test_a_good_chunked_body_reaches_the_route(gateway: Gateway) -> None:
    """Framing accepted, the route's own answer comes back (401: no token), chunk extensions and
    a trailer included."""
    status, body, raw = exchange(gateway, chunked(b"1;ext=1\r\n{\r\n1\r\n}\r\n0\r\nX-T: 1\r\n\r\n"))
    assert status == 401, raw
    assert body["error"]["code"] == "unauthorized"


@pytest.mark.parametrize("body", [b"[" * 2_000 + b"]" * 2_000, b'{"refreshToken": "\xff"}'])
def test_an_unparseable_body_through_the_gateway_is_400(gateway: Gateway, function_module: Any, body: bytes) -> None:
    """A route without a token (sign-in): the gateway hands the body on, the handler refuses it."""
    function_module("refresh_sign_in")
    headers = {"Content-Type": b"application/json", "Content-Length": str(len(body)).encode()}
    status, answer, raw = exchange(gateway, request("/auth/refresh", headers, body))
    assert status == 400, raw
    assert answer["error"]["code"] == "malformed_request"
    assert b"Traceback" not in raw


@pytest.mark.parametrize("method", ["TRACE", "CONNECT", "PROPFIND"])
def test_any_other_method_is_a_json_405_on_a_route_and_404_elsewhere(gateway: Gateway, method: str) -> None:
    status, body, answer = exchange(gateway, request(PROJECT_ROUTE, {"Content-Length": b"0"}, method=method))
    assert (status, body["error"]["code"]) == (405, "method_not_allowed"), answer
    assert b"\r\nAllow: OPTIONS, POST\r\n" in answer  # RFC 9110: a 405 names what the path takes
    status, body, answer = exchange(gateway, request("/nowhere", {"Content-Length": b"0"}, method=method))
    assert (status, body["error"]["code"]) == (404, "not_found"), answer


@pytest.fixture
def gateway_of_a_data_dir(tmp_path: Path) -> Iterator[Gateway]:
    data_dir = tmp_path / "stack"
    served = Gateway(
        "127.0.0.1",
        0,
        tokens=TokenKey.for_data_dir(data_dir),
        webhooks=SigV4Verifier(LocalCredentials.for_data_dir(data_dir)),
        data_dir=data_dir,
    )
    served.start()
    try:
        yield served
    finally:
        served.stop()


def test_a_401_says_why_and_what_to_do(gateway_of_a_data_dir: Gateway, tmp_path: Path) -> None:
    data_dir = gateway_of_a_data_dir.data_dir
    other_dirs = TokenKey.for_data_dir(tmp_path / "elsewhere").issue("dana")
    expired = TokenKey.for_data_dir(data_dir or tmp_path).issue("dana", ttl_s=-10)
    cases = {
        f"Bearer {other_dirs}": f"made for another data dir; this stack's is {data_dir}: make one with "
        f"`pageport token SUBJECT --data-dir {data_dir}`",
        f"Bearer {expired}": "This token has expired",
        None: "Send one as `Authorization: Bearer TOKEN`",
    }
    for authorization, hint in cases.items():
        headers = {"Authorization": authorization.encode()} if authorization else {}
        status, body, _ = exchange(gateway_of_a_data_dir, request("/projects/1/page-batches/x", headers, method="GET"))
        error: Any = body["error"]
        assert status == 401 and error["code"] == "unauthorized", body
        assert error["message"].startswith("Missing or invalid credentials. ") and hint in error["message"], error
