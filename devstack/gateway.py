"""The local API Gateway: HTTP requests -> REST proxy events for the route table's handler
modules (devstack.apigw), with Cognito-shaped claims from locally issued tokens; and the two
webhook "function URLs" under /_webhooks/, checked with SigV4 like AWS_IAM auth, then invoked in
the webhook function's own process (devstack.functions).

Handlers run concurrently, as Lambda runs many instances of a function at once. What Lambda
keeps per instance is made per instance here too:
- each function has a small bounded pool of handler threads (`MAX_CONCURRENT` invocations of
  it at once, as a function's reserved concurrency; a busy route never queues another route's
  requests behind its own, as Lambda scales each function on its own); each thread is an
  "instance" for what the layer keeps per thread: its database connection
  (pageport.db.shared_connection) and the `retrying` state beside it;
- Powertools keeps a request's event on its base class (process-wide) and its routing context
  on the resolver: pageport.web's resolvers keep the event per thread, and apigw.INSTANCES
  hands each invocation an idle copy of the function's handler module (its own `app`), making
  another copy when all are busy. A per-function lock would be as safe but would run one
  request per route at a time, and the routes a load hits most are the same two or three;
- boto3 clients are shared (thread-safe once made; pageport.aws makes them under a lock);
  settings and the kinds' descriptors are read-only; business metrics are off locally
  (POWERTOOLS_METRICS_DISABLED), so their process-wide buffer is only ever cleared;
- the Logger keys `inject_lambda_context` appends (the Lambda context, the correlation id) are
  kept per thread (apigw.log_keys_per_thread), so a line carries its own request's id.
"""

from __future__ import annotations

import base64
import ipaddress
import json
import re
import sys
import threading
import time
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from aws_lambda_powertools import Logger
from pageport.routes import WEBHOOK_FUNCTIONS
from pageport.web.resolver import PLUGIN_ORIGIN

from devstack import apigw, docs, functions, home
from devstack.localauth import TokenKey, TokenRejected, bearer_token
from devstack.localissuer import PATH_PREFIX as ISSUER_PREFIX
from devstack.localissuer import BrowserSignals, LocalIssuer
from devstack.sigv4 import SignatureRejected, SigV4Verifier

WEBHOOK_PREFIX = "/_webhooks/"
MAX_REQUEST_BYTES = 10 * 1024 * 1024  # API Gateway's payload limit
# Handler threads per function: its concurrent invocations (and database connections). Only
# functions that are called get threads; 4 x the few hot routes stays far under PostgreSQL's 100.
MAX_CONCURRENT = 4
# A chunk-size line: hex digits (8 are enough for any size under the cap; more are refused),
# then optional extensions. No sign, prefix, underscore or space before the digits.
_CHUNK_SIZE = re.compile(rb"([0-9A-Fa-f]{1,8})(?:[ \t]*;[^\r\n]*)?\r?\n")
_MAX_TRAILER_LINES = 32
_CONTENT_LENGTH = re.compile(r"[0-9]{1,12}")
CORS_HEADERS = {  # the deployed API's CORS settings (infra/api.py): only the plugin's opaque origin
    "Access-Control-Allow-Origin": PLUGIN_ORIGIN,
    "Access-Control-Allow-Methods": "GET,POST,PUT,OPTIONS",
    "Access-Control-Allow-Headers": "Authorization,Content-Type",
}
# The deployed API's gateway responses (infra/api.py), in the contract's error shape.
_UNAUTHORIZED = ("unauthorized", "Missing or invalid credentials.")
_NOT_FOUND = ("not_found", "No such route.")
_METHOD = ("method_not_allowed", "This method is not allowed here.")
_TOO_LARGE = ("payload_too_large", "The request body is too large.")
_MALFORMED = ("malformed_request", "The request body must be UTF-8 JSON.")
_INTERNAL = ("internal_error", "Something went wrong on our side.")
_BAD_FRAMING = ("bad_request", "The request body is not framed correctly.")
_MISDIRECTED = ("misdirected_request", "This is a local stack: reach it by 127.0.0.1, localhost or its IP address.")

logger = Logger(service="pageport-gateway")


def error_body(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "details": []}}


class Gateway:
    def __init__(
        self,
        host: str,
        port: int,
        *,
        tokens: TokenKey,
        webhooks: SigV4Verifier,
        data_dir: Path | None = None,
        handler_lock: threading.RLock | None = None,  # unused since handlers run concurrently
    ) -> None:
        del handler_lock
        self.data_dir = data_dir
        self.bind_host = host
        from pageport.logging import logger as layer_logger

        apigw.log_keys_per_thread(layer_logger)  # what inject_lambda_context appends, per invocation
        self.tokens = tokens
        self.webhooks = webhooks
        self.pools: dict[str, ThreadPoolExecutor] = {}
        self.pools_lock = threading.Lock()
        # The local identity provider (/auth/local/...), set once the URL is known (attach_issuer).
        self.issuer: LocalIssuer | None = None
        self.remote: dict[str, int] = {}  # function -> its process's invoke port
        self.server = _Server((host, port), _Handler)
        self.server.gateway = self
        self._thread: threading.Thread | None = None

    def unauthorized_message(self, reason: str) -> str:
        """The 401's message, with what to do about it: the local stack is the user's own, so it
        can say why a token failed (the deployed API, like Cognito, says only the first sentence).
        A token signed by another data dir's key is the usual cause: `pageport token` run
        without the `--data-dir` the stack was started with."""
        hint = {
            "no token": "send one as `Authorization: Bearer TOKEN` (the CLI: --token or $PAGEPORT_TOKEN)",
            "bad signature": "this token was made for another data dir; this stack's is "
            f"{self.data_dir}: make one with `pageport token SUBJECT --data-dir {self.data_dir}`",
            "expired token": "this token has expired: make a new one with `pageport token SUBJECT`",
        }.get(reason)
        return f"{_UNAUTHORIZED[1]} {hint[0].upper()}{hint[1:]}." if hint else _UNAUTHORIZED[1]

    @property
    def port(self) -> int:
        return int(self.server.server_address[1])

    def url_for(self, host: str) -> str:
        # A wildcard bind is reachable on loopback: that is what the workers call.
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else ("[::1]" if host == "::" else host)  # noqa: S104
        return f"http://{shown}:{self.port}"

    def attach_issuer(self, issuer: LocalIssuer) -> None:
        self.issuer = issuer

    def attach_function(self, function: str, port: int) -> None:
        """`function` runs in a process of its own (devstack.functions): invoke it there."""
        self.remote[function] = port

    def start(self) -> None:
        # Handlers share one interpreter: a short GIL switch interval keeps a quick read from
        # waiting 5 ms per turn behind CPU-bound batch creations (Lambda gives each its own CPU).
        sys.setswitchinterval(min(sys.getswitchinterval(), 0.001))
        self._thread = threading.Thread(target=self.server.serve_forever, name="gateway", daemon=True)
        self._thread.start()

    def invoke(self, function: str, event: dict[str, Any], context: Any) -> dict[str, Any]:
        """Run one invocation on a handler thread (an instance) and wait for its answer."""
        if (port := self.remote.get(function)) is not None:
            return functions.invoke(port, event, context.get_remaining_time_in_millis() / 1000)
        with self.pools_lock:
            pool = self.pools.get(function)
            if pool is None:
                pool = self.pools[function] = ThreadPoolExecutor(MAX_CONCURRENT, thread_name_prefix=function)
        return pool.submit(apigw.INSTANCES.call, function, event, context).result()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        with self.pools_lock:
            for pool in self.pools.values():
                pool.shutdown(wait=False, cancel_futures=True)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 64
    gateway: Gateway


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"
    server_version = "pageport-dev"
    sys_version = ""
    refused = 0  # the status `_read_body` answered with, when it refused the body
    # CORS headers go only on the API's own answers (the plugin calls it); never on the sign-in
    # pages, the home page, the docs or the webhooks, which no other origin may read.
    cors = False

    def log_message(self, format: str, *args: Any) -> None:
        pass  # one structured line per request instead (see _log)

    # ------------------------------------------------------------------ plumbing
    def _send(
        self, status: int, body: Any, headers: Mapping[str, str] | None = None, *, raw: bytes | None = None
    ) -> None:
        payload = raw if raw is not None else (b"" if body is None else json.dumps(body).encode())
        self.send_response(status)
        sent = {key.lower() for key in (headers or {})}
        for key, value in (headers or {}).items():
            if key.lower() not in ("content-length", "connection", "transfer-encoding"):
                self.send_header(key, value)
        if "content-type" not in sent and payload:
            self.send_header("Content-Type", "application/json")
        for key, value in CORS_HEADERS.items() if self.cors else ():
            if key.lower() not in sent:
                self.send_header(key, value)
        self.send_header("Content-Length", str(len(payload)))
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)

    def _refuse(self, status: int, problem: tuple[str, str]) -> None:
        """Answer before the body was read: the connection cannot be reused."""
        self.close_connection = True
        self.refused = status
        self._send(status, error_body(*problem))

    def _read_body(self) -> bytes | None:
        """The body, or None after answering 400/413 (the connection is then closed)."""
        if self.headers.get("Transfer-Encoding", "").strip().lower() == "chunked":
            return self._read_chunked()
        sent = (self.headers.get("Content-Length") or "0").strip()
        if not _CONTENT_LENGTH.fullmatch(sent):  # int() would take "+5", "1_0" or "-1"
            self._refuse(400, _BAD_FRAMING)
            return None
        length = int(sent)
        if length > MAX_REQUEST_BYTES:
            self._refuse(413, _TOO_LARGE)
            return None
        body = self.rfile.read(length) if length else b""
        if len(body) != length:
            self._refuse(400, _BAD_FRAMING)
            return None
        return body

    def _read_chunked(self) -> bytes | None:
        """API Gateway accepts chunked uploads (curl sends them for stdin bodies); so does this.
        Sizes are strict hex (never negative, never longer than 8 digits), and nothing is read
        past MAX_REQUEST_BYTES: a chunk that would cross it is refused before it is read."""
        body = bytearray()
        while True:
            found = _CHUNK_SIZE.fullmatch(self.rfile.readline(1024))
            if found is None:
                self._refuse(400, _BAD_FRAMING)
                return None
            size = int(found[1], 16)
            if len(body) + size > MAX_REQUEST_BYTES:
                self._refuse(413, _TOO_LARGE)
                return None
            if size == 0:
                break
            chunk = self.rfile.read(size)
            if len(chunk) != size or self.rfile.readline(3) not in (b"\r\n", b"\n"):
                self._refuse(400, _BAD_FRAMING)
                return None
            body += chunk
        for _ in range(_MAX_TRAILER_LINES):  # trailers, until the blank line
            line = self.rfile.readline(8192)
            if line in (b"\r\n", b"\n"):
                return bytes(body)
            if not line.endswith(b"\n"):
                break
        self._refuse(400, _BAD_FRAMING)
        return None

    def _log(self, started: float, status: int, **extra: Any) -> None:
        logger.info(
            "request",
            extra={
                "http_method": self.command,
                "path": urlsplit(self.path).path,
                "status": status,
                "duration_ms": round((time.monotonic() - started) * 1000, 1),
                **extra,
            },
        )

    # ------------------------------------------------------------------ verbs
    def do_OPTIONS(self) -> None:
        started = time.monotonic()
        self.cors = False  # per request: a kept-alive connection's handler serves several
        if self._read_body() is None:
            self._log(started, self.refused)
            return
        if not self._host_is_ours():
            self._send(421, error_body(*_MISDIRECTED))
            self._log(started, 421)
            return
        self.cors = _is_api_path(urlsplit(self.path).path)  # a preflight elsewhere allows nothing
        self._send(204, None)
        self._log(started, 204)

    def _host_is_ours(self) -> bool:
        """DNS rebinding: a web page whose name resolves to 127.0.0.1 reaches this stack as its
        own origin, so the Host must be a loopback name or an IP literal (no page has one)."""
        return host_is_ours(self.headers.get("Host"), self.server.gateway.bind_host)

    def do_GET(self) -> None:
        self._dispatch()

    def do_HEAD(self) -> None:  # no route takes HEAD: 405 like any other method (no body)
        self._dispatch()

    def do_POST(self) -> None:
        self._dispatch()

    def do_PUT(self) -> None:
        self._dispatch()

    def do_PATCH(self) -> None:
        self._dispatch()

    def do_DELETE(self) -> None:
        self._dispatch()

    def __getattr__(self, name: str) -> Any:
        # Any other method (TRACE, CONNECT, WebDAV's, ...) is routed like the ones above: 405 on
        # a known path, 404 elsewhere, a JSON body either way; never http.server's HTML 501.
        if name.startswith("do_"):
            return self._dispatch
        raise AttributeError(name)

    def _dispatch(self) -> None:
        started = time.monotonic()
        self.cors = False  # per request: a kept-alive connection's handler serves several
        body = self._read_body()
        if body is None:
            self._log(started, self.refused)
            return
        path = urlsplit(self.path).path
        if not self._host_is_ours():
            self._send(421, error_body(*_MISDIRECTED))
            self._log(started, 421)
            return
        try:
            if path.startswith(WEBHOOK_PREFIX):
                status, extra = self._webhook(path.removeprefix(WEBHOOK_PREFIX), body)
            elif path.startswith(ISSUER_PREFIX + "/") and self.server.gateway.issuer is not None:
                status, extra = self._issuer(path.removeprefix(ISSUER_PREFIX), body)
            elif (page := self._page(path)) is not None:  # /openapi.json, /docs, / and previews (no token)
                self._send(page.status, None, page.headers, raw=page.body)
                status, extra = page.status, {}
            else:
                self.cors = True  # the user API: what the plugin calls
                status, extra = self._api(path, body)
        except Exception:
            logger.exception("gateway failure", extra={"path": path})
            status, extra = 500, {}
            self._send(500, error_body(*_INTERNAL))
        self._log(started, status, **extra)

    def _page(self, path: str) -> docs.Answer | None:
        return docs.answer(self.command, path) or home.answer(
            self.command, path, str(self.client_address[0]), self.server.gateway.data_dir
        )

    # ------------------------------------------------------------------ webhooks
    def _webhook(self, name: str, body: bytes) -> tuple[int, dict[str, Any]]:
        function = WEBHOOK_FUNCTIONS.get(name)
        if function is None:
            self._send(404, error_body(*_NOT_FOUND))
            return 404, {}
        if self.command != "POST":
            self._send(405, error_body(*_METHOD), {"Allow": "POST"})
            return 405, {}
        headers = {key.lower(): value for key, value in self.headers.items()}
        url = f"http://{headers.get('host', '')}{self.path}"
        try:
            self.server.gateway.webhooks.verify(self.command, url, headers, body)
        except SignatureRejected as exc:
            # What a function URL with AWS_IAM auth answers to a bad signature.
            logger.warning("webhook signature rejected", extra={"function": function, "reason": str(exc)})
            self._send(403, {"Message": "Forbidden"})
            return 403, {"function": function}
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            self._send(400, error_body(*_MALFORMED))
            return 400, {"function": function}
        result = self.server.gateway.invoke(function, apigw.function_url_event(text), apigw.lambda_context(function))
        status = int(result["statusCode"])
        self._send(status, None, result.get("headers") or {}, raw=(result.get("body") or "").encode())
        return status, {"function": function}

    # ------------------------------------------------------------------ local identity provider
    def _issuer(self, name: str, body: bytes) -> tuple[int, dict[str, Any]]:
        """Cognito's managed login and OAuth endpoints, locally (devstack.localissuer). Served on
        the request's own thread, never the handler pool: the callback handler calls the token
        endpoint while it holds a handler thread."""
        issuer = self.server.gateway.issuer
        assert issuer is not None
        query = dict(parse_qsl(urlsplit(self.path).query, keep_blank_values=True))
        try:
            form = dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True)) if body else {}
        except UnicodeDecodeError:
            form = {}
        browser = BrowserSignals(
            fetch_site=(self.headers.get("Sec-Fetch-Site") or "").strip().lower(), origin=self.headers.get("Origin")
        )
        actions = {
            ("GET", "/authorize"): lambda: issuer.authorize_form(query),
            ("POST", "/authorize"): lambda: issuer.authorize_submit(form, browser=browser),
            ("POST", "/token"): lambda: issuer.token(form),
            ("POST", "/revoke"): lambda: issuer.revoke(form),
        }
        if browser.cross_site() and (self.command, name) != ("GET", "/authorize"):
            # The token and revoke endpoints are the stack's own server-to-server calls.
            self._send(403, error_body("forbidden", "Not from another site."))
            return 403, {"function": "local_issuer"}
        action = actions.get((self.command, name))
        if action is None:
            known = any(path == name for _, path in actions)
            status = 405 if known else 404
            allow = {"Allow": ", ".join(sorted(m for m, path in actions if path == name))} if known else {}
            self._send(status, error_body(*(_METHOD if known else _NOT_FOUND)), allow)
            return status, {}
        answer = action()
        self._send(answer.status, None, answer.headers, raw=answer.body)
        return answer.status, {"function": "local_issuer"}  # never the form: it holds codes and tokens

    # ------------------------------------------------------------------ user API
    def _api(self, path: str, body: bytes) -> tuple[int, dict[str, Any]]:
        route, params, path_known = apigw.match(self.command, path)
        if route is None:
            status = 405 if path_known else 404
            allow = {"Allow": apigw.allowed_methods(path)} if path_known else {}
            self._send(status, error_body(*(_METHOD if path_known else _NOT_FOUND)), allow)
            return status, {}
        path_params = {key: unquote(value) for key, value in params.items()}
        claims: dict[str, str] | None = None
        if route.authenticated:  # the sign-in routes have no authorizer in AWS either
            try:
                claims = self.server.gateway.tokens.verify(bearer_token(self.headers.get("Authorization")))
            except TokenRejected as exc:
                logger.info("token rejected", extra={"function": route.function, "reason": str(exc)})
                self._send(401, error_body(_UNAUTHORIZED[0], self.server.gateway.unauthorized_message(str(exc))))
                return 401, {"function": route.function}
        try:
            text = body.decode("utf-8") if body else None
        except UnicodeDecodeError:
            self._send(400, error_body(*_MALFORMED))
            return 400, {"function": route.function}
        query = dict(parse_qsl(urlsplit(self.path).query, keep_blank_values=True))
        event = apigw.rest_event(
            route,
            path,
            path_params,
            body=text,
            claims=claims,
            query=query or None,
            headers=dict(self.headers.items()),
        )
        result = self.server.gateway.invoke(route.function, event, apigw.lambda_context(route.function))
        status = int(result["statusCode"])
        headers = dict(result.get("headers") or {})
        for key, values in (result.get("multiValueHeaders") or {}).items():
            if values:
                headers[key] = values[-1]
        raw = result.get("body") or ""
        payload = base64.b64decode(raw) if result.get("isBase64Encoded") else raw.encode()
        self._send(status, None, headers, raw=payload)
        logged = {"function": route.function, **_snake(path_params)}
        return status, logged | ({"subject": claims["sub"]} if claims else {})


def _is_api_path(path: str) -> bool:
    """A path of the user API's route table (the only answers the plugin reads)."""
    return bool(apigw.match("GET", path)[2])


_LOOPBACK_NAMES = frozenset({"localhost", "localhost."})


def host_is_ours(host_header: str | None, bind_host: str) -> bool:
    """A Host this stack answers: a loopback name, an IP literal, or the name it was bound to."""
    if not host_header:
        return True  # HTTP/1.0 clients send none; browsers always do
    host = host_header.strip().lower()
    name = host[1 : host.index("]")] if host.startswith("[") and "]" in host else host.rsplit(":", 1)[0]
    if name in _LOOPBACK_NAMES or name.endswith(".localhost") or name == bind_host.lower():
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _snake(params: Mapping[str, str]) -> dict[str, str]:
    """projectId -> project_id, as the layer's logs name job ids."""
    out = {}
    for key, value in params.items():
        out["".join("_" + c.lower() if c.isupper() else c for c in key)] = value
    return out
