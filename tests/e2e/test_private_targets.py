"""Without `--allow-private-targets` the local stack refuses loopback and private targets
exactly as AWS does; its webhook endpoints refuse unsigned or foreign-signed calls; and a
second `pageport dev` on the same data dir refuses to start."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

from tests.e2e.conftest import DevStack, http

VIEWPORT = {"width": 1024, "height": 768}
REFUSED = [
    "http://127.0.0.1:8080/",
    "http://localhost/",
    "http://10.1.2.3/",
    "http://[::1]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://2130706433/",  # 127.0.0.1 spelled as one number
]


@pytest.fixture(scope="module")
def stack(make_stack: Any) -> DevStack:
    started: DevStack = make_stack().start("--no-workers")
    return started


def test_private_targets_are_refused_by_default(stack: DevStack, site: str) -> None:
    created = stack.cli_json("admin", "create-project", "--org", "Umbrella", "--project", "P", "--member", "eve")
    token, project = stack.token("eve"), f"/projects/{created['projectId']}"
    for url in [*REFUSED, f"{site}/index.html"]:
        status, body = stack.call("POST", f"{project}/page-imports", token, {"url": url, "viewport": VIEWPORT})
        assert status == 422, (url, body)
        assert body["error"]["details"][0]["loc"] == ["url"], body

    status, body = stack.call(
        "POST",
        f"{project}/page-batches",
        token,
        {
            "id": str(uuid.uuid4()),
            "type": "page_import",
            "requests": [
                {"url": "https://example.com/", "viewport": VIEWPORT},
                {"url": REFUSED[0], "viewport": VIEWPORT},
            ],
        },
    )
    assert status == 422 and any(1 in detail["loc"] for detail in body["error"]["details"]), body
    status, body = stack.call(
        "POST",
        f"{project}/page-batches",
        token,
        {
            "id": str(uuid.uuid4()),
            "type": "page_discovery",
            "requests": [{"url": f"{site}/", "maxPages": 3}],
        },
    )
    assert status == 422, body
    # Nothing was stored: the batch ids above are unknown.
    assert stack.call("GET", f"{project}/page-batches/{uuid.uuid4()}", token)[0] == 404


def test_webhooks_need_a_signature_made_with_the_stacks_credentials(stack: DevStack) -> None:
    url = f"{stack.base_url}/_webhooks/page-imports"
    body = json.dumps(
        {
            "pageImportId": "x",
            "attempt": 1,
            "nonce": "n",
            "outcome": "failed",
            "manifestUrl": "s3://pageport-artifacts/x",
        }
    ).encode()
    assert http("POST", url, None, body)[0] == 403
    for key_id, secret in (("AKIAFOREIGN000000000", "not-the-secret"), (_local_key_id(stack), "wrong-secret")):
        request = AWSRequest(method="POST", url=url, data=body, headers={"Content-Type": "application/json"})
        SigV4Auth(Credentials(key_id, secret), "lambda", "us-east-1").add_auth(request)
        status, answer = http("POST", url, None, body, headers=dict(request.headers.items()))
        assert (status, answer) == (403, {"Message": "Forbidden"})
    assert http("GET", url, None)[0] == 405
    assert http("POST", f"{stack.base_url}/_webhooks/unknown", None, body)[0] == 404


def test_one_stack_per_data_dir(stack: DevStack) -> None:
    second = stack.cli("dev", "--port", "0", "--data-dir", str(stack.data_dir), timeout=60)
    assert second.returncode == 1
    assert "already using" in second.stderr
    assert stack.stop() < 10


def _local_key_id(stack: DevStack) -> str:
    credentials = json.loads((stack.data_dir / "secrets" / "aws-credentials.json").read_text())
    return str(credentials["accessKeyId"])
