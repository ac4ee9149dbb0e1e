"""Business metrics through a real handler path: the create route's handler writes its EMF line."""

from __future__ import annotations

import json

import pytest
from pageport import metrics

from tests.support import create_page_import


def test_creating_a_page_import_writes_imports_created_once(
    db, aws, tenant, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("POWERTOOLS_METRICS_DISABLED", raising=False)
    monkeypatch.delenv("POWERTOOLS_DEV", raising=False)
    metrics.flush()
    capsys.readouterr()
    create_page_import(tenant)
    blobs = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith('{"_aws"')]
    (blob,) = blobs  # the handler flushed: one line for the invocation
    (directive,) = blob["_aws"]["CloudWatchMetrics"]
    # Its message left at once through the outbox, so the dispatch lag is measured too.
    assert directive["Metrics"] == [
        {"Name": "ImportsCreated", "Unit": "Count"},
        {"Name": "DispatchLag", "Unit": "Milliseconds"},
    ]
    assert blob["ImportsCreated"] == [1] and blob["service"] == "pageport"
