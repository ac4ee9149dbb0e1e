/**
 * Node classes of the in-memory Figma. They follow the Plugin API's shapes and enforce its
 * rules (validation of every write, frozen getters, geometry from parents, auto layout,
 * fonts loaded before text edits) so that code passing here behaves the same in Figma.
 */
import { fontKey, fontLabel } from "./fonts";
import {
  BLEND_MODES,
  validateSpread,
  type SpreadTarget,
  fail,
  frozenCopy,
  num,
  oneOf,
  transform as checkTransform,
  validateEffects,
  validateHyperlink,
  validatePaints,
  type ImageLookup,
} from "./validate";

export interface World {
  nextId(): string;
  images: ImageLookup;
  loadedFonts: Set<string>;
  mixed: symbol;
  register(node: BaseStub): void;
  svgExport(node: SceneStub): string;
  /** Rough text measurement (TestFigmaOptions.measureText): auto-resizing text changes size. */
  measureText?: boolean;
}

export type Mat = [[number, number, number], [number, number, number]];
export const IDENTITY: Mat = [
  [1, 0, 0],
  [0, 1, 0],
];

export function multiply(a: Mat, b: Mat): Mat {
  return [
    [a[0][0] * b[0][0] + a[0][1] * b[1][0], a[0][0] * b[0][1] + a[0][1] * b[1][1], a[0][0] * b[0][2] + a[0][1] * b[1][2] + a[0][2]],
    [a[1][0] * b[0][0] + a[1][1] * b[1][0], a[1][0] * b[0][1] + a[1][1] * b[1][1], a[1][0] * b[0][2] + a[1][1] * b[1][2] + a[1][2]],
  ];
}

export function invert(m: Mat): Mat {
  const [[a, b, c], [d, e, f]] = m;
  const det = a * e - b * d;
  if (Math.abs(det) < 1e-12) throw new Error("singular transform");
  return [
    [e / det, -b / det, (b * f - c * e) / det],
    [-d / det, a / det, (c * d - a * f) / det],
  ];
}

function apply(m: Mat, x: number, y: number): [number, number] {
  return [m[0][0] * x + m[0][1] * y + m[0][2], m[1][0] * x + m[1][1] * y + m[1][2]];
}

function aabb(m: Mat, w: number, h: number): Rect {
  const pts = [apply(m, 0, 0), apply(m, w, 0), apply(m, w, h), apply(m, 0, h)];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

function rotationMatrix(deg: number, x: number, y: number): Mat {
  const t = (deg * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  return [
    [c, s, x],
    [-s, c, y],
  ];
}

// ---------------------------------------------------------------------------------- base

export class BaseStub {
  readonly id: string;
  readonly type: string;
  name: string;
  parent: ContainerLike | null = null;
  #removed = false;
  readonly #pluginData = new Map<string, string>();
  readonly #shared = new Map<string, Map<string, string>>();
  #relaunch: Record<string, string> = {};
  protected readonly world: World;

  constructor(world: World, type: string, name: string, id?: string) {
    this.world = world;
    this.type = type;
    this.name = name;
    this.id = id ?? world.nextId();
    world.register(this);
  }

  get removed(): boolean {
    return this.#removed;
  }

  protected alive(): void {
    if (this.#removed) throw new Error(`The node with id "${this.id}" does not exist`);
  }

  getPluginData(key: string): string {
    this.alive();
    return this.#pluginData.get(key) ?? "";
  }
  setPluginData(key: string, value: string): void {
    this.alive();
    if (typeof value !== "string") fail("setPluginData", "Expected value to be a string");
    if (value === "") this.#pluginData.delete(key);
    else this.#pluginData.set(key, value);
  }
  getPluginDataKeys(): string[] {
    return [...this.#pluginData.keys()];
  }
  getSharedPluginData(namespace: string, key: string): string {
    return this.#shared.get(namespace)?.get(key) ?? "";
  }
  setSharedPluginData(namespace: string, key: string, value: string): void {
    const ns = this.#shared.get(namespace) ?? new Map<string, string>();
    if (value === "") ns.delete(key);
    else ns.set(key, value);
    this.#shared.set(namespace, ns);
  }
  getSharedPluginDataKeys(namespace: string): string[] {
    return [...(this.#shared.get(namespace)?.keys() ?? [])];
  }
  setRelaunchData(data: Record<string, string>): void {
    this.#relaunch = { ...data };
  }
  getRelaunchData(): Record<string, string> {
    return { ...this.#relaunch };
  }

  remove(): void {
    this.alive();
    if (this.type === "DOCUMENT") throw new Error("Cannot remove the document");
    this.parent?.detachChild(this as unknown as SceneStub);
    this.parent = null;
    this.#removed = true;
    if ("children" in this) {
      for (const kid of (this as unknown as ContainerLike).kids.slice()) kid.remove();
    }
  }

  toString(): string {
    return `[Node ${this.id}]`;
  }
}

export interface ContainerLike extends BaseStub {
  kids: SceneStub[];
  detachChild(child: SceneStub): void;
  childrenChanged(): void;
  /** The frame/page coordinates of this container's children live in (groups are transparent). */
  coordinateSpace(): Mat;
}

// ---------------------------------------------------------------------------------- children

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor<T> = abstract new (...args: any[]) => T;

export function WithChildren<TBase extends Ctor<BaseStub>>(Base: TBase) {
  abstract class Container extends Base implements ContainerLike {
    kids: SceneStub[] = [];

    get children(): readonly SceneStub[] {
      return Object.freeze(this.kids.slice());
    }

    abstract coordinateSpace(): Mat;

    childrenChanged(): void {
      // Frames re-run auto layout; groups recompute their bounds lazily.
    }

    appendChild(child: SceneStub): void {
      this.insertChild(this.kids.length, child);
    }

    insertChild(index: number, child: SceneStub): void {
      this.alive();
      if (!(child instanceof BaseStub)) fail("insertChild", "Expected a node");
      if (child.removed) throw new Error(`The node with id "${child.id}" does not exist`);
      if (this.type === "DOCUMENT" && child.type !== "PAGE") throw new Error("The root node cannot have children of type other than PAGE");
      if (this.type !== "DOCUMENT" && child.type === "PAGE") throw new Error("Cannot move a page node into a non-document node");
      if (isSelfOrAncestor(child, this)) throw new Error("Cannot move node. A node cannot be a descendant of itself");
      if (!Number.isInteger(index) || index < 0 || index > this.kids.length) {
        fail("insertChild", `Expected "index" to be an integer in 0..${this.kids.length}`);
      }
      const old = child.parent;
      if (old === this) {
        const at = this.kids.indexOf(child);
        this.kids.splice(at, 1);
        if (at < index) index--;
      } else if (old) {
        old.detachChild(child);
      }
      this.kids.splice(index, 0, child);
      child.parent = this;
      this.childrenChanged();
    }

    detachChild(child: SceneStub): void {
      const at = this.kids.indexOf(child);
      if (at >= 0) this.kids.splice(at, 1);
      child.parent = null;
      if (this.type === "GROUP" && this.kids.length === 0 && !this.removed) {
        this.remove(); // Figma deletes a group that loses its last child
        return;
      }
      this.childrenChanged();
    }

    findAll(callback?: (node: SceneStub) => boolean): SceneStub[] {
      const out: SceneStub[] = [];
      const walk = (n: ContainerLike): void => {
        for (const k of n.kids) {
          if (!callback || callback(k)) out.push(k);
          if ("kids" in k) walk(k as unknown as ContainerLike);
        }
      };
      walk(this);
      return out;
    }
    findOne(callback: (node: SceneStub) => boolean): SceneStub | null {
      return this.findAll(callback)[0] ?? null;
    }
    findChild(callback: (node: SceneStub) => boolean): SceneStub | null {
      return this.kids.find(callback) ?? null;
    }
    findChildren(callback?: (node: SceneStub) => boolean): SceneStub[] {
      return callback ? this.kids.filter(callback) : this.kids.slice();
    }
    findAllWithCriteria(criteria: { types?: string[] }): SceneStub[] {
      const types = criteria.types ? new Set(criteria.types) : null;
      return this.findAll((n) => !types || types.has(n.type));
    }
  }
  return Container;
}

// ---------------------------------------------------------------------------------- document / page

export class DocumentStub extends WithChildren(BaseStub) {
  constructor(world: World) {
    super(world, "DOCUMENT", "Document", "0:0");
  }
  coordinateSpace(): Mat {
    return IDENTITY;
  }
}

export class PageStub extends WithChildren(BaseStub) {
  /**
   * documentAccess "dynamic-page": a page other than the one the plugin started on is not
   * loaded until `loadAsync()` (or setCurrentPageAsync / loadAllPagesAsync) resolved; reading
   * its children (or searching it) before then throws, as in Figma.
   */
  loaded = false;
  #selection: SceneStub[] = [];
  #backgrounds: Paint[] = [{ type: "SOLID", color: { r: 0.9607843160629272, g: 0.9607843160629272, b: 0.9607843160629272 } }];
  onSelectionChange: (() => void) | null = null;
  constructor(world: World, id?: string) {
    super(world, "PAGE", "Page 1", id);
  }
  coordinateSpace(): Mat {
    return IDENTITY;
  }
  get selection(): readonly SceneStub[] {
    this.#selection = this.#selection.filter((n) => !n.removed && pageOf(n) === this);
    return Object.freeze(this.#selection.slice());
  }
  set selection(nodes: readonly SceneStub[]) {
    if (!Array.isArray(nodes)) fail("set_selection", "Expected an array of nodes");
    for (const n of nodes) {
      if (!(n instanceof SceneStub)) fail("set_selection", "Expected scene nodes");
      if (pageOf(n) !== this) throw new Error("in set_selection: Cannot select a node that is not on this page");
    }
    this.#selection = [...new Set(nodes)];
    this.onSelectionChange?.();
  }
  get backgrounds(): readonly Paint[] {
    return frozenCopy(this.#backgrounds);
  }
  set backgrounds(v: readonly Paint[]) {
    validatePaints("set_backgrounds", v, this.world.images);
    if (v.length !== 1 || v[0]?.type !== "SOLID") throw new Error("in set_backgrounds: Page backgrounds must be a single solid paint");
    this.#backgrounds = frozenCopy([...v]);
  }
  loadAsync(): Promise<void> {
    this.alive();
    this.loaded = true;
    return Promise.resolve();
  }
  #mustBeLoaded(what: string): void {
    if (!this.loaded) throw new Error(`in ${what}: Cannot access children on a page that has not been explicitly loaded. Remember to call await page.loadAsync() or await figma.loadAllPagesAsync() first.`);
  }
  override get children(): readonly SceneStub[] {
    this.#mustBeLoaded("get_children");
    return super.children;
  }
  override findAll(callback?: (node: SceneStub) => boolean): SceneStub[] {
    this.#mustBeLoaded("findAll");
    return super.findAll(callback);
  }
  override findChildren(callback?: (node: SceneStub) => boolean): SceneStub[] {
    this.#mustBeLoaded("findChildren");
    return super.findChildren(callback);
  }
  override findChild(callback: (node: SceneStub) => boolean): SceneStub | null {
    this.#mustBeLoaded("findChild");
    return super.findChild(callback);
  }
}

function isSelfOrAncestor(a: BaseStub, of: BaseStub): boolean {
  for (let p: BaseStub | null = of; p; p = p.parent) if (p === a) return true;
  return false;
}

export function pageOf(n: BaseStub): PageStub | null {
  let p: BaseStub | null = n;
  while (p && p.type !== "PAGE") p = p.parent;
  return p instanceof PageStub ? p : null;
}

// ---------------------------------------------------------------------------------- scene nodes

const CONSTRAINTS = ["MIN", "CENTER", "MAX", "STRETCH", "SCALE"] as const;

export class SceneStub extends BaseStub {
  _x = 0;
  _y = 0;
  _w: number;
  _h: number;
  _rot = 0;
  #visible = true;
  locked = false;
  #opacity = 1;
  #blendMode: BlendMode;
  #effects: Effect[] = [];
  #constraints: Constraints = { horizontal: "MIN", vertical: "MIN" };
  _layoutAlign: "MIN" | "CENTER" | "MAX" | "STRETCH" | "INHERIT" = "INHERIT";
  _layoutGrow = 0;
  _layoutPositioning: "AUTO" | "ABSOLUTE" = "AUTO";
  isMask = false;
  effectStyleId = "";
  exportSettings: readonly ExportSettings[] = [];

  constructor(world: World, type: string, name: string, w: number, h: number, blend: BlendMode = "PASS_THROUGH") {
    super(world, type, name);
    this._w = w;
    this._h = h;
    this.#blendMode = blend;
  }

  // -- geometry
  /** Coordinates of this node's x/y: its nearest non-group ancestor's space. */
  containerTransform(): Mat {
    return this.parent ? this.parent.coordinateSpace() : IDENTITY;
  }
  get x(): number {
    return this._x;
  }
  set x(v: number) {
    this._x = num("set_x", "x", v);
    this.positionChanged();
  }
  get y(): number {
    return this._y;
  }
  set y(v: number) {
    this._y = num("set_y", "y", v);
    this.positionChanged();
  }
  get width(): number {
    return this._w;
  }
  get height(): number {
    return this._h;
  }
  get rotation(): number {
    return this._rot;
  }
  set rotation(v: number) {
    let r = num("set_rotation", "rotation", v) % 360;
    if (r > 180) r -= 360;
    if (r <= -180) r += 360;
    this._rot = r;
    this.positionChanged();
  }
  get relativeTransform(): Transform {
    return frozenCopy(rotationMatrix(this._rot, this._x, this._y));
  }
  set relativeTransform(m: Transform) {
    checkTransform("set_relativeTransform", "relativeTransform", m);
    this._x = m[0][2];
    this._y = m[1][2];
    this._rot = (Math.atan2(m[0][1], m[0][0]) * 180) / Math.PI;
    this.positionChanged();
  }
  get absoluteTransform(): Transform {
    return frozenCopy(multiply(this.containerTransform(), rotationMatrix(this._rot, this._x, this._y)));
  }
  get absoluteBoundingBox(): Rect {
    return aabb(this.absoluteTransform as Mat, this.width, this.height);
  }
  get absoluteRenderBounds(): Rect | null {
    return this.visible ? this.absoluteBoundingBox : null;
  }

  protected positionChanged(): void {
    const p = this.parent;
    if (p instanceof FrameStub && p.layoutMode !== "NONE" && this._layoutPositioning === "AUTO") p.relayout();
    if (p instanceof GroupStub) p.childrenChanged();
  }

  protected checkSize(where: string, w: number, h: number): void {
    num(where, "width", w);
    num(where, "height", h);
    if (w < 0.01) fail(where, 'Expected "width" to have value >= 0.01');
    if (h < 0.01) fail(where, 'Expected "height" to have value >= 0.01');
  }
  resize(width: number, height: number): void {
    this.alive();
    this.checkSize("resize", width, height);
    const dw = width - this._w;
    const dh = height - this._h;
    const sx = this._w > 0 ? width / this._w : 1;
    const sy = this._h > 0 ? height / this._h : 1;
    this._w = width;
    this._h = height;
    this.applyConstraints(dw, dh, sx, sy);
    this.sizeChanged();
  }
  resizeWithoutConstraints(width: number, height: number): void {
    this.alive();
    this.checkSize("resizeWithoutConstraints", width, height);
    this._w = width;
    this._h = height;
    this.sizeChanged();
  }
  rescale(scale: number): void {
    num("rescale", "scale", scale, 0.01);
    this.resize(this._w * scale, this._h * scale);
  }
  protected applyConstraints(_dw: number, _dh: number, _sx: number, _sy: number): void {
    // Only frames have children that follow constraints.
  }
  protected sizeChanged(): void {
    this.positionChanged();
  }

  // -- appearance
  get visible(): boolean {
    return this.#visible;
  }
  set visible(v: boolean) {
    if (typeof v !== "boolean") fail("set_visible", "Expected a boolean");
    this.#visible = v;
    this.positionChanged();
  }
  get opacity(): number {
    return this.#opacity;
  }
  set opacity(v: number) {
    this.#opacity = num("set_opacity", "opacity", v, 0, 1);
  }
  get blendMode(): BlendMode {
    return this.#blendMode;
  }
  set blendMode(v: BlendMode) {
    this.#blendMode = oneOf("set_blendMode", "blendMode", v, BLEND_MODES);
  }
  get effects(): readonly Effect[] {
    return frozenCopy(this.#effects);
  }
  set effects(v: readonly Effect[]) {
    validateEffects("set_effects", v);
    validateSpread("set_effects", v, this as unknown as SpreadTarget);
    this.#effects = frozenCopy([...v]);
  }
  get constraints(): Constraints {
    return frozenCopy(this.#constraints);
  }
  set constraints(v: Constraints) {
    if (this.type === "GROUP") throw new Error("Cannot add property constraints, object is not extensible");
    oneOf("set_constraints", "constraints.horizontal", v?.horizontal, CONSTRAINTS);
    oneOf("set_constraints", "constraints.vertical", v?.vertical, CONSTRAINTS);
    this.#constraints = { horizontal: v.horizontal, vertical: v.vertical };
  }

  // -- as an auto-layout child
  get layoutAlign(): "MIN" | "CENTER" | "MAX" | "STRETCH" | "INHERIT" {
    return this._layoutAlign;
  }
  set layoutAlign(v: "MIN" | "CENTER" | "MAX" | "STRETCH" | "INHERIT") {
    this._layoutAlign = oneOf("set_layoutAlign", "layoutAlign", v, ["MIN", "CENTER", "MAX", "STRETCH", "INHERIT"]);
    this.positionChanged();
  }
  get layoutGrow(): number {
    return this._layoutGrow;
  }
  set layoutGrow(v: number) {
    this._layoutGrow = num("set_layoutGrow", "layoutGrow", v, 0);
    this.positionChanged();
  }
  get layoutPositioning(): "AUTO" | "ABSOLUTE" {
    return this._layoutPositioning;
  }
  set layoutPositioning(v: "AUTO" | "ABSOLUTE") {
    oneOf("set_layoutPositioning", "layoutPositioning", v, ["AUTO", "ABSOLUTE"]);
    if (v === "ABSOLUTE" && !(this.parent instanceof FrameStub && this.parent.layoutMode !== "NONE")) {
      throw new Error("in set_layoutPositioning: Can only set layoutPositioning = ABSOLUTE if the parent node has layoutMode !== NONE");
    }
    this._layoutPositioning = v;
    const p = this.parent;
    if (p instanceof FrameStub) p.relayout();
  }

  // -- export
  exportAsync(settings?: { format?: string }): Promise<Uint8Array | string> {
    this.alive();
    const format = settings?.format ?? "PNG";
    if (format === "SVG_STRING") return Promise.resolve(this.world.svgExport(this));
    if (format === "SVG") return Promise.resolve(new TextEncoder().encode(this.world.svgExport(this)));
    if (format === "PNG" || format === "JPG" || format === "PDF") return Promise.resolve(ONE_PIXEL_PNG.slice());
    return Promise.reject(new Error(`in exportAsync: unsupported format ${String(format)}`));
  }
}

const ONE_PIXEL_PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4,
  0x89, 0, 0, 0, 13, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xff, 0xff, 0x3f, 0, 5, 0xfe, 2, 0xfe, 0xa7, 0x35, 0x81, 0x84, 0, 0, 0, 0,
  0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

// ---------------------------------------------------------------------------------- shapes

const STROKE_ALIGN = ["INSIDE", "OUTSIDE", "CENTER"] as const;

export class ShapeStub extends SceneStub {
  #fills: Paint[];
  #strokes: Paint[] = [];
  _strokeWeights = [1, 1, 1, 1]; // top, right, bottom, left
  #strokeAlign: "INSIDE" | "OUTSIDE" | "CENTER";
  #dashPattern: number[] = [];
  strokeCap: StrokeCap = "NONE";
  strokeJoin: StrokeJoin = "MITER";
  strokeMiterLimit = 4;
  fillStyleId = "";
  strokeStyleId = "";
  _radii = [0, 0, 0, 0]; // TL, TR, BR, BL
  cornerSmoothing = 0;

  constructor(world: World, type: string, name: string, w: number, h: number, fills: Paint[], strokeAlign: "INSIDE" | "OUTSIDE" | "CENTER" = "INSIDE", blend: BlendMode = "PASS_THROUGH") {
    super(world, type, name, w, h, blend);
    this.#fills = frozenCopy(fills);
    this.#strokeAlign = strokeAlign;
  }

  get fills(): readonly Paint[] | symbol {
    return frozenCopy(this.#fills);
  }
  set fills(v: readonly Paint[] | symbol) {
    validatePaints("set_fills", v, this.world.images);
    this.#fills = frozenCopy([...(v as Paint[])]);
  }
  get strokes(): readonly Paint[] {
    return frozenCopy(this.#strokes);
  }
  set strokes(v: readonly Paint[]) {
    validatePaints("set_strokes", v, this.world.images);
    this.#strokes = frozenCopy([...v]);
  }
  get strokeWeight(): number | symbol {
    const [t, r, b, l] = this._strokeWeights as [number, number, number, number];
    return t === r && r === b && b === l ? t : this.world.mixed;
  }
  set strokeWeight(v: number | symbol) {
    const w = num("set_strokeWeight", "strokeWeight", v, 0);
    this._strokeWeights = [w, w, w, w];
  }
  get strokeAlign(): "INSIDE" | "OUTSIDE" | "CENTER" {
    return this.#strokeAlign;
  }
  set strokeAlign(v: "INSIDE" | "OUTSIDE" | "CENTER") {
    this.#strokeAlign = oneOf("set_strokeAlign", "strokeAlign", v, STROKE_ALIGN);
  }
  get dashPattern(): readonly number[] {
    return frozenCopy(this.#dashPattern);
  }
  set dashPattern(v: readonly number[]) {
    if (!Array.isArray(v)) fail("set_dashPattern", "Expected an array of numbers");
    v.forEach((d, i) => num("set_dashPattern", `[${i}]`, d, 0));
    this.#dashPattern = [...v];
  }
  get cornerRadius(): number | symbol {
    const [a, b, c, d] = this._radii as [number, number, number, number];
    return a === b && b === c && c === d ? a : this.world.mixed;
  }
  set cornerRadius(v: number | symbol) {
    const r = num("set_cornerRadius", "cornerRadius", v, 0);
    this._radii = [r, r, r, r];
  }
}

/** RECTANGLE and FRAME: per-corner radii and per-side stroke weights. */
export class RectLikeStub extends ShapeStub {
  get topLeftRadius(): number {
    return this._radii[0] ?? 0;
  }
  set topLeftRadius(v: number) {
    this._radii[0] = num("set_topLeftRadius", "topLeftRadius", v, 0);
  }
  get topRightRadius(): number {
    return this._radii[1] ?? 0;
  }
  set topRightRadius(v: number) {
    this._radii[1] = num("set_topRightRadius", "topRightRadius", v, 0);
  }
  get bottomRightRadius(): number {
    return this._radii[2] ?? 0;
  }
  set bottomRightRadius(v: number) {
    this._radii[2] = num("set_bottomRightRadius", "bottomRightRadius", v, 0);
  }
  get bottomLeftRadius(): number {
    return this._radii[3] ?? 0;
  }
  set bottomLeftRadius(v: number) {
    this._radii[3] = num("set_bottomLeftRadius", "bottomLeftRadius", v, 0);
  }
  get strokeTopWeight(): number {
    return this._strokeWeights[0] ?? 0;
  }
  set strokeTopWeight(v: number) {
    this._strokeWeights[0] = num("set_strokeTopWeight", "strokeTopWeight", v, 0);
  }
  get strokeRightWeight(): number {
    return this._strokeWeights[1] ?? 0;
  }
  set strokeRightWeight(v: number) {
    this._strokeWeights[1] = num("set_strokeRightWeight", "strokeRightWeight", v, 0);
  }
  get strokeBottomWeight(): number {
    return this._strokeWeights[2] ?? 0;
  }
  set strokeBottomWeight(v: number) {
    this._strokeWeights[2] = num("set_strokeBottomWeight", "strokeBottomWeight", v, 0);
  }
  get strokeLeftWeight(): number {
    return this._strokeWeights[3] ?? 0;
  }
  set strokeLeftWeight(v: number) {
    this._strokeWeights[3] = num("set_strokeLeftWeight", "strokeLeftWeight", v, 0);
  }
}

export class RectangleStub extends RectLikeStub {
  constructor(world: World) {
    super(world, "RECTANGLE", "Rectangle", 100, 100, [{ type: "SOLID", color: { r: 0.8509804010391235, g: 0.8509804010391235, b: 0.8509804010391235 } }]);
  }
}

export class EllipseStub extends ShapeStub {
  #arc: ArcData = { startingAngle: 0, endingAngle: 2 * Math.PI, innerRadius: 0 };
  constructor(world: World) {
    super(world, "ELLIPSE", "Ellipse", 100, 100, [{ type: "SOLID", color: { r: 0.8509804010391235, g: 0.8509804010391235, b: 0.8509804010391235 } }]);
  }
  get arcData(): ArcData {
    return frozenCopy(this.#arc);
  }
  set arcData(v: ArcData) {
    num("set_arcData", "startingAngle", v?.startingAngle);
    num("set_arcData", "endingAngle", v?.endingAngle);
    num("set_arcData", "innerRadius", v?.innerRadius, 0, 1);
    this.#arc = { ...v };
  }
}

export class VectorStub extends ShapeStub {
  #paths: VectorPath[] = [];
  constructor(world: World) {
    super(world, "VECTOR", "Vector", 100, 100, [], "CENTER");
  }
  get vectorPaths(): readonly VectorPath[] {
    return frozenCopy(this.#paths);
  }
  set vectorPaths(v: readonly VectorPath[]) {
    if (!Array.isArray(v)) fail("set_vectorPaths", "Expected an array");
    v.forEach((p: VectorPath, i) => {
      oneOf("set_vectorPaths", `[${i}].windingRule`, p?.windingRule, ["NONZERO", "EVENODD", "NONE"]);
      if (typeof p.data !== "string") fail("set_vectorPaths", `Expected "[${i}].data" to be a string`);
    });
    this.#paths = frozenCopy([...v]);
  }
}

// ---------------------------------------------------------------------------------- frames

type LayoutMode = "NONE" | "HORIZONTAL" | "VERTICAL" | "GRID";

export class FrameStub extends WithChildren(RectLikeStub) {
  #clips = true;
  #layoutMode: LayoutMode = "NONE";
  #wrap: "NO_WRAP" | "WRAP" = "NO_WRAP";
  #primarySizing: "FIXED" | "AUTO" = "AUTO";
  #counterSizing: "FIXED" | "AUTO" = "FIXED";
  #primaryAlign: "MIN" | "MAX" | "CENTER" | "SPACE_BETWEEN" = "MIN";
  #counterAlign: "MIN" | "MAX" | "CENTER" | "BASELINE" = "MIN";
  #counterAlignContent: "AUTO" | "SPACE_BETWEEN" = "AUTO";
  #pad = { top: 0, right: 0, bottom: 0, left: 0 };
  #itemSpacing = 0;
  #counterSpacing = 0;
  itemReverseZIndex = false;
  strokesIncludedInLayout = false;
  #inLayout = false;
  /** Markup when this frame came from createNodeFromSvg (exported back as SVG_STRING). */
  svgSource: string | null = null;

  constructor(world: World, type = "FRAME", name = "Frame") {
    super(world, type, name, 100, 100, [{ type: "SOLID", color: { r: 1, g: 1, b: 1 } }]);
  }

  coordinateSpace(): Mat {
    return this.absoluteTransform as Mat;
  }
  override childrenChanged(): void {
    this.relayout();
  }

  get clipsContent(): boolean {
    return this.#clips;
  }
  set clipsContent(v: boolean) {
    if (typeof v !== "boolean") fail("set_clipsContent", "Expected a boolean");
    this.#clips = v;
  }

  get layoutMode(): LayoutMode {
    return this.#layoutMode;
  }
  set layoutMode(v: LayoutMode) {
    this.#layoutMode = oneOf("set_layoutMode", "layoutMode", v, ["NONE", "HORIZONTAL", "VERTICAL"]);
    if (v === "NONE") {
      for (const k of this.kids) k._layoutPositioning = "AUTO";
      if (this.#wrap === "WRAP") this.#wrap = "NO_WRAP";
    }
    this.relayout();
  }
  get layoutWrap(): "NO_WRAP" | "WRAP" {
    return this.#wrap;
  }
  set layoutWrap(v: "NO_WRAP" | "WRAP") {
    oneOf("set_layoutWrap", "layoutWrap", v, ["NO_WRAP", "WRAP"]);
    if (v === "WRAP" && this.#layoutMode !== "HORIZONTAL") throw new Error("in set_layoutWrap: WRAP is only supported on horizontal auto layout frames");
    this.#wrap = v;
    this.relayout();
  }
  get primaryAxisSizingMode(): "FIXED" | "AUTO" {
    return this.#primarySizing;
  }
  set primaryAxisSizingMode(v: "FIXED" | "AUTO") {
    this.#primarySizing = oneOf("set_primaryAxisSizingMode", "primaryAxisSizingMode", v, ["FIXED", "AUTO"]);
    this.relayout();
  }
  get counterAxisSizingMode(): "FIXED" | "AUTO" {
    return this.#counterSizing;
  }
  set counterAxisSizingMode(v: "FIXED" | "AUTO") {
    this.#counterSizing = oneOf("set_counterAxisSizingMode", "counterAxisSizingMode", v, ["FIXED", "AUTO"]);
    this.relayout();
  }
  get primaryAxisAlignItems(): "MIN" | "MAX" | "CENTER" | "SPACE_BETWEEN" {
    return this.#primaryAlign;
  }
  set primaryAxisAlignItems(v: "MIN" | "MAX" | "CENTER" | "SPACE_BETWEEN") {
    this.#primaryAlign = oneOf("set_primaryAxisAlignItems", "primaryAxisAlignItems", v, ["MIN", "MAX", "CENTER", "SPACE_BETWEEN"]);
    this.relayout();
  }
  get counterAxisAlignItems(): "MIN" | "MAX" | "CENTER" | "BASELINE" {
    return this.#counterAlign;
  }
  set counterAxisAlignItems(v: "MIN" | "MAX" | "CENTER" | "BASELINE") {
    this.#counterAlign = oneOf("set_counterAxisAlignItems", "counterAxisAlignItems", v, ["MIN", "MAX", "CENTER", "BASELINE"]);
    this.relayout();
  }
  get counterAxisAlignContent(): "AUTO" | "SPACE_BETWEEN" {
    return this.#counterAlignContent;
  }
  set counterAxisAlignContent(v: "AUTO" | "SPACE_BETWEEN") {
    this.#counterAlignContent = oneOf("set_counterAxisAlignContent", "counterAxisAlignContent", v, ["AUTO", "SPACE_BETWEEN"]);
    this.relayout();
  }
  get itemSpacing(): number {
    return this.#itemSpacing;
  }
  set itemSpacing(v: number) {
    this.#itemSpacing = num("set_itemSpacing", "itemSpacing", v);
    this.relayout();
  }
  get counterAxisSpacing(): number {
    return this.#counterSpacing;
  }
  set counterAxisSpacing(v: number) {
    this.#counterSpacing = num("set_counterAxisSpacing", "counterAxisSpacing", v);
    this.relayout();
  }
  get paddingTop(): number {
    return this.#pad.top;
  }
  set paddingTop(v: number) {
    this.#pad.top = num("set_paddingTop", "paddingTop", v);
    this.relayout();
  }
  get paddingRight(): number {
    return this.#pad.right;
  }
  set paddingRight(v: number) {
    this.#pad.right = num("set_paddingRight", "paddingRight", v);
    this.relayout();
  }
  get paddingBottom(): number {
    return this.#pad.bottom;
  }
  set paddingBottom(v: number) {
    this.#pad.bottom = num("set_paddingBottom", "paddingBottom", v);
    this.relayout();
  }
  get paddingLeft(): number {
    return this.#pad.left;
  }
  set paddingLeft(v: number) {
    this.#pad.left = num("set_paddingLeft", "paddingLeft", v);
    this.relayout();
  }

  protected override applyConstraints(dw: number, dh: number, sx: number, sy: number): void {
    for (const k of this.kids) {
      if (this.#layoutMode !== "NONE" && k._layoutPositioning === "AUTO") continue;
      if (k instanceof GroupStub) continue;
      const c = k.constraints;
      const h = axis(c.horizontal, k._x, k._w, dw, sx);
      const v = axis(c.vertical, k._y, k._h, dh, sy);
      k._x = h.pos;
      k._y = v.pos;
      if (h.size !== k._w || v.size !== k._h) {
        k.resize(Math.max(0.01, h.size), Math.max(0.01, v.size));
      }
    }
  }
  protected override sizeChanged(): void {
    this.relayout();
    super.sizeChanged();
  }

  /** Figma's auto layout: places (and stretches/grows) the in-flow children. */
  relayout(): void {
    if (this.#layoutMode === "NONE" || this.#inLayout) return;
    this.#inLayout = true;
    const before = [this._w, this._h];
    try {
      const horiz = this.#layoutMode === "HORIZONTAL";
      const p = this.#pad;
      const flow = this.kids.filter((k) => k.visible && k._layoutPositioning === "AUTO");
      const mainOf = (k: SceneStub): number => (horiz ? k._w : k._h);
      const crossOf = (k: SceneStub): number => (horiz ? k._h : k._w);
      const setSize = (k: SceneStub, main: number, cross: number): void => {
        const w = Math.max(0.01, horiz ? main : cross);
        const h = Math.max(0.01, horiz ? cross : main);
        if (w !== k._w || h !== k._h) k.resizeWithoutConstraints(w, h);
      };
      const padMain = horiz ? p.left + p.right : p.top + p.bottom;
      const padCross = horiz ? p.top + p.bottom : p.left + p.right;
      const wrap = this.#wrap === "WRAP";
      const spacing = this.#itemSpacing;
      // Hug: the frame's own size from its content.
      if (this.#primarySizing === "AUTO" && !wrap) {
        const total = flow.reduce((s, k) => s + mainOf(k), 0) + spacing * Math.max(0, flow.length - 1);
        if (horiz) this._w = Math.max(0.01, total + padMain);
        else this._h = Math.max(0.01, total + padMain);
      }
      let availMain = (horiz ? this._w : this._h) - padMain;
      if (this.#counterSizing === "FIXED") {
        const crossAvail = (horiz ? this._h : this._w) - padCross;
        for (const k of flow) if (k._layoutAlign === "STRETCH" && !wrap) setSize(k, mainOf(k), crossAvail);
      }
      if (this.#primarySizing === "FIXED" && !wrap) {
        const growers = flow.filter((k) => k._layoutGrow > 0);
        if (growers.length) {
          const fixed = flow.filter((k) => k._layoutGrow <= 0).reduce((s, k) => s + mainOf(k), 0);
          const free = availMain - fixed - spacing * Math.max(0, flow.length - 1);
          const weight = growers.reduce((s, k) => s + k._layoutGrow, 0);
          for (const k of growers) setSize(k, (free * k._layoutGrow) / weight, crossOf(k));
        }
      }
      availMain = (horiz ? this._w : this._h) - padMain;
      // Tracks (rows when wrapping).
      const tracks: SceneStub[][] = [[]];
      let used = 0;
      for (const k of flow) {
        const cur = tracks[tracks.length - 1] as SceneStub[];
        let extra = mainOf(k) + (cur.length ? spacing : 0);
        if (wrap && cur.length && used + extra > availMain + 1e-6) {
          tracks.push([]);
          used = 0;
          extra = mainOf(k);
        }
        (tracks[tracks.length - 1] as SceneStub[]).push(k);
        used += extra;
      }
      const trackCross = tracks.map((t) => Math.max(0, ...t.map(crossOf)));
      if (this.#counterSizing === "AUTO") {
        const content = wrap ? trackCross.reduce((s, c) => s + c, 0) + this.#counterSpacing * (tracks.length - 1) : (trackCross[0] ?? 0);
        if (horiz) this._h = Math.max(0.01, content + padCross);
        else this._w = Math.max(0.01, content + padCross);
      }
      const crossAvail = (horiz ? this._h : this._w) - padCross;
      // Wrapped tracks align as a block by counterAxisAlignItems (counterAxisAlignContent AUTO).
      const block = trackCross.reduce((s, c) => s + c, 0) + this.#counterSpacing * (tracks.length - 1);
      const free = crossAvail - block;
      let crossPos = !wrap ? 0 : this.#counterAlign === "CENTER" ? free / 2 : this.#counterAlign === "MAX" ? free : 0;
      tracks.forEach((track, ti) => {
        const sizes = track.map(mainOf);
        const total = sizes.reduce((s, v) => s + v, 0) + spacing * Math.max(0, track.length - 1);
        let gap = spacing;
        let pos = 0;
        if (this.#primaryAlign === "CENTER") pos = (availMain - total) / 2;
        else if (this.#primaryAlign === "MAX") pos = availMain - total;
        else if (this.#primaryAlign === "SPACE_BETWEEN" && track.length > 1) gap = (availMain - (total - spacing * (track.length - 1))) / (track.length - 1);
        const tc = wrap ? (trackCross[ti] ?? 0) : crossAvail;
        for (const k of track) {
          let off = 0;
          if (this.#counterAlign === "CENTER") off = (tc - crossOf(k)) / 2;
          else if (this.#counterAlign === "MAX") off = tc - crossOf(k);
          const m = (horiz ? p.left : p.top) + pos;
          const c = (horiz ? p.top : p.left) + crossPos + off;
          k._x = horiz ? m : c;
          k._y = horiz ? c : m;
          pos += mainOf(k) + gap;
        }
        crossPos += tc + this.#counterSpacing;
      });
    } finally {
      this.#inLayout = false;
    }
    if (before[0] !== this._w || before[1] !== this._h) super.sizeChanged();
  }
}

function axis(c: ConstraintType, pos: number, size: number, delta: number, scale: number): { pos: number; size: number } {
  switch (c) {
    case "MAX":
      return { pos: pos + delta, size };
    case "CENTER":
      return { pos: pos + delta / 2, size };
    case "STRETCH":
      return { pos, size: size + delta };
    case "SCALE":
      return { pos: pos * scale, size: size * scale };
    default:
      return { pos, size };
  }
}

// ---------------------------------------------------------------------------------- groups

export class GroupStub extends WithChildren(SceneStub) {
  constructor(world: World) {
    super(world, "GROUP", "Group", 0, 0);
  }
  coordinateSpace(): Mat {
    return this.containerTransform();
  }
  /** Bounds of the children in the container's coordinates. */
  #bounds(): Rect {
    const rects = this.kids.map((k) => {
      if (k instanceof GroupStub) return k.#bounds();
      return aabb(rotationMatrix(k._rot, k._x, k._y), k._w, k._h);
    });
    if (!rects.length) return { x: 0, y: 0, width: 0, height: 0 };
    const x0 = Math.min(...rects.map((r) => r.x));
    const y0 = Math.min(...rects.map((r) => r.y));
    const x1 = Math.max(...rects.map((r) => r.x + r.width));
    const y1 = Math.max(...rects.map((r) => r.y + r.height));
    return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  }
  override get x(): number {
    return this.#bounds().x;
  }
  override set x(v: number) {
    const dx = num("set_x", "x", v) - this.#bounds().x;
    for (const k of this.kids) k.x = k.x + dx;
  }
  override get y(): number {
    return this.#bounds().y;
  }
  override set y(v: number) {
    const dy = num("set_y", "y", v) - this.#bounds().y;
    for (const k of this.kids) k.y = k.y + dy;
  }
  override get width(): number {
    return this.#bounds().width;
  }
  override get height(): number {
    return this.#bounds().height;
  }
  override get relativeTransform(): Transform {
    const b = this.#bounds();
    return frozenCopy(rotationMatrix(0, b.x, b.y));
  }
  override set relativeTransform(m: Transform) {
    checkTransform("set_relativeTransform", "relativeTransform", m);
    this.x = m[0][2];
    this.y = m[1][2];
  }
  override get absoluteTransform(): Transform {
    const b = this.#bounds();
    return frozenCopy(multiply(this.containerTransform(), rotationMatrix(0, b.x, b.y)));
  }
  override resize(width: number, height: number): void {
    this.checkSize("resize", width, height);
    const b = this.#bounds();
    const sx = width / (b.width || 1);
    const sy = height / (b.height || 1);
    for (const k of this.kids) {
      k.x = b.x + (k.x - b.x) * sx;
      k.y = b.y + (k.y - b.y) * sy;
      k.resize(Math.max(0.01, k.width * sx), Math.max(0.01, k.height * sy));
    }
  }
  override resizeWithoutConstraints(width: number, height: number): void {
    this.resize(width, height);
  }
  override childrenChanged(): void {
    this.positionChanged();
  }
}

// ---------------------------------------------------------------------------------- text

interface CharStyle {
  fontName: FontName;
  fontSize: number;
  fills: Paint[];
  textDecoration: TextDecoration;
  letterSpacing: LetterSpacing;
  lineHeight: LineHeight;
  textCase: TextCase;
  hyperlink: HyperlinkTarget | null;
}

type StyleKey = keyof CharStyle;

const TEXT_CASES = ["ORIGINAL", "UPPER", "LOWER", "TITLE", "SMALL_CAPS", "SMALL_CAPS_FORCED"] as const;
const DECORATIONS = ["NONE", "UNDERLINE", "STRIKETHROUGH"] as const;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class TextStub extends ShapeStub {
  #chars = "";
  #styles: CharStyle[] = [];
  #base: CharStyle;
  #autoResize: "NONE" | "WIDTH_AND_HEIGHT" | "HEIGHT" | "TRUNCATE" = "WIDTH_AND_HEIGHT";
  #alignH: "LEFT" | "CENTER" | "RIGHT" | "JUSTIFIED" = "LEFT";
  #alignV: "TOP" | "CENTER" | "BOTTOM" = "TOP";
  #paragraphIndent = 0;
  #paragraphSpacing = 0;
  textTruncation: "DISABLED" | "ENDING" = "DISABLED";
  maxLines: number | null = null;
  readonly hasMissingFont = false;
  autoRename = true;
  textStyleId = "";

  constructor(world: World) {
    super(world, "TEXT", "Text", 0.01, 14, [], "OUTSIDE", "PASS_THROUGH");
    this.#base = {
      fontName: { family: "Inter", style: "Regular" },
      fontSize: 12,
      fills: [{ type: "SOLID", visible: true, opacity: 1, blendMode: "NORMAL", color: { r: 0, g: 0, b: 0 } }],
      textDecoration: "NONE",
      letterSpacing: { unit: "PERCENT", value: 0 },
      lineHeight: { unit: "AUTO" },
      textCase: "ORIGINAL",
      hyperlink: null,
    };
  }

  // -- font checks
  #fontsIn(start: number, end: number): FontName[] {
    if (this.#chars.length === 0) return [this.#base.fontName];
    const seen = new Map<string, FontName>();
    for (let i = start; i < end; i++) {
      const f = (this.#styles[i] as CharStyle).fontName;
      seen.set(fontKey(f), f);
    }
    return [...seen.values()];
  }
  #requireLoaded(fonts: FontName[]): void {
    for (const f of fonts) {
      if (!this.world.loadedFonts.has(fontKey(f))) {
        throw new Error(
          `Cannot write to node with unloaded font "${fontLabel(f)}". Please call figma.loadFontAsync({ family: "${f.family}", style: "${f.style}" }) and await the returned promise first.`,
        );
      }
    }
  }
  #requireAll(): void {
    this.#requireLoaded(this.#fontsIn(0, this.#chars.length));
  }
  #range(where: string, start: number, end: number): void {
    num(where, "start", start, 0);
    num(where, "end", end, 0);
    if (!Number.isInteger(start) || !Number.isInteger(end)) fail(where, "Expected integer start and end");
    if (end > this.#chars.length) fail(where, "Range outside of available characters. 'start' must be less than node.characters.length and 'end' must be less than or equal to node.characters.length");
    if (end <= start) fail(where, "Empty range selected. 'end' must be greater than 'start'");
  }

  // -- characters
  get characters(): string {
    return this.#chars;
  }
  set characters(v: string) {
    if (typeof v !== "string") fail("set_characters", "Expected a string");
    this.#requireAll();
    const first = this.#styles[0] ?? this.#base;
    this.#base = first;
    this.#chars = v;
    this.#styles = Array.from({ length: v.length }, () => first);
    if (this.autoRename) this.name = v.slice(0, 100) || "Text";
    this.#measure();
  }
  insertCharacters(start: number, characters: string, useStyle: "BEFORE" | "AFTER" = "BEFORE"): void {
    this.#requireAll();
    if (start < 0 || start > this.#chars.length) fail("insertCharacters", "Cannot insert characters at index greater than the length of the text");
    const style = (useStyle === "BEFORE" ? this.#styles[start - 1] : this.#styles[start]) ?? this.#styles[start] ?? this.#styles[start - 1] ?? this.#base;
    this.#chars = this.#chars.slice(0, start) + characters + this.#chars.slice(start);
    this.#styles.splice(start, 0, ...Array.from({ length: characters.length }, () => style));
  }
  deleteCharacters(start: number, end: number): void {
    this.#range("deleteCharacters", start, end);
    this.#requireAll();
    this.#chars = this.#chars.slice(0, start) + this.#chars.slice(end);
    const removed = this.#styles.splice(start, end - start);
    if (this.#chars.length === 0 && removed[0]) this.#base = removed[0];
  }

  // -- uniform and ranged style access
  #get<K extends StyleKey>(key: K, start = 0, end = this.#chars.length): CharStyle[K] | symbol {
    if (this.#chars.length === 0) return frozenCopy(this.#base[key]);
    const first = (this.#styles[start] as CharStyle)[key];
    for (let i = start + 1; i < end; i++) if (!same((this.#styles[i] as CharStyle)[key], first)) return this.world.mixed;
    return frozenCopy(first);
  }
  #set<K extends StyleKey>(key: K, value: CharStyle[K], start = 0, end = this.#chars.length): void {
    if (this.#chars.length === 0) {
      this.#base = { ...this.#base, [key]: value };
      return;
    }
    for (let i = start; i < end; i++) this.#styles[i] = { ...(this.#styles[i] as CharStyle), [key]: value };
    this.#measure();
  }

  /**
   * A ROUGH measurement (only with TestFigmaOptions.measureText): each character is
   * 0.5 x its font size wide (plus letter spacing), a line is its line height (or 1.2 x the
   * largest font size in it) tall. WIDTH_AND_HEIGHT takes the longest line's width and every
   * line's height; HEIGHT wraps at the node's width and takes the height.
   */
  #measure(): void {
    if (!this.world.measureText || (this.#autoResize !== "WIDTH_AND_HEIGHT" && this.#autoResize !== "HEIGHT")) return;
    const lines: Array<{ width: number; height: number }> = [];
    let width = 0;
    let tallest = 0;
    const wrapAt = this.#autoResize === "HEIGHT" ? this._w : Infinity;
    const endLine = () => {
      lines.push({ width, height: tallest || 1.2 * this.#base.fontSize });
      width = 0;
      tallest = 0;
    };
    [...this.#chars].forEach((ch, i) => {
      const st = this.#styles[i] ?? this.#base;
      if (ch === "\n") return endLine();
      const ls = st.letterSpacing.unit === "PIXELS" ? st.letterSpacing.value : (st.letterSpacing.value / 100) * st.fontSize;
      const w = st.fontSize * 0.5 + ls;
      if (width > 0 && width + w > wrapAt + 1e-6) endLine();
      width += w;
      const lh = st.lineHeight.unit === "PIXELS" ? st.lineHeight.value : st.lineHeight.unit === "PERCENT" ? (st.lineHeight.value / 100) * st.fontSize : 1.2 * st.fontSize;
      tallest = Math.max(tallest, lh);
    });
    endLine();
    const w = this.#autoResize === "HEIGHT" ? this._w : Math.max(...lines.map((l) => l.width));
    const h = lines.reduce((sum, l) => sum + l.height, 0);
    this.resizeWithoutConstraints(Math.max(0.01, w), Math.max(0.01, h));
  }

  get fontName(): FontName | symbol {
    return this.#get("fontName");
  }
  set fontName(v: FontName | symbol) {
    const f = checkFont("set_fontName", v);
    this.#requireAll();
    this.#requireLoaded([f]);
    this.#set("fontName", f);
  }
  get fontSize(): number | symbol {
    return this.#get("fontSize");
  }
  set fontSize(v: number | symbol) {
    const n = num("set_fontSize", "fontSize", v, 1);
    this.#requireAll();
    this.#set("fontSize", n);
  }
  override get fills(): readonly Paint[] | symbol {
    return this.#get("fills");
  }
  override set fills(v: readonly Paint[] | symbol) {
    validatePaints("set_fills", v, this.world.images);
    this.#set("fills", frozenCopy([...(v as Paint[])]));
  }
  get textDecoration(): TextDecoration | symbol {
    return this.#get("textDecoration");
  }
  set textDecoration(v: TextDecoration | symbol) {
    const d = oneOf("set_textDecoration", "textDecoration", v, DECORATIONS);
    this.#requireAll();
    this.#set("textDecoration", d);
  }
  get letterSpacing(): LetterSpacing | symbol {
    return this.#get("letterSpacing");
  }
  set letterSpacing(v: LetterSpacing | symbol) {
    const ls = checkLetterSpacing("set_letterSpacing", v);
    this.#requireAll();
    this.#set("letterSpacing", ls);
  }
  get lineHeight(): LineHeight | symbol {
    return this.#get("lineHeight");
  }
  set lineHeight(v: LineHeight | symbol) {
    const lh = checkLineHeight("set_lineHeight", v);
    this.#requireAll();
    this.#set("lineHeight", lh);
  }
  get textCase(): TextCase | symbol {
    return this.#get("textCase");
  }
  set textCase(v: TextCase | symbol) {
    const c = oneOf("set_textCase", "textCase", v, TEXT_CASES);
    this.#requireAll();
    this.#set("textCase", c);
  }

  get hyperlink(): HyperlinkTarget | null | symbol {
    return this.#get("hyperlink");
  }
  set hyperlink(v: HyperlinkTarget | null | symbol) {
    const h = validateHyperlink("set_hyperlink", v);
    this.#requireAll();
    this.#set("hyperlink", h);
  }

  getRangeFontName(start: number, end: number): FontName | symbol {
    this.#range("getRangeFontName", start, end);
    return this.#get("fontName", start, end);
  }
  setRangeFontName(start: number, end: number, v: FontName): void {
    this.#range("setRangeFontName", start, end);
    const f = checkFont("setRangeFontName", v);
    this.#requireLoaded([...this.#fontsIn(start, end), f]);
    this.#set("fontName", f, start, end);
  }
  getRangeAllFontNames(start: number, end: number): FontName[] {
    this.#range("getRangeAllFontNames", start, end);
    return this.#fontsIn(start, end).map((f) => ({ ...f }));
  }
  getRangeFontSize(start: number, end: number): number | symbol {
    this.#range("getRangeFontSize", start, end);
    return this.#get("fontSize", start, end);
  }
  setRangeFontSize(start: number, end: number, v: number): void {
    this.#range("setRangeFontSize", start, end);
    const n = num("setRangeFontSize", "fontSize", v, 1);
    this.#requireLoaded(this.#fontsIn(start, end));
    this.#set("fontSize", n, start, end);
  }
  getRangeFills(start: number, end: number): readonly Paint[] | symbol {
    this.#range("getRangeFills", start, end);
    return this.#get("fills", start, end);
  }
  setRangeFills(start: number, end: number, v: readonly Paint[]): void {
    this.#range("setRangeFills", start, end);
    validatePaints("setRangeFills", v, this.world.images);
    this.#set("fills", frozenCopy([...v]), start, end);
  }
  getRangeTextDecoration(start: number, end: number): TextDecoration | symbol {
    this.#range("getRangeTextDecoration", start, end);
    return this.#get("textDecoration", start, end);
  }
  setRangeTextDecoration(start: number, end: number, v: TextDecoration): void {
    this.#range("setRangeTextDecoration", start, end);
    const d = oneOf("setRangeTextDecoration", "textDecoration", v, DECORATIONS);
    this.#requireLoaded(this.#fontsIn(start, end));
    this.#set("textDecoration", d, start, end);
  }
  getRangeLetterSpacing(start: number, end: number): LetterSpacing | symbol {
    this.#range("getRangeLetterSpacing", start, end);
    return this.#get("letterSpacing", start, end);
  }
  setRangeLetterSpacing(start: number, end: number, v: LetterSpacing): void {
    this.#range("setRangeLetterSpacing", start, end);
    const ls = checkLetterSpacing("setRangeLetterSpacing", v);
    this.#requireLoaded(this.#fontsIn(start, end));
    this.#set("letterSpacing", ls, start, end);
  }
  getRangeLineHeight(start: number, end: number): LineHeight | symbol {
    this.#range("getRangeLineHeight", start, end);
    return this.#get("lineHeight", start, end);
  }
  setRangeLineHeight(start: number, end: number, v: LineHeight): void {
    this.#range("setRangeLineHeight", start, end);
    const lh = checkLineHeight("setRangeLineHeight", v);
    this.#requireLoaded(this.#fontsIn(start, end));
    this.#set("lineHeight", lh, start, end);
  }
  getRangeTextCase(start: number, end: number): TextCase | symbol {
    this.#range("getRangeTextCase", start, end);
    return this.#get("textCase", start, end);
  }
  setRangeTextCase(start: number, end: number, v: TextCase): void {
    this.#range("setRangeTextCase", start, end);
    const c = oneOf("setRangeTextCase", "textCase", v, TEXT_CASES);
    this.#requireLoaded(this.#fontsIn(start, end));
    this.#set("textCase", c, start, end);
  }

  getRangeHyperlink(start: number, end: number): HyperlinkTarget | null | symbol {
    this.#range("getRangeHyperlink", start, end);
    return this.#get("hyperlink", start, end);
  }
  setRangeHyperlink(start: number, end: number, v: HyperlinkTarget | null): void {
    this.#range("setRangeHyperlink", start, end);
    const h = validateHyperlink("setRangeHyperlink", v);
    this.#requireLoaded(this.#fontsIn(start, end));
    this.#set("hyperlink", h, start, end);
  }

  /** Runs of characters sharing the requested fields (like Figma's getStyledTextSegments). */
  getStyledTextSegments(fields: StyleKey[], start = 0, end = this.#chars.length): Array<Record<string, unknown>> {
    if (this.#chars.length === 0) return [];
    this.#range("getStyledTextSegments", start, end);
    const out: Array<Record<string, unknown>> = [];
    let segStart = start;
    const pick = (i: number): string => JSON.stringify(fields.map((f) => (this.#styles[i] as CharStyle)[f]));
    for (let i = start + 1; i <= end; i++) {
      if (i === end || pick(i) !== pick(segStart)) {
        const seg: Record<string, unknown> = { characters: this.#chars.slice(segStart, i), start: segStart, end: i };
        for (const f of fields) seg[f] = frozenCopy((this.#styles[segStart] as CharStyle)[f]);
        out.push(seg);
        segStart = i;
      }
    }
    return out;
  }

  // -- layout of the text box
  get textAutoResize(): "NONE" | "WIDTH_AND_HEIGHT" | "HEIGHT" | "TRUNCATE" {
    return this.#autoResize;
  }
  set textAutoResize(v: "NONE" | "WIDTH_AND_HEIGHT" | "HEIGHT" | "TRUNCATE") {
    const r = oneOf("set_textAutoResize", "textAutoResize", v, ["NONE", "WIDTH_AND_HEIGHT", "HEIGHT", "TRUNCATE"]);
    this.#requireAll();
    this.#autoResize = r;
    this.#measure();
  }
  get textAlignHorizontal(): "LEFT" | "CENTER" | "RIGHT" | "JUSTIFIED" {
    return this.#alignH;
  }
  set textAlignHorizontal(v: "LEFT" | "CENTER" | "RIGHT" | "JUSTIFIED") {
    const a = oneOf("set_textAlignHorizontal", "textAlignHorizontal", v, ["LEFT", "CENTER", "RIGHT", "JUSTIFIED"]);
    this.#requireAll();
    this.#alignH = a;
  }
  get textAlignVertical(): "TOP" | "CENTER" | "BOTTOM" {
    return this.#alignV;
  }
  set textAlignVertical(v: "TOP" | "CENTER" | "BOTTOM") {
    const a = oneOf("set_textAlignVertical", "textAlignVertical", v, ["TOP", "CENTER", "BOTTOM"]);
    this.#requireAll();
    this.#alignV = a;
  }
  get paragraphIndent(): number {
    return this.#paragraphIndent;
  }
  set paragraphIndent(v: number) {
    const n = num("set_paragraphIndent", "paragraphIndent", v, 0);
    this.#requireAll();
    this.#paragraphIndent = n;
  }
  get paragraphSpacing(): number {
    return this.#paragraphSpacing;
  }
  set paragraphSpacing(v: number) {
    const n = num("set_paragraphSpacing", "paragraphSpacing", v, 0);
    this.#requireAll();
    this.#paragraphSpacing = n;
  }
}

function checkFont(where: string, v: unknown): FontName {
  const f = v as FontName;
  if (typeof v !== "object" || v === null || typeof f.family !== "string" || typeof f.style !== "string") {
    fail(where, 'Expected a FontName { family: string, style: string }');
  }
  return { family: f.family, style: f.style };
}

function checkLetterSpacing(where: string, v: unknown): LetterSpacing {
  const ls = v as LetterSpacing;
  if (typeof v !== "object" || v === null) fail(where, "Expected a LetterSpacing { value, unit }");
  oneOf(where, "letterSpacing.unit", ls.unit, ["PIXELS", "PERCENT"]);
  num(where, "letterSpacing.value", ls.value);
  return { value: ls.value, unit: ls.unit };
}

function checkLineHeight(where: string, v: unknown): LineHeight {
  const lh = v as { unit?: unknown; value?: unknown };
  if (typeof v !== "object" || v === null) fail(where, "Expected a LineHeight");
  const unit = oneOf(where, "lineHeight.unit", lh.unit, ["PIXELS", "PERCENT", "AUTO"]);
  if (unit === "AUTO") {
    if ("value" in lh) fail(where, 'Unrecognized key(s) in object: \'value\' at "lineHeight"');
    return { unit: "AUTO" };
  }
  return { unit, value: num(where, "lineHeight.value", lh.value, 0) };
}
