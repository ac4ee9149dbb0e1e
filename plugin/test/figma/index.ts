/**
 * The in-memory Figma the tests run on: figma-api-stub's `createFigma()` extended with the
 * Plugin API calls Pageport uses, enforcing the rules real Figma enforces (see README.md).
 *
 *   const figma = createTestFigma();            // a PluginAPI
 *   const t = testControls(figma);              // what the plugin did: notifications, UI messages…
 *   t.sendToPlugin({ type: "import", … });      // a message from the UI iframe
 */
import { createFigma } from "figma-api-stub";
import { defaultFontList, fontKey, fontLabel } from "./fonts";
import { createImage, ImageStub } from "./images";
import {
  BaseStub,
  DocumentStub,
  EllipseStub,
  FrameStub,
  GroupStub,
  PageStub,
  RectangleStub,
  SceneStub,
  TextStub,
  VectorStub,
  invert,
  multiply,
  type Mat,
  type World,
} from "./nodes";
import { clientStorageOver } from "./storage";
import { combineAsVariants, componentFromNode, ComponentStub, SectionStub } from "./components";
import { StyleRegistry } from "./styles";
import { parseSvg, SvgParseError } from "./svg";
import { VariableRegistry, type Plan } from "./variables";

export { readImageHeader, sha1Hex, MAX_IMAGE_SIDE } from "./images";
export { parseSvg } from "./svg";
export { FrameStub, TextStub, SceneStub, GroupStub, VectorStub } from "./nodes";
export { ComponentStub, InstanceStub, SectionStub } from "./components";
export { MODE_LIMITS, type Plan } from "./variables";

export interface TestFigmaOptions {
  /** Fonts listAvailableFontsAsync returns (and loadFontAsync accepts). Default: a realistic list. */
  fonts?: Font[];
  /** figma.fileKey (undefined by default, as for unsaved/most plugins). */
  fileKey?: string;
  /** Milliseconds loadFontAsync takes to resolve (default 0). */
  fontLoadDelayMs?: number;
  /**
   * The user's clientStorage. Real clientStorage is per user and plugin, NOT per file: pass one
   * map to several test figmas to have several files open at once. Default: a new map.
   */
  clientStorage?: Map<string, unknown>;
  /**
   * Text measured as Figma measures it (HarfBuzz over the installed font files: textlayout.ts):
   * text with textAutoResize WIDTH_AND_HEIGHT / HEIGHT changes size whenever what it shows
   * changes. Default true; false keeps every text at the size it is given.
   */
  measureText?: boolean;
  /** Every glyph advance x this (default 1; 1.02: another engine 2 % wider), to check that a design keeps its lines. */
  advanceScale?: number;
  /** Names of further pages the file has, NOT loaded (documentAccess dynamic-page) until loadAsync. */
  extraPages?: string[];
  /** The file's team plan: how many modes a variable collection may have (default "professional"). */
  plan?: Plan;
}

export interface Notification {
  message: string;
  options?: NotificationOptions;
  cancelled: boolean;
}

export interface TestControls {
  readonly notifications: Notification[];
  /** Messages the plugin posted to its UI (figma.ui.postMessage). */
  readonly uiMessages: unknown[];
  readonly shownUI: Array<{ html: string; options?: ShowUIOptions }>;
  readonly openedUrls: string[];
  readonly loadedFonts: FontName[];
  readonly fontLoadRequests: FontName[];
  readonly viewportCalls: Array<{ nodes: readonly BaseNode[] }>;
  closed: { message?: string } | null;
  /** Deliver a message from the UI iframe to the plugin (figma.ui.onmessage and ui.on listeners). */
  sendToPlugin(message: unknown): void;
  /** Fire a figma.on(...) event ("selectionchange", "close", "run", ...). */
  emit(event: string, ...args: unknown[]): void;
  /** Every image created in the file, by hash. */
  readonly images: ReadonlyMap<string, Image>;
  /** Number of nodes created so far. */
  readonly nodeCount: number;
  /** As when the plugin runs again on the same file: every font must be loaded again before text edits. */
  forgetLoadedFonts(): void;
  /** The user's clientStorage behind figma.clientStorage (pass it to another test figma: the same user). */
  readonly clientStorage: Map<string, unknown>;
  /** Fonts text was set in that have no file on this machine: that text kept the size it was given. */
  readonly unmeasuredFonts: ReadonlyMap<string, FontName>;
}

const controlsOf = new WeakMap<object, TestControls>();

export function testControls(figma: PluginAPI): TestControls {
  const c = controlsOf.get(figma);
  if (!c) throw new Error("not a test figma");
  return c;
}

function cloneValue<T>(v: T): T {
  return v === undefined ? v : structuredClone(v);
}

export function createTestFigma(options: TestFigmaOptions = {}): PluginAPI {
  const base = createFigma({ simulateErrors: true, isWithoutTimeout: true }) as unknown as Record<string | symbol, unknown>;
  const mixed = Symbol("figma.mixed");
  const images = new Map<string, ImageStub>();
  const loaded = new Set<string>();
  const fonts = options.fonts ?? defaultFontList();
  const available = new Set(fonts.map((f) => fontKey(f.fontName)));
  const nodes = new Map<string, BaseStub>();
  let major = 1;
  let minor = 1;
  let created = 0;

  const variables = new VariableRegistry(options.plan ?? "professional");
  const styles = new StyleRegistry(loaded);
  const unmeasuredFonts = new Map<string, FontName>();
  const world: World = {
    variables,
    styles,
    place: (n) => currentPage.appendChild(n),
    measureText: options.measureText ?? true,
    advanceScale: options.advanceScale ?? 1,
    unmeasuredFonts,
    nextId: () => `${major}:${++minor}`,
    images: { has: (h) => images.has(h) },
    loadedFonts: loaded,
    mixed,
    register: (n) => {
      nodes.set(n.id, n);
      created++;
    },
    lookup: (id) => nodes.get(id),
    svgExport: (n) => {
      if (n instanceof FrameStub && n.svgSource !== null) return n.svgSource;
      return `<svg width="${n.width}" height="${n.height}" viewBox="0 0 ${n.width} ${n.height}" fill="none" xmlns="http://www.w3.org/2000/svg"/>`;
    },
  };

  const root = new DocumentStub(world);
  const page = new PageStub(world, "0:1");
  page.loaded = true; // the page the plugin starts on is loaded
  for (const name of options.extraPages ?? []) {
    major++;
    const extra = new PageStub(world);
    extra.name = name;
    root.appendChild(extra as unknown as SceneStub);
  }
  root.appendChild(page as unknown as SceneStub);
  major = 1;
  minor = 1;
  let currentPage = page;

  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const uiListeners = new Set<(msg: unknown, props: OnMessageProperties) => void>();
  const clientStorage = options.clientStorage ?? new Map<string, unknown>();

  const controls: TestControls = {
    clientStorage,
    unmeasuredFonts,
    notifications: [],
    uiMessages: [],
    shownUI: [],
    openedUrls: [],
    loadedFonts: [],
    fontLoadRequests: [],
    viewportCalls: [],
    closed: null,
    sendToPlugin(message: unknown) {
      const props = { origin: "null" } as OnMessageProperties;
      const handler = ui.onmessage;
      if (handler) handler(cloneValue(message), props);
      for (const l of uiListeners) l(cloneValue(message), props);
    },
    emit(event: string, ...args: unknown[]) {
      for (const l of [...(listeners.get(event) ?? [])]) l(...args);
    },
    images,
    forgetLoadedFonts() {
      loaded.clear();
    },
    get nodeCount() {
      return created;
    },
  };

  page.onSelectionChange = () => controls.emit("selectionchange");

  const ui = {
    onmessage: undefined as MessageEventHandler | undefined,
    postMessage(message: unknown): void {
      controls.uiMessages.push(cloneValue(message));
    },
    on(type: string, cb: (msg: unknown, props: OnMessageProperties) => void): void {
      if (type === "message") uiListeners.add(cb);
    },
    once(type: string, cb: (msg: unknown, props: OnMessageProperties) => void): void {
      if (type !== "message") return;
      const w = (msg: unknown, props: OnMessageProperties): void => {
        uiListeners.delete(w);
        cb(msg, props);
      };
      uiListeners.add(w);
    },
    off(type: string, cb: (msg: unknown, props: OnMessageProperties) => void): void {
      if (type === "message") uiListeners.delete(cb);
    },
    show(): void {},
    hide(): void {},
    resize(): void {},
    reposition(): void {},
    close(): void {},
  };

  let center: Vector = { x: 0, y: 0 };
  let zoom = 1;
  const viewport = {
    get center(): Vector {
      return { ...center };
    },
    set center(v: Vector) {
      center = { x: v.x, y: v.y };
    },
    get zoom(): number {
      return zoom;
    },
    set zoom(v: number) {
      if (!(v > 0)) throw new Error('in set_zoom: Expected "zoom" to be > 0');
      zoom = v;
    },
    get bounds(): Rect {
      return { x: center.x - 720 / zoom, y: center.y - 450 / zoom, width: 1440 / zoom, height: 900 / zoom };
    },
    scrollAndZoomIntoView(targets: readonly BaseNode[]): void {
      controls.viewportCalls.push({ nodes: [...targets] });
      const boxes = targets.map((t) => (t as unknown as SceneStub).absoluteBoundingBox).filter((b): b is Rect => !!b);
      if (!boxes.length) return;
      const x0 = Math.min(...boxes.map((b) => b.x));
      const y0 = Math.min(...boxes.map((b) => b.y));
      const x1 = Math.max(...boxes.map((b) => b.x + b.width));
      const y1 = Math.max(...boxes.map((b) => b.y + b.height));
      center = { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
      zoom = Math.min(1440 / Math.max(1, x1 - x0), 900 / Math.max(1, y1 - y0), 1);
    },
  };

  const append = <T extends SceneStub>(n: T): T => {
    currentPage.appendChild(n);
    return n;
  };

  const api: Record<string, unknown> = {
    apiVersion: "1.0.0",
    editorType: "figma",
    mode: "default",
    command: "",
    pluginId: "pageport-test",
    mixed,
    skipInvisibleInstanceChildren: false,
    fileKey: options.fileKey,
    root,
    ui,
    viewport,
    clientStorage: clientStorageOver(clientStorage),
    createFrame: () => append(new FrameStub(world)),
    createComponent: () => append(new ComponentStub(world)),
    createComponentFromNode: (node: SceneStub) => componentFromNode(world, node),
    combineAsVariants: (nodes: SceneStub[], parent: SceneStub, index?: number) => combineAsVariants(world, nodes, parent, index),
    createSection: () => append(new SectionStub(world) as unknown as SceneStub),
    variables: variables.api(),
    ...styles.api(),
    createRectangle: () => append(new RectangleStub(world)),
    createEllipse: () => append(new EllipseStub(world)),
    createVector: () => append(new VectorStub(world)),
    createText: () => append(new TextStub(world)),
    createPage: () => {
      major++;
      const p = new PageStub(world);
      p.loaded = true; // a page the plugin creates is loaded
      root.appendChild(p as unknown as SceneStub);
      return p;
    },
    createNodeFromSvg: (svg: string) => {
      let parsed;
      try {
        parsed = parseSvg(svg);
      } catch (e) {
        if (e instanceof SvgParseError) throw new Error(`in createNodeFromSvg: Failed to parse SVG: ${e.message}`);
        throw e;
      }
      const frame = new FrameStub(world);
      frame.name = "Vector";
      frame.fills = [];
      frame.clipsContent = false;
      frame.resizeWithoutConstraints(Math.max(0.01, parsed.width), Math.max(0.01, parsed.height));
      frame.svgSource = svg;
      append(frame);
      for (const shape of parsed.shapes) {
        const v = new VectorStub(world);
        v.name = shape.tag === "path" ? "Vector" : shape.tag;
        v.vectorPaths = [{ windingRule: "NONZERO", data: shape.data }];
        v.fills = shape.fill ? [{ type: "SOLID", color: shape.fill, opacity: Math.min(1, Math.max(0, shape.fillOpacity)) }] : [];
        if (shape.stroke) {
          v.strokes = [{ type: "SOLID", color: shape.stroke }];
          v.strokeWeight = shape.strokeWidth;
        }
        v.resizeWithoutConstraints(Math.max(0.01, parsed.width), Math.max(0.01, parsed.height));
        frame.appendChild(v);
      }
      return frame;
    },
    createImage: (bytes: Uint8Array) => createImage(images, bytes),
    createImageAsync: (src: string) => Promise.reject(new Error(`createImageAsync(${src}): no network in tests`)),
    getImageByHash: (hash: string) => images.get(hash) ?? null,
    group: (children: readonly SceneStub[], parent: BaseStub, index?: number) => {
      if (!Array.isArray(children) || children.length === 0) throw new Error("in group: First argument must be an array of at least one node");
      if (!parent || !("kids" in parent)) throw new Error("in group: Second argument must be a node that can have children");
      const container = parent as unknown as FrameStub;
      const abs = children.map((c) => c.absoluteTransform);
      const g = new GroupStub(world);
      const at = index ?? container.kids.length;
      container.insertChild(Math.min(at, container.kids.length), g);
      const space = g.coordinateSpace();
      children.forEach((c, i) => {
        g.appendChild(c);
        c.relativeTransform = multiply(invert(space), abs[i] as Mat);
      });
      return g;
    },
    getNodeByIdAsync: (id: string) => {
      const n = nodes.get(id);
      return Promise.resolve(n && !n.removed ? n : null);
    },
    getNodeById: () => {
      // documentAccess: "dynamic-page" (our manifest): the sync lookup is not allowed.
      throw new Error("in getNodeById: Cannot call with documentAccess: dynamic-page. Use figma.getNodeByIdAsync instead.");
    },
    listAvailableFontsAsync: () => Promise.resolve(fonts.map((f) => ({ fontName: { ...f.fontName } }))),
    loadFontAsync: (font: FontName) => {
      controls.fontLoadRequests.push({ ...font });
      if (!font || typeof font.family !== "string" || typeof font.style !== "string") {
        return Promise.reject(new Error("in loadFontAsync: Expected a FontName { family, style }"));
      }
      const key = fontKey(font);
      if (!available.has(key)) {
        return Promise.reject(new Error(`The font "${fontLabel(font)}" could not be loaded`));
      }
      return new Promise<void>((resolve) => {
        const done = (): void => {
          if (!loaded.has(key)) controls.loadedFonts.push({ ...font });
          loaded.add(key);
          resolve();
        };
        if (options.fontLoadDelayMs) setTimeout(done, options.fontLoadDelayMs);
        else done();
      });
    },
    notify: (message: string, opts?: NotificationOptions) => {
      const n: Notification = { message: String(message), options: opts, cancelled: false };
      controls.notifications.push(n);
      return {
        cancel: () => {
          n.cancelled = true;
        },
      };
    },
    showUI: (html: string, opts?: ShowUIOptions) => {
      controls.shownUI.push({ html, options: opts });
    },
    openExternal: (url: string) => {
      controls.openedUrls.push(url);
    },
    on: (type: string, cb: (...args: unknown[]) => void) => {
      const set = listeners.get(type) ?? new Set();
      set.add(cb);
      listeners.set(type, set);
    },
    once: (type: string, cb: (...args: unknown[]) => void) => {
      const w = (...args: unknown[]): void => {
        listeners.get(type)?.delete(w);
        cb(...args);
      };
      const set = listeners.get(type) ?? new Set();
      set.add(w);
      listeners.set(type, set);
    },
    off: (type: string, cb: (...args: unknown[]) => void) => {
      listeners.get(type)?.delete(cb);
    },
    closePlugin: (message?: string) => {
      controls.closed = message === undefined ? {} : { message };
      controls.emit("close");
    },
    loadAllPagesAsync: () => {
      for (const p of root.kids) if (p instanceof PageStub) p.loaded = true;
      return Promise.resolve();
    },
    setCurrentPageAsync: (p: PageStub) => {
      if (!(p instanceof PageStub)) return Promise.reject(new Error("in setCurrentPageAsync: Expected a page"));
      p.loaded = true;
      currentPage = p;
      controls.emit("currentpagechange");
      return Promise.resolve();
    },
    base64Encode: (data: Uint8Array) => Buffer.from(data).toString("base64"),
    base64Decode: (data: string) => new Uint8Array(Buffer.from(data, "base64")),
  };

  for (const [k, v] of Object.entries(api)) {
    Object.defineProperty(base, k, { value: v, writable: true, configurable: true, enumerable: true });
  }
  Object.defineProperty(base, "currentPage", {
    get: () => currentPage,
    set: () => {
      // documentAccess: "dynamic-page": pages switch only through setCurrentPageAsync.
      throw new Error("Setting figma.currentPage is not supported with documentAccess: dynamic-page. Use figma.setCurrentPageAsync instead.");
    },
    configurable: true,
    enumerable: true,
  });
  controlsOf.set(base, controls);
  return base as unknown as PluginAPI;
}
