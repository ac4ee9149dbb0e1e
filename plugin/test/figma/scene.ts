/**
 * Scene nodes of the in-memory Figma: geometry from the parents, appearance, variable bindings
 * and effect styles, component property references, and the fields of an auto-layout or GRID
 * child. The shapes are in shapes.ts.
 */
import { checkReactions } from "./reactions";
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
import { f32, storedEffect } from "./stored";
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
  /** The cell of a GRID parent this child sits in (grid.ts). */
  gridCell: { row: number; column: number } | null = null;
  gridChildHorizontalAlign: "MIN" | "CENTER" | "MAX" | "AUTO" = "AUTO";
  gridChildVerticalAlign: "MIN" | "CENTER" | "MAX" | "AUTO" = "AUTO";
  isMask = false;
  #effectStyleId = "";
  /** Collection id -> mode id chosen for this subtree (setExplicitVariableModeForCollection). */
  readonly explicitModes = new Map<string, string>();
  /** Field -> the variable bound to it and the value it wrote (setBoundVariable). */
  readonly bindings = new Map<string, { id: string; value: unknown }>();
  exportSettings: readonly ExportSettings[] = [];
  #reactions: Reaction[] = [];

  constructor(world: World, type: string, name: string, w: number, h: number, blend: BlendMode = "PASS_THROUGH") {
    super(world, type, name);
    this._w = w;
    this._h = h;
    this.#blendMode = blend;
  }
  get reactions(): ReadonlyArray<Reaction> {
    return Object.freeze(structuredClone(this.#reactions));
  }
  set reactions(_value: ReadonlyArray<Reaction>) {
    throw new Error("in set_reactions: Cannot set reactions with documentAccess: dynamic-page. Use node.setReactionsAsync instead.");
  }
  setReactionsAsync(reactions: Reaction[]): Promise<void> {
    try {
      this.#reactions = checkReactions(this, reactions, (id) => this.world.lookup?.(id));
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
    return Promise.resolve();
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
    [this._minW, this._maxW] = [src._minW, src._maxW];
    this.isMask = src.isMask;
    this.#effectStyleId = src.#effectStyleId;
    for (const [k, v] of src.explicitModes) this.explicitModes.set(k, v);
    for (const [k, v] of src.bindings) this.bindings.set(k, v);
    this.#references = src.#references;
    this.gridCell = src.gridCell ? { ...src.gridCell } : null;
    [this.gridChildHorizontalAlign, this.gridChildVerticalAlign] = [src.gridChildHorizontalAlign, src.gridChildVerticalAlign];
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
    this.#byHand(() => this._resize(width, height, true));
  }
  resizeWithoutConstraints(width: number, height: number): void {
    this.alive();
    this.checkSize("resizeWithoutConstraints", width, height);
    this.sizedByHand(width, height);
    this.#byHand(() => this._resize(width, height, false));
  }

  // -- aspect ratio lock: kept when auto layout or constraints resize the node; a resize by hand
  // ignores it and takes the new proportions (the plugin API's targetAspectRatio).
  #ratio: Vector | null = null;
  get targetAspectRatio(): Vector | null {
    return this.#ratio ? { ...this.#ratio } : null;
  }
  lockAspectRatio(): void {
    this.alive();
    this.#ratio = { x: this._w, y: this._h };
  }
  unlockAspectRatio(): void {
    this.alive();
    this.#ratio = null;
  }
  #byHand(resize: () => void): void {
    const ratio = this.#ratio;
    this.#ratio = null;
    try {
      resize();
    } finally {
      if (ratio) this.#ratio = { x: this._w, y: this._h };
    }
  }
  /** The size Figma gives a locked node asked to be w x h by layout: the changed axis leads. */
  protected proportioned(w: number, h: number): [number, number] {
    const r = this.#ratio;
    if (!r || r.x <= 0 || r.y <= 0) return [w, h];
    if (Math.abs(w - this._w) > 1e-9) return [w, (w * r.y) / r.x];
    if (Math.abs(h - this._h) > 1e-9) return [(h * r.x) / r.y, h];
    return [w, h];
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
    [width, height] = this.proportioned(width, height);
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
    this.#opacity = f32(num("set_opacity", "opacity", v, 0, 1));
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
    this.#effects = frozenCopy(v.map(storedEffect));
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

  // -- min and max width and height: of auto-layout frames and their children; a layout that
  // stretches or grows the node keeps it within them.
  _minW: number | null = null;
  _maxW: number | null = null;
  get minWidth(): number | null {
    return this._minW;
  }
  set minWidth(v: number | null) {
    this._minW = this.#bound("set_minWidth", v);
    this.parent?.relayout?.();
  }
  get maxWidth(): number | null {
    return this._maxW;
  }
  set maxWidth(v: number | null) {
    this._maxW = this.#bound("set_maxWidth", v);
    this.parent?.relayout?.();
  }
  #bound(where: string, v: number | null): number | null {
    if (!this.parent?.autoLayout && !(this as { autoLayout?: boolean }).autoLayout) {
      fail(where, "Applicable only to auto-layout frames and their direct children");
    }
    return v === null ? null : num(where, "value", v, 0.01);
  }
  /** A width auto layout gives the node, within its min and max. */
  _clampWidth(w: number): number {
    return Math.min(this._maxW ?? Infinity, Math.max(this._minW ?? 0, w));
  }

  // -- as a GRID child
  get gridRowAnchorIndex(): number {
    if (!this.gridCell) fail("get_gridRowAnchorIndex", "Applicable only on children of a GRID frame");
    return this.gridCell.row;
  }
  get gridColumnAnchorIndex(): number {
    if (!this.gridCell) fail("get_gridColumnAnchorIndex", "Applicable only on children of a GRID frame");
    return this.gridCell.column;
  }
  setGridChildPosition(row: number, column: number): void {
    const parent = this.parent as (ContainerLike & { moveGridChild?(c: SceneStub, r: number, k: number): void }) | null;
    if (!parent?.moveGridChild || !this.gridCell) fail("setGridChildPosition", "Applicable only on children of a GRID frame");
    parent.moveGridChild(this, row, column);
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
