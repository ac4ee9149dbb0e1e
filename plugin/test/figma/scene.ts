/**
 * Scene nodes of the in-memory Figma: geometry from the parents, appearance, the auto-layout
 * child fields, and the shapes (rectangle, ellipse, vector) with fills, strokes and radii.
 */
import { BaseStub, type ContainerLike, type World } from "./base";
import { bindNodeField, boundFields, chooseMode } from "./bindings";
import { aabb, IDENTITY, multiply, rotationMatrix, type Mat } from "./geometry";
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
  validatePaints,
} from "./validate";
import { resolvePaint, validatePaintBindings } from "./variables";

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
  #effectStyleId = "";
  /** Collection id -> mode id chosen for this subtree (setExplicitVariableModeForCollection). */
  readonly explicitModes = new Map<string, string>();
  /** Field -> the variable bound to it and the value it wrote (setBoundVariable). */
  readonly bindings = new Map<string, { id: string; value: unknown }>();
  exportSettings: readonly ExportSettings[] = [];

  constructor(world: World, type: string, name: string, w: number, h: number, blend: BlendMode = "PASS_THROUGH") {
    super(world, type, name);
    this._w = w;
    this._h = h;
    this.#blendMode = blend;
  }

  /** Everything this node is, from `src` of the same class (clones, instances); not its id, parent or plugin data. */
  copyFrom(src: SceneStub): void {
    this.name = src.name;
    [this._x, this._y, this._w, this._h, this._rot] = [src._x, src._y, src._w, src._h, src._rot];
    this.#visible = src.#visible;
    this.locked = src.locked;
    this.#opacity = src.#opacity;
    this.#blendMode = src.#blendMode;
    this.#effects = src.#effects;
    this.#constraints = src.#constraints;
    [this._layoutAlign, this._layoutGrow, this._layoutPositioning] = [src._layoutAlign, src._layoutGrow, src._layoutPositioning];
    this.isMask = src.isMask;
    this.#effectStyleId = src.#effectStyleId;
    for (const [k, v] of src.explicitModes) this.explicitModes.set(k, v);
    for (const [k, v] of src.bindings) this.bindings.set(k, v);
    this.#references = src.#references;
  }

  // -- component properties
  #references: Record<string, string> | null = null;
  get componentPropertyReferences(): Record<string, string> | null {
    return this.#references ? { ...this.#references } : null;
  }
  /** Only on a layer of a main component, naming properties of that component of the matching type. */
  set componentPropertyReferences(v: Record<string, string> | null) {
    const where = "set_componentPropertyReferences";
    if (this.inInstance()) fail(where, "A layer of an instance takes its property references from its main component");
    const owner = this.owningComponent();
    if (!owner) fail(where, "Only a layer inside a component can reference component properties");
    if (v !== null) {
      const types: Record<string, ComponentPropertyType> = { characters: "TEXT", visible: "BOOLEAN", mainComponent: "INSTANCE_SWAP" };
      for (const [field, name] of Object.entries(v)) {
        const want = types[field];
        if (!want) fail(where, `Invalid field ${JSON.stringify(field)}`);
        if (field === "characters" && this.type !== "TEXT") fail(where, "Only a text layer can show a TEXT property");
        const def = owner.componentPropertyDefinitions[name];
        if (!def) fail(where, `Component property with name ${JSON.stringify(name)} does not exist`);
        if (def.type !== want) fail(where, `Property ${JSON.stringify(name)} is ${def.type}, ${field} needs ${want}`);
      }
    }
    this.#references = v === null ? null : { ...v };
  }
  /** The main component this layer is a descendant of, if any. */
  owningComponent(): { componentPropertyDefinitions: ComponentPropertyDefinitions } | null {
    for (let p = this.parent; p; p = p.parent) {
      if (p.type === "COMPONENT") return p as unknown as { componentPropertyDefinitions: ComponentPropertyDefinitions };
    }
    return null;
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
    this.fixedInInstance("set_x");
    this._x = num("set_x", "x", v);
    this.positionChanged();
  }
  get y(): number {
    return this._y;
  }
  set y(v: number) {
    this.fixedInInstance("set_y");
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
    this.fixedInInstance("set_rotation");
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
    this.fixedInInstance("set_relativeTransform");
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
    this.parent?.childMoved?.(this);
  }

  protected checkSize(where: string, w: number, h: number): void {
    num(where, "width", w);
    num(where, "height", h);
    if (w < 0.01) fail(where, 'Expected "width" to have value >= 0.01');
    if (h < 0.01) fail(where, 'Expected "height" to have value >= 0.01');
  }
  /**
   * A layer inside an instance keeps the place its main component and the instance's size give
   * it: an instance overrides appearance, content and size, never position.
   */
  protected fixedInInstance(where: string): void {
    if (this.inInstance()) throw new Error(`in ${where}: Cannot change the position of a layer inside an instance`);
  }
  resize(width: number, height: number): void {
    this.alive();
    this.checkSize("resize", width, height);
    this.sizedByHand(width, height);
    this._resize(width, height, true);
  }
  resizeWithoutConstraints(width: number, height: number): void {
    this.alive();
    this.checkSize("resizeWithoutConstraints", width, height);
    this.sizedByHand(width, height);
    this._resize(width, height, false);
  }
  /**
   * A size set by hand is kept: in an auto-layout parent the child stops filling on an axis it
   * was resized on (layoutGrow 0 / layoutAlign INHERIT), as in Figma.
   */
  protected sizedByHand(width: number, height: number): void {
    const parent = this.parent as (ContainerLike & { layoutMode?: string }) | null;
    if (!parent?.autoLayout) return;
    const horizontal = parent.layoutMode === "HORIZONTAL";
    const primaryChanged = horizontal ? width !== this._w : height !== this._h;
    const counterChanged = horizontal ? height !== this._h : width !== this._w;
    if (primaryChanged) this._layoutGrow = 0;
    if (counterChanged && this._layoutAlign === "STRETCH") this._layoutAlign = "INHERIT";
  }
  /** A size Figma itself gives (auto layout, constraints, text measurement): no instance rule. */
  _resize(width: number, height: number, withConstraints: boolean): void {
    if (!withConstraints) {
      this._w = width;
      this._h = height;
      this.sizeChanged();
      return;
    }
    const dw = width - this._w;
    const dh = height - this._h;
    const sx = this._w > 0 ? width / this._w : 1;
    const sy = this._h > 0 ? height / this._h : 1;
    this._w = width;
    this._h = height;
    this.applyConstraints(dw, dh, sx, sy);
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
    this.#effectStyleId = "";
  }
  get effectStyleId(): string {
    return this.#effectStyleId;
  }
  set effectStyleId(_v: string) {
    throw new Error("in set_effectStyleId: Cannot set effectStyleId with documentAccess: dynamic-page. Use setEffectStyleIdAsync instead.");
  }
  /** Takes the effect style's effects (the spread rule applies as to any effects), "" detaches. */
  setEffectStyleIdAsync(id: string): Promise<void> {
    try {
      if (id !== "") {
        const style = this.world.styles?.effect(id);
        if (!style) fail("setEffectStyleIdAsync", `No effect style with id ${JSON.stringify(id)}`);
        this.effects = style.effects;
      }
      this.#effectStyleId = id;
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }

  // -- variables
  setBoundVariable(field: VariableBindableNodeField, variable: Variable | null): void {
    this.alive();
    bindNodeField(this, this.world.variables, field, variable);
  }
  get boundVariables(): Record<string, unknown> {
    return boundFields(this);
  }
  setExplicitVariableModeForCollection(collection: VariableCollection, modeId: string): void {
    chooseMode(this, collection, modeId);
  }
  get explicitVariableModes(): Record<string, string> {
    return Object.fromEntries(this.explicitModes);
  }
  clearExplicitVariableModeForCollection(collection: VariableCollection): void {
    this.explicitModes.delete(collection.id);
  }
  /** Paints as this node draws them: bound colors resolved for it. */
  protected drawn(paints: readonly Paint[]): Paint[] {
    return paints.map((p) => resolvePaint(p, this.world.variables, this));
  }
  protected checkPaints(where: string, v: unknown): void {
    validatePaints(where, v, this.world.images);
    validatePaintBindings(where, v as Paint[], this.world.variables);
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
    if (v === "ABSOLUTE" && !this.parent?.autoLayout) {
      throw new Error("in set_layoutPositioning: Can only set layoutPositioning = ABSOLUTE if the parent node has layoutMode !== NONE");
    }
    this._layoutPositioning = v;
    this.parent?.relayout?.();
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

  override copyFrom(src: ShapeStub): void {
    super.copyFrom(src);
    this.#fills = src.#fills;
    this.#strokes = src.#strokes;
    this._strokeWeights = [...src._strokeWeights];
    this.#strokeAlign = src.#strokeAlign;
    this.#dashPattern = src.#dashPattern;
    [this.strokeCap, this.strokeJoin, this.strokeMiterLimit] = [src.strokeCap, src.strokeJoin, src.strokeMiterLimit];
    [this.fillStyleId, this.strokeStyleId] = [src.fillStyleId, src.strokeStyleId];
    this._radii = [...src._radii];
    this.cornerSmoothing = src.cornerSmoothing;
  }

  get fills(): readonly Paint[] | symbol {
    return frozenCopy(this.drawn(this.#fills));
  }
  set fills(v: readonly Paint[] | symbol) {
    this.checkPaints("set_fills", v);
    this.#fills = frozenCopy([...(v as Paint[])]);
  }
  get strokes(): readonly Paint[] {
    return frozenCopy(this.drawn(this.#strokes));
  }
  set strokes(v: readonly Paint[]) {
    this.checkPaints("set_strokes", v);
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
  override copyFrom(src: EllipseStub): void {
    super.copyFrom(src);
    this.#arc = src.#arc;
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
  override copyFrom(src: VectorStub): void {
    super.copyFrom(src);
    this.#paths = src.#paths;
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

