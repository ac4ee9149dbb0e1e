/**
 * Placement exact: a result placed by the materializer and read back (readBack) against the
 * result itself, field by field, as the preview renderer and a designer see them. Each
 * difference is one line naming the node and the field ("1:12 "Card" paddingBottom variable:
 * spacing/12_5, not spacing/12"). Used by the fixtures' round trip (roundtrip.test.ts) and the
 * placement oracle the invariants suite runs on the corpus and generated pages (server.ts).
 */
import type { FullResult, ResultNode } from "../../src/materialize";
import type { RestPaint, TypeStyle } from "../../src/materialize/types";

/** Geometry within this of the result's, in px. */
export const PLACEMENT_TOLERANCE = 0.5;

export interface ReadBack {
  document: ResultNode;
  images: Record<string, string>;
  variables?: Record<string, { name: string }>;
  styles?: Record<string, { name: string }>;
}

function index(n: ResultNode, out = new Map<string, ResultNode>()): Map<string, ResultNode> {
  out.set(n.id, n);
  for (const c of n.children ?? []) index(c, out);
  return out;
}

/**
 * JSON with sorted keys, no undefined values and numbers as Figma stores them (32-bit floats,
 * an empty `boundVariables` as none): equal values print equally.
 */
function canon(x: unknown): string {
  return JSON.stringify(x === undefined ? null : JSON.parse(JSON.stringify(x)), (_k, v: unknown) => {
    if (typeof v === "number") return Math.fround(v);
    if (!v || typeof v !== "object" || Array.isArray(v)) return v;
    const entries = Object.entries(v as Record<string, unknown>).filter(([key, x]) => !(key === "boundVariables" && x && typeof x === "object" && !Object.keys(x).length));
    return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)));
  });
}

/** No transform, or the identity one: the same image placement. */
function identity(tf: RestPaint["imageTransform"]): boolean {
  return !tf || canon(tf) === canon([[1, 0, 0], [0, 1, 0]]);
}

/** What the renderer draws from a paint: effective RGBA of solids, handles/stops of gradients, image pixels' source. */
function drawn(p: RestPaint, images: Record<string, string>): unknown {
  const alpha = (p.opacity ?? 1) * (p.type === "SOLID" ? (p.color?.a ?? 1) : 1);
  if (p.type === "SOLID") return { t: p.type, rgb: [p.color!.r, p.color!.g, p.color!.b].map((v) => v.toFixed(4)), a: alpha.toFixed(4) };
  if (p.type === "IMAGE") {
    return { t: p.type, mode: p.scaleMode ?? "FILL", tf: identity(p.imageTransform) ? null : p.imageTransform, sf: p.scaleMode === "TILE" ? (p.scalingFactor ?? 1) : null, bytes: images[p.imageRef!]?.length, a: alpha.toFixed(4) };
  }
  return { t: p.type, handles: (p.gradientHandlePositions ?? []).map((h) => [h.x.toFixed(4), h.y.toFixed(4)]), stops: p.gradientStops, a: alpha.toFixed(4) };
}

/** Each character's style: its run's over the node's. */
function charStyle(n: ResultNode, i: number): TypeStyle {
  const id = n.characterStyleOverrides?.[i] ?? 0;
  return { ...(n.style ?? {}), ...(id ? n.styleOverrideTable?.[String(id)] : {}) };
}

/**
 * Each character's look: family, weight, italic, size, decoration, case, letter spacing, line
 * height. A family Figma does not have (the page's own web font) is the plugin's to replace,
 * with a warning: there the read-back's family and style are taken as the result's.
 */
function charStyles(b: ResultNode, r: ResultNode, available: ReadonlySet<string> | undefined): [string[], string[]] {
  const look = (s: TypeStyle): string => canon([s.fontFamily, s.fontWeight, s.italic ?? false, s.fontSize, s.textDecoration ?? "NONE", s.textCase ?? "ORIGINAL", s.letterSpacing ?? 0, s.lineHeightPx]);
  const chars = [...(r.characters ?? "")];
  const want = chars.map((_, i) => charStyle(r, i));
  const have = chars.map((_, i) => {
    const s = charStyle(b, i);
    const asked = want[i] as TypeStyle;
    return available && !available.has(asked.fontFamily ?? "") ? { ...s, fontFamily: asked.fontFamily, fontWeight: asked.fontWeight, italic: asked.italic } : s;
  });
  return [have.map(look), want.map(look)];
}

/** Each character's text style name: its run's `textStyleId`, else the node's (which run is the base is the reader's choice). */
function charTextStyles(n: ResultNode, names: Record<string, { name: string }> | undefined): (string | undefined)[] {
  return [...(n.characters ?? "")].map((_, i) => {
    const id = n.characterStyleOverrides?.[i] ?? 0;
    const style = (id ? n.styleOverrideTable?.[String(id)]?.textStyleId : undefined) ?? n.styles?.text;
    return style ? names?.[style]?.name : undefined;
  });
}

/** Each character's fills as drawn, with the variable each solid is bound to. */
function charFills(n: ResultNode, images: Record<string, string>, names: Record<string, { name: string }> | undefined): string[] {
  const own = n.fills?.length ? n.fills : (n.style?.fills ?? []);
  return [...(n.characters ?? "")].map((_, i) => {
    const id = n.characterStyleOverrides?.[i] ?? 0;
    const paints = (id ? n.styleOverrideTable?.[String(id)]?.fills : undefined) ?? own;
    return canon(paints.map((p) => [drawn(p, images), p.type === "SOLID" ? nameOf(p.boundVariables?.color?.id, names) : null]));
  });
}

const nameOf = (id: string | undefined, names: Record<string, { name: string }> | undefined): string | undefined => (id ? names?.[id]?.name : undefined);
const radii = (n: ResultNode): number[] => n.rectangleCornerRadii ?? Array<number>(4).fill(n.cornerRadius ?? 0);
const solids = (n: ResultNode): RestPaint[] => [...(n.fills ?? []), ...(n.strokes ?? []), ...(n.type === "TEXT" && !n.fills?.length ? (n.style?.fills ?? []) : [])].filter((p) => p.type === "SOLID");
const effectsOf = (r: ResultNode): unknown[] =>
  (r.effects ?? []).map((e) => ({ ...e, spread: e.type.endsWith("SHADOW") ? (e.spread ?? 0) : undefined, ...(e.type === "DROP_SHADOW" ? { showShadowBehindNode: e.showShadowBehindNode ?? false } : {}) }));

/** Every way the read-back differs from the result (empty: placed exactly); `available` are the
 * font families Figma has (figma.listAvailableFontsAsync). */
export function placementBreaks(result: FullResult, back: ReadBack, available?: ReadonlySet<string>): string[] {
  const breaks: string[] = [];
  const got = index(back.document);
  const doc = result.document;
  const differ = (what: string, field: string, have: unknown, want: unknown): void => {
    if (canon(have) !== canon(want)) breaks.push(`${what} ${field}: ${canon(have).slice(0, 160)}, not ${canon(want).slice(0, 160)}`);
  };
  for (const r of index(doc.document).values()) {
    const what = `${r.id} "${r.name}"`;
    const b = got.get(r.id);
    if (!b) {
      breaks.push(`${what}: not placed`);
      continue;
    }
    differ(what, "type", b.type, r.type === "RECTANGLE" && b.type === "FRAME" ? "FRAME" : r.type);
    // A text in a family Figma does not have (the page's own web font) is set in the plugin's
    // substitute, with a warning: Figma measures that font, so the box takes its size.
    const substituted = r.type === "TEXT" && available !== undefined && [...(r.characters ?? "")].some((_, i) => !available.has(charStyle(r, i).fontFamily ?? ""));
    for (const k of ["x", "y", "width", "height"] as const) {
      if (substituted && (k === "width" || k === "height")) continue;
      const want = k === "width" || k === "height" ? Math.max(0.01, r.absoluteBoundingBox[k]) : r.absoluteBoundingBox[k];
      const off = Math.abs(b.absoluteBoundingBox[k] - want);
      if (off > PLACEMENT_TOLERANCE + 1e-6) breaks.push(`${what} ${k}: ${off.toFixed(2)} px off`);
    }
    differ(what, "visible", b.visible ?? true, r.visible ?? true);
    if (Math.abs((b.opacity ?? 1) - (r.opacity ?? 1)) >= 5e-7) differ(what, "opacity", b.opacity ?? 1, r.opacity ?? 1);
    differ(what, "blendMode", b.blendMode ?? "PASS_THROUGH", r.blendMode ?? "PASS_THROUGH");
    if (r.type === "VECTOR") differ(what, "svg", b.pageport?.svg, r.pageport?.svg);
    if (r.type === "FRAME") differ(what, "clipsContent", b.clipsContent ?? false, r.clipsContent ?? false);
    // An image over Figma's 4096 px limit is drawn by "Image tile" layers (images.ts), not a fill.
    const tiled = (b.type === "FRAME" && r.type !== "FRAME") || (b.children ?? []).some((c) => c.name === "Image tile");
    if (r.type === "TEXT") {
      // Each character's paints and their variables (which run is the base is the reader's choice).
      differ(what, "fills", charFills(b, back.images, back.variables), charFills(r, result.images, doc.variables));
    } else if (!tiled) {
      differ(what, "fills", (b.fills ?? []).map((p) => drawn(p, back.images)), (r.fills ?? []).map((p) => drawn(p, result.images)));
    }
    differ(what, "strokes", (b.strokes ?? []).map((p) => drawn(p, back.images)), (r.strokes ?? []).map((p) => drawn(p, result.images)));
    if (r.strokes?.length) {
      differ(what, "strokeAlign", b.strokeAlign ?? "INSIDE", r.strokeAlign ?? "INSIDE");
      differ(what, "individualStrokeWeights", b.individualStrokeWeights ?? null, r.individualStrokeWeights ?? null);
      if (!r.individualStrokeWeights) differ(what, "strokeWeight", b.strokeWeight, r.strokeWeight ?? 1);
    }
    differ(what, "effects", b.effects ?? [], effectsOf(r));
    if (r.type !== "TEXT" && r.type !== "ELLIPSE") differ(what, "radii", radii(b), radii(r));
    // Design tokens: every binding of the result is made, to a variable or style of its name.
    if (r.type !== "TEXT") differ(what, "paint variables", solids(b).map((p) => nameOf(p.boundVariables?.color?.id, back.variables)), solids(r).map((p) => nameOf(p.boundVariables?.color?.id, doc.variables)));
    for (const [field, alias] of Object.entries(r.boundVariables ?? {})) {
      differ(what, `${field} variable`, nameOf(b.boundVariables?.[field as keyof typeof b.boundVariables]?.id, back.variables), nameOf(alias.id, doc.variables));
    }
    if (r.styles?.effect && r.effects?.every((e) => e.type.endsWith("SHADOW"))) differ(what, "effect style", nameOf(b.styles?.effect, back.styles), nameOf(r.styles.effect, doc.styles));
    if (r.type === "INSTANCE") differ(what, "main", b.componentId, r.componentId);
    if (r.type === "TEXT") {
      differ(what, "characters", b.characters, r.characters);
      differ(what, "text style", charTextStyles(b, back.styles), charTextStyles(r, doc.styles));
      const [have, want] = charStyles(b, r, available);
      differ(what, "runs", have, want);
      differ(what, "textAutoResize", b.style?.textAutoResize, r.style?.textAutoResize);
      differ(what, "textAlignHorizontal", b.style?.textAlignHorizontal, r.style?.textAlignHorizontal);
    }
  }
  // Every image a read-back paint names is in the images map.
  for (const n of got.values()) {
    for (const p of [...(n.fills ?? []), ...(n.strokes ?? [])]) if (p.type === "IMAGE" && typeof back.images[p.imageRef!] !== "string") breaks.push(`${n.id}: image ${p.imageRef} not carried`);
  }
  return breaks;
}
