/**
 * For every fixture: materialize, readBack, and write `{"document", "images"}` as JSON to
 * $PAGEPORT_ROUNDTRIP_OUT (default plugin/test-output/roundtrip/) as <fixture>.json, for the
 * lead's Python test that renders the original and the read-back with the same preview
 * renderer and compares them (SSIM). Here the read-back is checked against the result field
 * by field, as that renderer reads them.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { materialize, readBack, type FullResult, type ResultNode } from "../src/materialize";
import type { RestPaint, TypeStyle } from "../src/materialize/types";
import { createTestFigma } from "./figma";

const DIR = join(__dirname, "fixtures", "results");
const OUT = resolve(process.env.PAGEPORT_ROUNDTRIP_OUT ?? join(__dirname, "..", "test-output", "roundtrip"));
const fixtures = readdirSync(DIR).filter((f) => f.endsWith(".json")).sort();

function index(n: ResultNode, out = new Map<string, ResultNode>()): Map<string, ResultNode> {
  out.set(n.id, n);
  for (const c of n.children ?? []) index(c, out);
  return out;
}

/** What the renderer draws from a paint: effective RGBA of solids, handles/stops of gradients, image pixels' source. */
function drawn(p: RestPaint, images: Record<string, string>): unknown {
  const alpha = (p.opacity ?? 1) * (p.type === "SOLID" ? (p.color?.a ?? 1) : 1);
  if (p.type === "SOLID") return { t: p.type, rgb: [p.color!.r, p.color!.g, p.color!.b].map((v) => v.toFixed(4)), a: alpha.toFixed(4) };
  if (p.type === "IMAGE") {
    return { t: p.type, mode: p.scaleMode ?? "FILL", tf: p.imageTransform ?? null, sf: p.scaleMode === "TILE" ? (p.scalingFactor ?? 1) : null, bytes: images[p.imageRef!]?.length, a: alpha.toFixed(4) };
  }
  return {
    t: p.type,
    handles: (p.gradientHandlePositions ?? []).map((h) => [h.x.toFixed(4), h.y.toFixed(4)]),
    stops: p.gradientStops,
    a: alpha.toFixed(4),
  };
}

function charStyles(n: ResultNode): string[] {
  const out: string[] = [];
  const chars = [...(n.characters ?? "")];
  chars.forEach((_, i) => {
    const id = n.characterStyleOverrides?.[i] ?? 0;
    const s: TypeStyle = { ...(n.style ?? {}), ...(id ? n.styleOverrideTable?.[String(id)] : {}) };
    out.push(JSON.stringify([s.fontFamily, s.fontWeight, s.italic ?? false, s.fontSize, s.textDecoration ?? "NONE", s.textCase ?? "ORIGINAL", s.letterSpacing ?? 0, s.lineHeightPx]));
  });
  return out;
}

describe.each(fixtures)("round trip %s", (name) => {
  it("reads back what the renderer needs and writes it out", async () => {
    const figma = createTestFigma();
    const result = JSON.parse(readFileSync(join(DIR, name), "utf8")) as FullResult;
    const root = result.document.document;
    const m = await materialize(figma, result, { parent: figma.currentPage, x: root.absoluteBoundingBox.x, y: root.absoluteBoundingBox.y });
    const back = await readBack(m.root, figma);
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, name), JSON.stringify({ document: back.document, images: back.images }));

    const got = index(back.document);
    for (const r of index(root).values()) {
      const what = `${name} ${r.id} "${r.name}"`;
      const b = got.get(r.id);
      expect(b, what).toBeDefined();
      if (!b) continue;
      expect(b.type, what).toBe(r.type === "RECTANGLE" && b.type === "FRAME" ? "FRAME" : r.type);
      for (const k of ["x", "y", "width", "height"] as const) {
        expect(Math.abs(b.absoluteBoundingBox[k] - Math.max(k === "width" || k === "height" ? 0.01 : -Infinity, r.absoluteBoundingBox[k])), `${what} ${k}`).toBeLessThanOrEqual(0.99 + 1e-6);
      }
      expect(b.visible ?? true).toBe(r.visible ?? true);
      expect(b.opacity ?? 1).toBeCloseTo(r.opacity ?? 1, 6);
      expect(b.blendMode ?? "PASS_THROUGH").toBe(r.blendMode ?? "PASS_THROUGH");
      if (r.type === "VECTOR") expect(b.pageport?.svg, what).toBe(r.pageport?.svg);
      if (r.type === "FRAME") expect(b.clipsContent ?? false, what).toBe(r.clipsContent ?? false);
      const tiledFrame = b.type === "FRAME" && r.type !== "FRAME";
      if (!tiledFrame) {
        const expFills = r.type === "TEXT" ? (r.fills?.length ? r.fills : (r.style?.fills ?? [])) : (r.fills ?? []);
        expect((b.fills ?? []).map((p) => drawn(p, back.images)), `${what} fills`).toEqual(
          expFills.map((p) => ({ ...(drawn(p, result.images) as object), ...(p.type === "IMAGE" ? { bytes: result.images[p.imageRef!]?.length } : {}) })),
        );
      }
      expect((b.strokes ?? []).map((p) => drawn(p, back.images)), `${what} strokes`).toEqual((r.strokes ?? []).map((p) => drawn(p, result.images)));
      if (r.strokes?.length) {
        expect(b.strokeAlign ?? "INSIDE").toBe(r.strokeAlign ?? "INSIDE");
        expect(b.individualStrokeWeights ?? null, what).toEqual(r.individualStrokeWeights ?? null);
        if (!r.individualStrokeWeights) expect(b.strokeWeight, what).toBe(r.strokeWeight ?? 1);
      }
      expect(b.effects ?? [], `${what} effects`).toEqual(
        (r.effects ?? []).map((e) => ({ ...e, spread: e.type.endsWith("SHADOW") ? (e.spread ?? 0) : undefined, ...(e.type === "DROP_SHADOW" ? { showShadowBehindNode: e.showShadowBehindNode ?? false } : {}) })).map((e) => JSON.parse(JSON.stringify(e)) as object),
      );
      const radii = (n: ResultNode): number[] => n.rectangleCornerRadii ?? Array<number>(4).fill(n.cornerRadius ?? 0);
      if (r.type !== "TEXT" && r.type !== "ELLIPSE") expect(radii(b), `${what} radii`).toEqual(radii(r));
      // Design tokens: every binding of the result is made, to a variable or style of its name and value.
      const variableName = (id: string | undefined, names: Record<string, { name: string }> | undefined): string | undefined => (id ? names?.[id]?.name : undefined);
      const paintsOf = (n: ResultNode): RestPaint[] => [...(n.fills ?? []), ...(n.strokes ?? []), ...(n.type === "TEXT" && !n.fills?.length ? (n.style?.fills ?? []) : [])].filter((p) => p.type === "SOLID");
      expect(paintsOf(b).map((p) => variableName(p.boundVariables?.color?.id, back.variables)), `${what} paint variables`).toEqual(
        paintsOf(r).map((p) => variableName(p.boundVariables?.color?.id, result.document.variables)),
      );
      for (const [field, alias] of Object.entries(r.boundVariables ?? {})) {
        expect(variableName(b.boundVariables?.[field as keyof typeof b.boundVariables]?.id, back.variables), `${what} ${field} variable`).toBe(variableName(alias.id, result.document.variables));
      }
      expect(variableName(b.styles?.text, back.styles), `${what} text style`).toBe(variableName(r.styles?.text, result.document.styles));
      if (r.styles?.effect && r.effects?.every((e) => e.type.endsWith("SHADOW"))) {
        expect(variableName(b.styles?.effect, back.styles), `${what} effect style`).toBe(variableName(r.styles.effect, result.document.styles));
      }
      if (r.type === "INSTANCE") expect(b.componentId, `${what} main`).toBe(r.componentId);
      if (r.type === "TEXT") {
        expect(b.characters, what).toBe(r.characters);
        const fam = (s: string[]): string[] => s.map((x) => JSON.stringify((JSON.parse(x) as unknown[]).slice(1)));
        expect(fam(charStyles(b)), `${what} runs`).toEqual(fam(charStyles(r)));
        expect(b.style?.textAutoResize).toBe(r.style?.textAutoResize);
        expect(b.style?.textAlignHorizontal).toBe(r.style?.textAlignHorizontal);
      }
    }
    // Every image a read-back paint names is in the images map.
    const refs = new Set<string>();
    for (const n of got.values()) for (const p of [...(n.fills ?? []), ...(n.strokes ?? [])]) if (p.type === "IMAGE") refs.add(p.imageRef!);
    for (const ref of refs) expect(back.images[ref], ref).toBeTypeOf("string");
  });
});
