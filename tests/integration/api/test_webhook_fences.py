"""Webhook fence matrix: every mismatch is 409 and leaves the row exactly as it was."""

from __future__ import annotations

import json

import boto3
import pytest
from pageport.kinds.code2des import artifacts as code2des_artifacts
from pageport.kinds.page_import import artifacts as page_import_artifacts
from pageport.kinds.page_import.messages import PageImportManifest
from pageport.storage import ArtifactStore

from devstack.apigw import invoke_webhook
from tests.support import (
    PNG_1x1,
    capture_message_for,
    completed_page_import,
    convert_message_for,
    create_code2des,
    create_page_import,
    finish_capture,
    page_import_webhook,
)


def _row(db, page_import_id):
    return db.execute("SELECT * FROM page_import WHERE id = %s", (page_import_id,)).fetchone()


def _success_manifest(store, message):
    return page_import_artifacts.write_capture_success(
        store, message, capture_json=b'{"version":1}', screenshot_png=PNG_1x1, assets={}, warnings=[]
    )


def _stale_attempt(db, aws, store, message):
    return page_import_webhook(message, _success_manifest(store, message), attempt=2)


def _wrong_nonce(db, aws, store, message):
    return page_import_webhook(message, _success_manifest(store, message), nonce="x" * len(message.nonce))


def _manifest_naming_another_job(db, aws, store, message):
    other = capture_message_for(db, create_page_import_for_same_tenant(db, message))
    other_manifest = _success_manifest(store, other)
    # The other job's manifest, presented for this job: wrong location and identity.
    return page_import_webhook(message, other_manifest)


def _manifest_copied_into_place(db, aws, store, message):
    other = capture_message_for(db, create_page_import_for_same_tenant(db, message))
    _success_manifest(store, other)
    s3 = boto3.client("s3")
    body = s3.get_object(Bucket=aws.bucket, Key=other.artifact_prefix + "manifest.json")["Body"].read()
    s3.put_object(Bucket=aws.bucket, Key=message.artifact_prefix + "manifest.json", Body=body)
    return page_import_webhook(message, store.url(message.artifact_prefix + "manifest.json"))


def _hash_mismatch(db, aws, store, message):
    manifest_url = _success_manifest(store, message)
    boto3.client("s3").put_object(Bucket=aws.bucket, Key=message.artifact_prefix + "capture.json", Body=b"{}")
    return page_import_webhook(message, manifest_url)


def _manifest_outside_bucket(db, aws, store, message):
    _success_manifest(store, message)
    return page_import_webhook(message, f"s3://elsewhere/{message.artifact_prefix}manifest.json")


def _outcome_differs_from_manifest(db, aws, store, message):
    return page_import_webhook(message, _success_manifest(store, message), outcome="failed")


def _soft_deleted(db, aws, store, message):
    db.execute("UPDATE page_import SET deleted_at = now(), deleted_by = 'ops' WHERE id = %s", (message.page_import_id,))
    return page_import_webhook(message, _success_manifest(store, message))


def _remove_manifest(aws, message):
    """Workers never replace a readable manifest (their writes are conditional): these cases
    remove it behind their back, so the webhook's own fences are what is tested."""
    boto3.client("s3").delete_object(Bucket=aws.bucket, Key=message.artifact_prefix + "manifest.json")


def _already_failed(db, aws, store, message):
    failed = page_import_artifacts.write_capture_failure(store, message, "Navigation timed out.")
    assert page_import_webhook(message, failed, outcome="failed").status == 200
    _remove_manifest(aws, message)
    return page_import_webhook(message, _success_manifest(store, message))


def _already_completed(db, aws, store, message):
    assert finish_capture(store, message).status == 200
    # A failure manifest put in place by hand: a worker's failure would give way to the success.
    _remove_manifest(aws, message)
    prefix = message.artifact_prefix
    failed = PageImportManifest(
        page_import_id=message.page_import_id,
        attempt=message.attempt,
        nonce=message.nonce,
        outcome="failed",
        failure=store.put(prefix + "failure.json", b'{"errorMessage": "late failure"}', "application/json"),
        error_message="late failure",
    )
    store.put(prefix + "manifest.json", failed.model_dump_json(by_alias=True).encode(), "application/json")
    return page_import_webhook(message, store.url(prefix + "manifest.json"), outcome="failed")


def create_page_import_for_same_tenant(db, message):
    row = db.execute(
        "SELECT organization_id, project_id, created_by FROM page_import WHERE id = %s", (message.page_import_id,)
    ).fetchone()
    from tests.conftest import Tenant

    return create_page_import(Tenant(row["organization_id"], row["project_id"], row["created_by"]))["pageImportId"]


CASES = {
    "stale attempt": _stale_attempt,
    "wrong nonce": _wrong_nonce,
    "manifest naming another job": _manifest_naming_another_job,
    "another job's manifest copied into place": _manifest_copied_into_place,
    "artifact hash mismatch": _hash_mismatch,
    "manifest outside the bucket": _manifest_outside_bucket,
    "outcome differs from manifest": _outcome_differs_from_manifest,
    "soft-deleted row": _soft_deleted,
    "already failed": _already_failed,
    "already completed": _already_completed,
}


@pytest.mark.parametrize("case", list(CASES))
def test_mismatch_is_409_and_changes_nothing(db, aws, tenant, case):
    store = ArtifactStore.default()
    created = create_page_import(tenant)
    message = capture_message_for(db, created["pageImportId"])
    run = CASES[case]
    # Cases that first apply a legitimate webhook compare against the state after it.
    if case in ("already failed", "already completed"):
        response = run(db, aws, store, message)
        before = after = _row(db, message.page_import_id)
    else:
        before = _row(db, message.page_import_id)
        response = run(db, aws, store, message)
        after = _row(db, message.page_import_id)
    assert response.status == 409, response.body
    assert response.body["error"]["code"] == "webhook_mismatch"
    if case == "soft-deleted row":
        assert {k: v for k, v in after.items() if not k.startswith("deleted")} == {
            k: v for k, v in before.items() if not k.startswith("deleted")
        }
        assert after["status"] == "0"
    else:
        assert after == before
    if case == "already failed":
        assert after["status"] == "2" and after["error_message"] == "Navigation timed out."
    if case == "already completed":
        assert after["status"] == "1"


def test_success_stores_verified_pointers_and_replay_is_200_without_change(db, aws, tenant):
    store = ArtifactStore.default()
    created = create_page_import(tenant)
    message = capture_message_for(db, created["pageImportId"])
    manifest_url = _success_manifest(store, message)
    first = page_import_webhook(message, manifest_url)
    assert first.status == 200 and first.body == {"applied": True}
    row = _row(db, message.page_import_id)
    assert row["status"] == "1"
    assert row["result_url"] == store.url(message.artifact_prefix + "capture.json")
    assert row["screenshot_url"] == store.url(message.artifact_prefix + "screenshot.png")
    import hashlib

    assert row["capture_hash"] == hashlib.sha256(b'{"version":1}').hexdigest()
    assert row["updated_by"] == "backend:webhook"
    replay = page_import_webhook(message, manifest_url)
    assert replay.status == 200 and replay.body == {"applied": False}
    assert _row(db, message.page_import_id) == row


def test_failure_stores_safe_message_and_failure_pointer(db, aws, tenant):
    store = ArtifactStore.default()
    created = create_page_import(tenant)
    message = capture_message_for(db, created["pageImportId"])
    manifest_url = page_import_artifacts.write_capture_failure(
        store, message, "readySelector 'main' did not appear\x00"
    )
    assert page_import_webhook(message, manifest_url, outcome="failed").status == 200
    row = _row(db, message.page_import_id)
    assert row["status"] == "2" and row["error_message"] == "readySelector 'main' did not appear"
    assert row["result_url"] == store.url(message.artifact_prefix + "failure.json")
    assert row["capture_hash"] is None


def test_unknown_job_and_malformed_payloads(db, aws, tenant):
    assert (
        invoke_webhook(
            "page_import_webhook",
            json.dumps(
                {"pageImportId": "nope", "attempt": 1, "nonce": "n", "outcome": "succeeded", "manifestUrl": "s3://b/k"}
            ),
        ).status
        == 409
    )
    assert invoke_webhook("page_import_webhook", "{oops").status == 400
    bad = invoke_webhook("page_import_webhook", json.dumps({"pageImportId": "x"}))
    assert bad.status == 422 and bad.body["error"]["code"] == "validation_error"


def test_code2des_webhook_fences_and_replays(db, aws, tenant):
    store = ArtifactStore.default()
    created = create_code2des(tenant, completed_page_import(db, tenant, store)).body
    message = convert_message_for(db, created["code2desId"])
    manifest_url = code2des_artifacts.write_convert_success(
        store, message, result_json=b'{"document":{}}', images={}, warning_count=3
    )

    def call(**overrides):
        payload = {
            "code2desId": message.code2des_id,
            "attempt": 1,
            "nonce": message.nonce,
            "outcome": "succeeded",
            "manifestUrl": manifest_url,
            "warningCount": 3,
            **overrides,
        }
        return invoke_webhook("code2des_webhook", json.dumps(payload))

    before = db.execute("SELECT * FROM code2des").fetchone()
    assert call(nonce="wrong").status == 409
    assert call(warningCount=4).status == 409
    assert call(attempt=0).status == 409
    assert db.execute("SELECT * FROM code2des").fetchone() == before
    assert call().status == 200
    applied = db.execute("SELECT * FROM code2des").fetchone()
    assert applied["status"] == "1" and applied["warning_count"] == 3
    assert call().body == {"applied": False}
    assert db.execute("SELECT * FROM code2des").fetchone() == applied
