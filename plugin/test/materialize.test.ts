/**
 * Every fixture result (test/fixtures/results/*.json, iterated so new ones are picked up) is
 * materialized into the in-memory Figma, then EVERY node of the result is checked against
 * what was created: presence, type, geometry (absolute, within 0.5 px), fills, strokes,
 * effects, radii, text characters and runs; and the warnings.
 */
import { describe, expect, it } from "vitest";
import { acceptsSpread, DATA_KIND, materialize, type FullResult, type ResultNode } from "../src/materialize";
import type { RestEffect, RestPaint, TypeStyle } from "../src/materialize/types";
import { createTestFigma } from "./figma";
import { f32, f32s } from "./figma/stored";
import { fixtures, loadFixture } from "./results";


const OX = 100;
const OY = 200;
const TOL = 0.99 + 1e-6; // auto layout may place a node less than a pixel from its box (convert/flow.py)

function close(a: number, b: number, tol: number, what: string): void {
  expect(Math.abs(a - b), `${what}: ${a} vs ${b}`).toBeLessThanOrEqual(tol);
}

function walk(n: ResultNode, parent: ResultNode | null, out: Array<[ResultNode, ResultNode | null]> = []): Array<[ResultNode, ResultNode | null]> {
  out.push([n, parent]);
  for (const c of n.children ?? []) walk(c, n, out);
  return out;
}

/** Independent check of one REST paint against a plugin paint. */
async function checkPaint(figma: PluginAPI, result: FullResult, exp: RestPaint, got: Paint, what: string): Promise<void> {
  expect(got.visible ?? true, `${what} visible`).toBe(exp.visible ?? true);
  const alpha = exp.opacity ?? 1;
  if (exp.type === "SOLID") {
    expect(got.type, what).toBe("SOLID");
    const g = got as SolidPaint;
    const c = exp.color!;
    close(g.color.r, c.r, 1e-6, `${what} r`);
    close(g.color.g, c.g, 1e-6, `${what} g`);
    close(g.color.b, c.b, 1e-6, `${what} b`);
    close(g.opacity ?? 1, c.a * alpha, 1e-6, `${what} alpha`);
    return;
  }
  if (exp.type === "IMAGE") {
    expect(got.type, what).toBe("IMAGE");
    const g = got as ImagePaint;
    const mode = { STRETCH: "CROP", FILL: "FILL", FIT: "FIT", TILE: "TILE" }[exp.scaleMode ?? "FILL"];
    expect(g.scaleMode, what).toBe(mode);
    const bytes = await figma.getImageByHash(g.imageHash as string)!.getBytesAsync();
    expect(Buffer.from(bytes).toString("base64"), `${what} bytes`).toBe(Buffer.from(result.images[exp.imageRef!]!, "base64").toString("base64"));
    if (exp.imageTransform) expect(g.imageTransform).toEqual(exp.imageTransform);
    if (exp.scaleMode === "TILE") close(g.scalingFactor ?? 1, exp.scalingFactor ?? 1, 1e-9, `${what} scalingFactor`);
    close(g.opacity ?? 1, f32(alpha), 1e-9, `${what} opacity`);
    return;
  }
  // Gradients: the transform must send each handle to its gradient-space anchor.
  expect(got.type, what).toBe(exp.type);
  const g = got as GradientPaint;
  const [[a, b, c], [d, e, f]] = g.gradientTransform;
  const anchors = exp.type === "GRADIENT_LINEAR" ? [[0, 0.5], [1, 0.5], [0, 1]] : [[0.5, 0.5], [1, 0.5], [0.5, 1]];
  (exp.gradientHandlePositions ?? []).forEach((h, i) => {
    const [gx, gy] = anchors[i]!;
    close(a * h.x + b * h.y + c, gx!, 1e-6, `${what} handle ${i} x`);
    close(d * h.x + e * h.y + f, gy!, 1e-6, `${what} handle ${i} y`);
  });
  expect(g.gradientStops.length).toBe(exp.gradientStops!.length);
  g.gradientStops.forEach((s, i) => {
    const es = exp.gradientStops![i]!;
    close(s.position, f32(es.position), 1e-9, `${what} stop ${i}`);
    close(s.color.a, f32(es.color.a), 1e-9, `${what} stop ${i} a`);
    close(s.color.r, f32(es.color.r), 1e-9, `${what} stop ${i} r`);
  });
  close(g.opacity ?? 1, f32(alpha), 1e-9, `${what} opacity`);
}

function checkEffect(exp: RestEffect, got: Effect, what: string): void {
  expect(got.type, what).toBe(exp.type);
  expect(got.visible, what).toBe(exp.visible);
  close((got as DropShadowEffect | BlurEffect).radius, f32(exp.radius ?? 0), 1e-9, `${what} radius`);
  if (got.type === "DROP_SHADOW" || got.type === "INNER_SHADOW") {
    expect(got.color).toEqual(f32s(exp.color ?? {}));
    expect(got.offset).toEqual(f32s(exp.offset ?? {}));
    close(got.spread ?? 0, f32(exp.spread ?? 0), 1e-9, `${what} spread`);
    if (got.type === "DROP_SHADOW") expect(got.showShadowBehindNode ?? false).toBe(exp.showShadowBehindNode ?? false);
  }
}

function merged(r: ResultNode, cp: number): TypeStyle {
  const id = r.characterStyleOverrides?.[cp] ?? 0;
  return { ...(r.style ?? {}), ...(id ? r.styleOverrideTable?.[String(id)] : {}) };
}

describe.each(fixtures)("fixture %s", (name) => {
  it("materializes every node faithfully", async () => {
    const figma = createTestFigma();
    const result = loadFixture(name);
    const m = await materialize(figma, result, { parent: figma.currentPage, x: OX, y: OY });
    const root = result.document.document;
    const dx = OX - root.absoluteBoundingBox.x;
    const dy = OY - root.absoluteBoundingBox.y;

    // Warnings: the result's first, in order, then the materializer's.
    expect(m.warnings.slice(0, result.document.warnings.length)).toEqual(result.document.warnings);
    expect(m.root).toBe(m.nodes.get(root.id));
    expect(m.root.parent).toBe(figma.currentPage);

    const all = walk(root, null);
    const mains = Object.values(result.document.components ?? {});
    expect(m.nodeCount).toBe(all.length + mains.reduce((sum, c) => sum + walk(c.node, null).length, 0));
    expect(m.components.map((c) => c.name).sort()).toEqual(mains.map((c) => c.name).sort());
    for (const [r, parent] of all) {
      const what = `${name} ${r.id} ${r.type} "${r.name}"`;
      const n = m.nodes.get(r.id);
      expect(n, `${what} present`).toBeDefined();
      if (!n) continue;
      const kind = n.getPluginData(DATA_KIND);
      // Type: VECTOR → the frame createNodeFromSvg made; a tiled image's RECTANGLE → a frame of tiles.
      if (r.type === "VECTOR") {
        expect(n.type, what).toBe("FRAME");
        expect(kind, what).toBe("svg");
        expect(await (n as FrameNode).exportAsync({ format: "SVG_STRING" })).toBe(r.pageport?.svg);
      } else if (r.type === "INSTANCE") {
        // An instance of its main, or (said in a warning) the member as a plain frame.
        const plain = m.warnings.some((w) => w.startsWith(`"${r.name}" placed as a plain frame`));
        expect(n.type, what).toBe(plain ? "FRAME" : "INSTANCE");
        if (n.type === "INSTANCE") expect((await n.getMainComponentAsync())?.name, what).toBe(result.document.components?.[r.componentId!]?.name);
      } else if (kind === "tiled") {
        expect(n.type, what).toBe("FRAME");
        expect(r.fills?.some((p) => p.type === "IMAGE" && (result.document.images[p.imageRef!]?.width ?? 0) > 4096 || (result.document.images[p.imageRef!]?.height ?? 0) > 4096), what).toBe(true);
      } else {
        expect(n.type, what).toBe(r.type);
      }
      // Parent: the node made for the result parent.
      if (parent && parent.type !== "GROUP") expect(n.parent, `${what} parent`).toBe(m.nodes.get(parent.id));
      // Geometry: absolute, within 0.5 px.
      const bb = n.absoluteBoundingBox!;
      const eb = r.absoluteBoundingBox;
      close(bb.x, eb.x + dx, TOL, `${what} x`);
      close(bb.y, eb.y + dy, TOL, `${what} y`);
      close(bb.width, Math.max(0.01, eb.width), TOL, `${what} width`);
      close(bb.height, Math.max(0.01, eb.height), TOL, `${what} height`);
      // Node properties.
      expect(n.visible, what).toBe(r.visible ?? true);
      if ("opacity" in n) close(n.opacity, f32(r.opacity ?? 1), 1e-9, `${what} opacity`);
      if ("blendMode" in n) expect(n.blendMode, what).toBe(r.blendMode ?? "PASS_THROUGH");
      if (r.type === "FRAME") expect((n as FrameNode).clipsContent, what).toBe(r.clipsContent ?? false);
      // Fills (text fills are checked per run below).
      // A frame's fills and shadows may be carried by its "background" rectangle (first child).
      const bgChild = n.type === "FRAME" ? n.children[0] : undefined;
      const bg = bgChild?.type === "RECTANGLE" && bgChild.getPluginData(DATA_KIND) === "background" ? bgChild : undefined;
      if (bg) {
        expect(n.type === "FRAME" && !n.clipsContent, `${what}: a background only for a frame that does not clip`).toBe(true);
        expect((n as FrameNode).fills, `${what} fills moved`).toEqual([]);
        expect([bg.x, bg.y, bg.width, bg.height], `${what} background box`).toEqual([0, 0, n.width, n.height]);
        if (r.layoutMode && r.layoutMode !== "NONE" && (n as FrameNode).layoutMode !== "NONE") expect(bg.layoutPositioning).toBe("ABSOLUTE");
      }
      if (r.type !== "TEXT" && "fills" in n) {
        const fills = (bg ?? n).fills as readonly Paint[];
        let exp = r.fills ?? [];
        if (kind === "tiled") {
          const first = exp.findIndex((p) => p.type === "IMAGE" && (result.document.images[p.imageRef!]?.width ?? 0) > 4096);
          exp = exp.slice(0, first);
          const tiles = (n as FrameNode).children.filter((c) => c.getPluginData(DATA_KIND) === "image-tile");
          expect(tiles.length, `${what} tiles`).toBeGreaterThan(1);
          for (const t of tiles) {
            const p = (t as RectangleNode).fills as readonly ImagePaint[];
            const size = await figma.getImageByHash(p[0]!.imageHash!)!.getSizeAsync();
            expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(4096);
          }
        }
        expect(fills.length, `${what} fills`).toBe(exp.length);
        for (let i = 0; i < exp.length; i++) await checkPaint(figma, result, exp[i]!, fills[i]!, `${what} fill ${i}`);
      }
      // Strokes.
      if ("strokes" in n) {
        const strokes = n.strokes;
        const exp = r.strokes ?? [];
        expect(strokes.length, `${what} strokes`).toBe(exp.length);
        for (let i = 0; i < exp.length; i++) await checkPaint(figma, result, exp[i]!, strokes[i]!, `${what} stroke ${i}`);
        if (exp.length) {
          expect((n as GeometryMixin).strokeAlign, what).toBe(r.strokeAlign ?? (r.type === "TEXT" ? "OUTSIDE" : "INSIDE"));
          const ind = r.individualStrokeWeights;
          if (ind) {
            const f = n as FrameNode;
            expect([f.strokeTopWeight, f.strokeRightWeight, f.strokeBottomWeight, f.strokeLeftWeight], what).toEqual([ind.top, ind.right, ind.bottom, ind.left]);
          } else if (r.strokeWeight !== undefined) {
            expect((n as GeometryMixin).strokeWeight, what).toBe(r.strokeWeight);
          }
          if (r.strokeDashes) expect([...(n as GeometryMixin).dashPattern], what).toEqual(r.strokeDashes);
        }
      }
      // Effects.
      if ("effects" in n) {
        const exp = r.effects ?? [];
        const got = bg ? [...bg.effects, ...n.effects] : n.effects;
        expect(got.length, `${what} effects`).toBe(exp.length);
        exp.forEach((e, i) => checkEffect(e, got[i]!, `${what} effect ${i}`));
        // Figma's rule: a spread only where it is accepted.
        for (const [node, list] of [[n, n.effects], ...(bg ? [[bg, bg.effects] as const] : [])] as const) {
          if (list.some((e) => (e.type === "DROP_SHADOW" || e.type === "INNER_SHADOW") && (e.spread ?? 0) !== 0)) expect(acceptsSpread(node as SceneNode), what).toBe(true);
        }
      }
      // Radii (TL, TR, BR, BL).
      if ("topLeftRadius" in n) {
        const c = r.rectangleCornerRadii ?? Array(4).fill(r.cornerRadius ?? 0);
        expect([n.topLeftRadius, n.topRightRadius, n.bottomRightRadius, n.bottomLeftRadius], `${what} radii`).toEqual(c);
      }
      // Auto layout, unless the materializer said it had to leave it off.
      if (r.layoutMode && r.layoutMode !== "NONE") {
        const off = m.warnings.some((w) => w.startsWith(`auto layout of "${r.name}" left off`));
        const f = n as FrameNode;
        if (off) expect(f.layoutMode).toBe("NONE");
        else if (r.layoutMode === "GRID") {
          const gridOff = m.warnings.some((w) => w.startsWith(`grid layout of "${r.name}" left off`));
          expect(f.layoutMode, what).toBe(gridOff ? "NONE" : "GRID");
          if (f.layoutMode === "GRID") {
            expect([f.gridRowCount, f.gridColumnCount, f.gridRowGap, f.gridColumnGap], what).toEqual([r.gridRowCount, r.gridColumnCount, r.gridRowGap, r.gridColumnGap]);
            expect(f.gridColumnSizes.map((t) => [t.type, t.value]), what).toEqual((r.gridColumnSizes ?? []).map((v) => ["FIXED", v]));
            (r.children ?? []).forEach((c) => {
              const k = m.nodes.get(c.id) as FrameNode;
              expect([k.gridRowAnchorIndex, k.gridColumnAnchorIndex], `${what} cell`).toEqual([c.gridRowAnchorIndex, c.gridColumnAnchorIndex]);
            });
          }
        } else {
          expect(f.layoutMode, what).toBe(r.layoutMode);
          expect(f.itemSpacing, what).toBe(r.itemSpacing ?? 0);
          expect([f.paddingTop, f.paddingRight, f.paddingBottom, f.paddingLeft], what).toEqual([r.paddingTop ?? 0, r.paddingRight ?? 0, r.paddingBottom ?? 0, r.paddingLeft ?? 0]);
          expect(f.primaryAxisAlignItems, what).toBe(r.primaryAxisAlignItems ?? "MIN");
          expect(f.counterAxisAlignItems, what).toBe(r.counterAxisAlignItems ?? "MIN");
          expect(f.layoutWrap, what).toBe(r.layoutWrap ?? "NO_WRAP");
        }
      }
      if (parent?.layoutMode && parent.layoutMode !== "NONE" && r.layoutPositioning === "ABSOLUTE") {
        const off = m.warnings.some((w) => w.startsWith(`auto layout of "${parent.name}" left off`));
        if (!off) expect((n as FrameNode).layoutPositioning, what).toBe("ABSOLUTE");
      }
      // Text: characters, then every character's style against its run.
      if (r.type === "TEXT") {
        const t = n as TextNode;
        expect(t.characters, what).toBe(r.characters);
        expect(t.textAutoResize, what).toBe(r.style?.textAutoResize ?? "WIDTH_AND_HEIGHT");
        expect(t.textAlignHorizontal, what).toBe(r.style?.textAlignHorizontal ?? "LEFT");
        expect(t.textAlignVertical, what).toBe(r.style?.textAlignVertical ?? "TOP");
        let u = 0;
        let cp = 0;
        for (const ch of t.characters) {
          const s = merged(r, cp);
          const end = u + ch.length;
          const w = `${what} char ${cp} ${JSON.stringify(ch)}`;
          const font = t.getRangeFontName(u, end) as FontName;
          if (s.fontFamily && font.family !== s.fontFamily) {
            // A fallback: the materializer must have said so, naming both.
            expect(m.warnings.some((x) => x.includes(`"${s.fontFamily} ${s.fontStyle}"`) && x.includes(`"${font.family} ${font.style}"`)), w).toBe(true);
          } else if (s.fontStyle && font.style !== s.fontStyle) {
            expect(m.warnings.some((x) => x.includes(`"${s.fontFamily} ${s.fontStyle}"`) && x.includes(`"${font.family} ${font.style}"`)), w).toBe(true);
          }
          if (s.fontSize) expect(t.getRangeFontSize(u, end), w).toBe(f32(s.fontSize));
          expect(t.getRangeTextDecoration(u, end), w).toBe(s.textDecoration ?? "NONE");
          expect(t.getRangeTextCase(u, end), w).toBe(s.textCase ?? "ORIGINAL");
          expect(t.getRangeLetterSpacing(u, end), w).toEqual({ unit: "PIXELS", value: f32(s.letterSpacing ?? 0) });
          if (s.lineHeightUnit === "PIXELS") expect(t.getRangeLineHeight(u, end), w).toEqual({ unit: "PIXELS", value: f32(s.lineHeightPx ?? 0) });
          // Links: http(s)/mailto applied, anything else left out with a warning naming it.
          const link = s.hyperlink ?? null;
          if (link && /^(https?:\/\/|mailto:)/i.test(link.url)) expect(t.getRangeHyperlink(u, end), w).toEqual({ type: "URL", value: link.url });
          else {
            expect(t.getRangeHyperlink(u, end), w).toBeNull();
            if (link) expect(m.warnings.some((x) => x.includes(`"${link.url}"`)), w).toBe(true);
          }
          const id = r.characterStyleOverrides?.[cp] ?? 0;
          const expFills = (id && r.styleOverrideTable?.[String(id)]?.fills) || (r.fills?.length ? r.fills : r.style?.fills) || [];
          const gotFills = t.getRangeFills(u, end) as readonly Paint[];
          expect(gotFills.length, w).toBe(expFills.length);
          for (let i = 0; i < expFills.length; i++) await checkPaint(figma, result, expFills[i]!, gotFills[i]!, `${w} fill ${i}`);
          u = end;
          cp++;
        }
      }
    }
  });
});

it("has fixtures to test", () => {
  expect(fixtures.length).toBeGreaterThan(0);
});
