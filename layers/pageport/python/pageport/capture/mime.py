"""Bytes without a trustworthy type: MIME sniffing, data: URLs and a PNG's pixel size."""

from __future__ import annotations

import base64
import binascii
import struct
from urllib.parse import unquote_to_bytes

_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF8", "image/gif"),
    (b"wOF2", "font/woff2"),
    (b"wOFF", "font/woff"),
    (b"OTTO", "font/otf"),
    (b"\x00\x01\x00\x00", "font/ttf"),
    (b"<svg", "image/svg+xml"),
    (b"<?xml", "image/svg+xml"),
)


def sniff(data: bytes) -> str:
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    head = data[:256].lstrip()
    for magic, mime in _MAGIC:
        if head.startswith(magic):
            return mime
    return "application/octet-stream"


def decode_data_url(url: str) -> tuple[bytes, str] | None:
    header, sep, payload = url[5:].partition(",")
    if not sep:
        return None
    mime = header.split(";")[0].strip().lower()
    try:
        data = base64.b64decode(payload) if header.endswith(";base64") else unquote_to_bytes(payload)
    except (binascii.Error, ValueError):
        return None
    return data, mime or sniff(data)


def png_size(png: bytes) -> tuple[int, int]:
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)
