"""Creation writes its rows with COPY, which returns nothing: what it answers and the messages it
stores are made from the values it wrote, so they must agree with what the database holds."""

from __future__ import annotations

import uuid

from pageport.batches import ids as batch_ids
from pageport.batches import service
from pageport.db import Connection, connect, reading
from pageport.services.tenancy import Scope
from pageport.storage import ArtifactStore

from tests.conftest import Tenant
from tests.support import capture_message_for, completed_page_import, convert_message_for

PUBLIC = {"allow_private": False}
# Text that COPY's text format must escape (tab, newline, backslash) and that is not ASCII.
AWKWARD = 'div[data-x="a\\tb"] \u00e9\t\n\\N'


def _scope(tenant: Tenant) -> Scope:
    return Scope(tenant.organization_id, tenant.project_id, tenant.subject)


def _messages(db: Connection, tenant: Tenant, batch_id: str) -> list[dict]:
    key = batch_ids.stored(tenant.organization_id, batch_id)
    rows = db.execute("SELECT message FROM batch_item WHERE batch_id = %s ORDER BY position", (key,))
    return [row["message"] for row in rows.fetchall()]


def _read(conn: Connection, tenant: Tenant, batch_id: str) -> service.BatchView:
    with reading(conn) as cur:
        return service.get_batch(cur, _scope(tenant), batch_id)


def test_page_import_rows_and_messages_agree(db, database_url, tenant):
    requests = [
        {"url": "HTTPS://Example.COM:443/a\\b?q=1#frag", "viewport": {"width": 1440, "height": 900}},
        {
            "url": "https://example.com/\u00fcber",
            "viewport": {"width": 800, "height": 600},
            "deviceScaleFactor": 1.5,
            "readySelector": AWKWARD,
            "colorScheme": "dark",
        },
        *({"url": f"https://example.com/p/{i}", "viewport": {"width": 320, "height": 240}} for i in range(98)),
    ]
    conn = connect(database_url)
    try:
        created = service.create_batch(
            conn, _scope(tenant), str(uuid.uuid4()), "page_import", requests, allow_private=False
        )
        # What creation answered without reading back is what a read says.
        assert created.created and created.batch == _read(conn, tenant, created.batch.id)
    finally:
        conn.close()
    stored = _messages(db, tenant, created.batch.id)
    assert len(stored) == 100
    for message in stored:  # each message as the row it fences would make it
        assert message == capture_message_for(db, message["pageImportId"]).model_dump(mode="json", by_alias=True)
    assert stored[0]["sourceUrl"] == "https://example.com/a/b?q=1"
    assert stored[1]["readySelector"] == AWKWARD and stored[1]["deviceScaleFactor"] == 1.5
    assert [m["colorScheme"] for m in stored[:3]] == ["light", "dark", "light"]
    assert stored[1]["sourceUrl"] == "https://example.com/%C3%BCber"
    items = db.execute(
        "SELECT id, position, job_id FROM batch_item WHERE batch_id = %s ORDER BY position",
        (batch_ids.stored(tenant.organization_id, created.batch.id),),
    ).fetchall()
    assert [item["id"] for item in items] == created.item_ids
    assert [item["job_id"] for item in items] == [message["pageImportId"] for message in stored]


def test_code2des_rows_and_messages_agree(db, aws, database_url, tenant):
    ready = completed_page_import(db, tenant, ArtifactStore.default())
    requests = [
        {"pageImportId": ready, "figmaFileKey": "F", "screenId": "s1"},
        {"pageImportId": ready, "figmaFileKey": "F\tG", "screenId": AWKWARD, "placementTarget": "frame:1"},
    ]
    conn = connect(database_url)
    try:
        created = service.create_batch(
            conn, _scope(tenant), str(uuid.uuid4()), "code2des", requests, allow_private=False
        )
        assert created.created and created.batch == _read(conn, tenant, created.batch.id)
    finally:
        conn.close()
    stored = _messages(db, tenant, created.batch.id)
    for message in stored:
        assert message == convert_message_for(db, message["code2desId"]).model_dump(mode="json", by_alias=True)
    row = db.execute("SELECT * FROM code2des WHERE id = %s", (stored[1]["code2desId"],)).fetchone()
    assert (row["figma_file_key"], row["screen_id"], row["placement_target"]) == ("F\tG", AWKWARD, "frame:1")
    assert (row["status"], row["attempt"], row["created_by"]) == ("0", 1, tenant.subject)


def test_a_retry_answers_what_a_read_says(db, database_url, tenant):
    scope = _scope(tenant)
    conn = connect(database_url)
    try:
        pages = [{"url": f"https://example.com/{i}", "viewport": {"width": 800, "height": 600}} for i in range(3)]
        source = service.create_batch(conn, scope, str(uuid.uuid4()), "page_import", pages, allow_private=False)
        db.execute(
            "UPDATE page_import SET status = '2' WHERE id IN (SELECT job_id FROM batch_item WHERE batch_id = %s)",
            (batch_ids.stored(tenant.organization_id, source.batch.id),),
        )
        retry = service.retry_batch(conn, scope, source.batch.id, str(uuid.uuid4()))
        assert retry.created and retry.batch.retry_of == source.batch.id
        assert retry.batch == _read(conn, tenant, retry.batch.id)
        # And a replay of it answers the same batch without creating anything.
        replay = service.retry_batch(conn, scope, source.batch.id, retry.batch.id)
        assert not replay.created and replay.batch == retry.batch
    finally:
        conn.close()
