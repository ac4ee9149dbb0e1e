"""capture_page against real Chromium and the fixture site in tests/fixtures/capture."""

from __future__ import annotations

import hashlib
import io
import itertools
import json
import socket
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from pageport.capture.capture import (
    CaptureBundle,
    CaptureFailed,
    CaptureLimits,
    CaptureRequest,
    capture_page,
)
from pageport.capture.schema import (
    STYLE_DEFAULTS,
    CaptureDocument,
    ElementNode,
    TextNode,
)
from PIL import Image
from playwright.sync_api import Browser

from tests.chromium.capture.site import FIXTURES, SYSTEM_FONT
from tests.support.paths import REPO_ROOT

Node = ElementNode | TextNode


def run(
    browser: Browser,
    url: str,
    *,
    width: int = 1000,
    height: int = 700,
    scale: float = 1,
    ready: str | None = None,
    limits: CaptureLimits | None = None,
) -> tuple[CaptureBundle, CaptureDocument]:
    request = CaptureRequest(url, width, height, scale, ready)
    bundle = capture_page(request, browser=browser, limits=limits or CaptureLimits())
    return bundle, CaptureDocument.model_validate_json(bundle.capture_json)


def walk(node: Node) -> Iterator[Node]:
    yield node
    if isinstance(node, ElementNode):
        for child in node.children:
            yield from walk(child)


def by_id(doc: CaptureDocument, element_id: str) -> ElementNode:
    for node in walk(doc.root):
        if isinstance(node, ElementNode) and node.attrs.get("id") == element_id:
            return node
    raise AssertionError(f"#{element_id} not captured")


def texts(node: Node) -> list[TextNode]:
    return [n for n in walk(node) if isinstance(n, TextNode)]


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def assert_box(actual: Any, expected: dict[str, float], tol: float = 1.0) -> None:
    for key in ("x", "y", "width", "height"):
        assert abs(getattr(actual, key) - expected[key]) <= tol, (key, actual, expected)


@pytest.fixture(scope="module")
def basic(browser: Browser, base_url: str) -> tuple[CaptureBundle, CaptureDocument]:
    return run(browser, base_url + "basic.html", scale=2)


# --- document, screenshot, canonical JSON --------------------------------------------------


def test_screenshot_is_viewport_width_by_page_height_at_scale(basic) -> None:
    bundle, doc = basic
    image = Image.open(io.BytesIO(bundle.screenshot_png))
    assert image.format == "PNG"
    assert image.size == (1000 * 2, int(doc.document.page_height) * 2)
    assert doc.document.page_height == 700  # content fits the viewport
    assert (doc.document.screenshot_size.width, doc.document.screenshot_size.height) == image.size
    # The hero box is painted where capture.json says (scale 2): its background colour.
    assert image.convert("RGB").getpixel((2 * 150, 2 * 100)) == (10, 20, 30)


def test_capture_json_is_canonical_and_versioned(basic) -> None:
    bundle, doc = basic
    raw = json.loads(bundle.capture_json)
    assert raw["version"] == 1
    canonical = json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert bundle.capture_json == canonical.encode("utf-8")
    assert doc.document.title == "Fixture: basic"
    assert doc.document.lang == "en"
    assert doc.document.device_scale_factor == 2
    assert (doc.document.scroll.x, doc.document.scroll.y) == (0, 0)
    assert doc.root.tag == "html"


def test_boxes_match_get_bounding_client_rect(browser: Browser, basic, base_url: str) -> None:
    _, doc = basic
    ids = [
        "hero",
        "gradient",
        "quote",
        "para",
        "photo",
        "logo",
        "inline-svg",
        "name",
        "pick",
        "host",
        "frame",
        "zlow",
        "link",
    ]
    page = browser.new_page(viewport={"width": 1000, "height": 700})
    try:
        page.goto(base_url + "basic.html")
        rects = page.evaluate(
            """(ids) => Object.fromEntries(ids.map((id) => {
                 const r = document.getElementById(id).getBoundingClientRect();
                 return [id, {x: r.x + scrollX, y: r.y + scrollY,
                              width: r.width, height: r.height}];
               }))""",
            ids,
        )
    finally:
        page.close()
    for element_id in ids:
        assert_box(by_id(doc, element_id).box, rects[element_id])
    # And the CSS says so too.
    assert_box(by_id(doc, "hero").box, {"x": 40, "y": 30, "width": 300, "height": 120})


def test_texts_and_styles(basic) -> None:
    _, doc = basic
    hero = by_id(doc, "hero")
    (title,) = texts(hero)
    assert title.text == "Hello, Pageport"
    assert title.styles["color"] == "rgb(250, 240, 230)"
    assert title.styles["font-weight"] == "700"
    assert title.styles["font-size"] == "24px"
    assert hero.styles["background-color"] == "rgb(10, 20, 30)"
    assert hero.styles["border-top-color"] == "rgb(255, 0, 0)"
    assert hero.styles["border-top-width"] == "2px"
    assert hero.style("border-bottom-left-radius") == "12px"
    assert hero.styles["box-shadow"] == "rgba(0, 0, 0, 0.5) 0px 4px 8px 0px"
    assert hero.attrs == {"id": "hero", "role": "banner", "aria-label": "Hero"}
    gradient = by_id(doc, "gradient")
    assert gradient.styles["background-image"].startswith("linear-gradient(90deg")
    assert gradient.styles["opacity"] == "0.8"
    assert gradient.stacking_context
    # Defaults are omitted and filled back in by style().
    photo = by_id(doc, "photo")
    assert "position" not in photo.styles and photo.style("position") == "static"
    assert by_id(doc, "para").style("position") == "absolute"
    assert by_id(doc, "pics").style("float") == "none"
    link = by_id(doc, "link")
    assert link.attrs["href"].endswith("/next?x=1") and link.attrs["href"].startswith("http://")
    assert link.attrs["title"] == "Next page"


def test_flex_layout_styles(basic) -> None:
    _, doc = basic
    row = by_id(doc, "flexrow")
    assert row.styles["display"] == "flex"
    assert (row.style("column-gap"), row.style("row-gap")) == ("8px", "8px")
    assert row.style("justify-content") == "space-between"
    assert row.style("align-items") == "center"
    assert (row.style("padding-left"), row.style("padding-top")) == ("6px", "4px")
    assert row.style("flex-direction") == "row"  # the default, omitted
    assert by_id(doc, "flexb").styles["flex-grow"] == "1"
    assert "flex-grow" not in by_id(doc, "flexa").styles
    assert by_id(doc, "flexa").style("flex-grow") == "0"
    a, b = by_id(doc, "flexa").box, by_id(doc, "flexb").box
    assert abs(a.x - 46) <= 1 and abs(b.x - (a.x + a.width + 8)) <= 1


def test_line_boxes(basic) -> None:
    _, doc = basic
    para = by_id(doc, "para")
    (text,) = texts(para)
    assert len(text.line_boxes) >= 3  # 150 px wide
    # A line that wrapped at a space ends with it: joined, the lines give the text back.
    assert "".join(line.text for line in text.line_boxes) == (
        "The quick brown fox jumps over the lazy dog again and again."
    )
    assert all(line.text.endswith(" ") for line in text.line_boxes[:-1])
    tops = [line.y for line in text.line_boxes]
    assert tops == sorted(tops)
    for line in text.line_boxes:
        assert para.box.x - 1 <= line.x and line.x + line.width <= para.box.x + 151
        assert line.height > 0
    for a, b in itertools.pairwise(tops):
        assert abs((b - a) - 20) <= 1  # line-height: 20px


def test_images_stored_once_by_hash(basic) -> None:
    bundle, doc = basic
    for digest, data in bundle.assets.items():
        assert sha(data) == digest
        assert doc.assets[digest].bytes == len(data)
    photo_sha = sha((FIXTURES / "photo.png").read_bytes())
    photo, photo2 = by_id(doc, "photo"), by_id(doc, "photo2")
    assert photo.images[0].sha256 == photo_sha == photo2.images[0].sha256
    assert (photo.images[0].natural_width, photo.images[0].natural_height) == (40, 30)
    assert doc.assets[photo_sha].kind == "image" and doc.assets[photo_sha].mime == "image/png"
    logo_sha = sha((FIXTURES / "logo.svg").read_bytes())
    assert by_id(doc, "logo").images[0].sha256 == logo_sha
    assert doc.assets[logo_sha].kind == "svg"
    (background,) = by_id(doc, "gradient").images
    assert background.source == "background" and background.layer == 1
    assert background.sha256 == sha((FIXTURES / "tile.png").read_bytes())
    (poster,) = by_id(doc, "vid").images
    assert poster.source == "poster"
    assert poster.sha256 == sha((FIXTURES / "poster.png").read_bytes())
    (canvas,) = by_id(doc, "cnv").images
    assert canvas.source == "canvas" and canvas.sha256 is not None
    snapshot = Image.open(io.BytesIO(bundle.assets[canvas.sha256])).convert("RGB")
    assert snapshot.size == (10, 10) and snapshot.getpixel((5, 5)) == (0, 200, 0)
    assert doc.assets[canvas.sha256].kind == "canvas"


def test_fonts_of_used_families(basic) -> None:
    bundle, doc = basic
    (face,) = [f for f in doc.fonts if f.family == "Fixture Sans"]
    assert face.status == "loaded"
    assert face.url is not None and face.url.endswith("/fonts/fixture-sans.ttf")
    assert face.sha256 == sha(SYSTEM_FONT.read_bytes())
    assert bundle.assets[face.sha256] == SYSTEM_FONT.read_bytes()
    assert doc.assets[face.sha256].kind == "font"
    assert doc.assets[face.sha256].family == "Fixture Sans"


def test_pseudo_elements(basic) -> None:
    _, doc = basic
    quote = by_id(doc, "quote")
    assert quote.pseudo is not None
    before, after = quote.pseudo.before, quote.pseudo.after
    assert before is not None and after is not None
    assert before.content == "\u201cAda says"
    assert before.styles["color"] == "rgb(0, 128, 0)"
    # Inline ::before ends where the element's own text starts.
    (text,) = texts(quote)
    assert before.box is not None
    assert abs(before.box.x + before.box.width - text.box.x) <= 1
    assert after.content == ""
    assert after.styles["background-color"] == "rgb(0, 0, 255)"
    assert after.box is not None
    assert_box(after.box, {"x": 45, "y": 250, "width": 30, "height": 4})
    assert by_id(doc, "para").pseudo is None
    # From a cross-origin stylesheet, whose rules script cannot read.
    cross = by_id(doc, "xpseudo").pseudo
    assert cross is not None and cross.after is not None and cross.before is None
    assert cross.after.content == " and more"
    assert cross.after.styles["color"] == "rgb(9, 99, 199)"


def test_inline_svg_markup(basic) -> None:
    _, doc = basic
    svg = by_id(doc, "inline-svg")
    assert svg.tag == "svg" and svg.children == []
    assert svg.svg is not None
    assert svg.svg.startswith("<svg") and 'fill="#ff8800"' in svg.svg and "<rect" in svg.svg


def test_open_shadow_root(basic) -> None:
    _, doc = basic
    host = by_id(doc, "host")
    assert host.shadow_root
    shadow_p = by_id(doc, "shadow-p")
    assert shadow_p.in_shadow
    (inner,) = texts(shadow_p)
    assert inner.text == "Inside the shadow" and inner.styles["color"] == "rgb(200, 0, 100)"
    slotted = [t for t in texts(host) if t.text == "Slotted light text"]
    assert len(slotted) == 1 and not slotted[0].in_shadow


def test_same_origin_iframe_inlined(basic) -> None:
    _, doc = basic
    frame = by_id(doc, "frame")
    assert frame.frame is not None and frame.frame.title == "Inner frame"
    inner = by_id(doc, "inner")
    (text,) = texts(inner)
    assert text.text == "Frame content" and text.styles["color"] == "rgb(0, 0, 200)"
    # iframe at (700, 30) + 5 px border + 10 px body margin, in page coordinates.
    assert abs(inner.box.x - 715) <= 1 and abs(inner.box.y - 45) <= 1
    # A cross-origin frame's document is out of reach: it is an image of its pixels instead.
    xframe = by_id(doc, "xframe")
    assert xframe.children == [] and [i.source for i in xframe.images] == ["snapshot"]
    assert not any("cross-origin" in w for w in doc.warnings)


def test_form_values_and_placeholders(basic) -> None:
    _, doc = basic

    def form(element_id: str) -> Any:
        state = by_id(doc, element_id).form
        assert state is not None
        return state

    assert (form("name").value, form("name").placeholder) == ("Grace Hopper", "Your name")
    assert (form("email").value, form("email").placeholder) == ("", "you@example.com")
    assert form("agree").checked is True
    assert form("pw").value == "\u2022" * 6  # masked
    assert (form("msg").value, form("msg").placeholder) == ("Typed text", "Say hi")
    assert form("pick").value == "Two"
    # The ::placeholder colour, so a page that hides its placeholders keeps them hidden.
    assert form("email").placeholder_color == "rgb(200, 0, 0)"
    assert form("floating").placeholder_color == "rgba(0, 0, 0, 0)"
    assert form("name").placeholder_color is not None


def test_paint_order_and_hidden(basic) -> None:
    _, doc = basic
    low, high, neg = by_id(doc, "zlow"), by_id(doc, "zhigh"), by_id(doc, "zneg")
    body = doc.root.children[0]
    assert isinstance(body, ElementNode) and body.tag == "body"
    assert neg.paint_order < body.paint_order < by_id(doc, "hero").paint_order
    assert by_id(doc, "fontuser").paint_order < low.paint_order < high.paint_order
    assert (low.z_index, high.z_index, neg.z_index) == (1, 5, -1)
    assert all(n.attrs.get("id") != "hidden" for n in walk(doc.root) if isinstance(n, ElementNode))
    assert all("Never rendered" not in t.text for t in texts(doc.root))


# --- lazy content, smooth scrolling, readySelector -----------------------------------------


def test_lazy_content_and_smooth_scroll(browser: Browser, base_url: str) -> None:
    bundle, doc = run(browser, base_url + "lazy.html")
    assert any(t.text == "Revealed by scrolling" for t in texts(doc.root))
    (lazy,) = by_id(doc, "lazyimg").images
    assert lazy.sha256 == sha((FIXTURES / "lazy.png").read_bytes())
    assert lazy.sha256 in bundle.assets
    # The page smooth-scrolls itself on load; boxes are read back at the top, settled.
    assert (doc.document.scroll.x, doc.document.scroll.y) == (0, 0)
    assert_box(by_id(doc, "bar").box, {"x": 0, "y": 0, "width": 1000, "height": 40})
    assert_box(by_id(doc, "marker").box, {"x": 100, "y": 1800, "width": 80, "height": 40})
    image = Image.open(io.BytesIO(bundle.screenshot_png)).convert("RGB")
    assert image.size == (1000, int(doc.document.page_height))
    assert image.getpixel((500, 20)) == (30, 30, 30)  # the fixed bar, at the top


def test_ready_selector_waits(browser: Browser, base_url: str) -> None:
    _, doc = run(browser, base_url + "ready.html", ready="#late")
    assert "Rendered late" in [t.text for t in texts(doc.root)]


def test_ready_selector_timeout_fails_safely(browser: Browser, base_url: str) -> None:
    with pytest.raises(CaptureFailed) as info:
        run(browser, base_url + "ready.html", ready="main.never", limits=CaptureLimits(ready_selector_timeout_s=1))
    assert info.value.safe_message == "readySelector 'main.never' did not appear within 1 s"
    assert info.value.code == "ready_selector_timeout"


def test_time_budget_fails_safely(browser: Browser, base_url: str) -> None:
    with pytest.raises(CaptureFailed) as info:
        run(browser, base_url + "ready.html", ready="#never", limits=CaptureLimits(time_budget_s=1.5))
    assert info.value.code == "budget_exceeded"
    assert info.value.safe_message == "The capture did not finish within its 1.5 s time budget."


def test_navigation_failures_fail_safely(browser: Browser, base_url: str) -> None:
    with pytest.raises(CaptureFailed) as info:
        run(browser, base_url + "missing.html")
    assert info.value.code == "navigation_failed"
    assert info.value.safe_message == f"Could not load {base_url}missing.html (HTTP 404)."
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{s.getsockname()[1]}/"
    with pytest.raises(CaptureFailed) as info:
        run(browser, closed)
    assert info.value.safe_message == f"Could not load {closed} (net::ERR_CONNECTION_REFUSED)."
    assert "Traceback" not in info.value.safe_message


# --- limits ----------------------------------------------------------------------------------


def test_dom_node_limit_truncates_with_warning(browser: Browser, base_url: str) -> None:
    _, doc = run(browser, base_url + "big.html?n=60", limits=CaptureLimits(max_dom_nodes=200))
    assert doc.stats.truncated
    assert doc.stats.elements + doc.stats.texts == 200
    assert sum(1 for _ in walk(doc.root)) == 200
    assert "DOM truncated: more than 200 nodes; the rest was left out" in doc.warnings


def test_page_height_limit_truncates_with_warning(browser: Browser, base_url: str) -> None:
    bundle, doc = run(browser, base_url + "tall.html", width=800, limits=CaptureLimits(max_page_height=2500))
    assert doc.document.full_page_height == 5000 and doc.document.page_height == 2500
    image = Image.open(io.BytesIO(bundle.screenshot_png)).convert("RGB")
    assert image.size == (800, 2500)
    assert image.getpixel((10, 2490)) == (255, 0, 0)  # band 3 (2000-3000 px) is red
    ids = {n.attrs.get("id") for n in walk(doc.root) if isinstance(n, ElementNode)}
    assert {"b1", "b2", "b3"} <= ids and not ids & {"b4", "b5"}
    assert "page is 5000 px tall; captured the top 2500 px" in doc.warnings


def test_asset_size_limit_skips_with_warning(browser: Browser, base_url: str) -> None:
    bundle, doc = run(browser, base_url + "basic.html", limits=CaptureLimits(max_asset_bytes=120))
    photo = by_id(doc, "photo").images[0]
    assert photo.sha256 is None  # 122 bytes
    assert any(w.startswith(f"asset {photo.url} skipped: 122 bytes") for w in doc.warnings)
    assert all(len(data) <= 120 for data in bundle.assets.values())


def test_viewport_too_large_fails_safely(browser: Browser, base_url: str) -> None:
    with pytest.raises(CaptureFailed) as info:
        run(
            browser,
            base_url + "basic.html",
            width=4000,
            height=3000,
            scale=2,
            limits=CaptureLimits(max_screenshot_pixels=10_000_000),
        )
    assert info.value.code == "page_too_large"


# --- schema consistency ----------------------------------------------------------------------


def test_style_defaults_are_chromium_initial_values(browser: Browser) -> None:
    page = browser.new_page()
    try:
        page.set_content("<span id=s>x</span>")
        actual = page.evaluate(
            """(names) => {
                 const cs = getComputedStyle(document.getElementById('s'));
                 return Object.fromEntries(names.map((n) => [n, cs.getPropertyValue(n)]));
               }""",
            list(STYLE_DEFAULTS),
        )
    finally:
        page.close()
    assert actual == STYLE_DEFAULTS


def test_rendered_font_is_the_face_that_drew_the_text(browser: Browser, base_url: str) -> None:
    """CSS.getPlatformFontsForNode: a stack whose first family is not installed names the face
    Chromium fell back to; a page's @font-face is flagged custom; texts sharing a stack share it."""
    _, doc = run(browser, base_url + "fonts.html")
    first, second, bold, web, mono = (texts(by_id(doc, i))[0] for i in ("first", "second", "bold", "web", "mono"))
    for text in (first, second, bold):
        assert text.rendered_font is not None
        assert text.rendered_font.family == "Liberation Serif" and not text.rendered_font.custom
    assert bold.rendered_font is not None and bold.rendered_font.post_script_name == "LiberationSerif-Bold"
    assert web.rendered_font is not None and web.rendered_font.custom
    assert mono.rendered_font is not None and mono.rendered_font.family == "Liberation Mono"
    assert not any("rendered font" in w for w in doc.warnings)


def test_installed_web_families_draw_the_text_they_are_asked_for(browser: Browser, base_url: str) -> None:
    """fonts/install.sh: the @fontsource families render (Montserrat at its weight), and a page
    asking for Mulish's old name 'Muli' gets Mulish (fontconfig alias Chromium accepts)."""
    installed = subprocess.run(["bash", str(REPO_ROOT / "fonts/install.sh"), "--check"], check=False).returncode
    assert installed == 0, "the web fonts are not installed (make setup does it; or: sudo bash fonts/install.sh)"
    _, doc = run(browser, base_url + "fonts.html")
    muli, montserrat = (texts(by_id(doc, i))[0] for i in ("muli", "montserrat"))
    assert muli.rendered_font is not None and muli.rendered_font.family == "Mulish"
    assert montserrat.rendered_font is not None and montserrat.rendered_font.family == "Montserrat"
    assert montserrat.rendered_font.post_script_name == "Montserrat-SemiBold"


def test_a_space_collapsed_from_indentation_before_an_inline_element_is_kept(browser: Browser, base_url: str) -> None:
    """'Clarence\\n    <span>Taylor</span>': the space between the runs is drawn at the first
    character of the whitespace run; losing it glued the words together ('ClarenceTaylor')."""
    _, doc = run(browser, base_url + "fonts.html")
    first, second = texts(by_id(doc, "name"))[:2]
    assert first.line_boxes[0].text == "Clarence " and second.line_boxes[0].text == "Taylor"
