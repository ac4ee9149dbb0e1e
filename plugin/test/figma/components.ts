/**
 * Components, instances and sections of the in-memory Figma.
 *
 * A COMPONENT is a frame with component properties (`addComponentProperty` returns the name with
 * its `#id` suffix; a TEXT property's default is a string). `createInstance()` copies the main's
 * layers into an INSTANCE, each with Figma's id `I<instance id>;<main layer id>`. An instance's
 * layers keep their structure, place and size (moving, resizing, adding or removing one throws);
 * appearance and content may be overridden, and `setProperties` sets the text of the layers
 * whose `componentPropertyReferences.characters` names the property (their fonts loaded first).
 * Resizing the instance applies its layers' constraints and auto layout. With documentAccess
 * "dynamic-page", `mainComponent` is write-only: read it with `getMainComponentAsync`. Changes
 * to a main after an instance was made are not carried to the instance.
 *
 * A SECTION holds frames and components on a page (or in a section): children sit relative to
 * it; it has `resizeWithoutConstraints` only.
 */
import { WithChildren, type ContainerLike, type World } from "./base";
import { FrameStub } from "./frame";
import { SceneStub } from "./scene";
import { ShapeStub } from "./shapes";
import { fail, oneOf } from "./validate";

type Definitions = Record<string, { type: ComponentPropertyType; defaultValue: string | boolean }>;

/** A copy of `src` and its subtree, ids from `idFor`, adopted without move rules. */
export function cloneTree(world: World, src: SceneStub, idFor: (original: SceneStub) => string): SceneStub {
  const Kind = src.constructor as new (w: World) => SceneStub;
  const copy = withId(world, idFor(src), () => new Kind(world));
  copy.copyFrom(src);
  if ("kids" in src) {
    for (const kid of (src as unknown as ContainerLike).kids) (copy as unknown as { _adopt(c: SceneStub): void })._adopt(cloneTree(world, kid, idFor));
  }
  return copy;
}

function withId<T>(world: World, id: string, make: () => T): T {
  world.pendingId = id;
  try {
    return make();
  } finally {
    world.pendingId = null;
  }
}

export class ComponentStub extends FrameStub {
  #definitions: Definitions = {};
  #count = 0;
  description = "";
  readonly remote = false;
  readonly instances: InstanceStub[] = [];

  constructor(world: World) {
    super(world, "COMPONENT", "Component");
  }
  get key(): string {
    return this.id.replace(/\W/g, "");
  }
  get componentPropertyDefinitions(): ComponentPropertyDefinitions {
    return structuredClone(this.#definitions) as ComponentPropertyDefinitions;
  }
  addComponentProperty(name: string, type: ComponentPropertyType, defaultValue: string | boolean): string {
    const where = "addComponentProperty";
    if (typeof name !== "string" || !name.trim()) fail(where, "Expected a non-empty property name");
    oneOf(where, "type", type, ["BOOLEAN", "TEXT", "INSTANCE_SWAP", "VARIANT"]);
    if (type === "TEXT" && typeof defaultValue !== "string") fail(where, "A TEXT property's default value is a string");
    if (type === "BOOLEAN" && typeof defaultValue !== "boolean") fail(where, "A BOOLEAN property's default value is a boolean");
    if (type === "VARIANT") fail(where, "VARIANT properties belong to component sets");
    const full = `${name}#${this.id.split(":")[0]}${++this.#count}:0`;
    this.#definitions[full] = { type, defaultValue };
    return full;
  }
  deleteComponentProperty(name: string): void {
    if (!(name in this.#definitions)) fail("deleteComponentProperty", `Component property with name ${JSON.stringify(name)} does not exist`);
    delete this.#definitions[name];
  }
  createInstance(): InstanceStub {
    this.alive();
    const world = this.world;
    const instance = new InstanceStub(world, this);
    instance.copyFrom(this);
    instance.name = this.name;
    for (const kid of this.kids) instance._adopt(cloneTree(world, kid, (original) => `I${instance.id};${original.id}`));
    instance.relayout();
    world.place?.(instance);
    this.instances.push(instance);
    return instance;
  }
  getInstancesAsync(): Promise<InstanceStub[]> {
    return Promise.resolve(this.instances.filter((i) => !i.removed));
  }
}

export class InstanceStub extends FrameStub {
  readonly #main: ComponentStub;
  readonly #values = new Map<string, string | boolean>();
  scaleFactor = 1;

  constructor(world: World, main: ComponentStub) {
    super(world, "INSTANCE", main.name);
    this.#main = main;
  }
  get mainComponent(): ComponentStub {
    throw new Error("in get_mainComponent: Cannot read mainComponent with documentAccess: dynamic-page. Use getMainComponentAsync instead.");
  }
  getMainComponentAsync(): Promise<ComponentStub | null> {
    return Promise.resolve(this.#main.removed ? null : this.#main);
  }
  get componentProperties(): ComponentProperties {
    const out: ComponentProperties = {};
    for (const [name, def] of Object.entries(this.#main.componentPropertyDefinitions)) {
      out[name] = { type: def.type, value: this.#values.get(name) ?? (def.defaultValue as string | boolean) };
    }
    return out;
  }
  setProperties(properties: Record<string, string | boolean>): void {
    const where = "setProperties";
    const definitions = this.#main.componentPropertyDefinitions;
    for (const [name, value] of Object.entries(properties)) {
      const def = definitions[name];
      if (!def) fail(where, `Could not find a component property with name: '${name}'`);
      if (def.type === "TEXT" && typeof value !== "string") fail(where, `Property '${name}' takes a string`);
      if (def.type === "BOOLEAN" && typeof value !== "boolean") fail(where, `Property '${name}' takes a boolean`);
      for (const layer of this.#layers()) {
        const refs = layer.componentPropertyReferences;
        if (refs?.characters === name) (layer as unknown as TextNode).characters = value as string;
        if (refs?.visible === name) layer.visible = value as boolean;
      }
      this.#values.set(name, value);
    }
  }
  #layers(): SceneStub[] {
    const out: SceneStub[] = [];
    const walk = (n: ContainerLike): void => {
      for (const k of n.kids) {
        out.push(k);
        if ("kids" in k) walk(k as unknown as ContainerLike);
      }
    };
    walk(this);
    return out;
  }
}

export class SectionStub extends WithChildren(ShapeStub) {
  sectionContentsHidden = false;
  constructor(world: World) {
    super(world, "SECTION", "Section", 100, 100, [{ type: "SOLID", color: { r: 1, g: 1, b: 1 } }]);
  }
  coordinateSpace(): [[number, number, number], [number, number, number]] {
    return this.absoluteTransform as [[number, number, number], [number, number, number]];
  }
  /** 1.142: a section's resize is its resizeWithoutConstraints (its children do not follow). */
  override resize(width: number, height: number): void {
    this.resizeWithoutConstraints(width, height);
  }
}

/** figma.createComponentFromNode: the node's place, properties and children, as a component. */
export function componentFromNode(world: World, node: SceneStub): ComponentStub {
  const refused = (): never => {
    throw new Error("in createComponentFromNode: Cannot create component from node");
  };
  if (!(node instanceof SceneStub) || node.removed) refused();
  if (["COMPONENT", "COMPONENT_SET", "SECTION", "PAGE", "DOCUMENT"].includes(node.type)) refused();
  for (let p = node.parent; p; p = p.parent) if (p.type === "COMPONENT" || p.type === "COMPONENT_SET" || p.type === "INSTANCE") refused();
  const parent = node.parent as (ContainerLike & { insertChild(i: number, c: SceneStub): void }) | null;
  const index = parent ? parent.kids.indexOf(node) : -1;
  const component = new ComponentStub(world);
  if (node instanceof FrameStub && node.type === "FRAME") {
    component.copyFrom(node);
    for (const kid of [...node.kids]) component.appendChild(kid);
    if (parent) parent.insertChild(index, component);
    node.remove();
  } else {
    const box = { x: node.x, y: node.y, w: node.width, h: node.height };
    if (parent) parent.insertChild(index, component);
    component.name = node.name;
    component.fills = [];
    component.resizeWithoutConstraints(Math.max(0.01, box.w), Math.max(0.01, box.h));
    component.x = box.x;
    component.y = box.y;
    component.appendChild(node);
    node.x = 0;
    node.y = 0;
  }
  return component;
}

/**
 * A COMPONENT_SET: a frame of variants. It holds components only, each named
 * `property=value, …` (combineAsVariants names one that is not "Property 1=<name>"), and is
 * deleted, as Figma does, when its last variant leaves it.
 */
export class ComponentSetStub extends FrameStub {
  constructor(world: World) {
    super(world, "COMPONENT_SET", "Component Set");
  }
  override insertChild(index: number, child: SceneStub): void {
    if (child instanceof SceneStub && child.type !== "COMPONENT") throw new Error("Cannot move node. A component set can only contain components");
    super.insertChild(index, child);
  }
  override detachChild(child: SceneStub): void {
    super.detachChild(child);
    if (this.kids.length === 0 && !this.removed) this.remove();
  }
  get defaultVariant(): SceneStub | undefined {
    return this.kids[0];
  }
  /** Each variant property with its values, in the order the variants first name them. */
  get variantGroupProperties(): Record<string, { values: string[] }> {
    const out: Record<string, { values: string[] }> = {};
    for (const kid of this.kids) {
      for (const [property, value] of variantPairs(kid.name)) {
        const values = (out[property] ??= { values: [] }).values;
        if (!values.includes(value)) values.push(value);
      }
    }
    return out;
  }
}

function variantPairs(name: string): Array<[string, string]> {
  return name.split(",").flatMap((part) => {
    const at = part.indexOf("=");
    return at > 0 ? [[part.slice(0, at).trim(), part.slice(at + 1).trim()] as [string, string]] : [];
  });
}

/** figma.combineAsVariants: the components in a new set at their bounding box, keeping their places. */
export function combineAsVariants(world: World, nodes: readonly SceneStub[], parent: SceneStub, index?: number): ComponentSetStub {
  const where = "combineAsVariants";
  if (!Array.isArray(nodes) || nodes.length === 0) fail(where, "Expected at least one component");
  for (const node of nodes) {
    if (!(node instanceof ComponentStub) || node.removed) fail(where, "Expected every node to be a component");
    if (node.parent?.type === "COMPONENT_SET") fail(where, "Cannot combine components that are already variants");
  }
  const container = parent as unknown as ContainerLike & { insertChild(i: number, c: SceneStub): void };
  const boxes = nodes.map((n) => n.absoluteBoundingBox);
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  const set = new ComponentSetStub(world);
  container.insertChild(index ?? container.kids.length, set);
  const origin = (parent as unknown as { absoluteBoundingBox?: Rect }).absoluteBoundingBox ?? { x: 0, y: 0 };
  set.x = left - origin.x;
  set.y = top - origin.y;
  set.resizeWithoutConstraints(Math.max(0.01, right - left), Math.max(0.01, bottom - top));
  nodes.forEach((node, i) => {
    if (!node.name.includes("=")) node.name = `Property 1=${node.name}`;
    set.appendChild(node);
    node.x = (boxes[i] as Rect).x - left;
    node.y = (boxes[i] as Rect).y - top;
  });
  return set;
}
