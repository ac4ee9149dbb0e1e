"""`make fixtures`: capture the fixture pages, convert them, write the plugin's result fixtures.

Fixture pages are every bench/fidelity/pages/*.html plus tests/fixtures/pages/*.html. Each
is served on loopback and captured with the capture worker's own `capture_page` (system
Chromium, 1280x800, scale 1, through bench/fidelity/harness.py). The capture is committed as
converter input under tests/fixtures/pages/captures/<name>/ (capture.json + assets/<sha256>,
no screenshot), and its conversion is written to plugin/test/fixtures/results/<name>.json in
the exact shape of GET .../code2des/{id}/result (one page: every image, nextCursor null).

Site fixtures (SITES) are one fixture page captured as a site design's variants (breakpoints,
light and dark): each capture under tests/fixtures/pages/captures/<site>/<variant>/, and the site
design convert_site makes of them in plugin/test/fixtures/results/<site>.json (version 3).

tests/unit/convert/test_result_fixtures.py re-converts the committed captures with `response()`
below and fails when a committed result is stale.

Run: `.venv/bin/python scripts/make_fixtures.py [name ...]`.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import json
import re
import shutil
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

ROOT = Path(__file__).resolve().parent.parent
for entry in (ROOT / "layers" / "pageport" / "python", ROOT / "bench" / "fidelity"):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))

BENCH_PAGES = ROOT / "bench" / "fidelity" / "pages"
OWN_PAGES = ROOT / "tests" / "fixtures" / "pages"
CAPTURES = OWN_PAGES / "captures"
RESULTS = ROOT / "plugin" / "test" / "fixtures" / "results"
# The server's port is random; captures store it in every URL. One fixed origin keeps the
# committed captures (and any warning quoting a URL) identical from run to run.
FIXED_ORIGIN = "http://127.0.0.1:8000"
_ORIGIN_RE = re.compile(rb"http://127\.0\.0\.1:\d+")


# Site fixture -> (its page, its variants: breakpoint, viewport, colour scheme).
SITES: dict[str, tuple[str, list[tuple[str, tuple[int, int], Literal["light", "dark"]]]]] = {
    "themed-site": (
        "themed",
        [
            ("desktop", (1280, 800), "light"),
            ("mobile", (390, 844), "light"),
            ("desktop", (1280, 800), "dark"),
            ("mobile", (390, 844), "dark"),
        ],
    ),
}


def fixture_names() -> list[str]:
    """Every result fixture: the pages and the sites."""
    return sorted([*pages(), *SITES])


def pages() -> dict[str, Path]:
    """Fixture page name -> the directory it is served from."""
    found = {p.stem: BENCH_PAGES for p in BENCH_PAGES.glob("*.html")}
    for p in OWN_PAGES.glob("*.html"):
        if p.stem in found:
            raise SystemExit(f"fixture page {p.stem} exists twice")
        found[p.stem] = OWN_PAGES
    return dict(sorted(found.items()))


def code2des_id(name: str) -> str:
    """A fixed fake UUIDv7-shaped id per page (the plugin only echoes it)."""
    h = hashlib.sha256(name.encode()).hexdigest()
    return f"01900000-0000-7{h[:3]}-8{h[3:6]}-{h[6:18]}"


def load_capture(name: str) -> tuple[bytes, dict[str, bytes]]:
    return _load_folder(CAPTURES / name)


def _load_folder(folder: Path) -> tuple[bytes, dict[str, bytes]]:
    assets = {p.name: p.read_bytes() for p in sorted((folder / "assets").glob("*"))}
    return (folder / "capture.json").read_bytes(), assets


def response(name: str, capture_json: bytes, assets: Mapping[str, bytes]) -> dict[str, Any]:
    """The API response for the converted capture, all images on one page."""
    from pageport.convert import convert_capture

    return _response(name, convert_capture(capture_json, assets))


def site_response(name: str) -> dict[str, Any]:
    """The API response for a site fixture: its committed variant captures as one design."""
    from pageport.convert.site import SiteCapture, convert_site

    captures = []
    for breakpoint, _, theme in SITES[name][1]:
        capture_json, assets = _load_folder(CAPTURES / name / f"{breakpoint}-{theme}")
        captures.append(SiteCapture(breakpoint, theme, capture_json, assets))
    return _response(name, convert_site(captures))


def _response(name: str, conversion: Any) -> dict[str, Any]:
    return {
        "code2desId": code2des_id(name),
        "warningCount": conversion.warning_count,
        "document": json.loads(conversion.result_json),
        "images": {sha: base64.b64encode(data).decode("ascii") for sha, data in sorted(conversion.images.items())},
        "nextCursor": None,
    }


def dumps(value: Any) -> str:
    return json.dumps(value, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def make_format_images() -> None:
    """The images formats.html and wide.html load, in formats Figma cannot take directly."""
    from PIL import Image, ImageDraw

    folder = OWN_PAGES / "img"
    folder.mkdir(parents=True, exist_ok=True)

    def picture(w: int, h: int, mode: str = "RGBA") -> Image.Image:
        img = Image.new(mode, (w, h), (30, 120, 200, 255) if mode == "RGBA" else (30, 120, 200))
        draw = ImageDraw.Draw(img)
        draw.ellipse((w // 4, h // 4, 3 * w // 4, 3 * h // 4), fill=(250, 200, 40))
        if mode == "RGBA":
            draw.rectangle((0, 0, w // 4, h // 4), fill=(0, 0, 0, 0))  # a transparent corner
        return img

    wanted: dict[str, Callable[[Path], None]] = {
        "photo.webp": lambda p: picture(64, 48).save(p, format="WEBP", lossless=True),
        "photo.bmp": lambda p: picture(40, 30, "RGB").save(p, format="BMP"),
        "icon.ico": lambda p: picture(32, 32).save(p, format="ICO", sizes=[(32, 32)]),
        "wide.png": lambda p: Image.new("RGB", (5000, 40), (220, 60, 60)).save(p, format="PNG", optimize=True),
    }
    for filename, make in wanted.items():
        path = folder / filename
        if not path.exists():  # committed once: regenerating must not change the inputs
            make(path)


def _store_capture(folder: Path, captured: Any) -> None:
    capture_json = _ORIGIN_RE.sub(FIXED_ORIGIN.encode(), captured.capture_json)
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "assets").mkdir(parents=True)
    (folder / "capture.json").write_bytes(capture_json)
    referenced = json.loads(capture_json).get("assets", {})
    for sha, data in sorted(captured.assets.items()):
        if sha in referenced:
            (folder / "assets" / sha).write_bytes(data)
    print(f"captured {folder.relative_to(CAPTURES)}: {len(capture_json)} bytes, {len(referenced)} assets", flush=True)


def capture_sites(names: list[str]) -> None:
    harness: Any = importlib.import_module("harness")
    wanted = [name for name in SITES if not names or name in names]
    if not wanted:
        return
    with harness.chromium() as browser:
        for name in wanted:
            page, variants = SITES[name]
            shutil.rmtree(CAPTURES / name, ignore_errors=True)
            with harness.serve_pages(pages()[page]) as base:
                for breakpoint, viewport, theme in variants:
                    captured = harness.capture(browser, f"{base}/{page}.html", viewport, theme)
                    _store_capture(CAPTURES / name / f"{breakpoint}-{theme}", captured)


def capture_all(names: list[str]) -> None:
    harness: Any = importlib.import_module("harness")  # bench/fidelity/harness.py (not a package)

    by_root: dict[Path, list[str]] = {}
    for name, root in pages().items():
        if not names or name in names:
            by_root.setdefault(root, []).append(name)
    with harness.chromium() as browser:
        for root, group in by_root.items():
            with harness.serve_pages(root) as base:
                for name in group:
                    _store_capture(CAPTURES / name, harness.capture(browser, f"{base}/{name}.html"))


def write_results(names: list[str]) -> None:
    RESULTS.mkdir(parents=True, exist_ok=True)
    known = pages()
    for name in known:
        if names and name not in names:
            continue
        capture_json, assets = load_capture(name)
        (RESULTS / f"{name}.json").write_text(dumps(response(name, capture_json, assets)), encoding="utf-8")
        print(f"converted {name}", flush=True)
    for name in SITES:
        if not names or name in names:
            (RESULTS / f"{name}.json").write_text(dumps(site_response(name)), encoding="utf-8")
            print(f"converted {name}", flush=True)
    every = fixture_names()
    for stale in RESULTS.glob("*.json"):
        if stale.stem not in every:
            stale.unlink()
    for folder in CAPTURES.iterdir() if CAPTURES.exists() else []:
        if folder.is_dir() and folder.name not in every:
            shutil.rmtree(folder)


def main() -> int:
    names = sys.argv[1:]
    unknown = set(names) - set(fixture_names())
    if unknown:
        print(f"unknown fixture pages: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    make_format_images()
    page_names = [n for n in names if n not in SITES]
    if page_names or not names:
        capture_all(page_names)
    capture_sites(names)
    write_results(names)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
