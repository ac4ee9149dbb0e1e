"""The result's image guarantee, checked the way the plugin relies on it."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterator, Mapping
from typing import Any

from PIL import Image

_MAGIC = {
    "image/png": (b"\x89PNG\r\n\x1a\n",),
    "image/jpeg": (b"\xff\xd8\xff",),
    "image/gif": (b"GIF87a", b"GIF89a"),
}


def sniff(data: bytes) -> str | None:
    for mime, magics in _MAGIC.items():
        if data.startswith(magics):
            return mime
    return None


def image_refs(node: Mapping[str, Any]) -> Iterator[str]:
    for key in ("fills", "strokes"):
        for paint in node.get(key, []):
            if paint.get("type") == "IMAGE":
                yield paint["imageRef"]
    for paint in node.get("style", {}).get("fills", []):
        if paint.get("type") == "IMAGE":
            yield paint["imageRef"]
    for child in node.get("children", []):
        yield from image_refs(child)


def assert_images_consistent(result: Mapping[str, Any], images: Mapping[str, bytes]) -> None:
    """Every imageRef is carried, every carried image is referenced, and each one is PNG, JPEG
    or GIF bytes whose SHA-256, MIME and size match its `images` entry."""
    refs = set(image_refs(result["document"]))
    assert refs == set(images), f"referenced {sorted(refs - set(images))}, unreferenced {sorted(set(images) - refs)}"
    assert set(result["images"]) == set(images)
    for sha, data in images.items():
        meta = result["images"][sha]
        assert hashlib.sha256(data).hexdigest() == sha == meta["sha256"]
        assert sniff(data) == meta["mime"], f"{sha[:12]}: {data[:8]!r} is not {meta['mime']}"
        with Image.open(io.BytesIO(data)) as img:
            assert (img.width, img.height) == (meta["width"], meta["height"])
