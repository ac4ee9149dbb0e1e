"""The pydantic models of capture.json, version 1 (conventions in the package docstring)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from pageport.capture.schema.properties import STYLE_DEFAULTS

SCHEMA_VERSION: Literal[1] = 1


class _Model(BaseModel):
    """camelCase on the wire, snake_case in Python; unknown keys ignored (additive versions)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="ignore")


class Box(_Model):
    """A rectangle in page CSS pixels."""

    x: float = Field(description="Left edge, page CSS px.")
    y: float = Field(description="Top edge, page CSS px (document top is 0).")
    width: float = Field(description="Width in CSS px.")
    height: float = Field(description="Height in CSS px.")


class Size(_Model):
    """A width and height in CSS px."""

    width: float = Field(description="Width in CSS px.")
    height: float = Field(description="Height in CSS px.")


class Point(_Model):
    """A position in CSS px."""

    x: float = Field(description="Horizontal position, CSS px.")
    y: float = Field(description="Vertical position, CSS px.")


class DocumentInfo(_Model):
    """The captured page as a whole."""

    url: str = Field(description="Final URL after redirects.")
    requested_url: str = Field(description="URL the job asked for.")
    title: str = Field(description="document.title.")
    lang: str | None = Field(default=None, description="<html lang>, if any.")
    viewport: Size = Field(description="Viewport the page was laid out in, CSS px.")
    device_scale_factor: float = Field(description="Device pixels per CSS px of the screenshot.")
    page_width: float = Field(description="Captured page width, CSS px (= viewport width).")
    page_height: float = Field(description="Captured page height, CSS px (capped at the limit; see fullPageHeight).")
    full_page_height: float = Field(description="The page's own scroll height before capping.")
    scroll: Point = Field(description="Window scroll offset when boxes were read (0, 0).")
    background_color: str = Field(description="Canvas background: the root's, else body's, else white (rgb/rgba).")
    screenshot_size: Size = Field(description="screenshot.png size in device pixels (pageWidth x pageHeight x scale).")
    color_scheme: Literal["light", "dark"] = Field(
        default="light", description="The prefers-color-scheme the page was rendered with."
    )
    theme_switch: str | None = Field(
        default=None,
        description="The page's own theme switch the capture set on <html> for that scheme "
        '(`[data-theme="dark"]`, `.dark`), if its stylesheets have one.',
    )


class ImageRef(_Model):
    """An image drawn by an element: <img>, <video poster>, <canvas>, CSS background, content."""

    source: Literal["img", "poster", "canvas", "background", "content", "input", "svg-image", "marker", "snapshot"] = (
        Field(
            description="Where the element gets it from; 'marker': a list-style-image; 'snapshot': the element's "
            "own pixels as the page showed them, for what nodes cannot draw (see `reason`)."
        )
    )
    url: str | None = Field(
        default=None,
        description="Absolute URL (currentSrc for <img>); None for canvas snapshots.",
    )
    sha256: str | None = Field(default=None, description="Key into CaptureDocument.assets; None if not retrievable.")
    natural_width: float | None = Field(default=None, description="Intrinsic width, px.")
    natural_height: float | None = Field(default=None, description="Intrinsic height, px.")
    layer: int | None = Field(
        default=None,
        description="For backgrounds: index among the background-image layers (0 = top).",
    )
    box: Box | None = Field(
        default=None,
        description="For snapshots: the page rect the pixels cover (the element and its descendants' boxes).",
    )
    reason: str | None = Field(
        default=None, description="For snapshots: why the element is an image (e.g. 'transform matrix(...)')."
    )


class PseudoElement(_Model):
    """A rendered ::before or ::after."""

    content: str = Field(
        description="Generated text: strings, attr() and quotes resolved; counter() values "
        "are not readable from script and left out; '' for images and empty content."
    )
    box: Box | None = Field(default=None, description="Border box, page CSS px, if known.")
    box_estimated: bool = Field(
        default=True,
        description="True when the box was derived from styles rather than measured layout.",
    )
    styles: dict[str, str] = Field(
        default_factory=dict,
        description="Computed styles (ELEMENT_STYLE_PROPERTIES + content), defaults omitted.",
    )
    images: list[ImageRef] = Field(default_factory=list, description="content: url(...) and background images.")


class Pseudo(_Model):
    """An element's generated boxes."""

    before: PseudoElement | None = Field(default=None, description="::before, if rendered.")
    after: PseudoElement | None = Field(default=None, description="::after, if rendered.")


class ListMarker(_Model):
    """The ::marker of a list item (display: list-item). It is not in the DOM: its text comes
    from list-style-type or ::marker content and the list-item counter (<ol start>, reversed,
    <li value>, counter-set/counter-increment: list-item), its box from the item's content edge,
    its first line's baseline and Chromium's marker geometry. Items with list-style-type none
    and no list-style-image are not asked for ::marker content (slow on menus, rarely set)."""

    kind: Literal["text", "symbol", "image"] = Field(
        description="text: a counter, string or ::marker content; symbol: disc, circle or square, "
        "which Chromium paints as shapes; image: list-style-image."
    )
    text: str = Field(
        description="The marker as drawn, suffix included ('3. ', 'iv. ', '→ '); for symbols the "
        "character ('•', '◦', '▪'); '' for images."
    )
    position: Literal["outside", "inside"] = Field(description="list-style-position.")
    box: Box = Field(
        description="Page CSS px. text: the marker text's inline box (font ascent + descent, as "
        "LineBox); symbol: the painted disc/circle/square; image: the image's rect."
    )
    baseline: float = Field(description="The first line's baseline the marker sits on, page CSS px.")
    styles: dict[str, str] = Field(description="The ::marker's TEXT_STYLE_PROPERTIES, all present.")
    image: ImageRef | None = Field(default=None, description="For kind image: the list-style-image.")
    fallback: bool = Field(
        default=False,
        description="list-style-type is one the capture does not know (an @counter-style, a national "
        "numbering): the text is the decimal counter instead.",
    )


class FormState(_Model):
    """Live state of <input>, <textarea>, <select>, <button>."""

    type: str | None = Field(default=None, description="<input type> (lowercase), else None.")
    value: str | None = Field(
        default=None,
        description="Current value; for <select> the selected option's text; masked for passwords.",
    )
    placeholder: str | None = Field(default=None, description="placeholder attribute.")
    placeholder_color: str | None = Field(
        default=None,
        description="Computed ::placeholder colour (transparent where a page hides it), when there is a placeholder.",
    )
    checked: bool | None = Field(default=None, description="For checkboxes and radios.")
    disabled: bool = Field(default=False, description="Whether the control is disabled.")


class FrameInfo(_Model):
    """A same-origin iframe whose document is inlined as the element's only child."""

    url: str = Field(description="The frame document's URL.")
    title: str = Field(description="The frame document's title.")


class LineBox(_Model):
    """One line (fragment) of a text node as laid out.

    The rectangle is the glyphs' inline box (font ascent + descent, as Range.getClientRects
    reports it), not the line-height box: centre it in ``line-height`` to place a text layer.
    """

    x: float = Field(description="Left edge, page CSS px.")
    y: float = Field(description="Top edge, page CSS px.")
    width: float = Field(description="Width, CSS px.")
    height: float = Field(description="Height, CSS px.")
    text: str = Field(
        description="The characters on this line, whitespace collapsed as rendered; a line that wrapped at a"
        " space ends with it (one), as a wrap between CJK characters does not."
    )
    lead_word: float | None = Field(
        default=None,
        description="Width of the line's first word (one CJK character; up to a space or hyphen otherwise), CSS"
        " px: the line before had less room than this. Absent for preformatted text.",
    )


class RenderedFont(_Model):
    """The face Chromium drew a text with (CDP CSS.getPlatformFontsForNode): the installed or
    web font that drew most of its glyphs, after font-family fallback and per-character fallback."""

    family: str = Field(
        description="Family name of the face (e.g. 'DejaVu Sans' when the page's first choice was missing)."
    )
    post_script_name: str = Field(default="", description="PostScript name of the face, when it has one.")
    custom: bool = Field(default=False, description="A web font the page loaded (@font-face), not an installed one.")


class TextNode(_Model):
    """A rendered DOM text node."""

    kind: Literal["text"] = Field(default="text", description="Discriminator.")
    id: int = Field(description="Document-order index, unique within the capture.")
    text: str = Field(description="Rendered text: the lines' texts joined with '\\n'.")
    line_boxes: list[LineBox] = Field(description="Line fragments, in order.")
    box: Box = Field(description="Union of the line boxes.")
    styles: dict[str, str] = Field(description="The parent element's TEXT_STYLE_PROPERTIES, all present.")
    in_shadow: bool = Field(default=False, description="Lives in an open shadow tree.")
    rendered_font: RenderedFont | None = Field(
        default=None,
        description="The face that drew most of the text's glyphs; absent when capture could not ask "
        "(its time budget, or more distinct fonts than it asks about).",
    )


class ElementNode(_Model):
    """A rendered element."""

    kind: Literal["element"] = Field(default="element", description="Discriminator.")
    id: int = Field(description="Document-order index, unique within the capture.")
    tag: str = Field(description="Lowercase tag name ('svg' for inline SVG roots).")
    attrs: dict[str, str] = Field(
        default_factory=dict,
        description="Present ones of: id, class, role, aria-label, alt, href (absolute), title, name, type, lang, dir.",
    )
    box: Box = Field(
        description="Border box as getBoundingClientRect reports it (so the axis-aligned "
        "bounds after transforms), page CSS px."
    )
    client_box: Box | None = Field(
        default=None,
        description="Padding box (inside borders, excluding scrollbars), when it differs.",
    )
    styles: dict[str, str] = Field(
        description="Computed ELEMENT_STYLE_PROPERTIES, values equal to STYLE_DEFAULTS omitted."
    )
    visible: bool = Field(
        description="False when visibility is hidden/collapse or opacity is 0 (children may still be visible)."
    )
    z_index: int | None = Field(default=None, description="Computed z-index; None for auto.")
    stacking_context: bool = Field(default=False, description="The element starts a stacking context.")
    paint_order: int = Field(
        description="Global painting order index (CSS 2.1 Appendix E, simplified): larger is "
        "painted later, i.e. on top."
    )
    in_shadow: bool = Field(default=False, description="Lives in an open shadow tree.")
    shadow_root: bool = Field(default=False, description="Has an open shadow root; its content is in children.")
    scroll: Point | None = Field(default=None, description="The element's own scroll offset when scrolled.")
    pseudo: Pseudo | None = Field(default=None, description="::before/::after, if any.")
    marker: ListMarker | None = Field(default=None, description="For a list item: its ::marker, if it draws one.")
    svg: str | None = Field(default=None, description="For an inline <svg>: its outerHTML (children not walked).")
    form: FormState | None = Field(default=None, description="For form controls.")
    images: list[ImageRef] = Field(default_factory=list, description="Images this element paints, top layer first.")
    frame: FrameInfo | None = Field(default=None, description="For a same-origin <iframe>: its document, inlined.")
    children: list[Node] = Field(default_factory=list, description="Flat-tree children.")

    def style(self, name: str) -> str | None:
        """The computed value of a captured property, defaults filled in."""
        return self.styles.get(name, STYLE_DEFAULTS.get(name))


Node = Annotated[ElementNode | TextNode, Field(discriminator="kind")]


class Asset(_Model):
    """A stored asset file (assets/{sha256})."""

    kind: Literal["image", "font", "svg", "canvas", "snapshot"] = Field(
        description="What it is ('snapshot': a crop of the screenshot, see ImageRef.source)."
    )
    mime: str = Field(description="Content type as served (or sniffed for data: URLs).")
    bytes: int = Field(description="Size of the stored file in bytes.")
    url: str | None = Field(default=None, description="First URL it was seen at; None for canvas.")
    family: str | None = Field(default=None, description="For fonts: the CSS font-family.")
    width: float | None = Field(default=None, description="For images: intrinsic width, px.")
    height: float | None = Field(default=None, description="For images: intrinsic height, px.")


class FontFace(_Model):
    """A font face the page uses (a family appearing in some rendered font-family)."""

    family: str = Field(description="CSS font-family name as declared.")
    weight: str = Field(default="400", description="Declared font-weight (may be a range).")
    style: str = Field(default="normal", description="Declared font-style.")
    stretch: str = Field(default="normal", description="Declared font-stretch.")
    unicode_range: str | None = Field(default=None, description="Declared unicode-range.")
    url: str | None = Field(default=None, description="src URL that was loaded, if web font.")
    sha256: str | None = Field(default=None, description="Stored font file, if retrieved.")
    status: str = Field(description="FontFace.status: loaded, unloaded, error, loading, system.")


class CustomProperty(_Model):
    """A CSS custom property the page declares, resolved on its root element."""

    name: str = Field(description="The property, with its dashes ('--brand-primary').")
    value: str = Field(description="Its value at the root, as the browser serializes it.")
    uses: list[str] = Field(
        default_factory=list,
        description="What the page's rules use it for through var(): color, background, border, shadow, "
        "font-size, font-family, font-weight, line-height, letter-spacing, radius, spacing.",
    )
    color: str | None = Field(default=None, description="The computed colour it stands for (rgb/rgba), if a colour.")
    length: float | None = Field(default=None, description="The length it stands for in CSS px, if a length.")


class CaptureStats(_Model):
    """Counts for diagnostics."""

    elements: int = Field(description="Element nodes in the tree.")
    texts: int = Field(description="Text nodes in the tree.")
    truncated: bool = Field(default=False, description="The tree was cut short by a limit (see warnings).")


class ProbeLayout(_Model):
    """The same page laid out again at another viewport width, after the walk and the screenshot:
    where each walked box went. Which edges moved says how a box sizes (fills its parent, keeps
    its width, stays centred or at the right) where computed styles give only resolved pixels."""

    width: int = Field(description="The viewport width of this layout, CSS px.")
    boxes: dict[str, tuple[float, float, float, float]] = Field(
        default_factory=dict,
        description="By element or text id: [x, y, width, height] in page CSS px at this width. An id "
        "missing had no box (removed, hidden or in a frame's own document).",
    )


class CaptureDocument(_Model):
    """capture.json."""

    version: Literal[1] = Field(default=SCHEMA_VERSION, description="Schema version.")
    document: DocumentInfo = Field(description="Page-level facts.")
    root: ElementNode = Field(description="The <html> element.")
    assets: dict[str, Asset] = Field(default_factory=dict, description="Stored assets by SHA-256 (lowercase hex).")
    fonts: list[FontFace] = Field(default_factory=list, description="Font faces in use.")
    custom_properties: list[CustomProperty] = Field(
        default_factory=list, description="The page's CSS custom properties, resolved on the root element."
    )
    stats: CaptureStats = Field(description="Tree size and truncation.")
    probes: list[ProbeLayout] = Field(
        default_factory=list, description="The page laid out at nearby widths (one narrower, one wider)."
    )
    warnings: list[str] = Field(default_factory=list, description="What was truncated, skipped or not retrievable.")


ElementNode.model_rebuild()
