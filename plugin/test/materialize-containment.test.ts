/**
 * The materializer never leaves a half-built design behind, turns a property Figma refuses
 * into a warning, and gives shadows a `spread` only where Figma accepts one (plugin typings:
 * rectangles, ellipses, and frames with visible fills and clipsContent).
 */
import { describe, expect, it } from "vitest";
import { acceptsSpread, DATA_KIND, INCOMPLETE_DATA, materialize, readBack, type FullResult, type ResultNode } from "../src/materialize";
import type { RestEffect } from "../src/materialize/types";
import { createTestFigma } from "./figma";

let nextId = 0;
function node(type: ResultNode["type"], box: [number, number, number, number], extra: Partial<ResultNode> = {}): ResultNode {
  return { id: `c:${++nextId}`, name: `${type} ${nextId}`, type, absoluteBoundingBox: { x: box[0], y: box[1], width: box[2], height: box[3] }, ...extra };
}

function full(root: ResultNode, warnings: string[] = []): FullResult {
  return { code2desId: "c", warningCount: warnings.length, document: { version: 1, document: root, images: {}, fonts: { used: [], fallbacks: {} }, warnings }, images: {} };
}

const WHITE = { type: "SOLID" as const, blendMode: "NORMAL" as const, color: { r: 1, g: 1, b: 1, a: 1 } };
const SPREAD: RestEffect = { type: "DROP_SHADOW", visible: true, radius: 8, color: { r: 0, g: 0, b: 0, a: 0.25 }, offset: { x: 0, y: 4 }, spread: 6, blendMode: "NORMAL" };
const INNER: RestEffect = { type: "INNER_SHADOW", visible: true, radius: 2, color: { r: 1, g: 0, b: 0, a: 1 }, offset: { x: 0, y: 1 }, spread: -2, blendMode: "NORMAL" };
const SHADOW = { type: "DROP_SHADOW" as const, color: { r: 0, g: 0, b: 0, a: 0.5 }, offset: { x: 0, y: 2 }, radius: 4, spread: 3, visible: true, blendMode: "NORMAL" as const };

describe("the in-memory Figma enforces where a shadow spread is accepted", () => {
  it("refuses a spread on a frame without clipping or without a visible fill, and on text; accepts it on rectangles, ellipses and clipping filled frames", () => {
    const figma = createTestFigma();
    const frame = figma.createFrame();
    frame.clipsContent = false;
    expect(() => (frame.effects = [SHADOW])).toThrow(/spread is only accepted/);
    frame.clipsContent = true;
    frame.fills = [];
    expect(() => (frame.effects = [SHADOW])).toThrow(/spread is only accepted/);
    frame.fills = [{ type: "SOLID", color: { r: 1, g: 1, b: 1 }, visible: false }];
    expect(() => (frame.effects = [SHADOW])).toThrow(/spread is only accepted/);
    frame.fills = [{ type: "SOLID", color: { r: 1, g: 1, b: 1 } }];
    frame.effects = [SHADOW];
    expect(frame.effects[0]).toMatchObject({ spread: 3 });
    // A zero spread is no spread: accepted anywhere.
    const open = figma.createFrame();
    open.clipsContent = false;
    open.effects = [{ ...SHADOW, spread: 0 }];
    figma.createRectangle().effects = [SHADOW];
    figma.createEllipse().effects = [SHADOW];
    expect(() => (figma.createText().effects = [SHADOW])).toThrow(/spread is only accepted/);
  });
});

describe("shadow spread in the materializer", () => {
  it("a non-clipping frame with children and a spread shadow: the shadow, fills and radii go on a background rectangle; the read-back is the result", async () => {
    const figma = createTestFigma();
    const kid = node("RECTANGLE", [10, 10, 20, 20], { fills: [{ type: "SOLID", blendMode: "NORMAL", color: { r: 0, g: 0, b: 1, a: 1 } }] });
    const blur: RestEffect = { type: "LAYER_BLUR", visible: true, radius: 1 };
    const card = node("FRAME", [0, 0, 200, 100], { clipsContent: false, fills: [WHITE], cornerRadius: 12, effects: [SPREAD, INNER, blur], strokes: [{ type: "SOLID", blendMode: "NORMAL", color: { r: 0, g: 0, b: 0, a: 1 } }], strokeWeight: 1, children: [kid] });
    const root = node("FRAME", [0, 0, 400, 300], { clipsContent: true, fills: [WHITE], children: [card] });
    const m = await materialize(figma, full(root), { parent: figma.currentPage, x: 0, y: 0 });
    expect(m.warnings).toEqual([]);
    const f = m.nodes.get(card.id) as FrameNode;
    expect(f.clipsContent).toBe(false);
    const bg = f.children[0] as RectangleNode;
    expect(bg.type).toBe("RECTANGLE");
    expect(bg.getPluginData(DATA_KIND)).toBe("background");
    expect([bg.x, bg.y, bg.width, bg.height]).toEqual([0, 0, 200, 100]);
    expect(bg.cornerRadius).toBe(12);
    expect(bg.effects.map((e) => [e.type, "spread" in e ? e.spread : null])).toEqual([["DROP_SHADOW", 6], ["INNER_SHADOW", -2]]);
    expect(bg.fills).toEqual([{ type: "SOLID", color: { r: 1, g: 1, b: 1 }, opacity: 1, blendMode: "NORMAL" }]);
    expect(f.fills).toEqual([]);
    expect(f.effects.map((e) => e.type)).toEqual(["LAYER_BLUR"]);
    expect(f.strokes).toHaveLength(1); // strokes stay on the frame
    expect(f.children[1]).toBe(m.nodes.get(kid.id));
    // Round trip: the read-back folds the background into its frame.
    const back = await readBack(m.root, figma);
    const card2 = back.document.children?.[0];
    expect(card2?.children?.map((c) => c.id)).toEqual([kid.id]);
    expect(card2?.fills?.map((p) => [p.type, p.color, p.opacity ?? 1])).toEqual([["SOLID", { r: 1, g: 1, b: 1, a: 1 }, 1]]);
    expect(card2?.effects?.map((e) => [e.type, e.spread])).toEqual([["DROP_SHADOW", 6], ["INNER_SHADOW", -2], ["LAYER_BLUR", undefined]]);
    expect(card2?.cornerRadius).toBe(12);
    expect(card2?.clipsContent).toBe(false);
  });

  it("inside auto layout the background rectangle is ABSOLUTE (it takes no slot) and stretches with the frame", async () => {
    const figma = createTestFigma();
    const a = node("RECTANGLE", [0, 0, 50, 40], { fills: [WHITE] });
    const b = node("RECTANGLE", [60, 0, 50, 40], { fills: [WHITE] });
    const row = node("FRAME", [0, 0, 110, 40], { clipsContent: false, fills: [WHITE], effects: [SPREAD], layoutMode: "HORIZONTAL", itemSpacing: 10, primaryAxisSizingMode: "FIXED", counterAxisSizingMode: "FIXED", children: [a, b] });
    const m = await materialize(figma, full(row), { parent: figma.currentPage, x: 0, y: 0 });
    const f = m.root;
    expect(f.layoutMode).toBe("HORIZONTAL");
    const bg = f.children[0] as RectangleNode;
    expect(bg.getPluginData(DATA_KIND)).toBe("background");
    expect(bg.layoutPositioning).toBe("ABSOLUTE");
    expect(bg.constraints).toEqual({ horizontal: "STRETCH", vertical: "STRETCH" });
    expect(f.children.slice(1).map((c) => c.x)).toEqual([0, 60]);
    f.resize(300, 80);
    expect([bg.width, bg.height]).toEqual([300, 80]);
  });

  it("a clipping frame with a visible fill keeps its own spread shadow; one without a visible fill draws it without spread, with a warning", async () => {
    const figma = createTestFigma();
    const filled = node("FRAME", [0, 0, 100, 100], { clipsContent: true, fills: [WHITE], effects: [SPREAD] });
    const bare = node("FRAME", [0, 0, 100, 100], { clipsContent: true, fills: [], effects: [SPREAD] });
    const text = node("TEXT", [0, 0, 100, 20], { characters: "Hi", style: { fontFamily: "Inter", fontStyle: "Regular", fontWeight: 400, fontSize: 12 }, effects: [SPREAD] });
    const root = node("FRAME", [0, 0, 300, 300], { clipsContent: true, fills: [WHITE], children: [filled, bare, text] });
    const m = await materialize(figma, full(root), { parent: figma.currentPage, x: 0, y: 0 });
    expect(((m.nodes.get(filled.id) as FrameNode).effects[0] as DropShadowEffect).spread).toBe(6);
    expect(((m.nodes.get(bare.id) as FrameNode).effects[0] as DropShadowEffect).spread).toBe(0);
    expect(((m.nodes.get(text.id) as TextNode).effects[0] as DropShadowEffect).spread).toBe(0);
    expect(m.warnings.filter((w) => w.includes("without spread"))).toHaveLength(2);
    for (const n of m.nodes.values()) if ("effects" in n && n.effects.some((e) => "spread" in e && e.spread)) expect(acceptsSpread(n)).toBe(true);
  });
});

describe("containment", () => {
  it("a property Figma refuses on one node is a warning naming it; the rest of the page is placed", async () => {
    const figma = createTestFigma();
    const bad = node("RECTANGLE", [0, 0, 10, 10], { name: "Odd", fills: [WHITE], blendMode: "NOT_A_MODE" as ResultNode["blendMode"] });
    const good = node("RECTANGLE", [20, 0, 10, 10], { fills: [WHITE] });
    const root = node("FRAME", [0, 0, 100, 100], { clipsContent: true, fills: [WHITE], children: [bad, good] });
    const m = await materialize(figma, full(root), { parent: figma.currentPage, x: 0, y: 0 });
    expect(m.root.children.map((c) => c.name)).toEqual(["Odd", good.name]);
    expect(m.warnings).toEqual([expect.stringMatching(/^node "Odd": Figma refused its blend mode \(.*NOT_A_MODE.*\); left out$/)]);
    expect((m.nodes.get(bad.id) as RectangleNode).fills).toHaveLength(1);
  });

  it("the root is tagged (incomplete) as soon as it exists; the marker is cleared when the tree is complete", async () => {
    const figma = createTestFigma();
    const root = node("FRAME", [0, 0, 100, 100], { children: [node("RECTANGLE", [0, 0, 10, 10])] });
    const seen: Array<[string, string, number]> = [];
    const m = await materialize(figma, full(root), {
      parent: figma.currentPage,
      x: 0,
      y: 0,
      rootData: { "pageport.code2desId": "c2d-1" },
      onRoot: (r) => seen.push([r.getPluginData(INCOMPLETE_DATA), r.getPluginData("pageport.code2desId"), r.children.length]),
    });
    expect(seen).toEqual([["1", "c2d-1", 0]]);
    expect(m.root.getPluginData(INCOMPLETE_DATA)).toBe("");
    expect(m.root.getPluginData("pageport.code2desId")).toBe("c2d-1");
  });

  it("an error half-way removes the partial root: nothing half-built stays on the canvas", async () => {
    const figma = createTestFigma();
    const kids = Array.from({ length: 30 }, (_, i) => node("RECTANGLE", [i * 3, 0, 2, 2], { fills: [WHITE] }));
    const root = node("FRAME", [0, 0, 100, 100], { children: kids });
    let roots = 0;
    const failing = materialize(figma, full(root), {
      parent: figma.currentPage,
      x: 0,
      y: 0,
      chunkSize: 5,
      onRoot: () => roots++,
      onProgress: (done) => {
        if (done >= 10) throw new Error("closed");
      },
    });
    await expect(failing).rejects.toThrow("closed");
    expect(roots).toBe(1);
    expect(figma.currentPage.children).toHaveLength(0);
  });
});

describe("tiling a large image keeps Figma responsive", () => {
  it("a macrotask runs before each tile, and each tile is reported", async () => {
    const { encodePng } = await import("../src/materialize/codec");
    const width = 9000;
    const data = new Uint8Array(width * 2 * 4).fill(200);
    const png = encodePng({ width, height: 2, data });
    const figma = createTestFigma();
    const r = node("RECTANGLE", [0, 0, width, 2], { fills: [{ type: "IMAGE", blendMode: "NORMAL", imageRef: "big", scaleMode: "STRETCH" }] });
    const root = node("FRAME", [0, 0, width, 2], { children: [r] });
    const result = full(root);
    result.images = { big: Buffer.from(png).toString("base64") };
    const events: string[] = [];
    const macrotask = (label: string) => setTimeout(() => events.push(label), 0);
    macrotask("before");
    await materialize(figma, result, {
      parent: figma.currentPage,
      x: 0,
      y: 0,
      onImageProgress: (ref, done, total) => {
        events.push(`${ref} ${done}/${total}`);
        macrotask(`after ${done}`);
      },
    });
    // Each tile waited for the macrotasks queued before it (Figma's own work gets its turn).
    expect(events.slice(0, 6)).toEqual(["before", "big 1/3", "after 1", "big 2/3", "after 2", "big 3/3"]);
  });
});
