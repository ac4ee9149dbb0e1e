"""A Code2Des request's conversion options (tokens, components, autoLayout) travel from the API
body or a batch item through the job's row and its worker message to the converter, and come
back on the lifecycle GET; a bad option is a 422 that stores nothing."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest
from pageport.batches.service import sha256_json
from pageport.kinds.code2des.job import run_convert
from pageport.storage import ArtifactStore

from devstack.apigw import invoke
from tests.conftest import drain
from tests.support import completed_page_import, convert_message_for, create_code2des
from tests.support.paths import REPO_ROOT
from tests.support.workers import WebhookLog

ALL_ON = {"tokens": True, "components": True, "autoLayout": True}
# A page with repeated cards, flex rows and colours: every option changes its result.
LANDING = REPO_ROOT / "tests" / "fixtures" / "pages" / "captures" / "landing" / "capture.json"


def _capture() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(Path(LANDING).read_text())
    return loaded


def test_options_are_stored_echoed_and_sent_with_the_message(db, aws, tenant):
    page_import_id = completed_page_import(db, tenant, ArtifactStore.default())
    drain(aws.queues["capture"])
    created = create_code2des(tenant, page_import_id, options={"components": False})
    assert created.status == 201, created.body
    assert created.body["options"] == {**ALL_ON, "components": False}
    row = db.execute("SELECT conversion_options FROM code2des WHERE id = %s", (created.body["code2desId"],)).fetchone()
    assert row == {"conversion_options": {**ALL_ON, "components": False}}
    (message,) = drain(aws.queues["convert"])
    assert message["options"] == {**ALL_ON, "components": False}
    got = invoke("GET", f"/projects/{tenant.project_id}/code2des/{created.body['code2desId']}", subject=tenant.subject)
    assert got.body["options"] == {**ALL_ON, "components": False}
    # Absent: every option on.
    assert create_code2des(tenant, page_import_id).body["options"] == ALL_ON


@pytest.mark.parametrize(
    ("options", "loc"),
    [
        ({"components": "no"}, ["options", "components"]),
        ({"layers": True}, ["options", "layers"]),
        ([], ["options"]),
    ],
)
def test_a_bad_option_is_a_422_naming_it_and_stores_nothing(db, aws, tenant, options, loc):
    page_import_id = completed_page_import(db, tenant, ArtifactStore.default())
    response = create_code2des(tenant, page_import_id, options=options)
    assert response.status == 422
    assert [d["loc"] for d in response.body["error"]["details"]] == [loc]
    assert db.execute("SELECT count(*) AS n FROM code2des").fetchone() == {"n": 0}


def test_a_batch_item_carries_its_options_and_an_item_without_keeps_its_request_hash(db, aws, tenant):
    page_import_id = completed_page_import(db, tenant, ArtifactStore.default())
    item = {"pageImportId": page_import_id, "figmaFileKey": "AbC123", "screenId": "s"}

    def create(requests: list[dict[str, Any]]) -> Any:
        body = {"id": str(uuid.uuid4()), "type": "code2des", "requests": requests}
        return invoke("POST", f"/projects/{tenant.project_id}/page-batches", subject=tenant.subject, body=body)

    plain, chosen = create([item]), create([{**item, "options": {"autoLayout": False}}])
    assert plain.status == chosen.status == 201
    assert plain.body["requestHash"] != chosen.body["requestHash"]
    # The canonical form of an item without options is what it was before options existed.
    assert plain.body["requestHash"] == sha256_json({"type": "code2des", "requests": [item]})
    rows = db.execute("SELECT conversion_options FROM code2des ORDER BY id").fetchall()
    assert [r["conversion_options"] for r in rows] == [ALL_ON, {**ALL_ON, "autoLayout": False}]


def _convert(db, tenant, options: dict[str, Any] | None) -> dict[str, Any]:
    store = ArtifactStore.default()
    page_import_id = completed_page_import(db, tenant, store, _capture())
    created = create_code2des(tenant, page_import_id, options=options)
    message = convert_message_for(db, created.body["code2desId"])
    run_convert(message)
    result: dict[str, Any] = json.loads(store.get(message.artifact_prefix + "result.json"))
    return result


def _nodes(node: dict[str, Any]) -> list[dict[str, Any]]:
    return [node, *(n for child in node.get("children", []) for n in _nodes(child))]


def test_the_worker_converts_with_the_options_of_its_message(db, stack, tenant, webhooks: WebhookLog):
    every = _convert(db, tenant, None)
    assert every["components"] and any(n["type"] == "INSTANCE" for n in _nodes(every["document"]))
    assert every["variables"] and any(n.get("layoutMode") for n in _nodes(every["document"]))
    plain = _convert(db, tenant, {"tokens": False, "components": False, "autoLayout": False})
    assert "components" not in plain and "variables" not in plain
    assert not any(n["type"] == "INSTANCE" or n.get("layoutMode") for n in _nodes(plain["document"]))
    # Nothing moves for it: every node of the plain result has the same box.
    boxes = {n["id"]: n["absoluteBoundingBox"] for n in _nodes(plain["document"])}
    assert len(boxes) == len(_nodes(plain["document"]))
