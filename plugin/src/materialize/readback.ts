/**
 * Reads a placed subtree back into the result's shape (Figma REST node shapes), so that the
 * preview renderer can draw what was placed and compare it with the result:
 * absoluteBoundingBox from each node's absolute position and size, paints/effects/radii/
 * strokes in REST form, text with its runs, frames made by createNodeFromSvg as VECTOR nodes
 * carrying their `exportAsync({format: "SVG_STRING"})` markup, and the bytes of every image
 * (keyed by Figma image hash, which the paints' imageRef names). A frame's "background"
 * rectangle (the materializer's carrier of the frame's fills and shadows) is folded back into
 * its frame.
 *
 * Design tokens and components as the result writes them: paints' and fields' variable
 * bindings, text and effect styles (style runs included), COMPONENT and INSTANCE nodes (an
 * instance names its main by the main's result id, and its layers are `I<instance>;<main
 * layer>` as in the result), with every variable and style they use, by Figma id.
 */
import { encodeBase64 } from "./base64";
import { DATA_ID, DATA_KIND } from "./kinds";
import { toRestEffect, toRestPaint } from "./paints";
import { readText } from "./text";
import type { BindableField, ReadBackResult, RestPaint, RestStyle, RestVariable, RestVariableAlias, ResultNode } from "./types";

const BINDABLE: readonly BindableField[] = [
  "cornerRadius",
  "topLeftRadius",
  "topRightRadius",
  "bottomLeftRadius",
  "bottomRightRadius",
  "itemSpacing",
  "counterAxisSpacing",
  "paddingLeft",
  "paddingRight",
  "paddingTop",
  "paddingBottom",
  "gridRowGap",
  "gridColumnGap",
  "strokeWeight",
];

function r4(v: number): number {
  return Math.round(v * 1e4) / 1e4 || 0;
}

function paints(v: readonly Paint[] | PluginAPI["mixed"]): RestPaint[] {
  return typeof v === "symbol" ? [] : v.map(toRestPaint);
}

const TYPES: ReadonlySet<string> = new Set(["TEXT", "RECTANGLE", "ELLIPSE", "GROUP", "COMPONENT", "COMPONENT_SET", "INSTANCE"]);

class Reader {
  readonly refs = new Set<string>();
  readonly variableIds = new Set<string>();
  readonly styleIds = new Set<string>();
  constructor(readonly figma: PluginAPI | undefined) {}

  note(list: RestPaint[] | undefined): void {
    for (const p of list ?? []) {
      if (p.type === "IMAGE" && p.imageRef) this.refs.add(p.imageRef);
      if (p.boundVariables?.color) this.variableIds.add(p.boundVariables.color.id);
    }
  }

  /**
   * What the materializer wrote on a node, as plugin data: on a layer of an instance (which has
   * none of its own), what it wrote on the main's layer the instance shows.
   */
  async data(n: SceneNode, key: string): Promise<string> {
    const own = n.getPluginData(key);
    const at = n.id.indexOf(";");
    if (own || !n.id.startsWith("I") || at < 0) return own;
    const mainLayer = await this.figma?.getNodeByIdAsync(n.id.slice(at + 1));
    return mainLayer ? mainLayer.getPluginData(key) : "";
  }

  /** The result id: plugin data, or for an instance's layer `I<instance>;<main layer>` in result ids. */
  async id(n: SceneNode, instance: string | null): Promise<string> {
    const own = await this.data(n, DATA_ID);
    return instance && n.id.startsWith("I") ? `I${instance};${own}` : own || n.id;
  }

  async node(n: SceneNode, instance: string | null = null): Promise<ResultNode> {
    const box = n.absoluteBoundingBox ?? { x: n.x, y: n.y, width: n.width, height: n.height };
    const kind = await this.data(n, DATA_KIND);
    const svg = kind === "svg" || n.type === "VECTOR";
    const type = (svg ? "VECTOR" : TYPES.has(n.type) ? n.type : "FRAME") as ResultNode["type"];
    const id = await this.id(n, instance);
    const out: ResultNode = {
      id,
      name: n.name,
      type,
      absoluteBoundingBox: { x: r4(box.x), y: r4(box.y), width: r4(box.width), height: r4(box.height) },
    };
    if (n.type === "INSTANCE") {
      const main = await n.getMainComponentAsync();
      if (main) out.componentId = main.getPluginData(DATA_ID) || main.id;
      instance = id;
    }
    this.bindings(n, out);
    if (!n.visible) out.visible = false;
    if ("blendMode" in n) out.blendMode = n.blendMode;
    if ("opacity" in n && n.opacity !== 1) out.opacity = n.opacity;
    if ("rotation" in n && n.rotation) out.rotation = r4(n.rotation);
    if ("effects" in n) out.effects = n.effects.map(toRestEffect).filter((e) => e !== null);
    if ("fills" in n && n.type !== "TEXT") {
      out.fills = paints(n.fills);
      this.note(out.fills);
    }
    if ("strokes" in n) this.strokes(n, out);
    this.radii(n, out);
    if ("targetAspectRatio" in n && n.targetAspectRatio) out.preserveRatio = true;
    if (n.parent && "layoutMode" in n.parent && n.parent.layoutMode === "GRID" && "gridRowAnchorIndex" in n) {
      out.gridRowAnchorIndex = n.gridRowAnchorIndex;
      out.gridColumnAnchorIndex = n.gridColumnAnchorIndex;
    } else if ("layoutPositioning" in n && n.parent && "layoutMode" in n.parent && n.parent.layoutMode !== "NONE") {
      if (n.layoutPositioning === "ABSOLUTE") out.layoutPositioning = "ABSOLUTE";
      else {
        if (n.layoutAlign !== "INHERIT") out.layoutAlign = n.layoutAlign;
        if (n.layoutGrow) out.layoutGrow = n.layoutGrow;
        if ("minWidth" in n && n.minWidth !== null) out.minWidth = n.minWidth;
        if ("maxWidth" in n && n.maxWidth !== null) out.maxWidth = n.maxWidth;
      }
    }
    if (svg) {
      // Figma regenerates the markup of whatever the vectors are now (edits included).
      const markup = await n.exportAsync({ format: "SVG_STRING" });
      out.pageport = { svg: markup };
      return out;
    }
    if (n.type === "TEXT") {
      const t = readText(n);
      const styles = { ...out.styles, ...t.styles };
      Object.assign(out, t, Object.keys(styles).length ? { styles } : {});
      this.note(t.fills);
      for (const s of Object.values(t.styleOverrideTable ?? {})) {
        this.note(s.fills);
        if (s.textStyleId) this.styleIds.add(s.textStyleId);
      }
      if (t.styles?.text) this.styleIds.add(t.styles.text);
      return out;
    }
    if (n.type === "FRAME" || n.type === "COMPONENT" || n.type === "INSTANCE") {
      out.clipsContent = n.clipsContent;
      if (n.layoutMode === "HORIZONTAL" || n.layoutMode === "VERTICAL") {
        out.layoutMode = n.layoutMode;
        out.primaryAxisSizingMode = n.primaryAxisSizingMode;
        out.counterAxisSizingMode = n.counterAxisSizingMode;
        out.primaryAxisAlignItems = n.primaryAxisAlignItems as ResultNode["primaryAxisAlignItems"];
        out.counterAxisAlignItems = n.counterAxisAlignItems;
        out.itemSpacing = n.itemSpacing;
        out.paddingTop = n.paddingTop;
        out.paddingRight = n.paddingRight;
        out.paddingBottom = n.paddingBottom;
        out.paddingLeft = n.paddingLeft;
        if (n.layoutWrap === "WRAP") {
          out.layoutWrap = "WRAP";
          out.counterAxisSpacing = n.counterAxisSpacing ?? 0;
        }
      } else if (n.layoutMode === "GRID") {
        Object.assign(out, {
          layoutMode: "GRID",
          gridRowCount: n.gridRowCount,
          gridColumnCount: n.gridColumnCount,
          gridRowGap: n.gridRowGap,
          gridColumnGap: n.gridColumnGap,
          gridRowSizes: n.gridRowSizes.map((t) => t.value ?? 0),
          gridColumnSizes: n.gridColumnSizes.map((t) => t.value ?? 0),
          paddingTop: n.paddingTop,
          paddingRight: n.paddingRight,
          paddingBottom: n.paddingBottom,
          paddingLeft: n.paddingLeft,
        });
      }
    }
    let kids: readonly SceneNode[] = "children" in n ? n.children : [];
    const bg = kids[0];
    if (bg && bg.type === "RECTANGLE" && (await this.data(bg, DATA_KIND)) === "background") {
      // The materializer's stand-in for the frame's own box (fills, radii, shadows; see
      // materialize.ts): Figma draws it exactly where the frame's box is, so it is read back as
      // the frame's fills and effects.
      out.fills = paints(bg.fills);
      this.note(out.fills);
      out.effects = [...bg.effects, ...("effects" in n ? n.effects : [])].map(toRestEffect).filter((e) => e !== null);
      if (bg.effectStyleId) this.effectStyle(out, bg.effectStyleId);
      kids = kids.slice(1);
    }
    if ("children" in n) {
      out.children = [];
      for (const c of kids) out.children.push(await this.node(c, instance));
    }
    return out;
  }

  /** The node's variable-bound fields and its effect style. */
  bindings(n: SceneNode, out: ResultNode): void {
    const bound = (n as { boundVariables?: Record<string, unknown> }).boundVariables ?? {};
    for (const field of BINDABLE) {
      const alias = bound[field] as RestVariableAlias | undefined;
      if (!alias) continue;
      out.boundVariables = { ...out.boundVariables, [field]: { type: "VARIABLE_ALIAS", id: alias.id } };
      this.variableIds.add(alias.id);
    }
    if ("effectStyleId" in n && n.effectStyleId) this.effectStyle(out, n.effectStyleId);
  }

  effectStyle(out: ResultNode, id: string): void {
    out.styles = { ...out.styles, effect: id };
    this.styleIds.add(id);
  }

  /** Every variable and style the read-back nodes use, in the result's shapes, by Figma id. */
  async tokens(): Promise<Pick<ReadBackResult, "variables" | "styles">> {
    const variables: Record<string, RestVariable> = {};
    const styles: Record<string, RestStyle> = {};
    for (const id of [...this.variableIds].sort()) {
      const v = await this.figma?.variables.getVariableByIdAsync(id);
      if (!v) continue;
      variables[id] = {
        id,
        name: v.name,
        resolvedType: v.resolvedType as RestVariable["resolvedType"],
        valuesByMode: v.valuesByMode as RestVariable["valuesByMode"],
        variableCollectionId: v.variableCollectionId,
        scopes: [...v.scopes],
        codeSyntax: v.codeSyntax.WEB ? { WEB: v.codeSyntax.WEB } : {},
      };
    }
    for (const id of [...this.styleIds].sort()) {
      const s = await this.figma?.getStyleByIdAsync(id);
      if (s?.type === "TEXT") styles[id] = { id, name: s.name, styleType: "TEXT", style: { fontFamily: s.fontName.family, fontStyle: s.fontName.style, fontSize: s.fontSize } };
      else if (s?.type === "EFFECT") styles[id] = { id, name: s.name, styleType: "EFFECT", effects: s.effects.map(toRestEffect).filter((e) => e !== null) };
    }
    return { variables, styles };
  }

  strokes(n: SceneNode & MinimalStrokesMixin, out: ResultNode): void {
    out.strokes = paints(n.strokes);
    this.note(out.strokes);
    if (!out.strokes.length) return;
    out.strokeAlign = n.strokeAlign;
    if ("strokeTopWeight" in n) {
      const w = { top: n.strokeTopWeight, right: n.strokeRightWeight, bottom: n.strokeBottomWeight, left: n.strokeLeftWeight };
      if (w.top === w.right && w.right === w.bottom && w.bottom === w.left) out.strokeWeight = w.top;
      else {
        out.strokeWeight = Math.max(w.top, w.right, w.bottom, w.left);
        out.individualStrokeWeights = w;
      }
    } else if (typeof n.strokeWeight === "number") {
      out.strokeWeight = n.strokeWeight;
    }
    if ("dashPattern" in n && n.dashPattern.length) out.strokeDashes = [...n.dashPattern];
  }

  radii(n: SceneNode, out: ResultNode): void {
    if ("topLeftRadius" in n) {
      const c = [n.topLeftRadius, n.topRightRadius, n.bottomRightRadius, n.bottomLeftRadius];
      if (c.every((v) => v === c[0])) {
        if (c[0]) out.cornerRadius = c[0];
      } else out.rectangleCornerRadii = c;
    } else if ("cornerRadius" in n && typeof n.cornerRadius === "number" && n.cornerRadius > 0 && n.type !== "ELLIPSE") {
      out.cornerRadius = n.cornerRadius;
    }
  }
}

/** Reads a placed subtree back: `{document, images}` (images: Figma hash → base64 bytes). */
export async function readBack(node: SceneNode, figma?: PluginAPI): Promise<ReadBackResult> {
  const api = figma ?? (globalThis as { figma?: PluginAPI }).figma;
  const reader = new Reader(api);
  const document = await reader.node(node);
  const images: Record<string, string> = {};
  for (const hash of [...reader.refs].sort()) {
    const image = api?.getImageByHash(hash);
    if (image) images[hash] = encodeBase64(await image.getBytesAsync());
  }
  return { document, images, ...(await reader.tokens()) };
}
