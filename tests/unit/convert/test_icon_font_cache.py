"""Parsed icon fonts are kept per worker thread by the SHA-256 of their bytes: a warm worker
parses a site's font once, draws each glyph run at a size once, and a thread never shares a
fontTools object with another (fontTools reads tables lazily, unsafely across threads)."""

from __future__ import annotations

import hashlib
import threading

from pageport.convert import icons

from tests.support.paths import REPO_ROOT

FONT = REPO_ROOT / "bench" / "fidelity" / "pages" / "icons" / "fontawesome" / "webfonts" / "fa-solid-900.woff2"


def test_a_font_is_parsed_once_per_thread_and_a_run_drawn_once_per_size() -> None:
    data = FONT.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    font = icons.parsed_font(digest, data)
    assert font is not None and font.icon_font
    assert icons.parsed_font(digest, data) is font
    run = [font.cmap[0xF015]]  # house
    path = font.path(run, 0.016, 12.0)
    assert path and font.path(run, 0.016, 12.0) is path
    assert font.path(run, 0.032, 12.0) != path  # another size: drawn again
    other: list[object] = []
    thread = threading.Thread(target=lambda: other.append(icons.parsed_font(digest, data)))
    thread.start()
    thread.join()
    assert other[0] is not font and other[0] is not None


def test_only_the_most_recently_used_fonts_are_kept() -> None:
    data = FONT.read_bytes()
    first = icons.parsed_font("first-digest", data)
    for i in range(icons.PARSED_FONTS_KEPT):
        icons.parsed_font(f"digest-{i}", b"not a font")
    assert icons.parsed_font("digest-0", b"not a font") is None  # unreadable: remembered as such
    assert icons.parsed_font("first-digest", data) is not first  # evicted, parsed again
