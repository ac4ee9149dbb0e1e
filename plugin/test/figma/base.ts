/**
 * The node tree of the in-memory Figma: the world the nodes share, BaseStub (ids, plugin
 * data, removal), the children mixin, the document and its pages.
 */
import { fail, frozenCopy, validatePaints, type ImageLookup } from "./validate";
import { PluginData } from "./storage";
import { IDENTITY, type Mat } from "./geometry";
import type { SceneStub } from "./scene";
import type { StyleLookup } from "./styles";
import type { VariableLookup } from "./variables";

export interface World {
  nextId(): string;
  images: ImageLookup;
  loadedFonts: Set<string>;
  mixed: symbol;
  register(node: BaseStub): void;
  svgExport(node: SceneStub): string;
  /** Text measured with the real fonts (TestFigmaOptions.measureText): auto-resizing text changes size. */
  measureText?: boolean;
  /** Every glyph advance x this (TestFigmaOptions.advanceScale). */
  advanceScale?: number;
  /** Fonts text was set in that have no file here: that text kept the size it was given. */
  unmeasuredFonts?: Map<string, FontName>;
  /** The file's variables (bound paints and fields resolve through them). */
  variables?: VariableLookup;
  /** The file's local styles. */
  styles?: StyleLookup;
  /** The id the next node made takes (an instance's layers: `I<instance>;<main layer>`). */
  pendingId?: string | null;
  /** Puts a node Figma creates on the current page (createInstance). */
  place?(node: SceneStub): void;
  /** A node by id (prototype destinations). */
  lookup?(id: string): BaseStub | undefined;
}

// ---------------------------------------------------------------------------------- base

export class BaseStub {
  readonly id: string;
  readonly type: string;
  name: string;
  parent: ContainerLike | null = null;
  #removed = false;
  readonly #pluginData = new PluginData();
  readonly #shared = new Map<string, Map<string, string>>();
  #relaunch: Record<string, string> = {};
  protected readonly world: World;

  constructor(world: World, type: string, name: string, id?: string) {
    this.world = world;
    this.type = type;
    this.name = name;
    this.id = id ?? world.pendingId ?? world.nextId();
    world.register(this);
  }

  /** Whether an INSTANCE is among this node's ancestors (the node is a layer of an instance). */
  inInstance(): boolean {
    for (let p = this.parent; p; p = p.parent) if (p.type === "INSTANCE") return true;
    return false;
  }

  get removed(): boolean {
    return this.#removed;
  }

  protected alive(): void {
    if (this.#removed) throw new Error(`The node with id "${this.id}" does not exist`);
  }

  getPluginData(key: string): string {
    this.alive();
    return this.#pluginData.get(key);
  }
  setPluginData(key: string, value: string): void {
    this.alive();
    this.#pluginData.set(key, value);
  }
  getPluginDataKeys(): string[] {
    return this.#pluginData.keys();
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
    if (this.inInstance()) throw new Error("in remove: Cannot remove a layer inside an instance");
    this._remove();
  }
  /** Removal with the subtree (an instance's layers go with it). */
  _remove(): void {
    this.parent?.detachChild(this as unknown as SceneStub);
    this.parent = null;
    this.#removed = true;
    if ("children" in this) {
      for (const kid of (this as unknown as ContainerLike).kids.slice()) kid._remove();
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
  /** A child moved or changed size: frames lay out again, groups recompute their bounds. */
  childMoved?(child: SceneStub): void;
  /** Lays the children out again (frames with auto layout). */
  relayout?(): void;
  /** Whether this container lays its children out (a frame with auto layout). */
  readonly autoLayout?: boolean;
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
      if (this.type === "INSTANCE" || this.inInstance()) throw new Error("Cannot move node. New parent is an instance or is inside of an instance");
      if (child.inInstance()) throw new Error("Cannot move node. Node is inside of an instance");
      if (child.type === "SECTION" && this.type !== "PAGE" && this.type !== "SECTION") {
        throw new Error("Cannot move node. A section can only be inside a page or another section");
      }
      if (child.type === "COMPONENT" && [this, ...ancestors(this)].some((a) => a.type === "COMPONENT" || a.type === "INSTANCE")) {
        throw new Error("Cannot move node. A component cannot be inside another component or an instance");
      }
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
      // A node leaves its cell in a GRID it leaves (it takes a free one in a GRID it joins).
      if (old !== this) (child as { gridCell?: unknown }).gridCell = null;
      this.kids.splice(index, 0, child);
      child.parent = this;
      this.childrenChanged();
    }

    /** A child Figma itself gives this container (an instance's layers): no move rules. */
    _adopt(child: SceneStub): void {
      this.kids.push(child);
      child.parent = this;
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
      if (!(n instanceof BaseStub) || n.type === "PAGE" || n.type === "DOCUMENT") fail("set_selection", "Expected scene nodes");
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

function ancestors(n: BaseStub): BaseStub[] {
  const out: BaseStub[] = [];
  for (let p = n.parent; p; p = p.parent) out.push(p);
  return out;
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

