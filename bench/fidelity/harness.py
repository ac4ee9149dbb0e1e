"""Shared plumbing for the fidelity and convert benchmarks.

Serves bench/fidelity/pages on loopback, drives the system Chromium through the capture
worker's own `capture_page`, runs the peer (BuilderIO's html-to-figma browser bundle) in the
same browser on the same page, and scores renders against the capture's screenshot.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import hashlib
import http.server
import io
import os
import re
import subprocess
import tempfile
import threading
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np
from pageport.render import similarity
from PIL import Image

HERE = Path(__file__).resolve().parent
PAGES = HERE / "pages"
PEER_PACKAGE = "@builder.io/html-to-figma"
PEER_VERSION = "0.0.3"
PEER_BUNDLE = HERE / "node_modules" / "@builder.io" / "html-to-figma" / "dist" / "browser.js"
VIEWPORT = (1280, 800)
# The widths the fidelity benchmark measures every page at: desktop, and a phone.
VIEWPORTS = ((1280, 800), (390, 844))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def page_names() -> list[str]:
    """Fixture pages (`pages/NAME.html`) and whole sites (`pages/NAME/index.html`)."""
    flat = [p.stem for p in PAGES.glob("*.html")]
    sites = [p.parent.name for p in PAGES.glob("*/index.html")]
    return sorted(flat + sites)


def page_path(name: str) -> str:
    """The page's path under the served root."""
    return f"{name}/index.html" if (PAGES / name / "index.html").is_file() else f"{name}.html"


_DARK_MEDIA = re.compile(r"prefers-color-scheme\s*:\s*dark")


def has_dark_theme(name: str) -> bool:
    """Whether the page's own HTML or CSS has a dark theme (a dark media query, or a theme
    switch the capture sets): only there does a dark capture differ from the light one."""
    from pageport.capture.themes import page_switch

    root = PAGES / name if (PAGES / name).is_dir() else PAGES
    files = [PAGES / page_path(name)] + (sorted(root.rglob("*.css")) if root != PAGES else [])
    texts = [f.read_text(encoding="utf-8", errors="replace") for f in files]
    return any(_DARK_MEDIA.search(t) for t in texts) or page_switch("dark", texts) is not None


def ensure_peer() -> Path:
    """Install the peer with npm (test-only dependency) if it is not there yet."""
    if not PEER_BUNDLE.exists():
        subprocess.run(
            ["npm", "install", "--prefix", str(HERE), "--no-audit", "--no-fund", "--loglevel=error"],
            check=True,
            timeout=600,
        )
    return PEER_BUNDLE


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve_pages(root: Path = PAGES) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("HOME", tempfile.mkdtemp(prefix="pageport-bench-"))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class Captured:
    capture_json: bytes
    screenshot_png: bytes
    assets: dict[str, bytes]


def capture(
    browser: Any, url: str, viewport: tuple[int, int] = VIEWPORT, color_scheme: Literal["light", "dark"] = "light"
) -> Captured:
    from pageport.capture.capture import CaptureRequest, capture_page

    width, height = viewport
    request = CaptureRequest(url=url, viewport_width=width, viewport_height=height, color_scheme=color_scheme)
    with contextlib.redirect_stdout(open(os.devnull, "w")):
        bundle = capture_page(request, browser=browser)
    return Captured(bundle.capture_json, bundle.screenshot_png, dict(bundle.assets))


# ---------------------------------------------------------------------- the peer

_FETCH_JS = """async (urls) => {
  const out = {};
  for (const u of urls) {
    try {
      const r = await fetch(u);
      const b = new Uint8Array(await r.arrayBuffer());
      let s = "";
      for (let i = 0; i < b.length; i += 0x8000)
        s += String.fromCharCode(...b.subarray(i, i + 0x8000));
      out[u] = btoa(s);
    } catch (e) { }
  }
  return out;
}"""


def run_peer(
    browser: Any, url: str, viewport: tuple[int, int] = VIEWPORT, color_scheme: Literal["light", "dark"] = "light"
) -> tuple[dict[str, Any], dict[str, bytes]]:
    """html-to-figma's layers for the page, adapted to REST node shapes, and its images."""
    size = {"width": viewport[0], "height": viewport[1]}
    context = browser.new_context(viewport=size, device_scale_factor=1, color_scheme=color_scheme)
    try:
        page = context.new_page()
        page.goto(url, wait_until="networkidle")
        page.add_script_tag(path=str(ensure_peer()))
        layers: list[dict[str, Any]] = page.evaluate(
            "() => htmlToFigma.htmlToFigma(document.body)"
            if page.evaluate("() => typeof htmlToFigma.htmlToFigma === 'function'")
            else "() => htmlToFigma(document.body)"
        )
        urls = sorted(
            {
                f["url"]
                for layer in layers
                for f in layer.get("fills") or []
                if f.get("type") == "IMAGE" and f.get("url")
            }
        )
        fetched: dict[str, str] = page.evaluate(_FETCH_JS, urls) if urls else {}
    finally:
        context.close()
    images: dict[str, bytes] = {}
    by_url: dict[str, str] = {}
    for u, b64 in fetched.items():
        data = base64.b64decode(b64)
        sha = hashlib.sha256(data).hexdigest()
        images[sha] = data
        by_url[u] = sha
    return adapt_peer(layers, by_url), images


def adapt_peer(layers: list[dict[str, Any]], image_refs: Mapping[str, str]) -> dict[str, Any]:
    """Plugin-API layers (what html-to-figma emits) -> a REST-shaped tree, the way its Figma
    plugin would build it: a root frame (white, as figma.createFrame makes it) holding every
    layer at its absolute x/y, text in the family's Regular style, auto-height at its width."""
    root, *rest = layers
    white = {"type": "SOLID", "blendMode": "NORMAL", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}
    doc: dict[str, Any] = {
        "id": "1:1",
        "name": "peer",
        "type": "FRAME",
        "absoluteBoundingBox": _bb(root),
        "fills": [white],
        "clipsContent": True,
        "children": [],
    }
    for i, layer in enumerate(rest, start=2):
        node: dict[str, Any] = {
            "id": f"1:{i}",
            "name": layer.get("name", layer["type"]),
            "absoluteBoundingBox": _bb(layer),
        }
        fills = []
        for f in layer.get("fills") or []:
            if f.get("type") == "IMAGE":
                ref = image_refs.get(f.get("url", ""))
                if ref:
                    fills.append({"type": "IMAGE", "imageRef": ref, "scaleMode": f.get("scaleMode", "FILL")})
            else:
                fills.append(f)
        node["fills"] = fills
        for key in (
            "strokes",
            "strokeWeight",
            "effects",
            "topLeftRadius",
            "topRightRadius",
            "bottomRightRadius",
            "bottomLeftRadius",
            "opacity",
        ):
            if key in layer:
                node[key] = layer[key]
        if layer["type"] == "SVG":
            node["type"] = "VECTOR"
            node["pageport"] = {"svg": layer.get("svg", "")}
        elif layer["type"] == "TEXT":
            node["type"] = "TEXT"
            node["characters"] = layer.get("characters", "")
            family = (layer.get("fontFamily") or "Roboto").split(",")[0].strip().strip("\"'")
            style: dict[str, Any] = {
                "fontFamily": family,
                "fontWeight": 400,
                "fontSize": layer.get("fontSize", 12),
                "textAutoResize": "HEIGHT",
            }
            lh = layer.get("lineHeight")
            if isinstance(lh, dict) and lh.get("unit") == "PIXELS":
                style["lineHeightPx"] = lh.get("value")
            ls = layer.get("letterSpacing")
            if isinstance(ls, dict) and ls.get("unit") == "PIXELS":
                style["letterSpacing"] = ls.get("value")
            for key in ("textCase", "textDecoration", "textAlignHorizontal"):
                if key in layer:
                    style[key] = layer[key]
            node["style"] = style
        else:
            node["type"] = "RECTANGLE"
        doc["children"].append(node)
    return {"document": doc}


def _bb(layer: Mapping[str, Any]) -> dict[str, float]:
    return {
        "x": float(layer.get("x", 0)),
        "y": float(layer.get("y", 0)),
        "width": float(layer.get("width", 0)),
        "height": float(layer.get("height", 0)),
    }


# ---------------------------------------------------------------------- metrics

_WORD = re.compile(r"\w+")


def fit(png: bytes, size: tuple[int, int]) -> bytes:
    """The image cropped, or padded with white, to `size`: a design is scored at the page's size."""
    with Image.open(io.BytesIO(png)) as im:
        if im.size == size:
            return png
        canvas = Image.new("RGB", size, (255, 255, 255))
        canvas.paste(im.convert("RGB"), (0, 0))
    out = io.BytesIO()
    canvas.save(out, format="PNG")
    return out.getvalue()


def png_size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as im:
        return im.size


@dataclass(frozen=True)
class Gain:
    """The share of the way from a blank frame to a perfect copy that a design closes."""

    gain: float
    ssim: float
    blank_ssim: float


def gain(reference_png: bytes, design_png: bytes) -> Gain:
    """(SSIM(design) - SSIM(blank)) / (1 - SSIM(blank)), grayscale, at the page's full size.

    The blank is a white frame of the page's size, so white space flatters nobody."""
    size = png_size(reference_png)
    blank = Image.new("RGB", size, (255, 255, 255))
    buf = io.BytesIO()
    blank.save(buf, format="PNG")
    design = similarity.ssim(reference_png, fit(design_png, size))
    empty = similarity.ssim(reference_png, buf.getvalue())
    share = (design - empty) / (1 - empty) if empty < 1 else 1.0
    return Gain(share, design, empty)


def heat_map(reference_png: bytes, design_png: bytes) -> bytes:
    """Where the points are lost: the page faded to grey, with the grayscale difference in red."""
    size = png_size(reference_png)
    with Image.open(io.BytesIO(reference_png)) as ref_im, Image.open(io.BytesIO(fit(design_png, size))) as des_im:
        ref = np.asarray(ref_im.convert("L"), dtype=np.float64)
        des = np.asarray(des_im.convert("L"), dtype=np.float64)
    diff = np.abs(ref - des) / 255.0
    base = 160 + ref * (95 / 255)  # the page, light, so the red reads
    rgb = np.stack([base + (255 - base) * diff, base * (1 - diff), base * (1 - diff)], axis=-1)
    out = io.BytesIO()
    Image.fromarray(rgb.clip(0, 255).astype(np.uint8), "RGB").save(out, format="PNG")
    return out.getvalue()


def words(text: str) -> list[str]:
    """Words as a reader sees them: case-folded runs of letters and digits (icon glyphs and
    punctuation are not words)."""
    return _WORD.findall(text.casefold())


def visible_words(capture_json: bytes) -> Counter[str]:
    """The page's visible words: every laid-out line fragment, form values and generated content."""
    from pageport.capture.schema import CaptureDocument, ElementNode, TextNode

    doc = CaptureDocument.model_validate_json(capture_json)
    found: Counter[str] = Counter()
    stack: list[ElementNode | TextNode] = [doc.root]
    while stack:
        node = stack.pop()
        if isinstance(node, TextNode):
            for line in node.line_boxes:
                found.update(words(line.text))
        else:
            stack.extend(node.children)
            for text in _generated_text(node):
                found.update(words(text))
    return found


def _generated_text(el: Any) -> list[str]:
    """Visible text that is not a DOM text node: form values and ::before/::after content."""
    found: list[str] = []
    form = el.form
    if (
        form is not None
        and el.tag in ("input", "textarea", "select")
        and (form.type or "") not in ("checkbox", "radio", "hidden", "range", "color", "file")
    ):
        hidden = (form.placeholder_color or "").replace(" ", "") in ("transparent", "rgba(0,0,0,0)")
        found.append(form.value or ("" if hidden else form.placeholder or ""))  # floating labels hide it
    if el.pseudo is not None:
        for pe in (el.pseudo.before, el.pseudo.after):
            if pe is not None and pe.box is not None:
                found.append(pe.content)
    return found


def design_words(tree: Mapping[str, Any]) -> Counter[str]:
    """The words of a design's TEXT nodes (what a designer can edit)."""
    from pageport.render import text_blocks

    found: Counter[str] = Counter()
    for block in text_blocks(tree):
        found.update(words(block.text))
    return found


def text_recall(page: Counter[str], design: Counter[str]) -> float:
    """The share of the page's visible words (with multiplicity) found in the design's text."""
    total = sum(page.values())
    if not total:
        return 1.0
    return sum((page & design).values()) / total
