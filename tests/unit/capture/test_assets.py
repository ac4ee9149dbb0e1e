"""assets: asset files stored once by hash within the byte caps; image refs in document order."""

from __future__ import annotations

import hashlib

from pageport.capture.assets import Assets, image_refs
from pageport.capture.contract import CaptureLimits


def test_assets_are_stored_once_by_hash_and_svg_images_get_their_kind() -> None:
    warnings: list[str] = []
    assets = Assets(CaptureLimits(), warnings)
    first = assets.add(b"<svg/>", kind="image", mime="image/svg+xml", url="https://x/a.svg", width=None)
    again = assets.add(b"<svg/>", kind="image", mime="image/svg+xml", url="https://x/b.svg")
    assert first == again == hashlib.sha256(b"<svg/>").hexdigest()
    assert assets.info[first] == {"kind": "svg", "mime": "image/svg+xml", "bytes": 6, "url": "https://x/a.svg"}
    assert warnings == []


def test_caps_skip_with_a_warning() -> None:
    warnings: list[str] = []
    assets = Assets(CaptureLimits(max_asset_bytes=4, max_total_asset_bytes=6), warnings)
    assert assets.add(b"12345", kind="image", mime="image/png", url="data:image/png;base64,") is None
    assert assets.add(b"1234", kind="font", mime="font/woff2", url=None) is not None
    assert assets.add(b"abcd", kind="font", mime="font/woff2", url="https://x/f") is None
    assert warnings == [
        "asset image (image/png) skipped: 5 bytes exceeds the 4 byte limit",
        "asset https://x/f skipped: total asset bytes would exceed 6",
    ]
    assert assets.total == 4


def test_image_refs_in_document_order_pseudo_elements_included() -> None:
    tree = {
        "images": [{"n": 1}],
        "pseudo": {"before": {"images": [{"n": 2}]}},
        "children": [{"images": [{"n": 3}], "children": [{"images": [{"n": 4}]}]}, {"images": [{"n": 5}]}],
    }
    assert [r["n"] for r in image_refs(tree)] == [1, 2, 3, 4, 5]
