/**
 * Main components and their instances.
 *
 * The mains (result.components) are built first, like any frame but as COMPONENT nodes, on one
 * "Components" section of the page (found again by the next import, which adds its mains below
 * the last; the section sits left of everything on the page and grows leftwards, so it never
 * covers a design). Each gets its TEXT properties, shown by the text layers that reference them.
 *
 * An INSTANCE node of the result becomes `main.createInstance()`, sized to the member's box (its
 * layers follow their constraints and auto layout), with the member's text as property values and
 * its other differences (an image, a colour, style runs) as overrides on the instance's own
 * layers, found by Figma's id for them: `I<instance>;<main layer>`, as the result names them;
 * then each layer Figma did not size as the member's gets the member's size (a size override).
 * Then every layer is checked against the result: if Figma would put any of them more than the
 * auto-layout tolerance away from where the page has it, or an override cannot be expressed on an
 * instance, the instance is removed and the member placed as a plain frame, with a warning.
 */
import { errorText } from "./images";
import { DATA_ID, DATA_KIND } from "./kinds";
import { walk, place, type Origin } from "./geometry";
import { toPluginEffect } from "./paints";
import { onBackground } from "./frames";
import { common, effects, fills, radii, strokes } from "./properties";
import { applyText } from "./text";
import type { RestComponent, ResultNode } from "./types";
import type { Materializer } from "./materialize";

const SECTION_NAME = "Components";
const PAD = 80;
const GAP = 120;
/** A text layer's fields applyText writes (its fills included). */
const TEXT_FIELDS = new Set(["characters", "style", "characterStyleOverrides", "styleOverrideTable", "fills"]);
/** Layers the plugin adds to carry a frame's paint (frames.ts), by their DATA_KIND. */
const CARRIERS = new Set(["background", "fill-layer", "image-tile"]);
/** Auto-layout spacings an instance may override (bound to spacing variables by the result). */
const SPACINGS = new Set(["paddingTop", "paddingRight", "paddingBottom", "paddingLeft", "itemSpacing", "counterAxisSpacing"]);

interface Main {
  node: ComponentNode;
  /** The result's property name → Figma's (with its `#id` suffix). */
  properties: Map<string, string>;
}

export class Components {
  readonly #mains = new Map<string, Main>();
  /** Nodes this import made outside the page tree (mains, a new section): removed if it fails. */
  readonly made: SceneNode[] = [];

  constructor(readonly m: Materializer) {}

  get mains(): ComponentNode[] {
    return [...this.#mains.values()].map((main) => main.node);
  }

  /** Every main component, built on the page's Components section; `root` is where the page will go. */
  async makeMains(defs: readonly RestComponent[], page: PageNode, root: Rect): Promise<void> {
    if (!defs.length) return;
    const section = this.#section(page, root);
    let y = Math.max(PAD, ...section.children.map((c) => c.y + c.height + GAP));
    let width = section.width;
    for (const def of defs) {
      const bb = def.node.absoluteBoundingBox;
      const origin = { x: bb.x - PAD, y: bb.y - y };
      const node = (await this.m.node(def.node, section, origin)) as ComponentNode;
      if (node.type !== "COMPONENT") continue;
      this.made.push(node);
      node.description = def.description;
      this.#mains.set(def.id, { node, properties: this.#properties(node, def) });
      y += node.height + GAP;
      width = Math.max(width, node.width + 2 * PAD);
    }
    const right = section.x + section.width;
    section.resizeWithoutConstraints(width, Math.max(section.height, y - GAP + PAD));
    section.x = right - width; // grows leftwards: nothing right of it is covered
  }

  #section(page: PageNode, root: Rect): SectionNode {
    const found = page.children.find((n): n is SectionNode => n.type === "SECTION" && n.getPluginData(DATA_KIND) === "components");
    if (found) return found;
    const section = this.m.figma.createSection();
    page.appendChild(section);
    section.name = SECTION_NAME;
    section.setPluginData(DATA_KIND, "components");
    const left = Math.min(root.x, ...page.children.filter((n) => n !== section).map((n) => n.x));
    section.resizeWithoutConstraints(2 * PAD, 2 * PAD);
    section.x = left - GAP - section.width;
    section.y = root.y;
    this.made.push(section);
    return section;
  }

  /** The main's TEXT properties, and the text layers that show them. */
  #properties(node: ComponentNode, def: RestComponent): Map<string, string> {
    const names = new Map<string, string>();
    for (const [name, prop] of Object.entries(def.componentPropertyDefinitions)) {
      this.m.attempt(def.node, `property "${name}"`, () => {
        names.set(name, node.addComponentProperty(name.split("#")[0] || name, "TEXT", prop.defaultValue));
      });
    }
    for (const layer of walk(def.node)) {
      const shown = layer.componentPropertyReferences?.characters;
      const full = shown ? names.get(shown) : undefined;
      const made = this.m.nodes.get(layer.id);
      if (full && made?.type === "TEXT") this.m.attempt(layer, "property reference", () => (made.componentPropertyReferences = { characters: full }));
    }
    return names;
  }

  /** An instance of the member's main in place of `r`, or the member as a plain frame where none can be. */
  async instance(r: ResultNode, parent: BaseNode & ChildrenMixin, origin: Origin): Promise<SceneNode> {
    const main = this.#mains.get(r.componentId ?? "");
    const plain = (why: string): Promise<SceneNode> => {
      this.m.warn(`"${r.name}" placed as a plain frame: ${why}`);
      return this.m.node({ ...r, type: "FRAME" }, parent, origin);
    };
    if (!main) return plain(`its main component ${JSON.stringify(r.componentId)} is not in the result`);
    const instance = main.node.createInstance();
    parent.appendChild(instance);
    const index = new Map(instance.findAll().map((n) => [n.id, n]));
    const layerOf = (id: string): SceneNode | null => {
      const mainLayer = this.m.nodes.get(id.slice(id.indexOf(";") + 1));
      return mainLayer ? (index.get(`I${instance.id};${mainLayer.id}`) ?? null) : null;
    };
    const problem = await this.#fill(instance, main, r, origin, layerOf).catch((e: unknown) => `Figma refused part of it (${errorText(e)})`);
    if (problem) {
      instance.remove();
      return plain(problem);
    }
    instance.setPluginData(DATA_ID, r.id);
    for (const layer of walk(r)) {
      const made = layer === r ? instance : layerOf(layer.id);
      if (made) this.m.nodes.set(layer.id, made);
      await this.m.tick();
    }
    return instance;
  }

  /** Size, properties and overrides; what keeps it from being the member, or null. */
  async #fill(instance: InstanceNode, main: Main, r: ResultNode, origin: Origin, layerOf: (id: string) => SceneNode | null): Promise<string | null> {
    place(instance, r, origin);
    fixSizing(instance, r); // before its text changes: a hugging instance would grow with it
    common(this.m, instance, r);
    // Only the values that differ: setting a text property rewrites its layer's characters, which
    // takes the first character's style for all of them (the main's style runs would be lost).
    const values: Record<string, string> = {};
    const current = instance.componentProperties;
    for (const [name, prop] of Object.entries(r.componentProperties ?? {})) {
      const full = main.properties.get(name);
      if (full && current[full]?.value !== prop.value) values[full] = prop.value;
    }
    if (Object.keys(values).length) instance.setProperties(values);
    const layers = new Map([...walk(r)].map((l) => [l.id, l]));
    if (Object.keys(values).length) {
      // A layer whose text a property rewrote lost its style runs: the member's are set again.
      for (const layer of layers.values()) {
        const node = layer.type === "TEXT" && layer.characterStyleOverrides?.length ? layerOf(layer.id) : null;
        if (node?.type === "TEXT") await this.#override(node, layer, ["characterStyleOverrides"]);
      }
    }
    for (const override of r.overrides ?? []) {
      const layer = layers.get(override.id);
      const node = override.id === r.id ? instance : layerOf(override.id);
      if (!layer || !node) return `its layer ${override.id} is not in the main`;
      const refused = await this.#override(node, layer, override.overriddenFields);
      if (refused) return refused;
    }
    this.#sizes(r, layerOf);
    keepHugging(instance, r);
    return this.#misplaced(instance, r, layerOf);
  }

  /**
   * Size overrides, parents first: each layer Figma did not already size as the member's (a
   * label of another length, a taller paragraph) is resized to it; its children follow their
   * constraints, an auto-layout parent lays it out again. A text keeps its auto-resize.
   */
  #sizes(r: ResultNode, layerOf: (id: string) => SceneNode | null): void {
    for (const layer of walk(r)) {
      if (layer === r || layer.rotation) continue;
      const node = layerOf(layer.id);
      if (!node || !("resize" in node)) continue;
      const want = layer.absoluteBoundingBox;
      const width = Math.max(0.01, want.width);
      const height = Math.max(0.01, want.height);
      const auto = layer.style?.textAutoResize;
      fixSizing(node, layer);
      if (Math.abs(node.width - width) > 0.01 || Math.abs(node.height - height) > 0.01) node.resize(width, height);
      keepHugging(node, layer);
      // The member's auto-resize, even where its size is the main's (a label that hugs its text).
      if (node.type === "TEXT" && auto && node.textAutoResize !== auto) node.textAutoResize = auto;
    }
  }

  /** The member's own values of `fields` on the instance's layer; why not, when they cannot be. */
  async #override(node: SceneNode, r: ResultNode, asked: readonly string[]): Promise<string | null> {
    const m = this.m;
    let fields = asked;
    const kids = "children" in node ? node.children : [];
    // A first child the plugin made to carry the frame's paint (not a layer of the result, as an
    // SVG's frame is), told by its main layer's plugin data: "I<instance>;<main layer id>".
    const first = kids[0]?.id.startsWith("I") ? await m.figma.getNodeByIdAsync(kids[0].id.slice(kids[0].id.lastIndexOf(";") + 1)) : null;
    const kind = first?.getPluginData(DATA_KIND) ?? "";
    const carried = CARRIERS.has(kind) ? kind : null;
    const paints = fields.includes("fills") || fields.includes("effects");
    if (carried === "background" && paints && kids[0]?.type === "RECTANGLE") {
      // The main draws its fills and shadows on a background layer (frameEffects): the member's go there too.
      const refused = await this.#background(kids[0], node, r, fields);
      if (refused) return refused;
      fields = fields.filter((f) => f !== "fills" && f !== "effects");
    } else if (carried && paints) return `"${r.name}" draws its fills through a layer an instance cannot change`;
    if (node.type === "TEXT" && fields.some((f) => TEXT_FIELDS.has(f))) {
      m.attempt(r, "text", () => applyText(node, r, m.plan, m.ctx));
      await m.tokens?.styleText(node, r);
    } else if (node.type === "TEXT" && fields.includes("styles")) {
      await m.tokens?.styleText(node, r);
    }
    if (fields.includes("fills") && "fills" in node && node.type !== "TEXT") {
      if (fills(m, node, r).length) return `"${r.name}" has an image too large for one fill`;
    }
    if (["strokes", "strokeWeight", "individualStrokeWeights"].some((f) => fields.includes(f)) && "strokes" in node) strokes(m, node, r);
    if (fields.some((f) => f === "cornerRadius" || f === "rectangleCornerRadii")) radii(m, node, r);
    if ("effects" in node && (fields.includes("effects") || fields.includes("styles"))) {
      if (!r.effects?.length) {
        // None of the main's shadows (nor its effect style) on this member.
        await node.setEffectStyleIdAsync("");
        node.effects = [];
      }
      effects(m, node, r);
      await m.tokens?.styleEffects(r, [node]);
    }
    if (fields.includes("opacity") && "opacity" in node) node.opacity = Math.min(1, Math.max(0, r.opacity ?? 1));
    if (fields.includes("visible")) node.visible = r.visible !== false;
    if (fields.includes("blendMode") && "blendMode" in node && r.blendMode) node.blendMode = r.blendMode;
    if (fields.includes("name")) node.name = r.name;
    if (fields.includes("boundVariables") && "boundVariables" in node) {
      // What the main binds and the member does not is the member's own raw value.
      for (const field of Object.keys(node.boundVariables ?? {})) {
        if (!(field in (r.boundVariables ?? {})) && (SPACINGS.has(field) || field.endsWith("Radius"))) {
          node.setBoundVariable(field as VariableBindableNodeField, null);
        }
      }
    }
    if (fields.includes("boundVariables")) {
      // A spacing the member binds to another variable is the member's own value (an instance may
      // override padding and gaps): set it first, so the binding is to the value the page has.
      for (const field of Object.keys(r.boundVariables ?? {})) {
        const own = (r as unknown as Record<string, unknown>)[field];
        if (SPACINGS.has(field) && typeof own === "number" && field in node) (node as unknown as Record<string, number>)[field] = own;
      }
      m.tokens?.bindFields(node, r);
    }
    return null;
  }

  /** The member's fills and shadows on the instance's background layer, its other effects on the frame. */
  async #background(bg: RectangleNode, node: SceneNode, r: ResultNode, fields: readonly string[]): Promise<string | null> {
    const m = this.m;
    if (fields.includes("fills") && fills(m, bg, r).length) return `"${r.name}" has an image too large for one fill`;
    if (fields.includes("effects") && "effects" in node) {
      const list = (r.effects ?? []).map(toPluginEffect);
      const shadows = list.filter(onBackground);
      for (const [target, own] of [[bg, shadows], [node, list.filter((e) => !shadows.includes(e))]] as const) {
        await target.setEffectStyleIdAsync("");
        target.effects = [];
        effects(m, target, r, [...own]);
      }
      await m.tokens?.styleEffects(r, [bg, node]);
    }
    return null;
  }

  /** The first layer Figma puts away from the result's box, as a reason; null when none is. */
  #misplaced(instance: InstanceNode, r: ResultNode, layerOf: (id: string) => SceneNode | null): string | null {
    const shift = this.m.shift;
    for (const layer of walk(r)) {
      if (layer.rotation) continue;
      const node = layer === r ? instance : layerOf(layer.id);
      const box = node?.absoluteBoundingBox;
      if (!node || !box) return `its layer "${layer.name}" is not in the main`;
      const want = layer.absoluteBoundingBox;
      const off = Math.max(
        Math.abs(box.x - (want.x - shift.x)),
        Math.abs(box.y - (want.y - shift.y)),
        Math.abs(box.width - Math.max(0.01, want.width)),
        Math.abs(box.height - Math.max(0.01, want.height)),
      );
      if (off > this.m.tolerance + 1e-6) return `an instance of "${instance.name}" would move "${layer.name}" by ${off.toFixed(2)} px`;
    }
    return null;
  }
}

/**
 * An axis the member holds at a fixed size where its main hugs (a code block as wide as the page
 * around a line wider than it) is fixed on the instance too, as resizing it by hand would make
 * it: a resize to the size the main happens to have is skipped, and the layer would hug the
 * member's wider text.
 */
function fixSizing(node: SceneNode, layer: ResultNode): void {
  if (!("layoutMode" in node) || node.layoutMode === "NONE") return;
  if (layer.primaryAxisSizingMode === "FIXED" && node.primaryAxisSizingMode === "AUTO") node.primaryAxisSizingMode = "FIXED";
  if (layer.counterAxisSizingMode === "FIXED" && node.counterAxisSizingMode === "AUTO") node.counterAxisSizingMode = "FIXED";
}

/**
 * An axis the member hugs stays hugging after the resize to its size (which fixes it, as in
 * Figma): its content then pushes it taller when the design is resized and a paragraph in it
 * wraps again. The member's size is what hugging gives (the converter settles it so).
 */
function keepHugging(node: SceneNode, layer: ResultNode): void {
  if (!("layoutMode" in node) || node.layoutMode === "NONE") return;
  const [width, height] = [node.width, node.height];
  const primary = node.primaryAxisSizingMode;
  const counter = node.counterAxisSizingMode;
  if (layer.primaryAxisSizingMode === "AUTO" && primary === "FIXED") node.primaryAxisSizingMode = "AUTO";
  if (layer.counterAxisSizingMode === "AUTO" && counter === "FIXED") node.counterAxisSizingMode = "AUTO";
  // A repeat the main's sizing does not fit (stretched taller than its own text) stays fixed.
  if (Math.abs(node.width - width) > 0.01 || Math.abs(node.height - height) > 0.01) {
    node.primaryAxisSizingMode = primary;
    node.counterAxisSizingMode = counter;
    node.resize(width, height);
  }
}
