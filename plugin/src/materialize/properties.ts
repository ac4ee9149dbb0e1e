/**
 * The properties every placed node shares, written one at a time so that a value Figma refuses
 * costs only that property (a warning naming the node), never the page: name, visibility,
 * opacity, blend mode, constraints, fills, strokes, corner radii and effects.
 */
import { CONSTRAINT } from "./geometry";
import type { PreparedImage } from "./images";
import { toPluginEffect, toPluginPaints, type PaintContext } from "./paints";
import type { RestPaint, ResultNode } from "./types";

/** What the property writers need of the materializer. */
export interface Writer {
  readonly figma: PluginAPI;
  readonly ctx: PaintContext;
  readonly images: ReadonlyMap<string, PreparedImage>;
  warn(message: string): void;
  /** One property write Figma may refuse: its refusal becomes a warning, the node stays. */
  attempt(r: ResultNode, what: string, write: () => void): void;
  /** A write made once the tree around the node has its final sizes (see materialize.ts). */
  afterLayout(r: ResultNode, what: string, write: () => void): void;
}

export const isShadow = (e: { type: string }): boolean => e.type === "DROP_SHADOW" || e.type === "INNER_SHADOW";
export const hasSpread = (e: Effect): boolean => (e.type === "DROP_SHADOW" || e.type === "INNER_SHADOW") && (e.spread ?? 0) !== 0;
function visiblePaints(v: readonly Paint[] | symbol): boolean {
  return typeof v !== "symbol" && v.some((p) => p.visible !== false && (p.opacity ?? 1) > 0);
}
/** Whether Figma accepts a shadow spread on this node (plugin typings, DropShadowEffect.spread). */
export function acceptsSpread(n: SceneNode): boolean {
  if (n.type === "RECTANGLE" || n.type === "ELLIPSE") return true;
  if (n.type === "FRAME" || n.type === "COMPONENT" || n.type === "INSTANCE") return n.clipsContent && visiblePaints(n.fills);
  return false;
}

/** Whether a fill is an image too large for one Figma image (placed as tile layers instead). */
export function isTiled(w: Writer, p: RestPaint): boolean {
  return p.type === "IMAGE" && p.imageRef !== undefined && w.images.get(p.imageRef)?.kind === "tiled";
}

/** Name, visibility, opacity, blend mode, constraints. Effects come last (see effects()). */
export function common(w: Writer, n: SceneNode & BlendMixin, r: ResultNode): void {
  n.name = r.name;
  if (r.visible === false) n.visible = false;
  if (typeof r.opacity === "number") {
    const opacity = r.opacity;
    w.attempt(r, "opacity", () => (n.opacity = Math.min(1, Math.max(0, opacity))));
  }
  const blend = r.blendMode;
  if (blend) w.attempt(r, "blend mode", () => (n.blendMode = blend));
  const cons = r.constraints;
  // Set once every frame has its final size: the frames around the node are sized more than
  // once while the tree is built (auto layout switched on, hugging, filling), and a node that
  // followed constraints through each would land elsewhere (a SCALE child through a frame
  // briefly 0.01 px wide).
  if (cons && "constraints" in n && !n.id.startsWith("I")) {
    w.afterLayout(r, "constraints", () => {
      n.constraints = { horizontal: CONSTRAINT[cons.horizontal] ?? "MIN", vertical: CONSTRAINT[cons.vertical] ?? "MIN" };
    });
  }
  // Locked to the proportions of its final size (an image or chart whose height follows its width).
  if (r.preserveRatio && "lockAspectRatio" in n && !n.id.startsWith("I")) w.afterLayout(r, "aspect ratio", () => n.lockAspectRatio());
}

/** The result's effects, set after fills and clipsContent; a spread Figma would refuse is dropped with a warning. */
export function effects(w: Writer, n: SceneNode & BlendMixin, r: ResultNode, list: Effect[] = (r.effects ?? []).map(toPluginEffect)): void {
  if (!list.length) return;
  let out = list;
  if (out.some(hasSpread) && !acceptsSpread(n)) {
    w.warn(`node "${r.name}": Figma takes a shadow spread only on rectangles, ellipses and clipping frames with a visible fill; its shadow is drawn without spread`);
    out = out.map((e) => (e.type === "DROP_SHADOW" || e.type === "INNER_SHADOW" ? { ...e, spread: 0 } : e));
  }
  w.attempt(r, "effects", () => (n.effects = out));
}

export function strokes(w: Writer, n: SceneNode & MinimalStrokesMixin, r: ResultNode): void {
  w.attempt(r, "strokes", () => strokesUnsafe(w, n, r));
}

function strokesUnsafe(w: Writer, n: SceneNode & MinimalStrokesMixin, r: ResultNode): void {
  n.strokes = toPluginPaints(r.strokes, w.ctx);
  if (r.strokeAlign) n.strokeAlign = r.strokeAlign;
  const ind = r.individualStrokeWeights;
  if (ind && "strokeTopWeight" in n) {
    n.strokeTopWeight = Math.max(0, ind.top);
    n.strokeRightWeight = Math.max(0, ind.right);
    n.strokeBottomWeight = Math.max(0, ind.bottom);
    n.strokeLeftWeight = Math.max(0, ind.left);
  } else if (ind) {
    n.strokeWeight = Math.max(ind.top, ind.right, ind.bottom, ind.left, 0);
    w.warn(`node "${r.name}": per-side stroke weights drawn uniform (${r.type} has no per-side weights)`);
  } else if (typeof r.strokeWeight === "number") {
    n.strokeWeight = Math.max(0, r.strokeWeight);
  }
  if (r.strokeDashes && r.strokeDashes.length && "dashPattern" in n) n.dashPattern = r.strokeDashes.map((d) => Math.max(0, d));
}

export function radii(w: Writer, n: SceneNode, r: ResultNode): void {
  w.attempt(r, "corner radii", () => radiiUnsafe(n, r));
}

function radiiUnsafe(n: SceneNode, r: ResultNode): void {
  const corners = r.rectangleCornerRadii;
  if (corners && corners.length === 4 && "topLeftRadius" in n) {
    n.topLeftRadius = Math.max(0, corners[0] ?? 0);
    n.topRightRadius = Math.max(0, corners[1] ?? 0);
    n.bottomRightRadius = Math.max(0, corners[2] ?? 0);
    n.bottomLeftRadius = Math.max(0, corners[3] ?? 0);
  } else if (typeof r.cornerRadius === "number" && "cornerRadius" in n) {
    (n as SceneNode & CornerMixin).cornerRadius = Math.max(0, r.cornerRadius);
  } else if (corners && corners.length === 4 && "cornerRadius" in n) {
    (n as SceneNode & CornerMixin).cornerRadius = Math.max(0, ...corners);
  } else if ("cornerRadius" in n) {
    // Square: an instance of a rounded main overrides its corners to none.
    (n as SceneNode & CornerMixin).cornerRadius = 0;
  }
}

/** Fills, with tiled image paints (and every paint above them) turned into layers. Returns those layers' specs. */
export function fills(w: Writer, n: SceneNode & MinimalFillsMixin, r: ResultNode): RestPaint[] {
  const all = r.fills ?? [];
  const first = all.findIndex((p) => isTiled(w, p));
  if (first < 0) {
    w.attempt(r, "fills", () => (n.fills = toPluginPaints(all, w.ctx)));
    return [];
  }
  w.attempt(r, "fills", () => (n.fills = toPluginPaints(all.slice(0, first), w.ctx)));
  return all.slice(first);
}
