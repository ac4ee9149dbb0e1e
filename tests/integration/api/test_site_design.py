"""A Code2Des request with variants: further completed captures of the same page become one site
design (breakpoints as variants, light and dark as variable modes). The variants are resolved
(breakpoint from the viewport unless named, theme from the capture's colour scheme), stored,
sent with the message and shown; a capture of another page, two captures of one variant, or a
capture not completed is refused naming it, storing nothing."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from pageport.kinds import code2des
from pageport.kinds.code2des.job import run_convert
from pageport.kinds.code2des.variants import MAX_VARIANTS
from pageport.storage import ArtifactStore
from pageport.workers.scoped import session_policy

from devstack.apigw import invoke
from tests.conftest import drain
from tests.support import capture_message_for, convert_message_for, finish_capture
from tests.support.paths import REPO_ROOT
from tests.support.workers import WebhookLog

LANDING = REPO_ROOT / "tests" / "fixtures" / "pages" / "captures" / "landing" / "capture.json"


def _capture(tenant, db, width: int, scheme: str = "light", url: str = "https://example.com/", *, done=True) -> str:
    body = {"url": url, "viewport": {"width": width, "height": 900}, "colorScheme": scheme}
    created = invoke("POST", f"/projects/{tenant.project_id}/page-imports", subject=tenant.subject, body=body)
    assert created.status == 201, created.body
    if done:
        capture = json.loads(LANDING.read_text())
        response = finish_capture(
            ArtifactStore.default(), capture_message_for(db, created.body["pageImportId"]), capture
        )
        assert response.status == 200, response.body
    page_import_id: str = created.body["pageImportId"]
    return page_import_id


def _design(tenant, primary: str, variants: list[dict[str, Any]] | None, **extra: Any) -> Any:
    body: dict[str, Any] = {"pageImportId": primary, "figmaFileKey": "AbC123", "screenId": "home", **extra}
    if variants is not None:
        body["variants"] = variants
    return invoke("POST", f"/projects/{tenant.project_id}/code2des", subject=tenant.subject, body=body)


def test_variants_are_resolved_stored_sent_and_shown(db, aws, tenant):
    desktop, mobile, dark = _capture(tenant, db, 1440), _capture(tenant, db, 390), _capture(tenant, db, 1440, "dark")
    wide = _capture(tenant, db, 1920)
    drain(aws.queues["capture"])
    created = _design(
        tenant,
        desktop,
        [{"pageImportId": mobile}, {"pageImportId": dark}, {"pageImportId": wide, "breakpoint": "wide"}],
    )
    assert created.status == 201, created.body
    expected = [
        {"pageImportId": desktop, "breakpoint": "desktop", "theme": "light"},
        {"pageImportId": mobile, "breakpoint": "mobile", "theme": "light"},
        {"pageImportId": dark, "breakpoint": "desktop", "theme": "dark"},
        {"pageImportId": wide, "breakpoint": "wide", "theme": "light"},
    ]
    assert created.body["variants"] == expected
    got = invoke("GET", f"/projects/{tenant.project_id}/code2des/{created.body['code2desId']}", subject=tenant.subject)
    assert got.body["variants"] == expected
    (message,) = drain(aws.queues["convert"])
    assert [(v["pageImportId"], v["breakpoint"], v["theme"]) for v in message["variants"]] == [
        (v["pageImportId"], v["breakpoint"], v["theme"]) for v in expected
    ]
    assert all(v["captureKey"].startswith(f"page-imports/{v['pageImportId']}/") for v in message["variants"])
    # The job's credentials may read every variant's capture, and no other.
    reads = code2des.KIND.s3_access(message).reads
    assert sorted(r for r in reads if r.startswith("page-imports/")) == sorted(
        f"page-imports/{v}/" for v in (desktop, mobile, dark, wide)
    )
    # One page: no variants.
    single = _design(tenant, desktop, None)
    assert single.body["variants"] == []


def test_the_worker_converts_the_variants_into_one_site_design(db, stack, tenant, webhooks: WebhookLog):
    desktop, mobile, dark = _capture(tenant, db, 1440), _capture(tenant, db, 390), _capture(tenant, db, 1440, "dark")
    created = _design(tenant, desktop, [{"pageImportId": mobile}, {"pageImportId": dark}])
    message = convert_message_for(db, created.body["code2desId"])
    run_convert(message, store=ArtifactStore.default())
    result = json.loads(ArtifactStore.default().get(message.artifact_prefix + "result.json"))
    assert result["version"] == 3 and result["document"]["type"] == "COMPONENT_SET"
    assert [v["name"] for v in result["document"]["children"]] == [
        "breakpoint=desktop, theme=light",
        "breakpoint=mobile, theme=light",
        "breakpoint=desktop, theme=dark",
    ]
    (collection,) = result["variableCollections"].values()
    assert [m["name"] for m in collection["modes"]] == ["Light", "Dark"]
    job = invoke("GET", f"/projects/{tenant.project_id}/code2des/{created.body['code2desId']}", subject=tenant.subject)
    assert job.body["status"] == "1", job.body


def _refused(response: Any, loc: list[Any], db) -> str:
    assert response.status == 422, response.body
    (detail,) = response.body["error"]["details"]
    assert detail["loc"] == loc
    assert db.execute("SELECT count(*) AS n FROM code2des").fetchone() == {"n": 0}
    message: str = detail["msg"]
    return message


def test_a_capture_of_another_page_is_refused_naming_it(db, aws, tenant):
    home, pricing = _capture(tenant, db, 1440), _capture(tenant, db, 390, url="https://example.com/pricing")
    message = _refused(_design(tenant, home, [{"pageImportId": pricing}]), ["variants", 0, "pageImportId"], db)
    assert "another page" in message and "https://example.com/pricing" in message


def test_two_captures_of_one_variant_are_refused_until_named_apart(db, aws, tenant):
    first, second = _capture(tenant, db, 1440), _capture(tenant, db, 1280)
    message = _refused(_design(tenant, first, [{"pageImportId": second}]), ["variants", 0], db)
    assert "breakpoint=desktop, theme=light" in message
    named = _design(tenant, first, [{"pageImportId": second, "breakpoint": "laptop"}])
    assert named.status == 201 and [v["breakpoint"] for v in named.body["variants"]] == ["desktop", "laptop"]


def test_a_variant_not_completed_is_a_409_and_stores_nothing(db, aws, tenant):
    done, pending = _capture(tenant, db, 1440), _capture(tenant, db, 390, done=False)
    response = _design(tenant, done, [{"pageImportId": pending}])
    assert response.status == 409 and response.body["error"]["code"] == "page_import_not_ready"
    assert db.execute("SELECT count(*) AS n FROM code2des").fetchone() == {"n": 0}


@pytest.mark.parametrize(
    ("variants", "extra", "loc"),
    [
        ([], {}, ["variants"]),
        ([{"pageImportId": "x"}] * (MAX_VARIANTS + 1), {}, ["variants"]),
        ([{"pageImportId": "SELF"}], {}, []),
        ([{"pageImportId": "x", "breakpoint": "Big Screen"}], {}, ["variants", 0, "breakpoint"]),
        (None, {"breakpoint": "desktop"}, []),
    ],
)
def test_malformed_variants_are_422(db, aws, tenant, variants, extra, loc):
    primary = _capture(tenant, db, 1440)
    if variants:
        variants = [
            {**v, "pageImportId": primary if v["pageImportId"] == "SELF" else v["pageImportId"]} for v in variants
        ]
    response = _design(tenant, primary, variants, **extra)
    assert response.status == 422, response.body
    assert [d["loc"] for d in response.body["error"]["details"]] == [loc]


def test_a_batch_item_names_its_refused_variant(db, aws, tenant):
    home, other = _capture(tenant, db, 1440), _capture(tenant, db, 390, url="https://example.com/about")
    mobile = _capture(tenant, db, 390)
    item = {"pageImportId": home, "figmaFileKey": "AbC123", "screenId": "home"}
    body = {
        "id": str(uuid.uuid4()),
        "type": "code2des",
        "requests": [{**item, "variants": [{"pageImportId": mobile}]}, {**item, "variants": [{"pageImportId": other}]}],
    }
    response = invoke("POST", f"/projects/{tenant.project_id}/page-batches", subject=tenant.subject, body=body)
    assert response.status == 422, response.body
    assert [d["loc"] for d in response.body["error"]["details"]] == [["requests", 1, "variants", 0, "pageImportId"]]
    body["requests"] = body["requests"][:1]
    created = invoke("POST", f"/projects/{tenant.project_id}/page-batches", subject=tenant.subject, body=body)
    assert created.status == 201, created.body
    assert db.execute("SELECT variants FROM code2des").fetchone()["variants"][1]["pageImportId"] == mobile


def test_the_largest_design_fits_the_session_policy_sts_takes():
    captures = [str(uuid.uuid4()) for _ in range(MAX_VARIANTS + 1)]
    message = {"code2desId": str(uuid.uuid4()), "pageImportId": captures[0]}
    message["variants"] = [{"pageImportId": c} for c in captures]
    access = code2des.KIND.s3_access(message)
    policy = session_policy("b" * 63, reads=access.reads, writes=access.writes)  # the longest bucket name
    assert len(json.dumps(policy, separators=(",", ":"))) <= 2048
