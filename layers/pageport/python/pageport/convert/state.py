"""The state of one conversion: its inputs, deadline, warnings and what it has registered.

Every concern module (tree, paint, images, text, ...) takes it as its first argument.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pageport.capture.schema import CaptureDocument, CustomProperty, RenderedFont
from pageport.convert.figma import Node
from pageport.convert.fonts import FontResolver
from pageport.convert.nodes import Item
from pageport.convert.reflow import ProbeSource
from pageport.convert.text import StyleBuilder
from pageport.models.conversion import DEFAULT_OPTIONS, ConversionOptions


class ConversionOutOfTime(Exception):
    """The conversion passed its deadline."""


@dataclass
class SiteVariants:
    """A site design's page frames (convert.site), for the passes that work across them."""

    modes: tuple[str, ...]  # the variable collection's modes: ("Default",) or ("Light", "Dark")
    frames: list[tuple[Node, int]]  # every variant's page frame, with the index of the mode it shows
    counterparts: list[tuple[Node, Node]]  # (light frame, dark frame) of one breakpoint
    properties: list[list[CustomProperty]]  # per mode: the page's CSS custom properties in it


@dataclass
class ConversionState:
    doc: CaptureDocument
    assets: Mapping[str, bytes]
    options: ConversionOptions = DEFAULT_OPTIONS
    deadline: float | None = None  # a `clock()` value: checked per element, text run and pseudo-element
    clock: Callable[[], float] = time.monotonic
    warnings: list[str] = field(default_factory=list)
    images: dict[str, dict[str, Any]] = field(default_factory=dict)
    carried: dict[str, bytes] = field(default_factory=dict)  # by the SHA-256 of these bytes
    # Source asset SHA-256 -> (carried SHA-256, pixel width, height), None if not drawable.
    formats: dict[str, tuple[str, int, int] | None] = field(default_factory=dict)
    hoisted: list[Item] = field(default_factory=list)  # fixed boxes, drawn on the page itself
    # The tree walk (tree.py): boxes on their way up to an ancestor's frame (painted below their
    # parent, or not clipped by it), the depth of the element being converted (<html> is 1),
    # and the depth of the containing block for absolute boxes there.
    lifted: list[Item] = field(default_factory=list)
    depth: int = 0
    containing: int = 0
    # By id() of a node: its paint order, the latest order painted by it or inside it through
    # open frames (FRAMEs of elements that start no stacking context, clip nothing and have no
    # auto layout: what is inside them may paint over their later siblings), and those frames.
    # (open_frames holds the nodes so that no id() is reused while the walk runs.)
    orders: dict[int, float] = field(default_factory=dict)
    reach: dict[int, float] = field(default_factory=dict)
    open_frames: dict[int, Node] = field(default_factory=dict)
    where: str = "page"  # what warn() names: the element or pseudo-element being converted
    # The transforms around the element being converted: the scale its text is drawn at (its
    # computed font size is not), and whether one turns or skews it (its text's captured boxes are
    # then bounding boxes, wider than the text).
    text_scale: float = 1.0
    turned: bool = False
    # Memo of text_nodes.is_inline_text, keyed by id() (the doc keeps every element alive).
    inline_memo: dict[int, bool] = field(default_factory=dict)
    icon_fonts: Any = None  # convert.icons.IconFonts: the parsed icon-font files, made on first use
    # By id() of a node: whether the walk placed it in the flow of its parent's content (not
    # absolute, fixed, lifted or raised; the last level it was placed at wins). Auto layout may
    # place these; it keeps every other child (and the layers of a parent's own paint, absent
    # here) where it is, with layoutPositioning ABSOLUTE.
    in_flow: dict[int, bool] = field(default_factory=dict)
    # By id() of a flex container the walk kept at absolute positions: the index of the warning
    # that says why, which the flow_layout pass withdraws where it lays the frame out after all.
    refused_flex: dict[int, int] = field(default_factory=dict)
    # By id() of a node: the capture box its extent in the probe layouts comes from (convert.reflow).
    probe_sources: dict[int, ProbeSource] = field(default_factory=dict)
    # What the passes make (convert.passes): the page FRAME, and the images the result carries.
    root: Node | None = None
    tokens: Any = None  # convert.tokens.registry.TokenSet, made by the tokens pass
    components: list[Any] = field(default_factory=list)  # convert.components.build.Component
    result_images: dict[str, bytes] = field(default_factory=dict)
    variants: SiteVariants | None = None  # a site design's; None for one capture

    def __post_init__(self) -> None:
        web = [f.family for f in self.doc.fonts if f.url and f.status == "loaded"]
        self.fonts = FontResolver(web)
        self.text_styles = StyleBuilder(self._resolve_family, self.warn)

    @property
    def page(self) -> Node:
        """The page FRAME, once the build pass has made it."""
        assert self.root is not None, "the build pass runs first"
        return self.root

    def warn(self, what: str) -> None:
        self.warnings.append(f"{self.where}: {what}")

    def _resolve_family(self, family: str, rendered: RenderedFont | None = None) -> tuple[str, str | None]:
        used, replaced = self.fonts.resolve(family, rendered)
        return used, replaced

    def check_time(self) -> None:
        if self.deadline is not None and self.clock() > self.deadline:
            raise ConversionOutOfTime
