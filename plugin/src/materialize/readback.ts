/**
 * Reads a placed subtree back into the result's shape (Figma REST node shapes), so that the
 * preview renderer can draw what was placed and compare it with the result:
 * absoluteBoundingBox from each node's absolute position and size, paints/effects/radii/
 * strokes in REST form, text with its runs, frames made by createNodeFromSvg as VECTOR nodes
 * carrying their `exportAsync({format: "SVG_STRING"})` markup, and the bytes of every image
 * (keyed by Figma image hash, which the paints' imageRef names). A frame's "background"
 * rectangle (the materializer's carrier of the frame's fills and shadows) is folded back into
 * its frame.
 */
import { encodeBase64 } from "./base64";
import { DATA_ID, DATA_KIND } from "./materialize";
import { toRestEffect, toRestPaint } from "./paints";
import { readText } from "./text";
import type { ReadBackResult, RestPaint, ResultNode } from "./types";

function r4(v: number): number {
  return Math.round(v * 1e4) / 1e4 || 0;
}

function paints(v: readonly Paint[] | PluginAPI["mixed"]): RestPaint[] {
  return typeof v === "symbol" ? [] : v.map(toRestPaint);
}

class Reader {
  readonly refs = new Set<string>();
  constructor(readonly mixed: symbol | undefined) {}

  note(list: RestPaint[] | undefined): void {
    for (const p of list ?? []) if (p.type === "IMAGE" && p.imageRef) this.refs.add(p.imageRef);
  }

  async node(n: SceneNode): Promise<ResultNode> {
    const box = n.absoluteBoundingBox ?? { x: n.x, y: n.y, width: n.width, height: n.height };
    const kind = n.getPluginData(DATA_KIND);
    const svg = kind === "svg" || n.type === "VECTOR";
    const type: ResultNode["type"] =
      svg ? "VECTOR" : n.type === "TEXT" || n.type === "RECTANGLE" || n.type === "ELLIPSE" || n.type === "GROUP" ? n.type : "FRAME";
    const out: ResultNode = {
      id: n.getPluginData(DATA_ID) || n.id,
      name: n.name,
      type,
      absoluteBoundingBox: { x: r4(box.x), y: r4(box.y), width: r4(box.width), height: r4(box.height) },
    };
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
    if ("layoutPositioning" in n && n.parent && "layoutMode" in n.parent && n.parent.layoutMode !== "NONE") {
      if (n.layoutPositioning === "ABSOLUTE") out.layoutPositioning = "ABSOLUTE";
      else {
        if (n.layoutAlign !== "INHERIT") out.layoutAlign = n.layoutAlign;
        if (n.layoutGrow) out.layoutGrow = n.layoutGrow;
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
      Object.assign(out, t);
      this.note(t.fills);
      for (const s of Object.values(t.styleOverrideTable ?? {})) this.note(s.fills);
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
      }
    }
    let kids: readonly SceneNode[] = "children" in n ? n.children : [];
    const bg = kids[0];
    if (bg && bg.type === "RECTANGLE" && bg.getPluginData(DATA_KIND) === "background") {
      // The materializer's stand-in for the frame's own box (fills, radii, shadows; see
      // materialize.ts): Figma draws it exactly where the frame's box is, so it is read back as
      // the frame's fills and effects.
      out.fills = paints(bg.fills);
      this.note(out.fills);
      out.effects = [...bg.effects, ...("effects" in n ? n.effects : [])].map(toRestEffect).filter((e) => e !== null);
      kids = kids.slice(1);
    }
    if ("children" in n) {
      out.children = [];
      for (const c of kids) out.children.push(await this.node(c));
    }
    return out;
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
  const reader = new Reader(api?.mixed);
  const document = await reader.node(node);
  const images: Record<string, string> = {};
  for (const hash of [...reader.refs].sort()) {
    const image = api?.getImageByHash(hash);
    if (image) images[hash] = encodeBase64(await image.getBytesAsync());
  }
  return { document, images };
}
