/**
 * The materializer: a result (Figma REST node shapes) becomes an editable Figma subtree.
 * Pure: it touches only the `figma` object it is given (tests pass an in-memory Figma).
 *
 * Order of work:
 *  1. images: every image a paint refers to is created (or tiled when over 4096 px, images.ts);
 *  2. fonts: every font the text and the text styles need is resolved against
 *     listAvailableFontsAsync (closest available with a warning, fonts.ts) and loaded, all before
 *     any text is touched;
 *  3. design tokens (version 2): the variable collection, variables and styles, found by name or
 *     made (tokens.ts); every node below binds to them as it is made;
 *  4. main components, on the page's Components section (components.ts);
 *  5. nodes, depth first in paint order, yielding to the event loop (onProgress(done, total)
 *     each time) so large results keep Figma responsive: about once a frame (16 ms), checked
 *     every 100 nodes, or every `chunkSize` nodes when that is given; an INSTANCE
 *     node becomes an instance of its main, or a plain frame where one cannot be the member.
 *
 * Geometry: the result's absolute boxes become positions relative to each node's container
 * (the nearest non-group ancestor, as in Figma), sizes through resize() (clamped to 0.01).
 *
 * Auto layout is switched on LAST for each frame (frames.ts): after all its children exist at
 * their exact positions, and kept only where Figma's layout moves no child by more than
 * `autoLayoutTolerance` px; otherwise the frame keeps absolute positions, with a warning.
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
 * A site design (version 3) is a COMPONENT_SET of page variants: the set is made first (from a
 * placeholder variant, so it can be tagged before anything else), each variant is built into it
 * as a COMPONENT showing the variable modes it names (tokens.showModes, before its paints are
 * bound), then the placeholder goes.
 *
 * Containment: the root is tagged (options.rootData, plus `INCOMPLETE_DATA`) as soon as it
 * exists, and the incomplete marker is cleared only when the whole tree is built. When
 * anything throws before then, the partial root (and any main component this import made) is
 * removed and the error rethrown; a caller that was stopped half-way (Figma closed the plugin)
 * finds the marker on its next run. A property Figma refuses on one node (a paint, an effect, a
 * size…) becomes a warning naming the node and the property; the rest of the page is placed.
 */
import { Components } from "./components";
import { FontCatalog, fontLabel, requestOf } from "./fonts";
import { autoLayout, checkGrid, frameEffects, paintLayers, startGrid } from "./frames";
import { countNodes, place, walk, type Origin } from "./geometry";
import { errorText, prepareImage, type PreparedImage } from "./images";
import { DATA_ID, DATA_KIND, INCOMPLETE_DATA } from "./kinds";
import { toPluginPaints, type PaintContext } from "./paints";
import { common, effects, fills, isTiled, radii, strokes, type Writer } from "./properties";
import { applyText, collectFontRequests, FontPlan, requestKey } from "./text";
import { DesignTokens } from "./tokens";
import { RESULT_VERSIONS, type FullResult, type RestPaint, type ResultNode } from "./types";

export { DATA_ID, DATA_KIND, INCOMPLETE_DATA } from "./kinds";
export { acceptsSpread } from "./properties";
export { unrotatedSize, rotatedOffset, countNodes } from "./geometry";

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
  /** Yield to the event loop every this many nodes (default: about once a frame, checked every 100 nodes). */
  chunkSize?: number;
  /** How far (px) Figma's auto layout may move a child before the frame keeps absolute positions (default 0.99: less than a pixel; the converter holds its layouts to 0.5, convert/flow.py). */
  autoLayoutTolerance?: number;
  /** Plugin data written on the root frame as soon as it exists (before any child is made). */
  rootData?: Record<string, string>;
  /** Called once with the root frame as soon as it exists (already tagged, still incomplete). */
  onRoot?: (root: PlacedRoot) => void;
}

/** What a result is placed as: a frame, or a site design's component set. */
export type PlacedRoot = FrameNode | ComponentSetNode;

export interface Materialized {
  root: PlacedRoot;
  /** The result's own warnings followed by the materializer's, none dropped. */
  warnings: string[];
  /** Result nodes placed. */
  nodeCount: number;
  /** Result node id → the Figma node made for it (a VECTOR's is the frame createNodeFromSvg made). */
  nodes: Map<string, SceneNode>;
  /** The main components this import made (on the page's Components section). */
  components: ComponentNode[];
}

type Container = BaseNode & ChildrenMixin;

function pageOf(node: BaseNode | null): PageNode | null {
  let n: BaseNode | null = node;
  while (n && n.type !== "PAGE") n = n.parent;
  return n;
}

function paintsOf(n: ResultNode): RestPaint[] {
  const out = [...(n.fills ?? []), ...(n.strokes ?? []), ...(n.style?.fills ?? [])];
  for (const o of Object.values(n.styleOverrideTable ?? {})) out.push(...(o.fills ?? []));
  return out;
}

export class Materializer implements Writer {
  readonly warnings: string[] = [];
  readonly nodes = new Map<string, SceneNode>();
  readonly images = new Map<string, PreparedImage>();
  done = 0;
  sinceYield = 0;
  total: number;
  plan!: FontPlan;
  tokens: DesignTokens | null = null;
  readonly components: Components;
  readonly ctx: PaintContext;
  readonly chunk: number;
  /** Without an explicit chunkSize: yield only once this long (ms) has passed since the last yield. */
  readonly yieldMs: number | null;
  lastYield = Date.now();
  readonly tolerance: number;
  /** Result coordinates minus canvas coordinates (where the root goes). */
  readonly shift: { x: number; y: number };
  root: PlacedRoot | null = null;
  /** False while a variant is built whose variable mode the file lacks: its colours stay unbound. */
  bindColors = true;

  constructor(
    readonly figma: PluginAPI,
    readonly result: FullResult,
    readonly options: MaterializeOptions,
  ) {
    const version = result.document.version;
    if (!RESULT_VERSIONS.includes(version)) {
      throw new Error(`This result is format version ${String(version)}, which this plugin does not know (it places ${RESULT_VERSIONS.join(", ")}): update the plugin`);
    }
    this.total = countNodes(result.document.document, ...this.mainNodes());
    this.chunk = Math.max(1, options.chunkSize ?? 100);
    // A timer costs a millisecond or more: yielding per 100 nodes of a 5,000-node page spent more
    // on timers than on nodes. About once a frame keeps Figma as responsive.
    this.yieldMs = options.chunkSize === undefined ? 16 : null;
    this.tolerance = options.autoLayoutTolerance ?? 0.99;
    const bb = result.document.document.absoluteBoundingBox;
    this.shift = { x: bb.x - options.x, y: bb.y - options.y };
    this.components = new Components(this);
    this.ctx = {
      imageHash: (ref) => {
        const img = this.images.get(ref);
        return img?.kind === "single" ? img.hash : undefined;
      },
      warn: (m) => this.warn(m),
      bind: (rest, paint) => (this.tokens && this.bindColors ? this.tokens.bindPaint(rest, paint) : paint),
    };
  }

  mainNodes(): ResultNode[] {
    return Object.values(this.result.document.components ?? {}).map((c) => c.node);
  }

  warn(message: string): void {
    this.warnings.push(message);
  }

  attempt(r: ResultNode, what: string, write: () => void): void {
    try {
      write();
    } catch (e) {
      this.warn(`node "${r.name}": Figma refused its ${what} (${errorText(e)}); left out`);
    }
  }

  #afterLayout: (() => void)[] = [];
  afterLayout(r: ResultNode, what: string, write: () => void): void {
    this.#afterLayout.push(() => this.attempt(r, what, write));
  }
  /** The writes waiting for final sizes: the component mains' before any instance is made, the page's at the end. */
  #laidOut(): void {
    const writes = this.#afterLayout;
    this.#afterLayout = [];
    for (const write of writes) write();
  }

  /** The root frame exists: tag it before anything else is made, so a half-built one can be found. */
  rooted(f: PlacedRoot): void {
    if (this.root) return;
    this.root = f;
    f.setPluginData(INCOMPLETE_DATA, "1");
    for (const [k, v] of Object.entries(this.options.rootData ?? {})) f.setPluginData(k, v);
    this.options.onRoot?.(f);
  }

  async tick(): Promise<void> {
    this.done++;
    if (++this.sinceYield < this.chunk) return;
    if (this.yieldMs !== null && Date.now() - this.lastYield < this.yieldMs) return;
    this.sinceYield = 0;
    this.options.onProgress?.(this.done, this.total);
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    this.lastYield = Date.now();
  }

  // ------------------------------------------------------------------ preparation

  async prepareImages(): Promise<void> {
    const refs = new Set<string>();
    for (const n of walk(this.result.document.document, ...this.mainNodes())) {
      for (const p of paintsOf(n)) if (p.type === "IMAGE" && p.imageRef) refs.add(p.imageRef);
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
    const requests = new Map<string, ReturnType<typeof requestOf>>();
    for (const root of [this.result.document.document, ...this.mainNodes()]) for (const r of collectFontRequests(root)) requests.set(requestKey(r), r);
    for (const s of Object.values(this.result.document.styles ?? {})) if (s.style) requests.set(requestKey(requestOf(s.style)), requestOf(s.style));
    if (!requests.size) return;
    const available = await this.figma.listAvailableFontsAsync();
    this.plan = new FontPlan(new FontCatalog(available), [...requests.values()], (m) => this.warn(m));
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

  async run(): Promise<PlacedRoot> {
    await this.prepareImages();
    await this.loadFonts();
    const doc = this.result.document;
    if (doc.variableCollections || doc.styles) this.tokens = await DesignTokens.load(this.figma, doc, this.plan, (m) => this.warn(m));
    const r = doc.document;
    const bb = r.absoluteBoundingBox;
    const page = pageOf(this.options.parent) ?? this.figma.currentPage;
    await this.components.makeMains(Object.values(doc.components ?? {}), page, { x: this.options.x, y: this.options.y, width: bb.width, height: bb.height });
    this.#laidOut();
    const origin = { x: this.shift.x, y: this.shift.y };
    let root: PlacedRoot;
    if (r.type === "COMPONENT_SET") {
      root = await this.componentSet(r);
    } else if (r.type === "FRAME") {
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
    this.#laidOut();
    root.setPluginData(INCOMPLETE_DATA, "");
    this.options.onProgress?.(this.total, this.total);
    return root;
  }

  /** A site design: the set at the root's place and size, each variant built into it. */
  async componentSet(r: ResultNode): Promise<ComponentSetNode> {
    const placeholder = this.figma.createComponent();
    this.options.parent.appendChild(placeholder);
    placeholder.x = this.options.x;
    placeholder.y = this.options.y;
    const set = this.figma.combineAsVariants([placeholder], this.options.parent);
    this.rooted(set);
    set.name = r.name;
    set.x = this.options.x;
    set.y = this.options.y;
    set.resizeWithoutConstraints(Math.max(0.01, r.absoluteBoundingBox.width), Math.max(0.01, r.absoluteBoundingBox.height));
    this.attempt(r, "fills", () => (set.fills = toPluginPaints(r.fills ?? [], this.ctx)));
    set.clipsContent = r.clipsContent ?? false;
    await this.tick();
    const origin = { x: r.absoluteBoundingBox.x, y: r.absoluteBoundingBox.y };
    for (const variant of r.children ?? []) {
      if (variant.type !== "COMPONENT") {
        this.warn(`node "${variant.name}" of type ${variant.type} in a component set: left out`);
        continue;
      }
      await this.node(variant, set, origin);
    }
    placeholder.remove();
    this.nodes.set(r.id, set);
    set.setPluginData(DATA_ID, r.id);
    return set;
  }

  async node(r: ResultNode, parent: Container, origin: Origin): Promise<SceneNode> {
    let node: SceneNode;
    switch (r.type) {
      case "INSTANCE":
        return this.components.instance(r, parent, origin); // it records its own layers
      case "GROUP":
        node = await this.group(r, parent, origin);
        break;
      case "TEXT":
        node = await this.text(r, parent, origin);
        await this.tick();
        break;
      case "VECTOR":
        node = await this.vector(r, parent, origin);
        await this.tick();
        break;
      case "RECTANGLE":
      case "ELLIPSE":
      case "FRAME":
      case "COMPONENT":
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

  async shapeOrFrame(r: ResultNode, parent: Container, origin: Origin): Promise<SceneNode> {
    const paints = r.fills ?? [];
    const tiled = paints.some((p) => isTiled(this, p));
    const kids = r.children ?? [];
    const framed = r.type === "FRAME" || r.type === "COMPONENT";
    if (!framed && kids.length) this.warn(`node "${r.name}" (${r.type}) has children: drawn as a frame`);
    if (!framed && !kids.length && !tiled) {
      const n = r.type === "ELLIPSE" ? this.figma.createEllipse() : this.figma.createRectangle();
      parent.appendChild(n);
      this.attempt(r, "size", () => place(n, r, origin));
      common(this, n, r);
      this.attempt(r, "fills", () => (n.fills = toPluginPaints(paints, this.ctx)));
      strokes(this, n, r);
      radii(this, n, r);
      effects(this, n, r);
      this.tokens?.bindFields(n, r);
      await this.tokens?.styleEffects(r, [n]);
      await this.tick();
      return n;
    }
    if (tiled && r.type === "ELLIPSE") this.warn(`ellipse "${r.name}" with a tiled image drawn as a rectangle`);
    const f = r.type === "COMPONENT" ? this.figma.createComponent() : this.figma.createFrame();
    parent.appendChild(f);
    if (parent === this.options.parent && f.type === "FRAME") this.rooted(f);
    // A variant shows its theme's mode before any paint is bound; without the mode, no colour binds.
    const bindColors = this.bindColors;
    if (r.explicitVariableModes && this.tokens) this.bindColors = this.tokens.showModes(f, r);
    this.attempt(r, "size", () => place(f, r, origin));
    common(this, f, r);
    f.clipsContent = framed ? (r.clipsContent ?? false) : true;
    const layerPaints = fills(this, f, r);
    strokes(this, f, r);
    radii(this, f, r);
    if (tiled) f.setPluginData(DATA_KIND, "tiled");
    const layers = layerPaints.length ? paintLayers(this, f, r, layerPaints) : [];
    const background = frameEffects(this, f, r, kids.length > 0);
    if (background) layers.unshift(background);
    await this.tokens?.styleEffects(r, background ? [background, f] : [f]);
    await this.tick();
    if (r.rotation && kids.length) this.warn(`frame "${r.name}" is rotated: its children are placed unrotated`);
    const bb = r.absoluteBoundingBox;
    const childOrigin = { x: bb.x, y: bb.y };
    // A GRID is set up first: its children fill its cells as they are made. Not over layers the
    // frame draws itself (a background, tiles), which would take cells.
    let grid = false;
    if (r.layoutMode === "GRID" && layers.length) this.warn(`grid layout of "${r.name}" left off: it draws layers of its own`);
    else if (r.layoutMode === "GRID") grid = startGrid(this, f, r);
    const created: SceneNode[] = [];
    for (const c of kids) created.push(await this.node(c, f, childOrigin));
    if (r.layoutMode === "HORIZONTAL" || r.layoutMode === "VERTICAL") autoLayout(this, f, r, created, layers, this.tolerance);
    if (grid) checkGrid(this, f, r, created, this.tolerance);
    this.tokens?.bindFields(f, r);
    this.bindColors = bindColors;
    return f;
  }

  async group(r: ResultNode, parent: Container, origin: Origin): Promise<SceneNode> {
    const kids: SceneNode[] = [];
    for (const c of r.children ?? []) kids.push(await this.node(c, parent, origin));
    await this.tick();
    if (!kids.length) {
      this.warn(`group "${r.name}" has no children: drawn as an empty frame`);
      const f = this.figma.createFrame();
      parent.appendChild(f);
      this.attempt(r, "size", () => place(f, r, origin));
      f.fills = [];
      f.clipsContent = false;
      common(this, f, r);
      effects(this, f, r);
      return f;
    }
    const g = this.figma.group(kids, parent);
    common(this, g, r);
    effects(this, g, r);
    return g;
  }

  async text(r: ResultNode, parent: Container, origin: Origin): Promise<SceneNode> {
    const t = this.figma.createText();
    parent.appendChild(t);
    common(this, t, r);
    this.attempt(r, "text", () => applyText(t, r, this.plan, this.ctx));
    await this.tokens?.styleText(t, r);
    strokes(this, t, r);
    this.attempt(r, "size", () => place(t, r, origin));
    const auto = r.style?.textAutoResize;
    if (auto) this.attempt(r, "text auto-resize", () => (t.textAutoResize = auto));
    effects(this, t, r);
    await this.tokens?.styleEffects(r, [t]);
    t.name = r.name;
    return t;
  }

  async vector(r: ResultNode, parent: Container, origin: Origin): Promise<SceneNode> {
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
    this.attempt(r, "size", () => place(f, r, origin));
    common(this, f, r);
    f.clipsContent = true;
    this.attempt(r, "fills", () => (f.fills = toPluginPaints(r.fills, this.ctx)));
    strokes(this, f, r);
    radii(this, f, r);
    effects(this, f, r);
    await this.tokens?.styleEffects(r, [f]);
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
  let root: PlacedRoot;
  try {
    root = await m.run();
  } catch (error) {
    // Never leave a half-built design behind: remove the partial root and the mains, then report.
    for (const made of [m.root, ...m.components.made]) if (made && !made.removed) made.remove();
    throw error;
  }
  return { root, warnings: [...(result.document.warnings ?? []), ...m.warnings], nodeCount: m.done, nodes: m.nodes, components: m.components.mains };
}
