"""The HTTP contract, fuzzed: schemathesis generates requests for every operation of the OpenAPI
document the local stack serves (the same as docs/openapi.json) and checks each answer: no 5xx,
a documented status code, content type and body schema, 401 without the token, 405 for a
method the path lacks, invalid input refused. A real tenant and token; workers off.

CI runs a bounded, reproducible fuzz (FUZZ_EXAMPLES examples per operation and phase, seed
FUZZ_SEED); a release runs the longer one the README gives (PAGEPORT_FUZZ_EXAMPLES=500).

What the schema cannot say is configured, not skipped: a string the schema allows may still be
refused with the operation's documented 422 (an SSRF-unsafe URL, a NUL, a blank id, a first
materialization without nodeId, a cursor that is not a position; the sign-in callback's 400 page
for an error the identity provider reports: REFUSED_BEYOND_SCHEMA), so for those operations
schema-valid input may also be answered with that documented status.
"""

from __future__ import annotations

import json
import os
import re
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
import schemathesis
from schemathesis import engine
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import events

from tests.e2e.conftest import REPO_ROOT, DevStack

FUZZ_EXAMPLES = int(os.environ.get("PAGEPORT_FUZZ_EXAMPLES", "15"))
FUZZ_SEED = int(os.environ.get("PAGEPORT_FUZZ_SEED", "20261202"))
SUBJECT = "contract-fuzzer"

# Operation -> (the documented status, why schema-valid input may still get it).
REFUSED_BEYOND_SCHEMA = {
    "create_page_import": ("422", "url: only public http(s) hosts (netguard); strings: no NUL"),
    "create_code2des": ("422", "ids: not blank after trimming; strings: no NUL"),
    "create_batch": ("422", "each item is validated like its single-job request (URL policy, NUL, blank ids)"),
    "put_materialization": ("422", "the first call needs a nodeId; strings: no NUL"),
    "list_batch_items": ("422", "cursor: a position (digits)"),
    "get_code2des_result": ("422", "cursor: an image page position"),
    "collect_sign_in_session": ("422", "readKey: no NUL"),
    "refresh_sign_in": ("422", "refreshToken: no NUL"),
    "sign_out": ("422", "refreshToken: no NUL"),
    "sign_in_callback": ("400", "an error the identity provider reports, or a code it refuses: the HTML 400 page"),
}
# What positive_data_acceptance accepts by default, plus the documented 422.
ACCEPTED = ["2xx", "3xx", "401", "403", "404", "409", "429", "5xx"]


@pytest.fixture(scope="module")
def stack(make_stack: Any) -> DevStack:
    # Without --allow-private-targets: a loopback or private URL is refused exactly as in AWS.
    started: DevStack = make_stack().start("--no-workers")
    return started


@pytest.fixture(scope="module")
def tenant(stack: DevStack) -> dict[str, Any]:
    created = stack.cli_json("admin", "create-project", "--org", "Fuzz", "--project", "Contract", "--member", SUBJECT)
    return {"projectId": created["projectId"], "token": stack.token(SUBJECT)}


def _get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read()


def test_the_stack_serves_the_document_and_an_explorer_without_a_token(stack: DevStack) -> None:
    status, content_type, body = _get(stack.base_url + "/openapi.json")
    assert (status, content_type) == (200, "application/json")
    served, committed = json.loads(body), json.loads((REPO_ROOT / "docs" / "openapi.json").read_text())
    # The committed document, but with this stack first among the servers ("Try it out" calls it).
    assert served.pop("servers")[0]["url"] == "/"
    committed.pop("servers")
    assert served == committed

    status, content_type, page = _get(stack.base_url + "/docs")
    assert status == 200 and content_type.startswith("text/html")
    sources = re.findall(rb'(?:src|href)="([^"]+)"', page)
    assert sources and all(source.startswith(b"/docs/") for source in sources), sources  # nothing from a CDN
    for source in sources:
        status, _, asset = _get(stack.base_url + source.decode())
        assert status == 200 and asset, source
    _, _, bundle = _get(stack.base_url + "/docs/swagger-ui-bundle.js")
    assert b"SwaggerUIBundle" in bundle
    status, _ = stack.call("GET", "/docs/../../etc/passwd", None)
    assert status == 404
    assert stack.call("POST", "/openapi.json", None)[0] == 405


@dataclass
class FuzzRun:
    """What the engine did: examples sent per operation, and every failed check."""

    examples: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> str:
        return (
            f"seed {FUZZ_SEED}, max {FUZZ_EXAMPLES} examples per operation and phase: "
            f"{len(self.examples)} operations, {sum(self.examples.values())} requests, "
            f"{len(self.failures)} failures, {len(self.errors)} errors, {self.seconds:.0f} s"
        )


def fuzz(base_url: str, document: dict[str, Any], tenant: dict[str, Any]) -> FuzzRun:
    config = SchemathesisConfig.from_dict(
        {
            "seed": FUZZ_SEED,
            "base-url": base_url,
            "generation": {"max-examples": FUZZ_EXAMPLES, "deterministic": True},
            "headers": {"Authorization": f"Bearer {tenant['token']}"},
            # The tenant's own project: another (or a made-up) one is a 404 before anything is read.
            "parameters": {"path.projectId": tenant["projectId"]},
            # Path ids are free strings: most generated ones are filtered as unusable in a path.
            "suppress-health-check": ["filter_too_much"],
            "operations": [
                {
                    "include-operation-id": operation,
                    "checks": {"positive_data_acceptance": {"expected-statuses": [*ACCEPTED, status]}},
                }
                for operation, (status, _) in sorted(REFUSED_BEYOND_SCHEMA.items())
            ],
        }
    )
    schema = schemathesis.openapi.from_dict(document, config=config)
    run = FuzzRun()
    for event in engine.from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished):
            recorder = event.recorder
            run.examples[recorder.label] += len(recorder.interactions)
            for checks in recorder.checks.values():
                for check in checks:
                    if check.failure_info is not None:
                        info = check.failure_info
                        repro = info.steps[-1].curl if info.steps else info.code_sample
                        run.failures.append(f"{recorder.label}: {check.name}: {info.failure.title}\n{repro}")
        elif isinstance(event, events.NonFatalError):
            run.errors.append(f"{event.label}: {event.value!r}")
        elif isinstance(event, events.FatalError):
            run.errors.append(f"fatal: {event.exception!r}")
        elif isinstance(event, events.EngineFinished):
            run.seconds = event.running_time
    return run


def test_every_operation_keeps_its_contract(stack: DevStack, tenant: dict[str, Any]) -> None:
    document = json.loads(_get(stack.base_url + "/openapi.json")[2])
    run = fuzz(stack.base_url, document, tenant)
    print(run.summary())
    unique = sorted(set(run.failures))
    assert not unique and not run.errors, "\n\n".join([run.summary(), *run.errors, *unique])
    operations = {f"{method.upper()} {path}" for path, item in document["paths"].items() for method in item}
    assert operations <= {label for label, count in run.examples.items() if count > 0}, run.examples
