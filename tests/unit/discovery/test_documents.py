from __future__ import annotations

import json

import pytest
from pageport.discovery import (
    DiscoveredPage,
    DiscoveryFailed,
    DiscoveryProgress,
    DiscoveryResult,
    pages_document,
    status_document,
)


def test_pages_document_is_the_s3_contract() -> None:
    result = DiscoveryResult(
        [
            DiscoveredPage("https://e.com/", "Home", None, 0),
            DiscoveredPage("https://e.com/a", None, "d", 1),
        ],
        truncated=True,
        warnings=["not published"],
    )
    assert json.dumps(pages_document(result)) == (
        '{"pages": [{"url": "https://e.com/", "title": "Home", "description": null, "depth": 0}, '
        '{"url": "https://e.com/a", "title": null, "description": "d", "depth": 1}], '
        '"truncated": true}'
    )


def test_status_document() -> None:
    assert status_document(DiscoveryProgress("0", 3, None)) == {
        "status": "0",
        "pagesFound": 3,
        "errorMessage": None,
    }
    failed = DiscoveryProgress.failed(DiscoveryFailed("The homepage answered HTTP 500."))
    assert status_document(failed) == {
        "status": "2",
        "pagesFound": 0,
        "errorMessage": "The homepage answered HTTP 500.",
    }
    with pytest.raises(ValueError):
        DiscoveryProgress("3", 0, None)
