"""The plugin's UI as built (dist/ui.html, every screen module bundled in), in Chromium: it
renders the main thread's state and sends what the designer asks for. The main thread is played
by the test: the messages it would send, and a record of those the UI posts to it."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.support.plugin import PLUGIN_DIR

RECORD_SENT = """
window.__sent = [];
const deliver = window.postMessage.bind(window);
window.postMessage = (message, origin) => {
  if (message && message.pluginMessage && !message.fromMain) window.__sent.push(message.pluginMessage);
  return deliver(message, origin);
};
"""
DESIGN_ID = "0190c4e2-7b1a-7c3d-9e8f-0a1b2c3d4e5f"
STATE: dict[str, Any] = {
    "connected": True,
    "settings": {"apiUrl": "http://127.0.0.1:8000", "token": "t", "projectId": 1},
    "account": {"kind": "token", "subject": "alice", "email": None, "name": None},
    "signIn": {"waiting": False, "expiresAt": None, "userCode": None},
    "projects": {
        "status": "ok",
        "organizations": [{"organizationId": 1, "name": "Acme", "projects": [{"projectId": 1, "name": "Website"}]}],
        "message": None,
    },
    "defaultApiUrl": "http://127.0.0.1:8000",
    "fileKey": "file-1",
    "jobs": [
        {
            "key": "j1", "url": "https://example.com/", "viewport": {"width": 1440, "height": 900}, "phase": "placed",
            "code2desId": DESIGN_ID, "pageImportId": DESIGN_ID, "warnings": 1, "warningMessages": ["font swapped"],
            "updatedAt": "2026-12-06T00:00:00Z",
        }
    ],
    "batches": [
        {"id": "b1", "type": "page_import", "status": "0", "createdAt": "2026-12-06T00:00:00Z",
         "counts": {"total": 2, "processing": 1, "completed": 1, "failed": 0, "cancelled": 0}},
    ],
}  # fmt: skip


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("plugin-build")
    subprocess.run(["node", "build.mjs", "--out", str(out)], cwd=PLUGIN_DIR, check=True, capture_output=True)
    return out / "dist" / "ui.html"


@pytest.fixture
def ui(browser: Browser, built: Path) -> Iterator[Page]:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(RECORD_SENT)
    page.goto(built.as_uri())
    yield page
    assert errors == []
    page.close()


def _sent(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate("window.__sent"))


def _from_main(page: Page, message: dict[str, Any]) -> None:
    page.evaluate(f"window.postMessage({{pluginMessage: {json.dumps(message)}, fromMain: true}}, '*')")


def test_it_announces_itself_and_renders_the_state(ui: Page) -> None:
    entropy, ready = _sent(ui)[:2]
    # First, random bytes from this window's crypto for the main thread's ids (it has no crypto).
    assert entropy["type"] == "entropy" and len(entropy["bytes"]) == 1024 and len(set(entropy["bytes"])) > 200
    assert ready == {"type": "ui-ready"}
    _from_main(ui, {"type": "need-entropy"})
    assert [m["type"] for m in _sent(ui)].count("entropy") == 2  # more on demand
    waiting = {"waiting": True, "expiresAt": "2030-01-01T00:00:00Z", "userCode": "BCDF-GHJK"}
    signed_out = {"kind": "signed-out", "subject": "", "email": None, "name": None}
    _from_main(ui, {"type": "state", "state": {**STATE, "connected": False, "account": signed_out, "signIn": waiting}})
    ui.click("nav button[data-tab=connect]")
    assert ui.is_visible("#sign-in-waiting") and ui.inner_text("#sign-in-code") == "BCDF-GHJK"
    _from_main(ui, {"type": "state", "state": STATE})
    ui.click("nav button[data-tab=jobs]")
    assert "active" in (ui.get_attribute("#tab-jobs", "class") or "")
    assert ui.locator("#jobs > li").count() == 1 and "1 warning" in ui.inner_text("#jobs > li")
    assert "Connected" in ui.inner_text("#file-key") and ui.input_value("#api-url") == "http://127.0.0.1:8000"
    ui.click("#batches button:has-text('Cancel')")
    assert {"type": "cancel-batch", "batchId": "b1"} in _sent(ui)


def test_open_takes_an_id_or_a_link_and_says_what_is_wrong_with_anything_else(ui: Page) -> None:
    _from_main(ui, {"type": "state", "state": STATE})
    ui.click("nav button[data-tab=jobs]")
    ui.fill("#open-reference", "https://example.com/pricing")
    ui.click("#open-form button[type=submit]")
    assert "holds no Pageport id" in ui.inner_text("#open-status")
    line = f"Open in Figma: Pageport plugin → Jobs → Open, paste  code2des/{DESIGN_ID}"
    ui.fill("#open-reference", line)
    ui.click("#open-form button[type=submit]")
    assert {"type": "open-reference", "text": line} in _sent(ui)


def test_import_sends_the_form_with_its_design_toggles(ui: Page) -> None:
    _from_main(ui, {"type": "state", "state": STATE})
    ui.click("nav button[data-tab=import]")
    ui.fill("#import-url", "https://example.com/")
    ui.click("#import-form button[type=submit]")
    (sent,) = [m for m in _sent(ui) if m["type"] == "import"]
    assert sent["form"]["url"] == "https://example.com/"
    assert sent["form"]["options"] == {"tokens": True, "components": True, "autoLayout": True}
