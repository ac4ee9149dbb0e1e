"""Shared plumbing for the fidelity and convert benchmarks.

Serves bench/fidelity/pages on loopback, drives the system Chromium through the capture
worker's own `capture_page`, runs the peer (BuilderIO's html-to-figma browser bundle) in the
same browser on the same page, and scores renders against the capture's screenshot.
"""

from __future__ import annotations

import base64
import contextlib
import difflib
import functools
import hashlib
import http.server
import json
import os
import subprocess
import tempfile
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from pageport.render import similarity

HERE = Path(__file__).resolve().parent
PAGES = HERE / "pages"
PEER_PACKAGE = "@builder.io/html-to-figma"
PEER_VERSION = "0.0.3"
PEER_BUNDLE = HERE / "node_modules" / "@builder.io" / "html-to-figma" / "dist" / "browser.js"
VIEWPORT = (1280, 800)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def page_names() -> list[str]:
    return sorted(p.stem for p in PAGES.glob("*.html"))


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


def capture(browser: Any, url: str) -> Captured:
    from pageport.capture.capture import CaptureRequest, capture_page

    with contextlib.redirect_stdout(open(os.devnull, "w")):
        bundle = capture_page(
            CaptureRequest(url=url, viewport_width=VIEWPORT[0], viewport_height=VIEWPORT[1]), browser=browser
        )
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


def run_peer(browser: Any, url: str) -> tuple[dict[str, Any], dict[str, bytes]]:
    """html-to-figma's layers for the page, adapted to REST node shapes, and its images."""
    context = browser.new_context(viewport={"width": VIEWPORT[0], "height": VIEWPORT[1]}, device_scale_factor=1)
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


# SSIM lives with the renderer, where the tests use it too.
ssim = similarity.ssim


@dataclass(frozen=True)
class Block:
    text: str
    box: tuple[float, float, float, float]
    color: tuple[int, int, int]


def reference_blocks(capture_json: bytes) -> list[Block]:
    """Ground truth: every rendered line fragment the browser laid out, with its color."""
    from pageport.capture.schema import CaptureDocument, ElementNode, TextNode
    from pageport.convert.css import parse_color

    doc = CaptureDocument.model_validate_json(capture_json)
    out: list[Block] = []
    stack: list[ElementNode | TextNode] = [doc.root]
    while stack:
        node = stack.pop()
        if isinstance(node, TextNode):
            c = parse_color(node.styles.get("color")) or {"r": 0, "g": 0, "b": 0, "a": 1}
            rgb = (round(c["r"] * 255), round(c["g"] * 255), round(c["b"] * 255))
            for lb in node.line_boxes:
                if lb.text.strip():
                    out.append(Block(lb.text.strip(), (lb.x, lb.y, lb.x + lb.width, lb.y + lb.height), rgb))
        else:
            stack.extend(node.children)
            out.extend(_generated_text(node))
    return _merge_lines(out)


def _generated_text(el: Any) -> list[Block]:
    """Visible text that is not a DOM text node: form values and ::before/::after content."""
    from pageport.convert.css import parse_color

    found: list[tuple[str, Any, str | None]] = []
    form = el.form
    if (
        form is not None
        and el.tag in ("input", "textarea", "select")
        and (form.type or "") not in ("checkbox", "radio", "hidden", "range", "color", "file")
    ):
        text = form.value or form.placeholder or ""
        found.append((text, el.box, el.style("color")))
    if el.pseudo is not None:
        for pe in (el.pseudo.before, el.pseudo.after):
            if pe is not None and pe.box is not None:
                found.append((pe.content, pe.box, pe.styles.get("color") or el.style("color")))
    out = []
    for text, box, color in found:
        if not text.strip():
            continue
        c = parse_color(color) or {"r": 0, "g": 0, "b": 0, "a": 1}
        out.append(
            Block(
                text.strip(),
                (box.x, box.y, box.x + box.width, box.y + box.height),
                (round(c["r"] * 255), round(c["g"] * 255), round(c["b"] * 255)),
            )
        )
    return out


def _merge_lines(blocks: list[Block]) -> list[Block]:
    """Fragments sharing a visual line (a bold word inside a sentence) -> one line block."""
    blocks = sorted(blocks, key=lambda b: (round((b.box[1] + b.box[3]) / 2), b.box[0]))
    merged: list[Block] = []
    for b in blocks:
        if merged:
            m = merged[-1]
            same_line = abs((m.box[1] + m.box[3]) / 2 - (b.box[1] + b.box[3]) / 2) < 4
            adjacent = -2 <= b.box[0] - m.box[2] <= 12
            if same_line and adjacent:
                merged[-1] = Block(
                    f"{m.text} {b.text}",
                    (m.box[0], min(m.box[1], b.box[1]), b.box[2], max(m.box[3], b.box[3])),
                    m.color,
                )
                continue
        merged.append(b)
    return merged


def candidate_blocks(result: Mapping[str, Any]) -> list[Block]:
    from pageport.render import text_blocks

    raw = [Block(t.text.strip(), t.box, t.color) for t in text_blocks(result) if t.text.strip()]
    return _merge_lines(raw)


def text_score(ref: list[Block], cand: list[Block], page_width: float) -> dict[str, float]:
    """Design2Code-style block score: greedy matching by text similarity, then block match
    (matched characters), text similarity, position and color of matched pairs."""
    if not ref:
        return {"block": 1.0, "text": 1.0, "position": 1.0, "color": 1.0, "score": 1.0}
    pairs = []
    for i, r in enumerate(ref):
        for j, c in enumerate(cand):
            if abs(r.box[1] - c.box[1]) > 400:  # far apart: never the same block
                continue
            sim = difflib.SequenceMatcher(None, r.text, c.text, autojunk=False).ratio()
            if sim >= 0.5:
                pairs.append((sim, i, j))
    pairs.sort(key=lambda p: (-p[0], p[1], p[2]))
    used_r: set[int] = set()
    used_c: set[int] = set()
    matched = []
    for sim, i, j in pairs:
        if i in used_r or j in used_c:
            continue
        used_r.add(i)
        used_c.add(j)
        matched.append((sim, ref[i], cand[j]))
    total = sum(len(b.text) for b in ref) + sum(len(b.text) for b in cand)
    block = 2 * sum(len(r.text) for _, r, _ in matched) / total if total else 0.0
    block = min(1.0, block)
    if not matched:
        return {"block": 0.0, "text": 0.0, "position": 0.0, "color": 0.0, "score": 0.0}
    text = sum(s for s, _, _ in matched) / len(matched)
    pos = []
    col = []
    for _, r, c in matched:
        dx = abs((r.box[0] + r.box[2]) / 2 - (c.box[0] + c.box[2]) / 2) / page_width
        dy = abs((r.box[1] + r.box[3]) / 2 - (c.box[1] + c.box[3]) / 2) / page_width
        pos.append(1 - min(1.0, max(dx, dy)))
        dist = float(np.linalg.norm(np.subtract(r.color, c.color))) / (255 * 3**0.5)
        col.append(1 - dist)
    position = sum(pos) / len(pos)
    color = sum(col) / len(col)
    return {
        "block": block,
        "text": text,
        "position": position,
        "color": color,
        "score": (block + text + position + color) / 4,
    }


def dump(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)
