/**
 * Variables of the in-memory Figma (`figma.variables`): collections with modes (a plan's mode
 * limit refuses `addMode`), typed variables with a value per mode, scopes and code syntax, and
 * the bindings of paints and node fields. A bound value is what the variable resolves to for
 * the node (the mode an ancestor chose with setExplicitVariableModeForCollection, else the
 * collection's default), so a binding to a variable of another value changes what is drawn.
 */
import { f32, storedValue } from "./stored";
import { PluginData } from "./storage";
import { fail, num, oneOf } from "./validate";

export type Plan = "starter" | "professional" | "organization" | "enterprise";
/** Modes a collection may have on each plan (Figma's plan limits). */
export const MODE_LIMITS: Record<Plan, number> = { starter: 1, professional: 10, organization: 20, enterprise: 40 };
const MAX_VARIABLES = 5000;
const TYPES = ["BOOLEAN", "FLOAT", "STRING", "COLOR"] as const;
const SCOPES: Partial<Record<VariableResolvedDataType, readonly VariableScope[]>> = {
  COLOR: ["ALL_SCOPES", "ALL_FILLS", "FRAME_FILL", "SHAPE_FILL", "TEXT_FILL", "STROKE_COLOR", "EFFECT_COLOR"],
  FLOAT: [
    "ALL_SCOPES",
    "TEXT_CONTENT",
    "CORNER_RADIUS",
    "WIDTH_HEIGHT",
    "GAP",
    "STROKE_FLOAT",
    "EFFECT_FLOAT",
    "OPACITY",
    "FONT_WEIGHT",
    "FONT_SIZE",
    "LINE_HEIGHT",
    "LETTER_SPACING",
    "PARAGRAPH_SPACING",
    "PARAGRAPH_INDENT",
  ],
  STRING: ["ALL_SCOPES", "TEXT_CONTENT", "FONT_FAMILY", "FONT_STYLE"],
  BOOLEAN: ["ALL_SCOPES"],
};

/** What nodes need of the variables: resolution for a consumer, by alias. */
export interface VariableLookup {
  get(id: string): VariableStub | undefined;
  /** The variable's value for a node: the mode its nearest ancestor chose for the collection, else the default. */
  resolve(id: string, consumer: ModeChooser | null): VariableValue;
}

/** A node that may choose a collection's mode for its subtree. */
export interface ModeChooser {
  readonly parent: unknown;
  explicitModes?: ReadonlyMap<string, string>;
}

export function isAlias(v: unknown): v is VariableAlias {
  return typeof v === "object" && v !== null && (v as VariableAlias).type === "VARIABLE_ALIAS" && typeof (v as VariableAlias).id === "string";
}

function checkName(where: string, name: unknown): string {
  if (typeof name !== "string" || !name.trim()) fail(where, "Expected a non-empty name");
  // Figma reserves these for alias syntax ({group.name}); a path segment cannot be empty.
  if (/[.{}]/.test(name)) fail(where, `Variable names cannot contain ".", "{" or "}": ${JSON.stringify(name)}`);
  if (name.split("/").some((part) => !part.trim())) fail(where, `Variable name has an empty group: ${JSON.stringify(name)}`);
  return name;
}

export class VariableCollectionStub {
  readonly id: string;
  readonly remote = false;
  readonly isExtension = false;
  readonly key: string;
  hiddenFromPublishing = false;
  #name: string;
  #modes: Array<{ modeId: string; name: string }>;
  readonly variableIdList: string[] = [];
  removed = false;
  readonly #data = new PluginData();

  constructor(
    readonly registry: VariableRegistry,
    id: string,
    name: string,
  ) {
    this.id = id;
    this.key = id.replace(/\W/g, "");
    this.#name = name;
    this.#modes = [{ modeId: registry.nextModeId(), name: "Mode 1" }];
  }
  get name(): string {
    return this.#name;
  }
  set name(v: string) {
    if (typeof v !== "string" || !v.trim()) fail("set_name", "Expected a non-empty collection name");
    this.#name = v;
  }
  get modes(): Array<{ modeId: string; name: string }> {
    return this.#modes.map((m) => ({ ...m }));
  }
  get defaultModeId(): string {
    return (this.#modes[0] as { modeId: string }).modeId;
  }
  get variableIds(): string[] {
    return [...this.variableIdList];
  }
  addMode(name: string): string {
    if (typeof name !== "string" || !name.trim()) fail("addMode", "Expected a non-empty mode name");
    const limit = MODE_LIMITS[this.registry.plan];
    if (this.#modes.length >= limit) throw new Error(`in addMode: Limited to ${limit} modes only`);
    const modeId = this.registry.nextModeId();
    this.#modes.push({ modeId, name });
    for (const id of this.variableIdList) this.registry.get(id)?.copyDefaultTo(modeId);
    return modeId;
  }
  renameMode(modeId: string, name: string): void {
    const mode = this.#modes.find((m) => m.modeId === modeId);
    if (!mode) fail("renameMode", `No mode with id ${JSON.stringify(modeId)} in this collection`);
    if (typeof name !== "string" || !name.trim()) fail("renameMode", "Expected a non-empty mode name");
    mode.name = name;
  }
  removeMode(modeId: string): void {
    if (this.#modes.length === 1) fail("removeMode", "A collection must keep at least one mode");
    this.#modes = this.#modes.filter((m) => m.modeId !== modeId);
  }
  hasMode(modeId: string): boolean {
    return this.#modes.some((m) => m.modeId === modeId);
  }
  remove(): void {
    for (const id of [...this.variableIdList]) this.registry.get(id)?.remove();
    this.removed = true;
  }
  getPluginData(key: string): string {
    return this.#data.get(key);
  }
  setPluginData(key: string, value: string): void {
    this.#data.set(key, value);
  }
  getPluginDataKeys(): string[] {
    return this.#data.keys();
  }
}

export class VariableStub {
  readonly id: string;
  readonly remote = false;
  readonly key: string;
  description = "";
  hiddenFromPublishing = false;
  #name: string;
  #scopes: VariableScope[] = ["ALL_SCOPES"];
  #values = new Map<string, VariableValue>();
  #codeSyntax: { [platform in CodeSyntaxPlatform]?: string } = {};
  removed = false;
  readonly #data = new PluginData();

  constructor(
    readonly registry: VariableRegistry,
    id: string,
    name: string,
    readonly collection: VariableCollectionStub,
    readonly resolvedType: VariableResolvedDataType,
  ) {
    this.id = id;
    this.key = id.replace(/\W/g, "");
    this.#name = name;
    const initial: VariableValue = resolvedType === "COLOR" ? { r: 0, g: 0, b: 0, a: 1 } : resolvedType === "FLOAT" ? 0 : resolvedType === "STRING" ? "" : false;
    for (const m of collection.modes) this.#values.set(m.modeId, initial);
  }
  get name(): string {
    return this.#name;
  }
  set name(v: string) {
    this.registry.checkUnique("set_name", this.collection, checkName("set_name", v), this);
    this.#name = v;
  }
  get variableCollectionId(): string {
    return this.collection.id;
  }
  get valuesByMode(): { [modeId: string]: VariableValue } {
    return Object.fromEntries([...this.#values].map(([k, v]) => [k, typeof v === "object" ? { ...v } : v]));
  }
  setValueForMode(modeId: string, value: VariableValue): void {
    if (!this.collection.hasMode(modeId)) fail("setValueForMode", `Mode ${JSON.stringify(modeId)} is not a mode of the variable's collection`);
    this.#values.set(modeId, this.#check(value));
  }
  /** A new mode starts with the default mode's value. */
  copyDefaultTo(modeId: string): void {
    this.#values.set(modeId, this.#values.get(this.collection.defaultModeId) as VariableValue);
  }
  valueFor(modeId: string): VariableValue {
    return this.#values.get(modeId) ?? (this.#values.get(this.collection.defaultModeId) as VariableValue);
  }
  #check(value: VariableValue): VariableValue {
    const where = "setValueForMode";
    if (isAlias(value)) {
      const target = this.registry.get(value.id);
      if (!target) fail(where, `Variable ${value.id} does not exist`);
      if (target.resolvedType !== this.resolvedType) fail(where, `Cannot alias a ${target.resolvedType} variable from a ${this.resolvedType} variable`);
      return { type: "VARIABLE_ALIAS", id: value.id };
    }
    switch (this.resolvedType) {
      case "COLOR": {
        const c = value as RGBA;
        if (typeof c !== "object" || c === null) fail(where, "Expected a color { r, g, b, a }");
        for (const k of ["r", "g", "b"] as const) num(where, k, c[k], 0, 1);
        return storedValue({ r: c.r, g: c.g, b: c.b, a: "a" in c ? num(where, "a", c.a, 0, 1) : 1 });
      }
      case "FLOAT":
        return f32(num(where, "value", value));
      case "STRING":
        if (typeof value !== "string") fail(where, "Expected a string value");
        return value;
      default:
        if (typeof value !== "boolean") fail(where, "Expected a boolean value");
        return value;
    }
  }
  get scopes(): VariableScope[] {
    return [...this.#scopes];
  }
  set scopes(v: VariableScope[]) {
    if (!Array.isArray(v)) fail("set_scopes", "Expected an array of scopes");
    const allowed = SCOPES[this.resolvedType] ?? ["ALL_SCOPES"];
    for (const s of v) {
      if (!allowed.includes(s)) fail("set_scopes", `Scope ${JSON.stringify(s)} cannot be used with a ${this.resolvedType} variable`);
    }
    if (v.includes("ALL_SCOPES") && v.length > 1) fail("set_scopes", "ALL_SCOPES cannot be combined with other scopes");
    // ALL_FILLS already holds the three fill scopes: Figma refuses it beside any of them.
    if (v.includes("ALL_FILLS") && v.some((s) => s === "FRAME_FILL" || s === "SHAPE_FILL" || s === "TEXT_FILL")) {
      fail("set_scopes", "ALL_FILLS cannot be combined with FRAME_FILL, SHAPE_FILL or TEXT_FILL");
    }
    this.#scopes = [...v];
  }
  get codeSyntax(): { [platform in CodeSyntaxPlatform]?: string } {
    return { ...this.#codeSyntax };
  }
  setVariableCodeSyntax(platform: CodeSyntaxPlatform, value: string): void {
    oneOf("setVariableCodeSyntax", "platform", platform, ["WEB", "ANDROID", "iOS"]);
    if (typeof value !== "string" || !value) fail("setVariableCodeSyntax", "Expected a non-empty string");
    this.#codeSyntax[platform] = value;
  }
  removeVariableCodeSyntax(platform: CodeSyntaxPlatform): void {
    delete this.#codeSyntax[platform];
  }
  remove(): void {
    this.removed = true;
    const list = this.collection.variableIdList;
    list.splice(list.indexOf(this.id), 1);
  }
  getPluginData(key: string): string {
    return this.#data.get(key);
  }
  setPluginData(key: string, value: string): void {
    this.#data.set(key, value);
  }
  getPluginDataKeys(): string[] {
    return this.#data.keys();
  }
}

/** Every collection and variable of one file; `api()` is its `figma.variables`. */
export class VariableRegistry implements VariableLookup {
  readonly collections = new Map<string, VariableCollectionStub>();
  readonly variables = new Map<string, VariableStub>();
  #modeCount = 0;

  constructor(readonly plan: Plan) {}

  nextModeId(): string {
    return `1:${this.#modeCount++}`;
  }
  get(id: string): VariableStub | undefined {
    const v = this.variables.get(id);
    return v && !v.removed ? v : undefined;
  }
  checkUnique(where: string, collection: VariableCollectionStub, name: string, self?: VariableStub): void {
    for (const id of collection.variableIdList) {
      const other = this.variables.get(id);
      if (other && other !== self && other.name === name) fail(where, `A variable named ${JSON.stringify(name)} already exists in this collection`);
    }
  }
  resolve(id: string, consumer: ModeChooser | null): VariableValue {
    const variable = this.get(id);
    if (!variable) throw new Error(`Variable ${id} does not exist`);
    let mode = variable.collection.defaultModeId;
    for (let n: ModeChooser | null = consumer; n; n = n.parent as ModeChooser | null) {
      const chosen = n.explicitModes?.get(variable.collection.id);
      if (chosen) {
        mode = chosen;
        break;
      }
    }
    const value = variable.valueFor(mode);
    return isAlias(value) ? this.resolve(value.id, consumer) : value;
  }

  api(): VariablesAPI {
    const collectionOf = (where: string, c: VariableCollection | string): VariableCollectionStub => {
      const found = typeof c === "string" ? this.collections.get(c) : this.collections.get(c?.id);
      if (!found || found.removed) fail(where, "Expected an existing variable collection");
      return found;
    };
    const syncRefused = (name: string) => (): never => {
      throw new Error(`in ${name}: Cannot call with documentAccess: dynamic-page. Use ${name}Async instead.`);
    };
    const api = {
      createVariableCollection: (name: string): VariableCollection => {
        if (typeof name !== "string" || !name.trim()) fail("createVariableCollection", "Expected a non-empty name");
        const c = new VariableCollectionStub(this, `VariableCollectionId:${this.collections.size + 1}:0`, name);
        this.collections.set(c.id, c);
        return c as unknown as VariableCollection;
      },
      createVariable: (name: string, collection: VariableCollection | string, resolvedType: VariableResolvedDataType): Variable => {
        const where = "createVariable";
        const c = collectionOf(where, collection);
        oneOf(where, "resolvedType", resolvedType, TYPES);
        this.checkUnique(where, c, checkName(where, name));
        if (c.variableIdList.length >= MAX_VARIABLES) fail(where, `A collection holds at most ${MAX_VARIABLES} variables`);
        const v = new VariableStub(this, `VariableID:${this.variables.size + 1}:0`, name, c, resolvedType);
        this.variables.set(v.id, v);
        c.variableIdList.push(v.id);
        return v as unknown as Variable;
      },
      getLocalVariableCollectionsAsync: () => Promise.resolve([...this.collections.values()].filter((c) => !c.removed) as unknown as VariableCollection[]),
      getLocalVariablesAsync: (type?: VariableResolvedDataType) =>
        Promise.resolve([...this.variables.values()].filter((v) => !v.removed && (!type || v.resolvedType === type)) as unknown as Variable[]),
      getVariableByIdAsync: (id: string) => Promise.resolve((this.get(id) ?? null) as unknown as Variable | null),
      getVariableCollectionByIdAsync: (id: string) => {
        const c = this.collections.get(id);
        return Promise.resolve((c && !c.removed ? c : null) as unknown as VariableCollection | null);
      },
      getVariableById: syncRefused("getVariableById"),
      getVariableCollectionById: syncRefused("getVariableCollectionById"),
      getLocalVariables: syncRefused("getLocalVariables"),
      getLocalVariableCollections: syncRefused("getLocalVariableCollections"),
      createVariableAlias: (variable: Variable): VariableAlias => {
        if (!this.get(variable?.id)) fail("createVariableAlias", "Expected an existing variable");
        return { type: "VARIABLE_ALIAS", id: variable.id };
      },
      setBoundVariableForPaint: (paint: SolidPaint, field: VariableBindablePaintField, variable: Variable | null): SolidPaint => {
        const where = "setBoundVariableForPaint";
        if (paint?.type !== "SOLID") fail(where, "Only SOLID paints can be bound to a variable");
        oneOf(where, "field", field, ["color"]);
        const { boundVariables: _old, ...rest } = paint;
        if (variable === null) return { ...rest };
        const v = this.get(variable?.id);
        if (!v) fail(where, "Expected an existing variable");
        if (v.resolvedType !== "COLOR") fail(where, `Cannot bind a ${v.resolvedType} variable to a paint's color`);
        return { ...rest, boundVariables: { color: { type: "VARIABLE_ALIAS", id: v.id } } };
      },
    };
    return api as unknown as VariablesAPI;
  }
}

/** A paint as the node draws it: a bound color is the variable's value for that node. */
export function resolvePaint(paint: Paint, lookup: VariableLookup | undefined, consumer: ModeChooser | null): Paint {
  if (paint.type !== "SOLID" || !paint.boundVariables?.color || !lookup) return paint;
  const value = lookup.resolve(paint.boundVariables.color.id, consumer) as RGBA;
  return { ...paint, color: { r: value.r, g: value.g, b: value.b } };
}

/** The writes Figma refuses in a paint's binding: only SOLID color, to an existing COLOR variable. */
export function validatePaintBindings(where: string, paints: readonly Paint[], lookup: VariableLookup | undefined): void {
  paints.forEach((p, i) => {
    const bound = (p as { boundVariables?: Record<string, unknown> }).boundVariables;
    if (bound === undefined) return;
    if (p.type !== "SOLID") fail(where, `"[${i}].boundVariables": only SOLID paints take a bound variable`);
    for (const [field, alias] of Object.entries(bound)) {
      if (field !== "color") fail(where, `"[${i}].boundVariables.${field}": a paint binds only its color`);
      if (!isAlias(alias)) fail(where, `"[${i}].boundVariables.color": expected a VariableAlias`);
      const v = lookup?.get(alias.id);
      if (!v) fail(where, `"[${i}].boundVariables.color": variable ${alias.id} does not exist`);
      if (v.resolvedType !== "COLOR") fail(where, `"[${i}].boundVariables.color": ${v.resolvedType} variable bound to a color`);
    }
  });
}
