/** One test per materializer rule (paints, effects, text runs, fonts, tiling, chunking, layout…). */
import { describe, expect, it } from "vitest";
import { materialize, type ResultNode } from "../src/materialize";
import { encodePng } from "../src/materialize/codec";
import { unrotatedSize } from "../src/materialize/materialize";
import { handlesToTransform, toPluginEffect, toPluginPaint, transformToHandles } from "../src/materialize/paints";
import { codePointOffsets } from "../src/materialize/text";
import type { RestPaint, TypeStyle } from "../src/materialize/types";
import { createTestFigma, testControls } from "./figma";
import { ARIMO, black, ctx, full, mulAffine, node, place, red, rgbaImage } from "./materialize-builders";

// ------------------------------------------------------------------------------ paints

describe("paints", () => {
  it("splits a SOLID color's alpha into the paint opacity (no `a` key)", () => {
    const p = toPluginPaint({ type: "SOLID", blendMode: "NORMAL", opacity: 0.8, color: { r: 0.1, g: 0.2, b: 0.3, a: 0.5 } }, ctx) as SolidPaint;
    expect(p.color).toEqual({ r: 0.1, g: 0.2, b: 0.3 });
    expect(p.opacity).toBeCloseTo(0.4, 10);
    expect("a" in p.color).toBe(false);
  });

  it("maps PASS_THROUGH paint blend modes to NORMAL and keeps invisibility", () => {
    const p = toPluginPaint({ type: "SOLID", blendMode: "PASS_THROUGH", visible: false, color: { r: 0, g: 0, b: 0, a: 1 } }, ctx) as SolidPaint;
    expect(p.blendMode).toBe("NORMAL");
    expect(p.visible).toBe(false);
  });

  it("derives the gradient transform from the handles (numerically)", () => {
    // Left → right is the identity; top → bottom is Figma's well-known [[0,1,0],[-1,0,1]].
    const id = handlesToTransform("GRADIENT_LINEAR", [{ x: 0, y: 0.5 }, { x: 1, y: 0.5 }, { x: 0, y: 1 }]);
    expect(id[0].map((v) => v + 0)).toEqual([1, 0, 0]);
    expect(id[1].map((v) => v + 0)).toEqual([0, 1, 0]);
    const down = handlesToTransform("GRADIENT_LINEAR", [{ x: 0.5, y: 0 }, { x: 0.5, y: 1 }, { x: 0, y: 0 }]);
    const want = [[0, 1, 0], [-1, 0, 1]];
    down.forEach((row, i) => row.forEach((v, j) => expect(v).toBeCloseTo(want[i]![j]!, 10)));
    // Any handles: the transform sends start → (0, .5), end → (1, .5), width handle → (0, 1).
    const handles = [{ x: 0.1, y: 0.2 }, { x: 0.9, y: 0.7 }, { x: -0.15, y: 0.6 }];
    const t = handlesToTransform("GRADIENT_LINEAR", handles);
    const [s, e, w] = handles.map((h) => mulAffine(t, h));
    expect(s![0]).toBeCloseTo(0, 10);
    expect(s![1]).toBeCloseTo(0.5, 10);
    expect(e![0]).toBeCloseTo(1, 10);
    expect(e![1]).toBeCloseTo(0.5, 10);
    expect(w![0]).toBeCloseTo(0, 10);
    expect(w![1]).toBeCloseTo(1, 10);
    // …and back.
    transformToHandles("GRADIENT_LINEAR", t).forEach((h, i) => {
      expect(h.x).toBeCloseTo(handles[i]!.x, 5);
      expect(h.y).toBeCloseTo(handles[i]!.y, 5);
    });
  });

  it("maps radial handles: centre → (.5,.5), radius ends → (1,.5) and (.5,1)", () => {
    const handles = [{ x: 0.4, y: 0.5 }, { x: 0.9, y: 0.5 }, { x: 0.4, y: 0.8 }];
    const t = handlesToTransform("GRADIENT_RADIAL", handles);
    const pts = handles.map((h) => mulAffine(t, h));
    expect(pts.map((p) => p.map((v) => +v.toFixed(9)))).toEqual([[0.5, 0.5], [1, 0.5], [0.5, 1]]);
    expect(transformToHandles("GRADIENT_RADIAL", t).map((h) => [h.x, h.y])).toEqual(handles.map((h) => [h.x, h.y]));
  });

  it("replaces a degenerate width handle by the perpendicular", () => {
    const t = handlesToTransform("GRADIENT_LINEAR", [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 0 }]);
    expect(Number.isFinite(t[0][0])).toBe(true);
    const [x, y] = mulAffine(t, { x: 1, y: 0 });
    expect([x, y].map((v) => +v.toFixed(9))).toEqual([1, 0.5]);
  });

  it("maps IMAGE scale modes: STRETCH → CROP (+transform), TILE keeps scalingFactor, unknown refs dropped", () => {
    const base: RestPaint = { type: "IMAGE", blendMode: "NORMAL", imageRef: "known" };
    expect(toPluginPaint({ ...base, scaleMode: "STRETCH" }, ctx)).toMatchObject({ scaleMode: "CROP", imageHash: "hash-1", imageTransform: [[1, 0, 0], [0, 1, 0]] });
    const crop: RestPaint = { ...base, scaleMode: "STRETCH", imageTransform: [[0.5, 0, 0.25], [0, 0.5, 0.1]] };
    expect(toPluginPaint(crop, ctx)).toMatchObject({ scaleMode: "CROP", imageTransform: [[0.5, 0, 0.25], [0, 0.5, 0.1]] });
    expect(toPluginPaint({ ...base, scaleMode: "TILE", scalingFactor: 0.5 }, ctx)).toMatchObject({ scaleMode: "TILE", scalingFactor: 0.5 });
    expect(toPluginPaint({ ...base, scaleMode: "FIT" }, ctx)).toMatchObject({ scaleMode: "FIT" });
    expect(toPluginPaint({ ...base, imageRef: "unknown", scaleMode: "FILL" }, ctx)).toBeNull();
  });

  it("creates images from the result's base64 and maps their hashes", async () => {
    const png = encodePng(rgbaImage(3, 2, () => [255, 0, 0, 255]));
    const root = node("FRAME", [0, 0, 10, 10], { children: [node("RECTANGLE", [1, 1, 5, 5], { fills: [{ type: "IMAGE", blendMode: "NORMAL", imageRef: "sha", scaleMode: "FILL" }] })] });
    const { figma, m } = await place(root, { sha: png });
    const rect = m.root.children[0] as RectangleNode;
    const p = (rect.fills as readonly ImagePaint[])[0]!;
    expect(await figma.getImageByHash(p.imageHash!)!.getBytesAsync()).toEqual(png);
  });

  it("warns about and leaves out images Figma refuses (WebP) or that are missing", async () => {
    const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0, 0, 0, 0]);
    const root = node("FRAME", [0, 0, 10, 10], {
      fills: [
        { type: "IMAGE", blendMode: "NORMAL", imageRef: "webp", scaleMode: "FILL" },
        { type: "IMAGE", blendMode: "NORMAL", imageRef: "gone", scaleMode: "FILL" },
        { type: "SOLID", blendMode: "NORMAL", color: { r: 1, g: 1, b: 1, a: 1 } },
      ],
    });
    const { m } = await place(root, { webp });
    expect(m.root.fills).toHaveLength(1);
    expect(m.warnings.some((w) => w.includes("WEBP"))).toBe(true);
    expect(m.warnings.some((w) => w.includes("missing"))).toBe(true);
  });
});

// ------------------------------------------------------------------------------ effects, strokes, radii

describe("effects, strokes, radii", () => {
  it("gives plugin effects every required field", async () => {
    expect(toPluginEffect({ type: "DROP_SHADOW", visible: true, radius: 4, color: { r: 0, g: 0, b: 0, a: 0.3 }, offset: { x: 1, y: 2 } })).toEqual({
      type: "DROP_SHADOW",
      color: { r: 0, g: 0, b: 0, a: 0.3 },
      offset: { x: 1, y: 2 },
      radius: 4,
      spread: 0,
      visible: true,
      blendMode: "NORMAL",
      showShadowBehindNode: false,
    });
    expect(toPluginEffect({ type: "LAYER_BLUR", visible: true, radius: 3 })).toEqual({ type: "LAYER_BLUR", blurType: "NORMAL", radius: 3, visible: true });
    const effects: ResultNode["effects"] = [
      { type: "INNER_SHADOW", visible: true, radius: 2, color: { r: 1, g: 0, b: 0, a: 1 }, offset: { x: 0, y: 1 }, spread: 1, blendMode: "MULTIPLY" },
      { type: "BACKGROUND_BLUR", visible: false, radius: 8 },
    ];
    const { m } = await place(node("FRAME", [0, 0, 10, 10], { effects, clipsContent: true, fills: [{ type: "SOLID", blendMode: "NORMAL", color: { r: 1, g: 1, b: 1, a: 1 } }] }));
    expect(m.root.effects.map((e) => e.type)).toEqual(["INNER_SHADOW", "BACKGROUND_BLUR"]);
    expect((m.root.effects[0] as InnerShadowEffect).blendMode).toBe("MULTIPLY");
    expect((m.root.effects[0] as InnerShadowEffect).spread).toBe(1);
  });

  it("sets per-side stroke weights, align, dashes and per-corner radii (TL, TR, BR, BL)", async () => {
    const r = node("RECTANGLE", [0, 0, 40, 40], {
      strokes: [{ type: "SOLID", blendMode: "NORMAL", color: { r: 0, g: 0, b: 1, a: 1 } }],
      strokeWeight: 4,
      strokeAlign: "OUTSIDE",
      individualStrokeWeights: { top: 1, right: 2, bottom: 3, left: 4 },
      strokeDashes: [3, 3],
      rectangleCornerRadii: [1, 2, 3, 4],
    });
    const { m } = await place(node("FRAME", [0, 0, 50, 50], { children: [r] }));
    const n = m.nodes.get(r.id) as RectangleNode;
    expect([n.strokeTopWeight, n.strokeRightWeight, n.strokeBottomWeight, n.strokeLeftWeight]).toEqual([1, 2, 3, 4]);
    expect(n.strokeAlign).toBe("OUTSIDE");
    expect(n.dashPattern).toEqual([3, 3]);
    expect([n.topLeftRadius, n.topRightRadius, n.bottomRightRadius, n.bottomLeftRadius]).toEqual([1, 2, 3, 4]);
  });

  it("keeps opacity, blend mode, visibility, clipping and names", async () => {
    const r = node("FRAME", [5, 6, 7, 8], { name: "Keep me", opacity: 0.5, blendMode: "MULTIPLY", visible: false, clipsContent: true });
    const { m } = await place(node("FRAME", [0, 0, 50, 50], { children: [r] }));
    const n = m.nodes.get(r.id) as FrameNode;
    expect([n.name, n.opacity, n.blendMode, n.visible, n.clipsContent]).toEqual(["Keep me", 0.5, "MULTIPLY", false, true]);
  });
});

// ------------------------------------------------------------------------------ geometry

describe("geometry", () => {
  it("turns absolute boxes into parent-relative positions and clamps sizes to 0.01", async () => {
    const inner = node("RECTANGLE", [130, 150, 0, 5]);
    const mid = node("FRAME", [120, 140, 50, 50], { children: [inner] });
    const root = node("FRAME", [100, 100, 200, 200], { children: [mid] });
    const figma = createTestFigma();
    const m = await materialize(figma, full(root), { parent: figma.currentPage, x: 10, y: 20 });
    const n = m.nodes.get(inner.id) as RectangleNode;
    expect([m.root.x, m.root.y]).toEqual([10, 20]);
    expect([n.x, n.y, n.width, n.height]).toEqual([10, 10, 0.01, 5]);
    expect(n.absoluteBoundingBox).toMatchObject({ x: 40, y: 70 });
  });

  it("places rotated nodes so that their bounds match the result's box", async () => {
    expect(unrotatedSize(50 * Math.cos(Math.PI / 6) + 20 * Math.sin(Math.PI / 6), 50 * Math.sin(Math.PI / 6) + 20 * Math.cos(Math.PI / 6), 30).width).toBeCloseTo(50, 6);
    const r = node("RECTANGLE", [10, 10, 60, 40], { rotation: 30 });
    const { m } = await place(node("FRAME", [0, 0, 100, 100], { children: [r] }));
    const n = m.nodes.get(r.id) as RectangleNode;
    expect(n.rotation).toBeCloseTo(30, 6);
    const bb = n.absoluteBoundingBox!;
    for (const [k, v] of Object.entries({ x: 10, y: 10, width: 60, height: 40 })) expect(Math.abs(bb[k as keyof Rect] - v)).toBeLessThan(0.5);
  });

  it("groups children with figma.group, keeping their boxes", async () => {
    const a = node("RECTANGLE", [10, 10, 10, 10]);
    const b = node("ELLIPSE", [40, 30, 10, 20]);
    const g = node("GROUP", [10, 10, 40, 40], { children: [a, b], opacity: 0.5 });
    const { m } = await place(node("FRAME", [0, 0, 100, 100], { children: [g] }));
    const gn = m.nodes.get(g.id) as GroupNode;
    expect(gn.type).toBe("GROUP");
    expect(gn.opacity).toBe(0.5);
    expect(gn.children.map((c) => c.type)).toEqual(["RECTANGLE", "ELLIPSE"]);
    expect(m.nodes.get(b.id)!.absoluteBoundingBox).toMatchObject({ x: 40, y: 30, width: 10, height: 20 });
    expect(gn.absoluteBoundingBox).toMatchObject({ x: 10, y: 10, width: 40, height: 40 });
  });
});

// ------------------------------------------------------------------------------ auto layout

describe("auto layout", () => {
  const row = (xs: number[], extra: Partial<ResultNode> = {}): ResultNode =>
    node("FRAME", [0, 0, 300, 50], {
      layoutMode: "HORIZONTAL",
      primaryAxisSizingMode: "FIXED",
      counterAxisSizingMode: "FIXED",
      primaryAxisAlignItems: "MIN",
      counterAxisAlignItems: "CENTER",
      itemSpacing: 10,
      paddingLeft: 5,
      paddingTop: 0,
      paddingRight: 0,
      paddingBottom: 0,
      children: xs.map((x) => node("RECTANGLE", [x, 15, 40, 20])),
      ...extra,
    });

  it("is switched on after the children are placed, when Figma's layout reproduces them", async () => {
    const r = row([5, 55, 105]);
    const { m } = await place(node("FRAME", [0, 0, 400, 100], { children: [r] }));
    const f = m.nodes.get(r.id) as FrameNode;
    expect(f.layoutMode).toBe("HORIZONTAL");
    expect(f.children.map((c) => c.x)).toEqual([5, 55, 105]);
    expect(f.width).toBe(300);
  });

  it("is left off, with a warning and exact positions, when Figma's layout would move a child", async () => {
    const r = row([5, 57, 105]);
    const { m } = await place(node("FRAME", [0, 0, 400, 100], { children: [r] }));
    const f = m.nodes.get(r.id) as FrameNode;
    expect(f.layoutMode).toBe("NONE");
    expect(f.children.map((c) => c.x)).toEqual([5, 57, 105]);
    expect(m.warnings.some((w) => w.startsWith(`auto layout of "${r.name}" left off`))).toBe(true);
  });

  it("keeps ABSOLUTE children where they are and applies layoutAlign", async () => {
    const r = row([5, 55, 200]);
    r.children![2]!.layoutPositioning = "ABSOLUTE";
    r.children![0]!.absoluteBoundingBox = { x: 5, y: 0, width: 40, height: 50 };
    r.children![0]!.layoutAlign = "STRETCH";
    const { m } = await place(node("FRAME", [0, 0, 400, 100], { children: [r] }));
    const f = m.nodes.get(r.id) as FrameNode;
    expect(f.layoutMode).toBe("HORIZONTAL");
    const kids = f.children as readonly RectangleNode[];
    expect(kids[2]!.layoutPositioning).toBe("ABSOLUTE");
    expect(kids[2]!.x).toBe(200);
    expect(kids[0]!.layoutAlign).toBe("STRETCH");
  });

  it("hugs, grows, and tolerates the pageport.autoLayout record", async () => {
    // A hugging row (5 + 40 + 10 + 40 = 95 wide) whose second child fills the free width of a
    // fixed column around it; both carry the converter's record.
    const hug = row([5, 55], { primaryAxisSizingMode: "AUTO", pageport: { autoLayout: true } });
    hug.absoluteBoundingBox = { x: 0, y: 0, width: 95, height: 50 };
    const grower = node("RECTANGLE", [0, 50, 300, 50], { layoutGrow: 1 });
    const col = node("FRAME", [0, 0, 300, 100], {
      layoutMode: "VERTICAL",
      primaryAxisSizingMode: "FIXED",
      counterAxisSizingMode: "FIXED",
      children: [hug, grower],
      pageport: { autoLayout: true },
    });
    const { m } = await place(node("FRAME", [0, 0, 400, 200], { children: [col] }));
    expect(m.warnings).toEqual([]);
    const h = m.nodes.get(hug.id) as FrameNode;
    expect([h.layoutMode, h.primaryAxisSizingMode, h.width]).toEqual(["HORIZONTAL", "AUTO", 95]);
    const g = m.nodes.get(grower.id) as RectangleNode;
    expect([g.layoutGrow, g.y, g.height]).toEqual([1, 50, 50]);
  });
});

// ------------------------------------------------------------------------------ text


describe("text", () => {
  it("applies runs from characterStyleOverrides / styleOverrideTable with setRange*", async () => {
    const t = node("TEXT", [0, 0, 200, 20], {
      characters: "plain bold red",
      style: ARIMO,
      fills: [black],
      characterStyleOverrides: [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 2, 2, 2],
      styleOverrideTable: { "1": { fontStyle: "Bold", fontWeight: 700 }, "2": { fills: [red], textDecoration: "UNDERLINE", fontSize: 20, letterSpacing: 1, textCase: "UPPER" } },
    });
    const { m } = await place(node("FRAME", [0, 0, 300, 50], { children: [t] }));
    const n = m.nodes.get(t.id) as TextNode;
    expect(n.getRangeFontName(0, 6)).toEqual({ family: "Arimo", style: "Regular" });
    expect(n.getRangeFontName(6, 10)).toEqual({ family: "Arimo", style: "Bold" });
    expect(n.getRangeFills(11, 14)).toEqual([{ type: "SOLID", color: { r: 1, g: 0, b: 0 }, opacity: 1, blendMode: "NORMAL" }]);
    expect(n.getRangeTextDecoration(11, 14)).toBe("UNDERLINE");
    expect(n.getRangeFontSize(11, 14)).toBe(20);
    expect(n.getRangeLetterSpacing(11, 14)).toEqual({ unit: "PIXELS", value: 1 });
    expect(n.getRangeTextCase(11, 14)).toBe("UPPER");
    expect(n.getRangeTextDecoration(0, 11)).toBe("NONE");
    expect(n.lineHeight).toEqual({ unit: "PIXELS", value: 20 });
    expect(n.textAutoResize).toBe("WIDTH_AND_HEIGHT");
  });

  it("counts override indexes in code points (emoji are two UTF-16 units)", async () => {
    expect(codePointOffsets("a😀b")).toEqual([0, 1, 3, 4]);
    const t = node("TEXT", [0, 0, 100, 20], {
      characters: "a😀b",
      style: ARIMO,
      fills: [black],
      characterStyleOverrides: [0, 0, 1],
      styleOverrideTable: { "1": { fontStyle: "Bold", fontWeight: 700 } },
    });
    const { m } = await place(node("FRAME", [0, 0, 300, 50], { children: [t] }));
    const n = m.nodes.get(t.id) as TextNode;
    expect(n.getRangeFontName(3, 4)).toEqual({ family: "Arimo", style: "Bold" });
    expect(n.getRangeFontName(0, 3)).toEqual({ family: "Arimo", style: "Regular" });
  });

  it("applies hyperlink runs (base and overrides, code-point offsets) with setRangeHyperlink", async () => {
    const docs = { type: "URL", url: "https://example.com/docs" } as const;
    const home = { type: "URL", url: "http://example.org/" } as const;
    // "😀 see docs or mail": the whole node links home; "docs" (an override) links to docs,
    // "mail" to a mailto link, and "or" (null) has no link although the base has one.
    const t = node("TEXT", [0, 0, 200, 20], {
      characters: "😀 see docs or mail",
      style: { ...ARIMO, hyperlink: home },
      fills: [black],
      characterStyleOverrides: [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 3, 3, 0, 2, 2, 2, 2],
      styleOverrideTable: { "1": { hyperlink: docs, textDecoration: "UNDERLINE" }, "2": { hyperlink: { type: "URL", url: "mailto:a@example.com" } }, "3": { hyperlink: null } },
    });
    const { figma, m } = await place(node("FRAME", [0, 0, 300, 50], { children: [t] }));
    const n = m.nodes.get(t.id) as TextNode;
    // UTF-16 offsets: the emoji is two units, so code point 6 ("docs") starts at 7.
    expect(n.getRangeHyperlink(0, 7)).toEqual({ type: "URL", value: "http://example.org/" });
    expect(n.getRangeHyperlink(7, 11)).toEqual({ type: "URL", value: "https://example.com/docs" });
    expect(n.getRangeTextDecoration(7, 11)).toBe("UNDERLINE");
    expect(n.getRangeHyperlink(11, 12)).toEqual({ type: "URL", value: "http://example.org/" });
    expect(n.getRangeHyperlink(12, 14)).toBeNull();
    expect(n.getRangeHyperlink(15, 19)).toEqual({ type: "URL", value: "mailto:a@example.com" });
    expect(n.hyperlink).toBe(figma.mixed);
    expect(m.warnings).toEqual([]);
  });

  it("leaves out links other than http(s)/mailto, each with a warning, and keeps the rest", async () => {
    const bad = ["javascript:alert(1)", "JavaScript:alert(1)", "java\tscript:alert(1)", " javascript:alert(1)", "data:text/html,<b>x</b>", "tel:+15551234", "https://", "ftp://example.com/f"];
    const texts = bad.map((url) => node("TEXT", [0, 0, 100, 20], { characters: "click", style: ARIMO, fills: [black], characterStyleOverrides: [1, 1], styleOverrideTable: { "1": { hyperlink: { type: "URL", url } } } }));
    const odd = node("TEXT", [0, 0, 100, 20], { characters: "node", style: { ...ARIMO, hyperlink: { type: "NODE", url: "1:2" } as unknown as TypeStyle["hyperlink"] }, fills: [black] });
    const good = node("TEXT", [0, 0, 100, 20], { characters: "ok", style: { ...ARIMO, hyperlink: { type: "URL", url: "HTTPS://Example.com/a?b#c" } }, fills: [black] });
    const { m } = await place(node("FRAME", [0, 0, 300, 50], { children: [...texts, odd, good] }));
    texts.forEach((t, i) => {
      const n = m.nodes.get(t.id) as TextNode;
      expect(n.characters).toBe("click");
      expect(n.getRangeHyperlink(0, 5)).toBeNull();
      expect(m.warnings.filter((w) => w.includes(`"${t.name}"`) && w.includes(`"${bad[i]!}"`)), bad[i]).toHaveLength(1);
    });
    expect((m.nodes.get(odd.id) as TextNode).hyperlink).toBeNull();
    expect(m.warnings.some((w) => w.includes(`"${odd.name}"`) && w.includes("not a URL link"))).toBe(true);
    expect((m.nodes.get(good.id) as TextNode).hyperlink).toEqual({ type: "URL", value: "HTTPS://Example.com/a?b#c" });
    expect(m.warnings).toHaveLength(bad.length + 1);
  });

  it("maps line heights: PIXELS, FONT_SIZE_% → PERCENT, INTRINSIC_% → AUTO", async () => {
    const mk = (s: Partial<TypeStyle>) => node("TEXT", [0, 0, 50, 20], { characters: "x", style: { ...ARIMO, ...s }, fills: [black] });
    const a = mk({ lineHeightUnit: "FONT_SIZE_%", lineHeightPercentFontSize: 150 });
    const b = mk({ lineHeightUnit: "INTRINSIC_%" });
    const { m } = await place(node("FRAME", [0, 0, 300, 50], { children: [a, b] }));
    expect((m.nodes.get(a.id) as TextNode).lineHeight).toEqual({ unit: "PERCENT", value: 150 });
    expect((m.nodes.get(b.id) as TextNode).lineHeight).toEqual({ unit: "AUTO" });
  });

  it("loads every font before touching characters (the in-memory Figma throws otherwise)", async () => {
    const figma = createTestFigma({ fontLoadDelayMs: 5 });
    const t = node("TEXT", [0, 0, 100, 20], { characters: "hello", style: { ...ARIMO, fontFamily: "Roboto" }, fills: [black] });
    await place(node("FRAME", [0, 0, 300, 50], { children: [t] }), {}, [], figma);
    const loaded = testControls(figma).loadedFonts.map((f) => `${f.family} ${f.style}`);
    expect(loaded.sort()).toEqual(["Inter Regular", "Roboto Regular"]);
  });

  it("falls back to the closest available font with a warning naming both", async () => {
    const t = node("TEXT", [0, 0, 100, 20], {
      characters: "ab",
      style: { ...ARIMO, fontFamily: "Liberation Serif", fontStyle: "Semi Bold Italic", fontWeight: 600, italic: true },
      fills: [black],
    });
    const { m } = await place(node("FRAME", [0, 0, 300, 50], { children: [t] }));
    expect((m.nodes.get(t.id) as TextNode).fontName).toEqual({ family: "Tinos", style: "Bold Italic" });
    expect(m.warnings).toContain('font "Liberation Serif Semi Bold Italic" is not available in Figma; "Tinos Bold Italic" is used instead');
  });
});
