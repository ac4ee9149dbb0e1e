/**
 * The result format: Figma REST API node shapes, as the converter writes them. It is defined once,
 * by the Python types in `layers/pageport/python/pageport/convert/figma.py`, whose JSON Schema is
 * `docs/result.schema.json` (`make schema`); test/result-schema.test.ts checks these types against
 * it (every key the converter may write named, required as it requires; a few REST fields another
 * producer or the read-back may carry beside them, all optional).
 */

export type NodeType = "FRAME" | "GROUP" | "RECTANGLE" | "TEXT" | "VECTOR" | "ELLIPSE" | "COMPONENT" | "COMPONENT_SET" | "INSTANCE";

/** The result versions this plugin places (2: design tokens and components). */
export const RESULT_VERSIONS: readonly number[] = [1, 2, 3];

export type RestBlendMode =
  | "PASS_THROUGH"
  | "NORMAL"
  | "DARKEN"
  | "MULTIPLY"
  | "LINEAR_BURN"
  | "COLOR_BURN"
  | "LIGHTEN"
  | "SCREEN"
  | "LINEAR_DODGE"
  | "COLOR_DODGE"
  | "OVERLAY"
  | "SOFT_LIGHT"
  | "HARD_LIGHT"
  | "DIFFERENCE"
  | "EXCLUSION"
  | "HUE"
  | "SATURATION"
  | "COLOR"
  | "LUMINOSITY";

export interface RestRGBA {
  r: number;
  g: number;
  b: number;
  a: number;
}

export interface RestVector {
  x: number;
  y: number;
}

export interface RestRectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RestColorStop {
  position: number;
  color: RestRGBA;
}

export type RestScaleMode = "FILL" | "FIT" | "TILE" | "STRETCH";

/** A reference to a variable: a key of result.variables (or, read back, a Figma variable id). */
export interface RestVariableAlias {
  type: "VARIABLE_ALIAS";
  id: string;
}

export interface RestPaint {
  type: "SOLID" | "GRADIENT_LINEAR" | "GRADIENT_RADIAL" | "GRADIENT_ANGULAR" | "GRADIENT_DIAMOND" | "IMAGE";
  /** SOLID: the variable its color is bound to. */
  boundVariables?: { color?: RestVariableAlias };
  blendMode: RestBlendMode;
  visible?: boolean;
  opacity?: number;
  color?: RestRGBA;
  /** Normalized object space (0,0 top-left .. 1,1 bottom-right): start, end, width handle. */
  gradientHandlePositions?: RestVector[];
  gradientStops?: RestColorStop[];
  scaleMode?: RestScaleMode;
  imageRef?: string;
  /** 2x3: node-normalized space → image-normalized space (the visible crop). */
  imageTransform?: number[][];
  scalingFactor?: number;
}

export interface RestEffect {
  type: "DROP_SHADOW" | "INNER_SHADOW" | "LAYER_BLUR" | "BACKGROUND_BLUR";
  visible: boolean;
  radius: number;
  color?: RestRGBA;
  blendMode?: RestBlendMode;
  offset?: RestVector;
  spread?: number;
  showShadowBehindNode?: boolean;
}

export interface StrokeWeights {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export type LineHeightUnit = "PIXELS" | "FONT_SIZE_%" | "INTRINSIC_%";

/** A run's link, as the REST API writes it (the Plugin API's HyperlinkTarget uses `value`). */
export interface Hyperlink {
  type: "URL";
  url: string;
}

export interface TypeStyle {
  fontFamily?: string;
  fontPostScriptName?: string | null;
  fontStyle?: string;
  italic?: boolean;
  fontWeight?: number;
  fontSize?: number;
  textCase?: "ORIGINAL" | "UPPER" | "LOWER" | "TITLE" | "SMALL_CAPS" | "SMALL_CAPS_FORCED";
  textDecoration?: "NONE" | "STRIKETHROUGH" | "UNDERLINE";
  textAutoResize?: "NONE" | "WIDTH_AND_HEIGHT" | "HEIGHT" | "TRUNCATE";
  textAlignHorizontal?: "LEFT" | "RIGHT" | "CENTER" | "JUSTIFIED";
  textAlignVertical?: "TOP" | "CENTER" | "BOTTOM";
  letterSpacing?: number;
  lineHeightPx?: number;
  lineHeightPercentFontSize?: number;
  lineHeightUnit?: LineHeightUnit;
  fills?: RestPaint[];
  /** In a styleOverrideTable entry, null = this run has no link although the base style has one. */
  hyperlink?: Hyperlink | null;
  /** In a styleOverrideTable entry: the text style of the run (a key of result.styles). */
  textStyleId?: string;
}

export interface PageportExtension {
  /** Inline SVG markup: the plugin calls figma.createNodeFromSvg(svg). */
  svg?: string;
  tag?: string;
  /** The source element's classes, in order. */
  classes?: string[];
  /** The captured family that style.fontFamily replaced. */
  fontFallback?: string;
  position?: "fixed" | "sticky";
  /** On a frame from a flex container: whether it kept auto layout (informational). */
  autoLayout?: boolean;
}

export type RestConstraint = "TOP" | "BOTTOM" | "CENTER" | "TOP_BOTTOM" | "LEFT" | "RIGHT" | "LEFT_RIGHT" | "SCALE";

export interface ResultNode {
  id: string;
  name: string;
  type: NodeType;
  absoluteBoundingBox: RestRectangle;
  visible?: boolean;
  blendMode?: RestBlendMode;
  opacity?: number;
  children?: ResultNode[];
  fills?: RestPaint[];
  strokes?: RestPaint[];
  strokeWeight?: number;
  strokeAlign?: "INSIDE" | "OUTSIDE" | "CENTER";
  strokeDashes?: number[];
  individualStrokeWeights?: StrokeWeights;
  cornerRadius?: number;
  /** TL, TR, BR, BL. */
  rectangleCornerRadii?: number[];
  effects?: RestEffect[];
  clipsContent?: boolean;
  /** Degrees; absoluteBoundingBox is then the rotated node's axis-aligned bounds. */
  rotation?: number;
  constraints?: { vertical: RestConstraint; horizontal: RestConstraint };
  // auto layout (FRAME)
  layoutMode?: "NONE" | "HORIZONTAL" | "VERTICAL" | "GRID";
  /** GRID: FIXED tracks (px), one gap each way; each child names its cell. */
  gridRowCount?: number;
  gridColumnCount?: number;
  gridRowGap?: number;
  gridColumnGap?: number;
  gridRowSizes?: number[];
  gridColumnSizes?: number[];
  gridRowAnchorIndex?: number;
  gridColumnAnchorIndex?: number;
  layoutWrap?: "NO_WRAP" | "WRAP";
  primaryAxisSizingMode?: "FIXED" | "AUTO";
  counterAxisSizingMode?: "FIXED" | "AUTO";
  primaryAxisAlignItems?: "MIN" | "CENTER" | "MAX" | "SPACE_BETWEEN";
  counterAxisAlignItems?: "MIN" | "CENTER" | "MAX" | "BASELINE";
  itemSpacing?: number;
  counterAxisSpacing?: number;
  paddingLeft?: number;
  paddingRight?: number;
  paddingTop?: number;
  paddingBottom?: number;
  layoutPositioning?: "AUTO" | "ABSOLUTE";
  layoutAlign?: "INHERIT" | "STRETCH" | "MIN" | "CENTER" | "MAX";
  layoutGrow?: number;
  /** The width auto layout may stretch or grow it to, at least and at most. */
  minWidth?: number;
  maxWidth?: number;
  /** Keeps its proportions when auto layout or constraints resize it (`lockAspectRatio()`). */
  preserveRatio?: boolean;
  scrollBehavior?: "SCROLLS" | "FIXED" | "STICKY_SCROLLS";
  // TEXT
  characters?: string;
  style?: TypeStyle;
  /** Per character (code point); trailing zeros may be left out. */
  characterStyleOverrides?: number[];
  styleOverrideTable?: Record<string, TypeStyle>;
  /** Variables bound to the node's fields (corner radii, padding, item spacing…). */
  boundVariables?: Partial<Record<BindableField, RestVariableAlias>>;
  /** The node's text and effect styles (keys of result.styles). */
  styles?: { text?: string; effect?: string };
  /** A site design's variant: the mode it shows of each collection (collection id → mode id). */
  explicitVariableModes?: Record<string, string>;
  /** In a main component: the TEXT property a text layer shows. */
  componentPropertyReferences?: { characters?: string };
  /** INSTANCE: its main component (a key of result.components). */
  componentId?: string;
  /** INSTANCE: the values of its main's properties. */
  componentProperties?: Record<string, { type: "TEXT"; value: string }>;
  /** INSTANCE: its layers whose listed fields differ from the main's (ids of this instance's layers). */
  overrides?: Array<{ id: string; overriddenFields: string[] }>;
  pageport?: PageportExtension;
}

/** The node fields the converter binds to FLOAT variables. */
export type BindableField =
  | "cornerRadius"
  | "topLeftRadius"
  | "topRightRadius"
  | "bottomLeftRadius"
  | "bottomRightRadius"
  | "itemSpacing"
  | "counterAxisSpacing"
  | "paddingLeft"
  | "paddingRight"
  | "paddingTop"
  | "paddingBottom"
  | "gridRowGap"
  | "gridColumnGap"
  | "strokeWeight";

export interface RestVariableCollection {
  id: string;
  name: string;
  modes: Array<{ modeId: string; name: string }>;
  defaultModeId: string;
  variableIds: string[];
}

export interface RestVariable {
  id: string;
  name: string;
  resolvedType: "COLOR" | "FLOAT";
  /** COLOR: RGBA 0..1 (opaque: a paint's alpha stays its opacity); FLOAT: px. */
  valuesByMode: Record<string, RestRGBA | number>;
  variableCollectionId: string;
  scopes: VariableScope[];
  /** WEB: `var(--name)` where the page had the custom property. */
  codeSyntax: { WEB?: string };
}

export interface RestStyle {
  id: string;
  name: string;
  styleType: "TEXT" | "EFFECT";
  /** TEXT: the type style the style sets. */
  style?: TypeStyle;
  /** EFFECT: the effects. */
  effects?: RestEffect[];
}

export interface RestComponent {
  id: string;
  name: string;
  description: string;
  componentPropertyDefinitions: Record<string, { type: "TEXT"; defaultValue: string }>;
  /** The main component's layers (type COMPONENT, the same node shapes as the document). */
  node: ResultNode;
}

/** result.json as the converter writes it (`document` of the first result page). */
export interface ResultDocument {
  version: number;
  document: ResultNode;
  images: Record<string, { sha256: string; mime: string; width: number; height: number }>;
  fonts: { used: string[]; fallbacks: Record<string, string> };
  warnings: string[];
  /** Version 2: the page's design tokens, in the REST API's local-variables shape… */
  variableCollections?: Record<string, RestVariableCollection>;
  variables?: Record<string, RestVariable>;
  /** …its text and effect styles… */
  styles?: Record<string, RestStyle>;
  /** …and its main components, which INSTANCE nodes name. */
  components?: Record<string, RestComponent>;
}

/** Every page of GET …/result merged: the document and every image's bytes (base64). */
export interface FullResult {
  code2desId: string;
  warningCount: number | null;
  document: ResultDocument;
  images: Record<string, string>;
}

/** What readBack returns: a node tree in the result's shape and the bytes of its images. */
export interface ReadBackResult {
  document: ResultNode;
  /** Figma image hash → base64 bytes (paints refer to them by imageRef = the hash). */
  images: Record<string, string>;
  /** The variables and styles the placed nodes are bound to, by Figma id. */
  variables: Record<string, RestVariable>;
  styles: Record<string, RestStyle>;
}
