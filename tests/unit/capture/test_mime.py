"""mime: sniffing, data: URLs and PNG sizes."""

from __future__ import annotations

import io

import pytest
from pageport.capture.mime import decode_data_url, png_size, sniff
from PIL import Image


@pytest.mark.parametrize(
    ("head", "mime"),
    [
        (b"\x89PNG\r\n\x1a\n....", "image/png"),
        (b"\xff\xd8\xff\xe0", "image/jpeg"),
        (b"GIF89a", "image/gif"),
        (b"RIFF\x00\x00\x00\x00WEBPVP8 ", "image/webp"),
        (b"wOF2", "font/woff2"),
        (b"\n  <svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml"),
        (b"<?xml version='1.0'?><svg/>", "image/svg+xml"),
        (b"hello", "application/octet-stream"),
    ],
)
def test_sniff(head: bytes, mime: str) -> None:
    assert sniff(head) == mime


def test_base64_and_percent_encoded_data_urls() -> None:
    assert decode_data_url("data:image/png;base64,aGk=") == (b"hi", "image/png")
    assert decode_data_url("data:,%3Csvg%3E") == (b"<svg>", "image/svg+xml")  # no type: sniffed


@pytest.mark.parametrize("url", ["data:image/png;base64", "data:image/png;base64,a"])
def test_malformed_data_urls_are_none(url: str) -> None:
    assert decode_data_url(url) is None


def test_png_size() -> None:
    out = io.BytesIO()
    Image.new("RGB", (7, 3)).save(out, format="PNG")
    assert png_size(out.getvalue()) == (7, 3)
