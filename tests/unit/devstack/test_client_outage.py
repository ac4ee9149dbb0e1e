"""The CLI's client waits out an unavailable service (502/503/504, as during a database
failover) on requests a repeat cannot duplicate, says once that it is waiting, and gives the
error after its limit. A loopback HTTP server plays the API; the client is the real one."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from devstack.client import Api, ApiError

UNAVAILABLE = {"error": {"code": "service_unavailable", "message": "Briefly unavailable.", "details": []}}


class ScriptedApi:
    """Answers each request with the next of `script` (the last one repeats)."""

    def __init__(self, script: list[tuple[int, Any]]) -> None:
        self.script = script
        self.seen: list[tuple[str, bytes]] = []
        api = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                api.seen.append((self.command, body))
                status, payload = api.script[min(len(api.seen), len(api.script)) - 1]
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                if status == 503:
                    self.send_header("Retry-After", "3")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = _answer

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"


@pytest.fixture
def scripted() -> Iterator[list[ScriptedApi]]:
    made: list[ScriptedApi] = []
    yield made
    for api in made:
        api.server.shutdown()


def _api(scripted: list[ScriptedApi], script: list[tuple[int, Any]]) -> tuple[ScriptedApi, Api, list[float], list[str]]:
    server = ScriptedApi(script)
    scripted.append(server)
    pauses: list[float] = []
    notices: list[str] = []
    client = Api(server.url, "t", on_wait=notices.append, sleep=pauses.append, wait_limit_s=20)
    return server, client, pauses, notices


def test_a_read_waits_until_the_service_answers_and_says_so_once(scripted: list[ScriptedApi]) -> None:
    server, client, pauses, notices = _api(scripted, [(503, UNAVAILABLE), (503, UNAVAILABLE), (200, {"id": "b"})])
    assert client.get("/projects/1/page-batches/b") == {"id": "b"}
    assert len(server.seen) == 3
    assert all(pause >= 3 for pause in pauses)  # never sooner than the answer's Retry-After
    assert notices == ["the service is unavailable (HTTP 503); waiting for it to come back"]


def test_an_idempotent_create_is_sent_again_unchanged(scripted: list[ScriptedApi]) -> None:
    server, client, _, _ = _api(scripted, [(503, UNAVAILABLE), (201, {"id": "b"})])
    body = {"id": "b", "type": "page_import", "requests": []}
    assert client.post("/projects/1/page-batches", body, idempotent=True) == {"id": "b"}
    assert [method for method, _ in server.seen] == ["POST", "POST"] and server.seen[0][1] == server.seen[1][1]


def test_a_create_a_repeat_would_duplicate_fails_at_once(scripted: list[ScriptedApi]) -> None:
    server, client, pauses, notices = _api(scripted, [(503, UNAVAILABLE)])
    with pytest.raises(ApiError) as raised:
        client.post("/projects/1/page-imports", {"url": "https://example.com/"})
    assert raised.value.status == 503 and raised.value.code == "service_unavailable"
    assert (len(server.seen), pauses, notices) == (1, [], [])


def test_the_error_comes_once_the_wait_reaches_its_limit(scripted: list[ScriptedApi]) -> None:
    server, client, pauses, _ = _api(scripted, [(503, UNAVAILABLE)])
    with pytest.raises(ApiError) as raised:
        client.get("/projects/1/page-batches/b")
    assert raised.value.status == 503
    assert sum(pauses) >= 20 and sum(pauses[:-1]) < 20
    assert len(server.seen) == len(pauses) + 1
