"""Random, valid pages from a grammar of what real pages do (hypothesis strategies).

A page is a tree of boxes: block and inline flow, flex (direction, justify, align, gap, wrap,
grow), grid (fr, minmax, repeat, named areas, spans), absolute/relative/sticky positions,
transforms, ::before/::after, borders, radii, shadows, gradients, a web font the page serves,
images with object-fit, overflow and clipping, text hidden in the ways pages hide it (sr-only,
clip, clip-path, display:none, visibility:hidden, opacity:0), right-to-left runs and CJK text.
Each page is self-contained HTML; its assets (an image, a web font) are written beside it by
`write_assets`. Shrinking takes a failure to a minimal page (fewer boxes, plainer styles).
"""

from __future__ import annotations

import html
import io
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import strategies as st
from PIL import Image

WEB_FONT_FILE = "gen-font.ttf"
WEB_FONT_FAMILY = "Gen Sans"
# A font the machine has (set-up installs it): served as the page's own web font.
_FONT_SOURCES = (
    Path("/usr/share/fonts/truetype/lato/Lato-Regular.ttf"),
    Path("/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"),
    Path("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"),
)

TEXTS = (
    "Pricing plans",
    "Read the documentation",
    "A longer paragraph of body text that wraps onto a second line in a narrow column.",
    "Sign in",
    "60% Complete",
    "日本語のテキストと English の混在",
    "中文排版测试",
    "مرحبا بالعالم",
    "שלום עולם",
    "हिन्दी पाठ",
    "ข้อความภาษาไทย",
    "한국어 문장",
    "Total: $1,024.50",
)
COLORS = ("#1f2937", "#2563eb", "#dc2626", "#f59e0b", "#10b981", "#ffffff", "#f3f4f6", "rgb(117, 117, 117)")
FAMILIES = ("Arial", "Georgia", "'Courier New'", "Roboto", "Lato", f"'{WEB_FONT_FAMILY}'", "sans-serif", "serif")
HIDDEN = {
    "sr-only": "position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
    "clip:rect(0,0,0,0);white-space:nowrap;border:0",
    "clip-path": "position:absolute;clip-path:inset(50%);white-space:nowrap",
    "display-none": "display:none",
    "visibility": "visibility:hidden",
    "opacity": "opacity:0",
}


@dataclass
class Box:
    """One element: its tag, inline style, text and children (pseudo-elements as styles)."""

    tag: str = "div"
    style: dict[str, str] = field(default_factory=dict)
    text: str | None = None
    children: list[Box] = field(default_factory=list)
    before: str | None = None  # ::before's declarations (content included)
    after: str | None = None
    attrs: dict[str, str] = field(default_factory=dict)


def _css(style: dict[str, str]) -> str:
    return ";".join(f"{k}:{v}" for k, v in style.items())


def render(root: Box, title: str = "Generated page") -> str:
    """The page as HTML: pseudo-elements become rules on generated class names."""
    rules: list[str] = []
    counter = iter(range(1, 1_000_000))

    def emit(box: Box) -> str:
        classes = []
        for where, decl in (("before", box.before), ("after", box.after)):
            if decl is not None:
                name = f"p{next(counter)}"
                classes.append(name)
                rules.append(f".{name}::{where}{{{decl}}}")
        attrs = "".join(f' {k}="{html.escape(v)}"' for k, v in box.attrs.items())
        cls = f' class="{" ".join(classes)}"' if classes else ""
        style = f' style="{html.escape(_css(box.style))}"' if box.style else ""
        if box.tag == "img":
            return f"<img{cls}{style}{attrs}>"
        inner = html.escape(box.text) if box.text is not None else ""
        inner += "".join(emit(c) for c in box.children)
        return f"<{box.tag}{cls}{style}{attrs}>{inner}</{box.tag}>"

    body = emit(root)
    font_face = f"@font-face{{font-family:'{WEB_FONT_FAMILY}';src:url({WEB_FONT_FILE})}}"
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{font_face}body{{margin:0;font-family:Arial}}"
        f"{''.join(rules)}</style></head><body>{body}</body></html>"
    )


def write_assets(folder: Path) -> None:
    """The image and web font generated pages refer to, written once into the served folder."""
    image = folder / "photo.png"
    if not image.exists():
        picture = Image.new("RGB", (240, 160))
        for x in range(240):
            for y in range(0, 160, 4):
                picture.putpixel((x, y), (x % 256, (y * 3) % 256, 160))
        buffer = io.BytesIO()
        picture.save(buffer, "PNG")
        image.write_bytes(buffer.getvalue())
    font = folder / WEB_FONT_FILE
    if not font.exists():
        source = next((p for p in _FONT_SOURCES if p.is_file()), None)
        if source is not None:
            shutil.copyfile(source, font)


# ---------------------------------------------------------------------------- the grammar

_lengths = st.sampled_from(["0", "4px", "8px", "12px", "16px", "24px", "1.5rem", "2em"])
_colors = st.sampled_from(COLORS)


@st.composite
def _decoration(draw: st.DrawFn) -> dict[str, str]:
    style: dict[str, str] = {}
    if draw(st.booleans()):
        style["background"] = draw(
            st.one_of(
                _colors,
                st.builds(lambda a, b: f"linear-gradient(90deg, {a}, {b})", _colors, _colors),
                st.builds(lambda a, b: f"radial-gradient(circle, {a}, {b})", _colors, _colors),
            )
        )
    if draw(st.booleans()):
        style["border"] = f"{draw(st.sampled_from(['1px', '2px', '4px']))} solid {draw(_colors)}"
    if draw(st.booleans()):
        style["border-radius"] = draw(st.sampled_from(["4px", "8px", "50%", "12px 0", "999px"]))
    if draw(st.booleans()):
        style["box-shadow"] = draw(st.sampled_from(["0 1px 3px rgba(0,0,0,.2)", "0 8px 24px rgba(0,0,0,.15)"]))
    if draw(st.booleans()):
        style["padding"] = draw(_lengths)
    if draw(st.booleans()):
        style["margin"] = draw(_lengths)
    if draw(st.integers(0, 9)) == 0:
        style["transform"] = draw(st.sampled_from(["rotate(3deg)", "scale(0.9)", "translate(10px, 4px)"]))
    if draw(st.integers(0, 7)) == 0:
        style["overflow"] = "hidden"
        style["height"] = draw(st.sampled_from(["40px", "80px"]))
    if draw(st.integers(0, 9)) == 0:
        style["opacity"] = "0.6"
    return style


@st.composite
def _text_box(draw: st.DrawFn) -> Box:
    words = draw(st.sampled_from(TEXTS))
    tag = draw(st.sampled_from(["p", "span", "h2", "a", "strong", "button", "label"]))
    style = {
        "font-family": draw(st.sampled_from(FAMILIES)),
        "font-size": draw(st.sampled_from(["12px", "14px", "16px", "20px", "32px"])),
        "color": draw(_colors),
    }
    if draw(st.booleans()):
        style["font-weight"] = draw(st.sampled_from(["300", "600", "700", "900"]))
    if draw(st.integers(0, 4)) == 0:
        style["font-style"] = "italic"
    if draw(st.integers(0, 5)) == 0:
        style["letter-spacing"] = "0.05em"
    box = Box(tag=tag, style=style, text=words)
    if any("\u0590" <= c <= "\u06ff" for c in words) or draw(st.integers(0, 9)) == 0:
        box.attrs["dir"] = "rtl"
    hidden = draw(st.sampled_from([None] * 8 + list(HIDDEN)))
    if hidden is not None:
        # Hidden text comes with a visible neighbour, as a label beside its icon does.
        label = Box(tag="span", style=dict(item.split(":", 1) for item in HIDDEN[hidden].split(";")), text=words)
        return Box(tag="div", children=[Box(tag="span", text="Visible label"), label])
    return box


@st.composite
def _image(draw: st.DrawFn) -> Box:
    width, height = draw(st.sampled_from([(120, 80), (200, 200), (64, 64), (300, 120)]))
    style = {
        "width": f"{width}px",
        "height": f"{height}px",
        "object-fit": draw(st.sampled_from(["fill", "cover", "contain"])),
    }
    if draw(st.booleans()):
        style["border-radius"] = draw(st.sampled_from(["8px", "50%"]))
    return Box(tag="img", style=style, attrs={"src": "photo.png", "alt": "A photo"})


def _leaf() -> st.SearchStrategy[Box]:
    return st.one_of(
        _text_box(), _text_box(), _image(), st.builds(lambda d: Box(style={**d, "min-height": "20px"}), _decoration())
    )


@st.composite
def _container(draw: st.DrawFn, children: st.SearchStrategy[list[Box]]) -> Box:
    kids = draw(children)
    style = draw(_decoration())
    layout = draw(st.sampled_from(["block", "flex", "flex", "grid", "inline"]))
    if layout == "flex":
        style["display"] = "flex"
        style["flex-direction"] = draw(st.sampled_from(["row", "column"]))
        style["justify-content"] = draw(
            st.sampled_from(["flex-start", "center", "space-between", "space-around", "flex-end"])
        )
        style["align-items"] = draw(st.sampled_from(["stretch", "center", "flex-start", "baseline"]))
        style["gap"] = draw(_lengths)
        if draw(st.booleans()):
            style["flex-wrap"] = "wrap"
        if kids and draw(st.booleans()):
            kids[0].style["flex"] = draw(st.sampled_from(["1", "1 1 0", "0 0 200px", "2"]))
    elif layout == "grid":
        style["display"] = "grid"
        columns = draw(
            st.sampled_from(
                ["repeat(3, 1fr)", "minmax(100px, 1fr) 2fr", "200px 1fr", "repeat(auto-fill, minmax(120px, 1fr))"]
            )
        )
        style["grid-template-columns"] = columns
        style["gap"] = draw(_lengths)
        if draw(st.integers(0, 3)) == 0 and len(kids) >= 2:
            style["grid-template-columns"] = "1fr 2fr"
            style["grid-template-areas"] = "'head head' 'side main'"
            kids[0].style["grid-area"] = "head"
            kids[1].style["grid-area"] = "main"
        elif kids and draw(st.booleans()):
            kids[0].style["grid-column"] = "span 2"
    elif layout == "inline":
        for kid in kids:
            kid.style.setdefault("display", "inline")
    position = draw(st.sampled_from(["static"] * 6 + ["relative", "sticky"]))
    if position != "static":
        style["position"] = position
        style["top"] = "0"
    if kids and draw(st.integers(0, 4)) == 0:
        # An absolutely positioned child of a positioned box (a badge, an overlay).
        style.setdefault("position", "relative")
        kids[-1].style.update({"position": "absolute", draw(st.sampled_from(["top", "bottom"])): "8px", "right": "8px"})
    box = Box(
        tag=draw(st.sampled_from(["div", "section", "nav", "ul", "header", "article"])), style=style, children=kids
    )
    if box.tag == "ul":
        box.children = [Box(tag="li", children=[kid]) for kid in kids]
    if draw(st.integers(0, 4)) == 0:
        box.before = draw(
            st.sampled_from(
                [
                    'content:"\\2022";color:#2563eb;margin-right:4px',
                    'content:"";display:block;height:2px;background:#dc2626',
                ]
            )
        )
    if draw(st.integers(0, 5)) == 0:
        box.after = 'content:"New";font-size:10px;background:#f59e0b;padding:2px 4px;border-radius:4px'
    if draw(st.integers(0, 9)) == 0:
        box.attrs["dir"] = "rtl"
    return box


def pages(max_leaves: int = 12) -> st.SearchStrategy[Box]:
    """A page: a body-wide box of nested boxes."""
    tree = st.recursive(
        _leaf(),
        lambda inner: _container(st.lists(inner, min_size=1, max_size=4)),
        max_leaves=max_leaves,
    )
    return st.builds(
        lambda kids: Box(tag="main", style={"padding": "16px"}, children=kids), st.lists(tree, min_size=1, max_size=3)
    )
