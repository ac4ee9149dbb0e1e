/**
 * The materializer: a result (Figma REST node shapes) becomes an editable Figma subtree.
 * Pure: it touches only the `figma` object it is given (tests pass an in-memory Figma).
 *
 * Order of work:
 *  1. images: every image a paint refers to is created (or tiled when over 4096 px, images.ts);
 *  2. fonts: every font the text needs is resolved against listAvailableFontsAsync (closest
 *     available with a warning, fonts.ts) and loaded, all before any text is touched;
 *  3. nodes, depth first in paint order, yielding to the event loop every `chunkSize` nodes
 *     (onProgress(done, total) each time) so large results keep Figma responsive.
 *
 * Geometry: the result's absolute boxes become positions relative to each node's container
 * (the nearest non-group ancestor, as in Figma), sizes through resize() (clamped to 0.01).
 *
 * Auto layout is switched on LAST for each frame: after all its children exist at their
 * exact positions. Sizing modes, alignment, padding and spacing are set first (a new frame's
 * primary axis sizing is AUTO, which would shrink it), then layoutMode (Figma lays the
 * children out at once), then wrap, the children's layoutAlign/layoutGrow and
 * layoutPositioning ABSOLUTE (with their positions restored). Then every child is checked:
 * if Figma's layout moved or resized any of them by more than `autoLayoutTolerance` px, the
 * frame goes back to layoutMode NONE with the exact positions, and a warning says so.
 *
 * Effects are set LAST on each node (after fills and clipsContent): Figma accepts a shadow
 * `spread` only on rectangles and ellipses, or on frames with visible fills and clipsContent.
 * A frame that does not clip its content casts shadows from its children too, which a CSS
 * box-shadow never does; so a non-clipping frame with children and shadows (and any frame
 * whose spread Figma would refuse) gets a background RECTANGLE as its first child (kind
 * "background", ABSOLUTE in auto layout, stretching with the frame) that carries the frame's
 * fills, radii and shadows; the frame keeps its strokes, layer blur and children. The read-back
 * folds that rectangle into its frame again.
 *
 * Containment: the root is tagged (options.rootData, plus `INCOMPLETE_DATA`) as soon as it
 * exists, and the incomplete marker is cleared only when the whole tree is built. When
 * anything throws before then, the partial root is removed and the error rethrown; a caller
 * that was stopped half-way (Figma closed the plugin) finds the marker on its next run. A
 * property Figma refuses on one node (a paint, an effect, a size…) becomes a warning naming
 * the node and the property; the rest of the page is placed.
 */
import { FontCatalog, fontLabel } from "./fonts";
import { errorText, prepareImage, tilePieces, type PreparedImage } from "./images";
import { toPluginEffect, toPluginPaint, toPluginPaints, type PaintContext } from "./paints";
import { applyText, collectFontRequests, FontPlan } from "./text";
import type { FullResult, RestConstraint, RestPaint, ResultNode } from "./types";

export interface MaterializeOptions {
  /** Where the new root frame goes (the current page, usually). */
  parent: BaseNode & ChildrenMixin;
  /** Top-left of the new root frame in the parent's coordinates. */
  x: number;
  y: number;
  /** Called as nodes are created: done and total node counts. */
  onProgress?: (done: number, total: number) => void;
  /** Called as an image over 4096 px is cut into tiles (one call per tile; Figma gets a macrotask before each). */
  onImageProgress?: (imageRef: string, done: number, total: number) => void;
  /** Nodes created between two yields to the event loop (default 100). */
  chunkSize?: number;
  /** How far (px) Figma's auto layout may move a child before the frame keeps absolute positions (default 0.99: less than a pixel, the converter's own bound, convert/flow.py). */
  autoLayoutTolerance?: number;
  /** Plugin data written on the root frame as soon as it exists (before any child is made). */
  rootData?: Record<string, string>;
  /** Called once with the root frame as soon as it exists (already tagged, still incomplete). */
  onRoot?: (root: FrameNode) => void;
}

export interface Materialized {
  root: FrameNode;
  /** The result's own warnings followed by the materializer's, none dropped. */
  warnings: string[];
  /** Result nodes placed. */
  nodeCount: number;
  /** Result node id → the Figma node made for it (a VECTOR's is the frame createNodeFromSvg made). */
  nodes: Map<string, SceneNode>;
}

/** Plugin data keys on the created nodes. */
export const DATA_ID = "pageport.id";
/** What a node is beyond its type: "svg" (frame from createNodeFromSvg), "tiled" (node whose image paints became tile layers), "image-tile", "fill-layer", "wrapper". */
export const DATA_KIND = "pageport.kind";
/** On the root frame while it is being built: "1". Cleared when the whole tree is placed. */
export const INCOMPLETE_DATA = "pageport.incomplete";

const isShadow = (e: { type: string }): boolean => e.type === "DROP_SHADOW" || e.type === "INNER_SHADOW";
const hasSpread = (e: Effect): boolean => (e.type === "DROP_SHADOW" || e.type === "INNER_SHADOW") && (e.spread ?? 0) !== 0;
function visiblePaints(v: readonly Paint[] | symbol): boolean {
  return typeof v !== "symbol" && v.some((p) => p.visible !== false && (p.opacity ?? 1) > 0);
}
/** Whether Figma accepts a shadow spread on this node (plugin typings, DropShadowEffect.spread). */
export function acceptsSpread(n: SceneNode): boolean {
  if (n.type === "RECTANGLE" || n.type === "ELLIPSE") return true;
  if (n.type === "FRAME" || n.type === "COMPONENT" || n.type === "INSTANCE") return n.clipsContent && visiblePaints(n.fills);
  return false;
}

type Container = BaseNode & ChildrenMixin;

interface Origin {
  x: number;
  y: number;
}

const CONSTRAINT: Record<RestConstraint, ConstraintType> = {
  TOP: "MIN",
  LEFT: "MIN",
  BOTTOM: "MAX",
  RIGHT: "MAX",
  CENTER: "CENTER",
  TOP_BOTTOM: "STRETCH",
  LEFT_RIGHT: "STRETCH",
  SCALE: "SCALE",
};

export function countNodes(root: ResultNode): number {
  let n = 0;
  const stack = [root];
  while (stack.length) {
    const node = stack.pop() as ResultNode;
    n++;
    for (const c of node.children ?? []) stack.push(c);
  }
  return n;
}

function paintsOf(n: ResultNode): RestPaint[] {
  const out = [...(n.fills ?? []), ...(n.strokes ?? []), ...(n.style?.fills ?? [])];
  for (const o of Object.values(n.styleOverrideTable ?? {})) out.push(...(o.fills ?? []));
  return out;
}

/** Size of the unrotated box whose rotation by `deg` has the axis-aligned size W x H. */
export function unrotatedSize(W: number, H: number, deg: number): { width: number; height: number } {
  const t = (deg * Math.PI) / 180;
  const c = Math.abs(Math.cos(t));
  const s = Math.abs(Math.sin(t));
  const det = c * c - s * s;
  if (Math.abs(det) > 0.05) {
    const w = (W * c - H * s) / det;
    const h = (H * c - W * s) / det;
    if (w > 0 && h > 0) return { width: w, height: h };
  }
  const side = Math.max(W, H) / (c + s);
  return { width: side, height: side };
}

/** Top-left offset of the bounds of a w x h box rotated by `deg` about its origin (Figma's rotation). */
export function rotatedOffset(w: number, h: number, deg: number): { x: number; y: number } {
  const t = (deg * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const pts = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ].map(([u, v]) => [cos * (u as number) + sin * (v as number), -sin * (u as number) + cos * (v as number)]);
  return { x: Math.min(...pts.map((p) => p[0] as number)), y: Math.min(...pts.map((p) => p[1] as number)) };
}

class Materializer {
  readonly warnings: string[] = [];
  readonly nodes = new Map<string, SceneNode>();
  readonly images = new Map<string, PreparedImage>();
  done = 0;
  sinceYield = 0;
  total: number;
  plan!: FontPlan;
  readonly ctx: PaintContext;
  readonly chunk: number;
  readonly tolerance: number;
  root: FrameNode | null = null;

  constructor(
    readonly figma: PluginAPI,
    readonly result: FullResult,
    readonly options: MaterializeOptions,
  ) {
    this.total = countNodes(result.document.document);
    this.chunk = Math.max(1, options.chunkSize ?? 100);
    this.tolerance = options.autoLayoutTolerance ?? 0.99;
    this.ctx = {
      imageHash: (ref) => {
        const img = this.images.get(ref);
        return img?.kind === "single" ? img.hash : undefined;
      },
      warn: (m) => this.warn(m),
    };
  }

  warn(message: string): void {
    this.warnings.push(message);
  }

  /** One property write Figma may refuse: its refusal becomes a warning, the node stays. */
  attempt(r: ResultNode, what: string, write: () => void): void {
    try {
      write();
    } catch (e) {
      this.warn(`node "${r.name}": Figma refused its ${what} (${errorText(e)}); left out`);
    }
  }

  /** The root frame exists: tag it before anything else is made, so a half-built one can be found. */
  rooted(f: FrameNode): void {
    if (this.root) return;
    this.root = f;
    f.setPluginData(INCOMPLETE_DATA, "1");
    for (const [k, v] of Object.entries(this.options.rootData ?? {})) f.setPluginData(k, v);
    this.options.onRoot?.(f);
  }

  async tick(): Promise<void> {
    this.done++;
    if (++this.sinceYield >= this.chunk) {
      this.sinceYield = 0;
      this.options.onProgress?.(this.done, this.total);
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
    }
  }

  // ------------------------------------------------------------------ preparation

  async prepareImages(): Promise<void> {
    const refs = new Set<string>();
    const stack = [this.result.document.document];
    while (stack.length) {
      const n = stack.pop() as ResultNode;
      for (const p of paintsOf(n)) if (p.type === "IMAGE" && p.imageRef) refs.add(p.imageRef);
      for (const c of n.children ?? []) stack.push(c);
    }
    for (const ref of [...refs].sort()) {
      const meta = this.result.document.images?.[ref];
      const prepared = await prepareImage(this.figma, ref, this.result.images[ref], meta?.mime, (m) => this.warn(m), {
        onTile: (done, total) => this.options.onImageProgress?.(ref, done, total),
      });
      if (prepared) this.images.set(ref, prepared);
    }
  }

  async loadFonts(): Promise<void> {
    const requests = collectFontRequests(this.result.document.document);
    if (!requests.length) return;
    const available = await this.figma.listAvailableFontsAsync();
    this.plan = new FontPlan(new FontCatalog(available), requests, (m) => this.warn(m));
    // A new text node starts in Inter Regular, which must be loaded to change anything.
    const needed = [{ family: "Inter", style: "Regular" }, ...this.plan.all()];
    const unique = new Map(needed.map((f) => [`${f.family}\u0000${f.style}`, f]));
    // (Promise.all of caught loads rather than allSettled, which Figma's ES2017 sandbox may lack.)
    const fonts = [...unique.values()];
    const failures = await Promise.all(fonts.map((f) => this.figma.loadFontAsync(f).then(() => null, (e: unknown) => errorText(e))));
    const inter = { family: "Inter", style: "Regular" };
    fonts.forEach((f, i) => {
      const failure = failures[i];
      if (failure === null || failure === undefined) return;
      if (f.family === inter.family && f.style === inter.style) throw new Error(`Font "${fontLabel(f)}" could not be loaded: ${failure}`);
      this.warn(`font "${fontLabel(f)}" could not be loaded (${failure}); "${fontLabel(inter)}" is used instead`);
      this.plan.replace(f, inter);
    });
  }

  // ------------------------------------------------------------------ nodes

  async run(): Promise<FrameNode> {
    await this.prepareImages();
    await this.loadFonts();
    const r = this.result.document.document;
    const bb = r.absoluteBoundingBox;
    const origin = { x: bb.x - this.options.x, y: bb.y - this.options.y };
    let root: FrameNode;
    if (r.type === "FRAME") {
      root = (await this.node(r, this.options.parent, origin)) as FrameNode;
    } else {
      // The contract is a root frame: wrap anything else in a plain one at the same box.
      root = this.figma.createFrame();
      this.options.parent.appendChild(root);
      this.rooted(root);
      root.name = r.name;
      root.fills = [];
      root.clipsContent = false;
      root.x = this.options.x;
      root.y = this.options.y;
      root.resize(Math.max(0.01, bb.width), Math.max(0.01, bb.height));
      root.setPluginData(DATA_KIND, "wrapper");
      await this.node(r, root, { x: bb.x, y: bb.y });
    }
    root.setPluginData(INCOMPLETE_DATA, "");
    this.options.onProgress?.(this.total, this.total);
    return root;
  }

  async node(r: ResultNode, parent: Container, origin: Origin): Promise<SceneNode> {
    let node: SceneNode;
    switch (r.type) {
      case "GROUP":
        node = await this.group(r, parent, origin);
        break;
      case "TEXT":
        node = this.text(r, parent, origin);
        await this.tick();
        break;
      case "VECTOR":
        node = this.vector(r, parent, origin);
        await this.tick();
        break;
      case "RECTANGLE":
      case "ELLIPSE":
      case "FRAME":
        node = await this.shapeOrFrame(r, parent, origin);
        break;
      default:
        this.warn(`node "${r.name}" of type ${String(r.type)} drawn as a frame`);
        node = await this.shapeOrFrame({ ...r, type: "FRAME" }, parent, origin);
    }
    this.nodes.set(r.id, node);
    node.setPluginData(DATA_ID, r.id);
    return node;
  }

  /** Position and size from the absolute box (and rotation), relative to the container's origin. */
  place(n: SceneNode & LayoutMixin, r: ResultNode, origin: Origin): void {
    const bb = r.absoluteBoundingBox;
    const rot = r.rotation ?? 0;
    if (rot) {
      const size = unrotatedSize(bb.width, bb.height, rot);
      n.resize(Math.max(0.01, size.width), Math.max(0.01, size.height));
      n.rotation = rot;
      const off = rotatedOffset(n.width, n.height, rot);
      n.x = bb.x - origin.x - off.x;
      n.y = bb.y - origin.y - off.y;
      return;
    }
    n.resize(Math.max(0.01, bb.width), Math.max(0.01, bb.height));
    n.x = bb.x - origin.x;
    n.y = bb.y - origin.y;
  }

  /** Name, visibility, opacity, blend mode, constraints. Effects come last (see effects()). */
  common(n: SceneNode & BlendMixin, r: ResultNode): void {
    n.name = r.name;
    if (r.visible === false) n.visible = false;
    if (typeof r.opacity === "number") {
      const opacity = r.opacity;
      this.attempt(r, "opacity", () => (n.opacity = Math.min(1, Math.max(0, opacity))));
    }
    const blend = r.blendMode;
    if (blend) this.attempt(r, "blend mode", () => (n.blendMode = blend));
    const cons = r.constraints;
    if (cons && "constraints" in n) {
      this.attempt(r, "constraints", () => {
        n.constraints = { horizontal: CONSTRAINT[cons.horizontal] ?? "MIN", vertical: CONSTRAINT[cons.vertical] ?? "MIN" };
      });
    }
  }

  /** The result's effects, set after fills and clipsContent; a spread Figma would refuse is dropped with a warning. */
  effects(n: SceneNode & BlendMixin, r: ResultNode, effects: Effect[] = (r.effects ?? []).map(toPluginEffect)): void {
    if (!effects.length) return;
    let list = effects;
    if (list.some(hasSpread) && !acceptsSpread(n)) {
      this.warn(`node "${r.name}": Figma takes a shadow spread only on rectangles, ellipses and clipping frames with a visible fill; its shadow is drawn without spread`);
      list = list.map((e) => (e.type === "DROP_SHADOW" || e.type === "INNER_SHADOW" ? { ...e, spread: 0 } : e));
    }
    this.attempt(r, "effects", () => (n.effects = list));
  }

  strokes(n: SceneNode & MinimalStrokesMixin, r: ResultNode): void {
    this.attempt(r, "strokes", () => this.strokesUnsafe(n, r));
  }

  strokesUnsafe(n: SceneNode & MinimalStrokesMixin, r: ResultNode): void {
    n.strokes = toPluginPaints(r.strokes, this.ctx);
    if (r.strokeAlign) n.strokeAlign = r.strokeAlign;
    const ind = r.individualStrokeWeights;
    if (ind && "strokeTopWeight" in n) {
      n.strokeTopWeight = Math.max(0, ind.top);
      n.strokeRightWeight = Math.max(0, ind.right);
      n.strokeBottomWeight = Math.max(0, ind.bottom);
      n.strokeLeftWeight = Math.max(0, ind.left);
    } else if (ind) {
      n.strokeWeight = Math.max(ind.top, ind.right, ind.bottom, ind.left, 0);
      this.warn(`node "${r.name}": per-side stroke weights drawn uniform (${r.type} has no per-side weights)`);
    } else if (typeof r.strokeWeight === "number") {
      n.strokeWeight = Math.max(0, r.strokeWeight);
    }
    if (r.strokeDashes && r.strokeDashes.length && "dashPattern" in n) n.dashPattern = r.strokeDashes.map((d) => Math.max(0, d));
  }

  radii(n: SceneNode, r: ResultNode): void {
    this.attempt(r, "corner radii", () => this.radiiUnsafe(n, r));
  }

  radiiUnsafe(n: SceneNode, r: ResultNode): void {
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
    }
  }

  /** Fills, with tiled image paints (and every paint above them) turned into layers. Returns those layers' specs. */
  fills(n: SceneNode & MinimalFillsMixin, r: ResultNode): RestPaint[] {
    const fills = r.fills ?? [];
    const first = fills.findIndex((p) => p.type === "IMAGE" && p.imageRef !== undefined && this.images.get(p.imageRef)?.kind === "tiled");
    if (first < 0) {
      this.attempt(r, "fills", () => (n.fills = toPluginPaints(fills, this.ctx)));
      return [];
    }
    this.attempt(r, "fills", () => (n.fills = toPluginPaints(fills.slice(0, first), this.ctx)));
    return fills.slice(first);
  }

  /** Layers standing in for paints that cannot be fills (tiled images and what paints over them). */
  paintLayers(frame: FrameNode, r: ResultNode, paints: RestPaint[]): SceneNode[] {
    const layers: SceneNode[] = [];
    const w = frame.width;
    const h = frame.height;
    for (const p of paints) {
      const img = p.type === "IMAGE" && p.imageRef ? this.images.get(p.imageRef) : undefined;
      if (img?.kind === "tiled") {
        const pieces = tilePieces(p, img, w, h, (m) => this.warn(`node "${r.name}": ${m}`));
        for (const piece of pieces) {
          const rect = this.figma.createRectangle();
          frame.insertChild(layers.length, rect);
          rect.name = "Image tile";
          rect.resize(Math.max(0.01, piece.box.width), Math.max(0.01, piece.box.height));
          rect.x = piece.box.x;
          rect.y = piece.box.y;
          const paint = toPluginPaint({ ...p, scaleMode: "STRETCH", imageTransform: undefined, imageRef: "" }, { imageHash: () => piece.hash, warn: this.ctx.warn }) as ImagePaint;
          rect.fills = [{ ...paint, imageTransform: piece.imageTransform }];
          rect.setPluginData(DATA_KIND, "image-tile");
          layers.push(rect);
        }
      } else {
        const paint = toPluginPaint(p, this.ctx);
        if (!paint) continue;
        const rect = this.figma.createRectangle();
        frame.insertChild(layers.length, rect);
        rect.name = "Fill";
        rect.resize(Math.max(0.01, w), Math.max(0.01, h));
        rect.x = 0;
        rect.y = 0;
        rect.fills = [paint];
        rect.setPluginData(DATA_KIND, "fill-layer");
        layers.push(rect);
      }
    }
    const radius = r.cornerRadius ?? Math.max(0, ...(r.rectangleCornerRadii ?? [0]));
    if (radius > 0 && !frame.clipsContent) {
      frame.clipsContent = true;
      if ((r.children ?? []).length) this.warn(`node "${r.name}": clips its content so its tiled image keeps the rounded corners`);
    }
    return layers;
  }

  async shapeOrFrame(r: ResultNode, parent: Container, origin: Origin): Promise<SceneNode> {
    const fills = r.fills ?? [];
    const tiled = fills.some((p) => p.type === "IMAGE" && p.imageRef !== undefined && this.images.get(p.imageRef)?.kind === "tiled");
    const kids = r.children ?? [];
    if (r.type !== "FRAME" && kids.length) this.warn(`node "${r.name}" (${r.type}) has children: drawn as a frame`);
    const asFrame = r.type === "FRAME" || kids.length > 0 || tiled;
    if (!asFrame) {
      const n = r.type === "ELLIPSE" ? this.figma.createEllipse() : this.figma.createRectangle();
      parent.appendChild(n);
      this.attempt(r, "size", () => this.place(n, r, origin));
      this.common(n, r);
      this.attempt(r, "fills", () => (n.fills = toPluginPaints(fills, this.ctx)));
      this.strokes(n, r);
      this.radii(n, r);
      this.effects(n, r);
      await this.tick();
      return n;
    }
    if (tiled && r.type === "ELLIPSE") this.warn(`ellipse "${r.name}" with a tiled image drawn as a rectangle`);
    const f = this.figma.createFrame();
    parent.appendChild(f);
    if (parent === this.options.parent) this.rooted(f);
    this.attempt(r, "size", () => this.place(f, r, origin));
    this.common(f, r);
    f.clipsContent = r.type === "FRAME" ? (r.clipsContent ?? false) : true;
    const layerPaints = this.fills(f, r);
    this.strokes(f, r);
    this.radii(f, r);
    if (tiled) f.setPluginData(DATA_KIND, "tiled");
    const layers = layerPaints.length ? this.paintLayers(f, r, layerPaints) : [];
    const background = this.frameEffects(f, r, kids.length > 0);
    if (background) layers.unshift(background);
    await this.tick();
    if (r.rotation && kids.length) this.warn(`frame "${r.name}" is rotated: its children are placed unrotated`);
    const bb = r.absoluteBoundingBox;
    const childOrigin = { x: bb.x, y: bb.y };
    const created: SceneNode[] = [];
    for (const c of kids) created.push(await this.node(c, f, childOrigin));
    if (r.layoutMode === "HORIZONTAL" || r.layoutMode === "VERTICAL") this.autoLayout(f, r, created, layers);
    return f;
  }

  /**
   * The frame's effects. A frame that does not clip and has children, or whose fills and
   * clipping would make Figma refuse a shadow's spread, gets its fills, radii and shadows on a
   * background rectangle (its first child) instead; returns that rectangle.
   */
  frameEffects(f: FrameNode, r: ResultNode, hasChildren: boolean): RectangleNode | null {
    const effects = (r.effects ?? []).map(toPluginEffect);
    const shadows = effects.filter((e) => isShadow(e) || e.type === "BACKGROUND_BLUR");
    const spread = effects.some(hasSpread);
    const moveShadows = shadows.some(isShadow) && !f.clipsContent && (hasChildren || spread);
    if (!moveShadows) {
      this.effects(f, r, effects);
      return null;
    }
    const bg = this.figma.createRectangle();
    f.insertChild(0, bg);
    bg.name = "Background";
    bg.setPluginData(DATA_KIND, "background");
    this.attempt(r, "background size", () => {
      bg.resize(Math.max(0.01, f.width), Math.max(0.01, f.height));
      bg.x = 0;
      bg.y = 0;
      bg.constraints = { horizontal: "STRETCH", vertical: "STRETCH" };
    });
    const fills = f.fills;
    this.attempt(r, "fills", () => {
      bg.fills = typeof fills === "symbol" ? [] : fills;
      f.fills = [];
    });
    this.attempt(r, "corner radii", () => {
      bg.topLeftRadius = f.topLeftRadius;
      bg.topRightRadius = f.topRightRadius;
      bg.bottomRightRadius = f.bottomRightRadius;
      bg.bottomLeftRadius = f.bottomLeftRadius;
    });
    this.effects(bg, r, shadows);
    this.effects(f, r, effects.filter((e) => !shadows.includes(e)));
    return bg;
  }

  autoLayout(f: FrameNode, r: ResultNode, kids: SceneNode[], layers: SceneNode[]): void {
    this.attempt(r, "auto layout", () => this.autoLayoutUnsafe(f, r, kids, layers));
  }

  autoLayoutUnsafe(f: FrameNode, r: ResultNode, kids: SceneNode[], layers: SceneNode[]): void {
    const all = [...layers, ...kids];
    const before = all.map((n) => ({ n, x: n.x, y: n.y, w: n.width, h: n.height }));
    const size = { w: f.width, h: f.height };
    f.primaryAxisSizingMode = r.primaryAxisSizingMode ?? "FIXED";
    f.counterAxisSizingMode = r.counterAxisSizingMode ?? "FIXED";
    f.primaryAxisAlignItems = r.primaryAxisAlignItems ?? "MIN";
    f.counterAxisAlignItems = r.counterAxisAlignItems ?? "MIN";
    f.paddingTop = r.paddingTop ?? 0;
    f.paddingRight = r.paddingRight ?? 0;
    f.paddingBottom = r.paddingBottom ?? 0;
    f.paddingLeft = r.paddingLeft ?? 0;
    f.itemSpacing = r.itemSpacing ?? 0;
    f.layoutMode = r.layoutMode as "HORIZONTAL" | "VERTICAL";
    if (r.layoutWrap === "WRAP" && r.layoutMode === "HORIZONTAL") {
      f.layoutWrap = "WRAP";
      f.counterAxisSpacing = r.counterAxisSpacing ?? 0;
    }
    const results = r.children ?? [];
    const absolute = new Set<SceneNode>(layers);
    kids.forEach((n, i) => {
      const c = results[i];
      if (!c || !("layoutAlign" in n)) return;
      if (c.layoutPositioning === "ABSOLUTE") absolute.add(n);
      else {
        if (c.layoutAlign) n.layoutAlign = c.layoutAlign;
        if (typeof c.layoutGrow === "number") n.layoutGrow = c.layoutGrow;
      }
    });
    for (const b of before) {
      if (!absolute.has(b.n) || !("layoutPositioning" in b.n)) continue;
      b.n.layoutPositioning = "ABSOLUTE";
      b.n.x = b.x;
      b.n.y = b.y;
    }
    if (f.width !== size.w || f.height !== size.h) {
      if (f.primaryAxisSizingMode === "FIXED" && f.counterAxisSizingMode === "FIXED") f.resize(size.w, size.h);
    }
    const tol = this.tolerance;
    const moved = before
      .map((b) => ({ b, d: Math.max(Math.abs(b.n.x - b.x), Math.abs(b.n.y - b.y), Math.abs(b.n.width - b.w), Math.abs(b.n.height - b.h)) }))
      .filter((m) => m.d > tol + 1e-6);
    const frameMoved = Math.max(Math.abs(f.width - size.w), Math.abs(f.height - size.h)) > tol + 1e-6;
    if (!moved.length && !frameMoved) return;
    // Figma's layout does not reproduce the page: keep exact positions instead.
    f.layoutMode = "NONE";
    f.resize(Math.max(0.01, size.w), Math.max(0.01, size.h));
    for (const b of before) {
      if ("resize" in b.n && (b.n.width !== b.w || b.n.height !== b.h)) b.n.resize(Math.max(0.01, b.w), Math.max(0.01, b.h));
      b.n.x = b.x;
      b.n.y = b.y;
    }
    const worst = moved.sort((a, b) => b.d - a.d)[0];
    const what = worst ? `"${worst.b.n.name}" by ${worst.d.toFixed(2)} px` : `the frame's size`;
    this.warn(`auto layout of "${r.name}" left off: Figma's layout would move ${what}; children keep their exact positions`);
  }

  async group(r: ResultNode, parent: Container, origin: Origin): Promise<SceneNode> {
    const kids: SceneNode[] = [];
    for (const c of r.children ?? []) kids.push(await this.node(c, parent, origin));
    await this.tick();
    if (!kids.length) {
      this.warn(`group "${r.name}" has no children: drawn as an empty frame`);
      const f = this.figma.createFrame();
      parent.appendChild(f);
      this.attempt(r, "size", () => this.place(f, r, origin));
      f.fills = [];
      f.clipsContent = false;
      this.common(f, r);
      this.effects(f, r);
      return f;
    }
    const g = this.figma.group(kids, parent);
    this.common(g, r);
    this.effects(g, r);
    return g;
  }

  text(r: ResultNode, parent: Container, origin: Origin): SceneNode {
    const t = this.figma.createText();
    parent.appendChild(t);
    this.common(t, r);
    this.attempt(r, "text", () => applyText(t, r, this.plan, this.ctx));
    this.strokes(t, r);
    this.attempt(r, "size", () => this.place(t, r, origin));
    const auto = r.style?.textAutoResize;
    if (auto) this.attempt(r, "text auto-resize", () => (t.textAutoResize = auto));
    this.effects(t, r);
    t.name = r.name;
    return t;
  }

  vector(r: ResultNode, parent: Container, origin: Origin): SceneNode {
    const svg = r.pageport?.svg;
    let frame: FrameNode | null = null;
    if (svg) {
      try {
        frame = this.figma.createNodeFromSvg(svg);
      } catch (e) {
        this.warn(`vector "${r.name}": its SVG could not be imported (${errorText(e)}); drawn as a box`);
      }
    } else {
      this.warn(`vector "${r.name}" has no SVG markup; drawn as a box`);
    }
    if (r.children?.length) this.warn(`vector "${r.name}" has children; they are left out`);
    const f = frame ?? this.figma.createFrame();
    parent.appendChild(f);
    if (frame) {
      // Let the vectors follow the frame when it takes the node's size.
      const scale = (nodes: readonly SceneNode[]): void => {
        for (const n of nodes) {
          if (n.type === "GROUP" || n.type === "BOOLEAN_OPERATION") scale(n.children);
          else if ("constraints" in n) n.constraints = { horizontal: "SCALE", vertical: "SCALE" };
        }
      };
      scale(frame.children);
      frame.setPluginData(DATA_KIND, "svg");
    }
    this.attempt(r, "size", () => this.place(f, r, origin));
    this.common(f, r);
    f.clipsContent = true;
    this.attempt(r, "fills", () => (f.fills = toPluginPaints(r.fills, this.ctx)));
    this.strokes(f, r);
    this.radii(f, r);
    this.effects(f, r);
    return f;
  }
}

/**
 * Places a result under options.parent at (options.x, options.y). Throws only when nothing
 * sensible can be placed (a font that Figma lists but will not load, an error from the caller's
 * onProgress); then nothing is left on the canvas. Everything else that cannot be expressed
 * exactly (including a property Figma refuses) becomes a warning.
 */
export async function materialize(figma: PluginAPI, result: FullResult, options: MaterializeOptions): Promise<Materialized> {
  const m = new Materializer(figma, result, options);
  let root: FrameNode;
  try {
    root = await m.run();
  } catch (error) {
    // Never leave a half-built design behind: remove the partial root, then report.
    if (m.root && !m.root.removed) m.root.remove();
    throw error;
  }
  return { root, warnings: [...(result.document.warnings ?? []), ...m.warnings], nodeCount: m.done, nodes: m.nodes };
}
