"""The whole path of a re-encoded image: a stored capture holding a WebP, the convert worker's
conversion and artifacts (images stored under the PNG's hash), the webhook, and the result
route, which verifies every image against the manifest and returns PNG bytes."""

from __future__ import annotations

import base64
import io
import json
import time

from pageport.kinds.code2des.job import _convert
from pageport.kinds.page_import.artifacts import write_capture_success
from pageport.storage import ArtifactStore
from PIL import Image

from devstack.apigw import invoke
from tests.support import (
    PNG_1x1,
    capture_message_for,
    code2des_webhook,
    convert_message_for,
    create_code2des,
    create_page_import,
    page_import_webhook,
)
from tests.support.builders import box, capture, el, sha
from tests.support.image_checks import assert_images_consistent, sniff


def test_worker_stores_the_png_under_its_hash_and_the_api_serves_it(db, aws, tenant) -> None:
    out = io.BytesIO()
    Image.new("RGBA", (12, 8), (0, 128, 255, 200)).save(out, format="WEBP", lossless=True)
    webp = out.getvalue()
    page = el("img", box(0, 0, 12, 8), {"display": "inline"}, images=[{"source": "img", "sha256": sha(webp)}])
    store = ArtifactStore.default()

    created = create_page_import(tenant)
    capture_msg = capture_message_for(db, created["pageImportId"])
    manifest_url = write_capture_success(
        store,
        capture_msg,
        capture_json=capture([page], assets={sha(webp): webp}),
        screenshot_png=PNG_1x1,
        assets={sha(webp): webp},
        warnings=[],
    )
    assert page_import_webhook(capture_msg, manifest_url).status == 200

    job = create_code2des(tenant, created["pageImportId"])
    assert job.status == 201, job.body
    message = convert_message_for(db, job.body["code2desId"])
    outcome, warning_count, write = _convert(message, store, None, time.monotonic)
    assert outcome == "succeeded"
    assert code2des_webhook(message, write(), warningCount=warning_count).status == 200

    path = f"/projects/{tenant.project_id}/code2des/{job.body['code2desId']}/result"
    response = invoke("GET", path, subject=tenant.subject)
    assert response.status == 200, response.body
    images = {h: base64.b64decode(b64) for h, b64 in response.body["images"].items()}
    (image_hash,) = images
    assert image_hash != sha(webp) and sniff(images[image_hash]) == "image/png"
    assert_images_consistent(response.body["document"], images)
    manifest = json.loads(store.get(message.artifact_prefix + "manifest.json"))
    assert set(manifest["images"]) == {image_hash}
