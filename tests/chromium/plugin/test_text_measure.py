"""The in-memory Figma measures text as a browser engine does: the same strings laid out by the
plugin's in-memory Figma (plugin/test/figma/textlayout.ts, HarfBuzz) and by Chromium, with the
same font file (the one the in-memory Figma chose, served to Chromium by @font-face; a face in
a collection file, which @font-face cannot pick, by its installed family name), hold their widths
to within 0.5 % and break into the same lines."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from tests.support.plugin import PLUGIN_DIR, NodeLineServer

MEASURE_SERVER = PLUGIN_DIR / "test" / "figma" / "measure-server.ts"
LATIN = (
    "Pageport turns a live web page into an editable Figma design: type, spacing and kerning pairs (AV, To, Wa, Ty)."
)
KERNED = "CONTACT TOWARDS A VAST AVATAR: Ty, Yo, We, LT."
# Brackets and full stops (CJK Symbols and Punctuation): a line may break between 。 and 《.
PUNCTUATED = (
    "《学而》是《论语》第一篇的篇名。《论语》中各篇一般都是以第一章的前二三个字作为该篇的篇名。"
    "「礼之用\uff0c和为贵」以及仁、孝。"
)
LONG = "Internationalization, accessibility and responsiveness are first-class concerns in state-of-the-art work."
CJK = "ウェブページを編集可能なデザインに変換します。日本語の文章は文字と文字の間で折り返されます。"
KOREAN = "웹 페이지를 편집 가능한 디자인으로 바꿉니다. 한국어 문장은 띄어쓰기에서 줄이 바뀝니다."
HINDI = "औजार पट्टी को एस्केप के जरिए चुनें. माउस के बगैर औजार पट्टी में काम करने के लिए कुंजियाँ."
ARABIC = "تحويل صفحة ويب حية إلى تصميم قابل للتحرير في فيجما، مع الخطوط والمسافات كما هي."
CASES: list[tuple[str, str, float, str]] = [
    ("Inter", "Regular", 16, LATIN),
    ("Inter", "Bold", 24, LATIN),
    ("Roboto", "Regular", 14, LONG),
    ("Arimo", "Regular", 15, LATIN),
    ("Lato", "Italic", 18, LONG),
    ("Open Sans", "SemiBold", 16, LATIN),
    ("Open Sans", "ExtraBold", 12, KERNED),  # kerned by its legacy `kern` table alone
    ("Montserrat", "Medium", 20, LONG),
    ("Merriweather", "Regular", 16, LATIN),
    ("Noto Sans JP", "Regular", 16, CJK),
    ("Noto Sans KR", "Regular", 16, KOREAN),
    ("Noto Sans SC", "Regular", 16, PUNCTUATED),
    ("Noto Sans Arabic", "Regular", 16, ARABIC),
    ("Noto Sans", "Regular", 18, HINDI),  # Devanagari from the Noto fallback, shaped as one run
    ("Courier New", "Regular", 16, HINDI),  # the spaces in the monospace face, as Chromium falls back
]
WIDTHS = (None, 180.0, 260.0, 420.0)
# Faces laid out in Chromium as installed, not by @font-face: OTS, Chromium's web-font sanitizer,
# drops this file's `kern` table (its subtable length overflows 16 bits), which a local face keeps.
# The value: the face's CSS weight.
AS_INSTALLED = {("Open Sans", "ExtraBold"): 800}


class _Fonts(BaseHTTPRequestHandler):
    files: dict[str, Path] = {}

    def do_GET(self) -> None:
        path = self.files.get(self.path)
        if path is None:
            self.send_error(404)
            return
        data = path.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "font/ttf" if path.suffix == ".ttf" else "font/otf")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Access-Control-Allow-Origin", "*")  # a font from another origin needs CORS
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def figma_layout() -> Iterator[NodeLineServer]:
    with NodeLineServer(MEASURE_SERVER, "measure") as server:
        yield server


@pytest.fixture(scope="module")
def font_server() -> Iterator[tuple[str, dict[str, Path]]]:
    files: dict[str, Path] = {}
    handler = type("Fonts", (_Fonts,), {"files": files})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", files
    server.shutdown()


# Each character's line top, as laid out: a line is the characters that share a top.
_LINES = """(el) => {
  const node = el.firstChild; const tops = [];
  for (let i = 0; i < node.length; i++) {
    const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
    const rect = [...r.getClientRects()].find((q) => q.width > 0) || r.getBoundingClientRect();
    tops.push(Math.round(rect.top));
  }
  const lines = []; let current = ""; let top = tops[0];
  for (let i = 0; i < node.length; i++) {
    if (tops[i] !== top && node.data[i].trim()) { lines.push(current); current = ""; top = tops[i]; }
    current += node.data[i];
  }
  lines.push(current);
  return lines;
}"""


def _chromium_layout(
    browser: Browser,
    font: str,
    size: float,
    text: str,
    width: float | None,
    weight: int = 400,
    letter_spacing: float = 0,
) -> dict[str, Any]:
    """`font`: the font file's URL, or `local:FAMILY` for an installed face (of that `weight`)."""
    page = browser.new_page()
    try:
        box = (
            "white-space: pre; display: inline-block"
            if width is None
            else f"width: {width}px; white-space: normal; overflow-wrap: anywhere"
        )
        family = font.removeprefix("local:") if font.startswith("local:") else "Measured"
        face = "" if font.startswith("local:") else f"@font-face {{ font-family: 'Measured'; src: url('{font}'); }}"
        page.set_content(
            f"<style>{face} body {{ margin: 0 }}"
            f"#t {{ font: {weight} {size}px '{family}'; line-height: normal; letter-spacing: {letter_spacing}px;"
            # Full-width punctuation as capture lays it out (no trimming, which Figma cannot do).
            f" text-spacing-trim: space-all; {box} }}</style><div id='t'>{text}</div>"
        )
        page.evaluate("document.fonts.ready")
        page.wait_for_function(f"document.fonts.check(\"16px '{family}'\")")
        element = page.locator("#t")
        rect = element.evaluate("(el) => { const r = el.getBoundingClientRect(); return [r.width, r.height]; }")
        return {"width": rect[0], "lines": element.evaluate(_LINES)}
    finally:
        page.close()


@pytest.mark.parametrize(("family", "style", "size", "text"), CASES)
def test_widths_and_line_breaks_match_chromium_with_the_same_font_file(
    browser: Browser,
    figma_layout: NodeLineServer,
    font_server: tuple[str, dict[str, Path]],
    family: str,
    style: str,
    size: float,
    text: str,
) -> None:
    base, files = font_server
    for width in WIDTHS:
        request = {"font": {"family": family, "style": style}, "size": size, "text": text, "width": width}
        ours = figma_layout.ask(request)
        assert "error" not in ours, ours
        assert ours["file"], f"{family} {style}: no font file here"
        file = Path(ours["file"])
        if file.suffix.lower() in (".ttc", ".otc") or (family, style) in AS_INSTALLED:
            font = f"local:{ours['family']}"
        else:
            files[f"/{len(files)}{file.suffix}"] = file
            font = base + list(files)[-1]
        chromium = _chromium_layout(browser, font, size, text, width, AS_INSTALLED.get((family, style), 400))
        what = f"{family} {style} {size}px at {width or 'auto'} px"
        if width is None:
            assert ours["width"] == pytest.approx(chromium["width"], rel=0.005), what
        else:
            assert [line.rstrip() for line in ours["lines"]] == [line.rstrip() for line in chromium["lines"]], what
            widest = max(len(line) for line in ours["lines"])
            assert widest > 0, what


THAI = "ข้อความภาษาไทย สำหรับการทดสอบ"


@pytest.mark.parametrize(
    ("family", "text"),
    [("Noto Sans", HINDI), ("Noto Sans Thai", THAI), ("Open Sans", "fifty office affairs, final fit")],
)
def test_letter_spacing_goes_after_each_cluster_with_ligatures_off(
    browser: Browser,
    figma_layout: NodeLineServer,
    font_server: tuple[str, dict[str, Path]],
    family: str,
    text: str,
) -> None:
    """Blink spaces letters after each cluster (a Devanagari conjunct, a Thai letter with its
    marks: not after each code point) and sets letter-spaced text without ligatures."""
    base, files = font_server
    request = {"font": {"family": family, "style": "Regular"}, "size": 18, "text": text, "width": None}
    ours = figma_layout.ask({**request, "letterSpacing": 2.0})
    assert "error" not in ours, ours
    file = Path(ours["file"])
    files[f"/{len(files)}{file.suffix}"] = file
    chromium = _chromium_layout(browser, base + list(files)[-1], 18, text, None, letter_spacing=2.0)
    assert ours["width"] == pytest.approx(chromium["width"], rel=0.005), family
