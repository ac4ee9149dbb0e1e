/**
 * Validation of the values real Figma checks when a plugin writes them (paints, effects,
 * enums, numbers), and the frozen copies Figma hands back from its getters.
 */

export const BLEND_MODES: ReadonlySet<string> = new Set([
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
]);

export class FigmaValidationError extends Error {}

export function fail(where: string, what: string): never {
  throw new FigmaValidationError(`in ${where}: ${what}`);
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function num(where: string, path: string, v: unknown, min = -Infinity, max = Infinity): number {
  if (typeof v !== "number" || !Number.isFinite(v)) fail(where, `Expected "${path}" to be a number, got ${JSON.stringify(v)}`);
  if (v < min) fail(where, `Expected "${path}" to have value >= ${min}`);
  if (v > max) fail(where, `Expected "${path}" to have value <= ${max}`);
  return v;
}

export function oneOf<T extends string>(where: string, path: string, v: unknown, allowed: readonly T[] | ReadonlySet<string>): T {
  const ok = Array.isArray(allowed) ? allowed.includes(v as T) : (allowed as ReadonlySet<string>).has(v as string);
  if (typeof v !== "string" || !ok) {
    const list = Array.isArray(allowed) ? allowed : [...(allowed as ReadonlySet<string>)];
    fail(where, `Invalid enum value for "${path}": expected one of ${list.map((s) => `'${s}'`).join(" | ")}, received ${JSON.stringify(v)}`);
  }
  return v as T;
}

function bool(where: string, path: string, v: unknown): void {
  if (typeof v !== "boolean") fail(where, `Expected "${path}" to be a boolean, got ${JSON.stringify(v)}`);
}

function onlyKeys(where: string, path: string, o: Obj, allowed: readonly string[]): void {
  const extra = Object.keys(o).filter((k) => !allowed.includes(k));
  if (extra.length) fail(where, `Unrecognized key(s) in object: ${extra.map((k) => `'${k}'`).join(", ")} at "${path}"`);
}

function required(where: string, path: string, o: Obj, keys: readonly string[]): void {
  for (const k of keys) if (!(k in o) || o[k] === undefined) fail(where, `Required value missing at "${path}.${k}"`);
}

function color(where: string, path: string, v: unknown, withAlpha: boolean): void {
  if (!isObj(v)) fail(where, `Expected "${path}" to be an object`);
  const keys = withAlpha ? ["r", "g", "b", "a"] : ["r", "g", "b"];
  onlyKeys(where, path, v, keys);
  required(where, path, v, keys);
  for (const k of keys) num(where, `${path}.${k}`, v[k], 0, 1);
}

export function transform(where: string, path: string, v: unknown): void {
  const ok =
    Array.isArray(v) &&
    v.length === 2 &&
    v.every((row) => Array.isArray(row) && row.length === 3 && row.every((x) => typeof x === "number" && Number.isFinite(x)));
  if (!ok) fail(where, `Expected "${path}" to be a 2x3 transform matrix [[a, b, c], [d, e, f]]`);
}

export interface ImageLookup {
  has(hash: string): boolean;
}

export function validatePaint(where: string, path: string, p: unknown, images: ImageLookup): void {
  if (!isObj(p)) fail(where, `Expected "${path}" to be a Paint object`);
  const common = ["type", "visible", "opacity", "blendMode", "boundVariables"];
  if ("visible" in p) bool(where, `${path}.visible`, p.visible);
  if ("opacity" in p) num(where, `${path}.opacity`, p.opacity, 0, 1);
  if ("blendMode" in p) {
    oneOf(where, `${path}.blendMode`, p.blendMode, BLEND_MODES);
    if (p.blendMode === "PASS_THROUGH") fail(where, `"${path}.blendMode": PASS_THROUGH is not a paint blend mode`);
  }
  switch (p.type) {
    case "SOLID":
      onlyKeys(where, path, p, [...common, "color"]);
      required(where, path, p, ["color"]);
      color(where, `${path}.color`, p.color, false);
      return;
    case "GRADIENT_LINEAR":
    case "GRADIENT_RADIAL":
    case "GRADIENT_ANGULAR":
    case "GRADIENT_DIAMOND": {
      onlyKeys(where, path, p, [...common, "gradientTransform", "gradientStops"]);
      required(where, path, p, ["gradientTransform", "gradientStops"]);
      transform(where, `${path}.gradientTransform`, p.gradientTransform);
      const stops = p.gradientStops;
      if (!Array.isArray(stops) || stops.length < 1) fail(where, `Expected "${path}.gradientStops" to be a non-empty array`);
      stops.forEach((s: unknown, i) => {
        const sp = `${path}.gradientStops[${i}]`;
        if (!isObj(s)) fail(where, `Expected "${sp}" to be an object`);
        onlyKeys(where, sp, s, ["position", "color", "boundVariables"]);
        required(where, sp, s, ["position", "color"]);
        num(where, `${sp}.position`, s.position, 0, 1);
        color(where, `${sp}.color`, s.color, true);
      });
      return;
    }
    case "IMAGE": {
      onlyKeys(where, path, p, [...common, "scaleMode", "imageHash", "imageTransform", "scalingFactor", "rotation", "filters"]);
      required(where, path, p, ["scaleMode", "imageHash"]);
      oneOf(where, `${path}.scaleMode`, p.scaleMode, ["FILL", "FIT", "CROP", "TILE"]);
      if (p.imageHash !== null) {
        if (typeof p.imageHash !== "string") fail(where, `Expected "${path}.imageHash" to be a string`);
        if (!images.has(p.imageHash)) fail(where, `Image with hash ${p.imageHash} does not exist in this file (create it with figma.createImage)`);
      }
      if ("imageTransform" in p) transform(where, `${path}.imageTransform`, p.imageTransform);
      if ("scalingFactor" in p) num(where, `${path}.scalingFactor`, p.scalingFactor, 0);
      if ("rotation" in p) num(where, `${path}.rotation`, p.rotation);
      return;
    }
    default:
      fail(where, `Invalid paint type ${JSON.stringify(p.type)} at "${path}.type"`);
  }
}

/** A HyperlinkTarget ({type: "URL" | "NODE", value}) or null (removes the link). */
export function validateHyperlink(where: string, v: unknown): HyperlinkTarget | null {
  if (v === null) return null;
  if (!isObj(v)) fail(where, "Expected a HyperlinkTarget { type, value } or null");
  onlyKeys(where, "hyperlink", v, ["type", "value"]);
  required(where, "hyperlink", v, ["type", "value"]);
  const type = oneOf(where, "hyperlink.type", v.type, ["URL", "NODE"]);
  if (typeof v.value !== "string") fail(where, `Expected "hyperlink.value" to be a string, got ${JSON.stringify(v.value)}`);
  return { type, value: v.value };
}

export function validatePaints(where: string, v: unknown, images: ImageLookup): void {
  if (!Array.isArray(v)) fail(where, `Expected an array of paints`);
  v.forEach((p, i) => validatePaint(where, `[${i}]`, p, images));
}

export function validateEffects(where: string, v: unknown): void {
  if (!Array.isArray(v)) fail(where, `Expected an array of effects`);
  v.forEach((e: unknown, i) => {
    const path = `[${i}]`;
    if (!isObj(e)) fail(where, `Expected "${path}" to be an Effect object`);
    switch (e.type) {
      case "DROP_SHADOW":
      case "INNER_SHADOW": {
        const keys = ["type", "color", "offset", "radius", "spread", "visible", "blendMode", "boundVariables"];
        if (e.type === "DROP_SHADOW") keys.push("showShadowBehindNode");
        onlyKeys(where, path, e, keys);
        required(where, path, e, ["color", "offset", "radius", "visible", "blendMode"]);
        color(where, `${path}.color`, e.color, true);
        const off = e.offset;
        if (!isObj(off)) fail(where, `Expected "${path}.offset" to be a vector`);
        onlyKeys(where, `${path}.offset`, off, ["x", "y"]);
        num(where, `${path}.offset.x`, off.x);
        num(where, `${path}.offset.y`, off.y);
        num(where, `${path}.radius`, e.radius, 0);
        if ("spread" in e) num(where, `${path}.spread`, e.spread);
        bool(where, `${path}.visible`, e.visible);
        oneOf(where, `${path}.blendMode`, e.blendMode, BLEND_MODES);
        if ("showShadowBehindNode" in e) bool(where, `${path}.showShadowBehindNode`, e.showShadowBehindNode);
        return;
      }
      case "LAYER_BLUR":
      case "BACKGROUND_BLUR":
        onlyKeys(where, path, e, ["type", "radius", "visible", "blurType", "startRadius", "startOffset", "endOffset", "boundVariables"]);
        required(where, path, e, ["radius", "visible", "blurType"]);
        num(where, `${path}.radius`, e.radius, 0);
        bool(where, `${path}.visible`, e.visible);
        oneOf(where, `${path}.blurType`, e.blurType, ["NORMAL", "PROGRESSIVE"]);
        return;
      default:
        fail(where, `Invalid effect type ${JSON.stringify(e.type)} at "${path}.type"`);
    }
  });
}

/** A deep copy, deeply frozen: what Figma's getters return (mutating it throws). */
export function frozenCopy<T>(v: T): T {
  if (Array.isArray(v)) return Object.freeze(v.map((x: unknown) => frozenCopy(x))) as T;
  if (isObj(v)) {
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) out[k] = frozenCopy(x);
    return Object.freeze(out) as T;
  }
  return v;
}

/** What the spread rule needs to know of the node whose effects are set. */
export interface SpreadTarget {
  type: string;
  clipsContent?: boolean;
  fills?: readonly Paint[] | symbol;
}

/**
 * The plugin typings (DropShadowEffect.spread / InnerShadowEffect.spread): "`spread` values are
 * only accepted on rectangles and ellipses, or on frames, components, and instances with
 * visible fill paints and `clipsContent` enabled". A non-zero spread anywhere else is refused.
 */
export function validateSpread(where: string, v: readonly unknown[], node: SpreadTarget): void {
  v.forEach((e, i) => {
    if (!isObj(e) || (e.type !== "DROP_SHADOW" && e.type !== "INNER_SHADOW")) return;
    if (typeof e.spread !== "number" || e.spread === 0) return;
    if (node.type === "RECTANGLE" || node.type === "ELLIPSE") return;
    if (node.type === "FRAME" || node.type === "COMPONENT" || node.type === "INSTANCE") {
      const fills = node.fills;
      const visible = Array.isArray(fills) && fills.some((p: Paint) => p.visible !== false && (p.opacity ?? 1) > 0);
      if (node.clipsContent === true && visible) return;
      fail(where, `"[${i}].spread": spread is only accepted on frames with visible fill paints and clipsContent enabled`);
    }
    fail(where, `"[${i}].spread": spread is only accepted on rectangles, ellipses and clipping frames with visible fills (not ${node.type})`);
  });
}
