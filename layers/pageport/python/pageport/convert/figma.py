"""Figma REST API node shapes (the subset Pageport emits), as TypedDicts.

The result tree is built as plain dicts (serialized once, canonically); TypedDicts give the
shapes static checking without a per-node validation cost. Field names and enum values follow
the Figma REST API (`FrameNode`, `TextNode`, `Paint`, `Effect`, `TypeStyle`, ...). The one
extension is the `pageport` key (see `PageportExtension`), which Figma ignores and the plugin
reads.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict  # pydantic reads its TypedDicts (the result schema) on Python 3.11

NodeType = Literal["FRAME", "GROUP", "RECTANGLE", "TEXT", "VECTOR", "ELLIPSE", "COMPONENT", "COMPONENT_SET", "INSTANCE"]
BlendMode = Literal[
    "PASS_THROUGH",
    "NORMAL",
    "DARKEN",
    "MULTIPLY",
    "LINEAR_BURN",
    "COLOR_BURN",
    "LIGHTEN",
    "SCREEN",
    "LINEAR_DODGE",
    "COLOR_DODGE",
    "OVERLAY",
    "SOFT_LIGHT",
    "HARD_LIGHT",
    "DIFFERENCE",
    "EXCLUSION",
    "HUE",
    "SATURATION",
    "COLOR",
    "LUMINOSITY",
]
ScaleMode = Literal["FILL", "FIT", "TILE", "STRETCH"]
PaintType = Literal["SOLID", "GRADIENT_LINEAR", "GRADIENT_RADIAL", "IMAGE"]


class RGBA(TypedDict):
    r: float
    g: float
    b: float
    a: float


class Vector(TypedDict):
    x: float
    y: float


class Rectangle(TypedDict):
    x: float
    y: float
    width: float
    height: float


class ColorStop(TypedDict):
    position: float
    color: RGBA


class VariableAlias(TypedDict):
    type: Literal["VARIABLE_ALIAS"]
    id: str  # a key of result.variables


class Paint(TypedDict):
    type: PaintType
    blendMode: BlendMode
    boundVariables: NotRequired[dict[Literal["color"], VariableAlias]]  # SOLID: its colour variable
    visible: NotRequired[bool]
    opacity: NotRequired[float]
    # SOLID
    color: NotRequired[RGBA]
    # GRADIENT_*: handles in normalized object space (0,0 top-left .. 1,1 bottom-right)
    gradientHandlePositions: NotRequired[list[Vector]]
    gradientStops: NotRequired[list[ColorStop]]
    # IMAGE
    scaleMode: NotRequired[ScaleMode]
    imageRef: NotRequired[str]
    imageTransform: NotRequired[list[list[float]]]
    scalingFactor: NotRequired[float]


class Effect(TypedDict):
    type: Literal["DROP_SHADOW", "INNER_SHADOW", "LAYER_BLUR", "BACKGROUND_BLUR"]
    visible: bool
    radius: float
    color: NotRequired[RGBA]
    blendMode: NotRequired[BlendMode]
    offset: NotRequired[Vector]
    spread: NotRequired[float]
    showShadowBehindNode: NotRequired[bool]


class StrokeWeights(TypedDict):
    top: float
    right: float
    bottom: float
    left: float


class Hyperlink(TypedDict):
    type: Literal["URL"]
    url: str


class TypeStyle(TypedDict, total=False):
    fontFamily: str
    fontPostScriptName: str | None
    fontStyle: str
    italic: bool
    fontWeight: float
    fontSize: float
    textCase: Literal["ORIGINAL", "UPPER", "LOWER", "TITLE", "SMALL_CAPS"]
    textDecoration: Literal["NONE", "STRIKETHROUGH", "UNDERLINE"]
    textAutoResize: Literal["NONE", "WIDTH_AND_HEIGHT", "HEIGHT", "TRUNCATE"]
    textAlignHorizontal: Literal["LEFT", "RIGHT", "CENTER", "JUSTIFIED"]
    textAlignVertical: Literal["TOP", "CENTER", "BOTTOM"]
    letterSpacing: float
    lineHeightPx: float
    lineHeightPercentFontSize: float
    lineHeightUnit: Literal["PIXELS", "FONT_SIZE_%", "INTRINSIC_%"]
    fills: list[Paint]
    hyperlink: Hyperlink | None  # None in an override: the run has no link though the base does
    textStyleId: str  # in a styleOverrideTable entry: the text style of the run (a key of result.styles)


class PageportExtension(TypedDict, total=False):
    """Data only Pageport's plugin understands (Figma ignores unknown keys)."""

    svg: str  # inline SVG markup: the plugin calls figma.createNodeFromSvg(svg)
    tag: str  # the source element's tag ("icon" for an icon-font glyph)
    classes: list[str]  # the source element's classes, in order
    fontFallback: str  # the captured family that was replaced by style.fontFamily
    position: Literal["fixed", "sticky"]
    autoLayout: bool  # on a frame from a flex container: whether it kept auto layout


class LayoutConstraint(TypedDict):
    horizontal: Literal["LEFT", "RIGHT", "CENTER", "LEFT_RIGHT", "SCALE"]
    vertical: Literal["TOP", "BOTTOM", "CENTER", "TOP_BOTTOM", "SCALE"]


class ComponentPropertyValue(TypedDict):
    type: Literal["TEXT"]
    value: str


class Override(TypedDict):
    id: str  # a layer of the instance
    overriddenFields: list[str]


class Node(TypedDict):
    id: str
    name: str
    type: NodeType
    absoluteBoundingBox: Rectangle
    visible: NotRequired[bool]
    blendMode: NotRequired[BlendMode]
    opacity: NotRequired[float]
    children: NotRequired[list[Node]]
    fills: NotRequired[list[Paint]]
    strokes: NotRequired[list[Paint]]
    strokeWeight: NotRequired[float]
    strokeAlign: NotRequired[Literal["INSIDE", "OUTSIDE", "CENTER"]]
    strokeDashes: NotRequired[list[float]]
    individualStrokeWeights: NotRequired[StrokeWeights]
    cornerRadius: NotRequired[float]
    rectangleCornerRadii: NotRequired[list[float]]
    effects: NotRequired[list[Effect]]
    clipsContent: NotRequired[bool]
    rotation: NotRequired[float]
    # auto layout (FRAME)
    layoutMode: NotRequired[Literal["NONE", "HORIZONTAL", "VERTICAL", "GRID"]]
    # GRID (convert.grid): FIXED tracks in px, one gap each way; children name their cell.
    gridRowCount: NotRequired[int]
    gridColumnCount: NotRequired[int]
    gridRowGap: NotRequired[float]
    gridColumnGap: NotRequired[float]
    gridRowSizes: NotRequired[list[float]]
    gridColumnSizes: NotRequired[list[float]]
    gridRowAnchorIndex: NotRequired[int]
    gridColumnAnchorIndex: NotRequired[int]
    layoutWrap: NotRequired[Literal["NO_WRAP", "WRAP"]]
    primaryAxisSizingMode: NotRequired[Literal["FIXED", "AUTO"]]
    counterAxisSizingMode: NotRequired[Literal["FIXED", "AUTO"]]
    primaryAxisAlignItems: NotRequired[Literal["MIN", "CENTER", "MAX", "SPACE_BETWEEN"]]
    counterAxisAlignItems: NotRequired[Literal["MIN", "CENTER", "MAX", "BASELINE"]]
    itemSpacing: NotRequired[float]
    counterAxisSpacing: NotRequired[float]
    paddingLeft: NotRequired[float]
    paddingRight: NotRequired[float]
    paddingTop: NotRequired[float]
    paddingBottom: NotRequired[float]
    layoutPositioning: NotRequired[Literal["AUTO", "ABSOLUTE"]]
    layoutAlign: NotRequired[Literal["INHERIT", "STRETCH", "MIN", "CENTER", "MAX"]]
    layoutGrow: NotRequired[float]
    # The width auto layout may stretch or grow the child to, at least and at most.
    minWidth: NotRequired[float]
    maxWidth: NotRequired[float]
    # Keeps its proportions when auto layout or constraints resize it (Figma's aspect ratio lock).
    preserveRatio: NotRequired[bool]
    scrollBehavior: NotRequired[Literal["SCROLLS", "FIXED", "STICKY_SCROLLS"]]
    # TEXT
    characters: NotRequired[str]
    style: NotRequired[TypeStyle]
    characterStyleOverrides: NotRequired[list[int]]
    styleOverrideTable: NotRequired[dict[str, TypeStyle]]
    # Tokens (result.variables, result.styles): FLOAT variables bound to layout and radius
    # fields, and the node's text and effect styles.
    boundVariables: NotRequired[dict[str, VariableAlias]]
    styles: NotRequired[dict[Literal["text", "effect"], str]]
    # A site design's page frame: the mode of each collection it shows (collection id -> mode id).
    explicitVariableModes: NotRequired[dict[str, str]]
    # Components (result.components): a main's layers follow `constraints` when an instance is
    # resized; a main's TEXT layer may show a TEXT property; an INSTANCE names its main, the
    # property values it sets and the layers whose listed fields it overrides.
    constraints: NotRequired[LayoutConstraint]
    componentPropertyReferences: NotRequired[dict[Literal["characters"], str]]
    componentId: NotRequired[str]
    componentProperties: NotRequired[dict[str, ComponentPropertyValue]]
    overrides: NotRequired[list[Override]]
    pageport: NotRequired[PageportExtension]


# ---------------------------------------------------------------- the result (result.json)


class Mode(TypedDict):
    modeId: str
    name: str


class VariableCollection(TypedDict):
    """result.variableCollections: the REST API's local variable collection."""

    id: str
    name: str  # the site's host: a second import of the site reuses the collection by name
    modes: list[Mode]
    defaultModeId: str
    variableIds: list[str]


class Variable(TypedDict):
    """result.variables: a COLOR (opaque RGBA; a paint's alpha stays its opacity) or FLOAT (px)."""

    id: str
    name: str
    resolvedType: Literal["COLOR", "FLOAT"]
    valuesByMode: dict[str, RGBA | float]
    variableCollectionId: str
    scopes: list[str]
    codeSyntax: dict[Literal["WEB"], str]  # WEB: "var(--x)" where the page named the value


class Style(TypedDict):
    """result.styles: a text style (`style`) or an effect style (`effects`)."""

    id: str
    name: str
    styleType: Literal["TEXT", "EFFECT"]
    style: NotRequired[TypeStyle]
    effects: NotRequired[list[Effect]]


class ComponentPropertyDefinition(TypedDict):
    type: Literal["TEXT"]
    defaultValue: str


class Component(TypedDict):
    """result.components: a main component; INSTANCE nodes name it by `componentId`."""

    id: str
    name: str
    description: str
    componentPropertyDefinitions: dict[str, ComponentPropertyDefinition]
    node: Node  # type COMPONENT


class ImageMeta(TypedDict):
    sha256: str
    mime: Literal["image/png", "image/jpeg", "image/gif"]
    width: float
    height: float


class Fonts(TypedDict):
    used: list[str]
    fallbacks: dict[str, str]


class Result(TypedDict):
    """result.json: the page's node tree and what it references (docs/result-format.md)."""

    version: int
    document: Node
    images: dict[str, ImageMeta]
    fonts: Fonts
    warnings: list[str]
    variableCollections: NotRequired[dict[str, VariableCollection]]
    variables: NotRequired[dict[str, Variable]]
    styles: NotRequired[dict[str, Style]]
    components: NotRequired[dict[str, Component]]
