/** The materializer's rules at the edges: fonts that fail or fall back, tiling, the image codec, Figma's sandbox, vectors, warnings and large results. */
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { zlibSync } from "fflate";
import { encode as encodeJpeg } from "jpeg-js";
import { describe, expect, it } from "vitest";
import { DATA_KIND, decodeBase64, encodeBase64, materialize, readBack, type ResultNode } from "../src/materialize";
import { crop, decodeJpeg, decodePng, encodePng, sniffImage } from "../src/materialize/codec";
import { bestStyle, FontCatalog, genericOf, parseStyle, requestOf } from "../src/materialize/fonts";
import { imagePlacements, splitLength } from "../src/materialize/images";
import type { RestPaint } from "../src/materialize/types";
import { createTestFigma } from "./figma";
import { ARIMO, black, full, node, place, red, rgbaImage } from "./materialize-builders";

describe("font loading failures", () => {
  it("uses Inter Regular with a warning when a listed font fails to load", async () => {
    const figma = createTestFigma();
    const load = figma.loadFontAsync.bind(figma);
    figma.loadFontAsync = (f: FontName) => (f.family === "Roboto" ? Promise.reject(new Error("network")) : load(f));
    const t = node("TEXT", [0, 0, 100, 20], { characters: "hi", style: { ...ARIMO, fontFamily: "Roboto" }, fills: [black] });
    const { m } = await place(node("FRAME", [0, 0, 300, 50], { children: [t] }), {}, [], figma);
    expect((m.nodes.get(t.id) as TextNode).fontName).toEqual({ family: "Inter", style: "Regular" });
    expect(m.warnings.some((w) => w.includes('"Roboto Regular" could not be loaded'))).toBe(true);
  });
});

describe("font fallback rules", () => {
  const catalog = new FontCatalog(
    [
      ["Inter", ["Regular", "Italic", "Bold", "Semi Bold", "Medium"]],
      ["Roboto", ["Light", "Regular", "Medium", "Bold", "Italic", "Bold Italic"]],
      ["Arimo", ["Regular", "SemiBold", "Bold", "Italic"]],
      ["Tinos", ["Regular", "Bold", "Italic"]],
      ["Roboto Mono", ["Regular", "Bold"]],
    ].flatMap(([family, styles]) => (styles as string[]).map((style) => ({ fontName: { family: family as string, style } }))),
  );
  const req = (family: string, style: string) => requestOf({ fontFamily: family, fontStyle: style });

  it("reads weight and italic from style names", () => {
    expect(parseStyle("SemiBold Italic")).toEqual({ weight: 600, italic: true });
    expect(parseStyle("Extra Light")).toEqual({ weight: 200, italic: false });
    expect(parseStyle("Bold Oblique")).toEqual({ weight: 700, italic: true });
    expect(parseStyle("ExtraBold")).toEqual({ weight: 800, italic: false });
  });
  it("keeps the family when Figma has it, matching weight by name", () => {
    expect(catalog.resolve(req("Arimo", "Semi Bold"))).toEqual({ family: "Arimo", style: "SemiBold" });
  });
  it("takes the nearest weight (heavier on ties for bold requests, lighter for light ones)", () => {
    expect(bestStyle(["Medium", "Bold"], { weight: 600, italic: false })).toBe("Bold");
    expect(bestStyle(["Light", "Medium"], { weight: 400, italic: false })).toBe("Light");
    expect(catalog.resolve(req("Roboto", "Semi Bold"))).toEqual({ family: "Roboto", style: "Bold" });
  });
  it("keeps italic over weight", () => {
    expect(catalog.resolve(req("Roboto", "Medium Italic"))).toEqual({ family: "Roboto", style: "Italic" });
  });
  it("falls back within the generic family: serif, monospace, sans-serif", () => {
    expect(genericOf("Georgia")).toBe("serif");
    expect(genericOf("Menlo")).toBe("monospace");
    expect(genericOf("Open Sans")).toBe("sans-serif");
    expect(catalog.resolve(req("Georgia", "Bold"))).toEqual({ family: "Tinos", style: "Bold" });
    expect(catalog.resolve(req("Courier New", "Regular"))).toEqual({ family: "Roboto Mono", style: "Regular" });
    expect(catalog.resolve(req("Helvetica Neue", "Semi Bold"))).toEqual({ family: "Inter", style: "Semi Bold" });
  });
});

// ------------------------------------------------------------------------------ images over 4096 px

describe("tiling", () => {
  it("splits lengths into near-equal parts of at most 4096", () => {
    expect(splitLength(5000, 4096)).toEqual([[0, 2500], [2500, 2500]]);
    expect(splitLength(4096, 4096)).toEqual([[0, 4096]]);
    expect(splitLength(9000, 4096).every(([, l]) => l <= 4096)).toBe(true);
  });

  it("computes where each scale mode draws the image", () => {
    expect(imagePlacements({ type: "IMAGE", blendMode: "NORMAL", scaleMode: "FILL" }, 200, 100, 100, 100, () => {})).toEqual([{ x: -50, y: 0, width: 200, height: 100 }]);
    expect(imagePlacements({ type: "IMAGE", blendMode: "NORMAL", scaleMode: "FIT" }, 200, 100, 100, 100, () => {})).toEqual([{ x: 0, y: 25, width: 100, height: 50 }]);
    expect(imagePlacements({ type: "IMAGE", blendMode: "NORMAL", scaleMode: "STRETCH", imageTransform: [[0.5, 0, 0.25], [0, 1, 0]] }, 200, 100, 100, 50, () => {})).toEqual([{ x: -50, y: 0, width: 200, height: 50 }]);
    expect(imagePlacements({ type: "IMAGE", blendMode: "NORMAL", scaleMode: "TILE", scalingFactor: 0.5 }, 100, 100, 120, 50, () => {})).toHaveLength(3);
  });

  it("places a 5000 px PNG as tiles of at most 4096 px that reproduce its pixels", async () => {
    const src = rgbaImage(5000, 4, (x, y) => [x % 256, (x >> 8) % 256, y * 60, 255]);
    const png = encodePng(src);
    const r = node("RECTANGLE", [0, 0, 5000, 4], { fills: [{ type: "IMAGE", blendMode: "NORMAL", imageRef: "big", scaleMode: "STRETCH" }], cornerRadius: 0 });
    const { figma, m } = await place(node("FRAME", [0, 0, 5000, 10], { children: [r] }), { big: png });
    const f = m.nodes.get(r.id) as FrameNode;
    expect(f.type).toBe("FRAME");
    expect(f.getPluginData(DATA_KIND)).toBe("tiled");
    const tiles = f.children as readonly RectangleNode[];
    expect(tiles.map((t) => [t.x, t.width])).toEqual([[0, 2500], [2500, 2500]]);
    for (const [i, t] of tiles.entries()) {
      const paint = (t.fills as readonly ImagePaint[])[0]!;
      expect(paint.scaleMode).toBe("CROP");
      const bytes = await figma.getImageByHash(paint.imageHash!)!.getBytesAsync();
      const tile = decodePng(bytes);
      expect(tile.width).toBe(2500);
      expect(Buffer.from(tile.data).equals(Buffer.from(crop(src, i * 2500, 0, 2500, 4).data))).toBe(true);
    }
    expect(m.warnings.some((w) => w.includes("placed as 2 tiles"))).toBe(true);
  });

  it("tiles a large JPEG drawn FILL-cropped, clipping pieces to the node, with overlay paints above", async () => {
    const jpeg = encodeJpeg({ width: 4200, height: 8, data: Buffer.alloc(4200 * 8 * 4, 128) }, 80).data;
    expect(sniffImage(jpeg)).toMatchObject({ kind: "JPEG", width: 4200, height: 8 });
    expect(decodeJpeg(jpeg).width).toBe(4200);
    const r = node("RECTANGLE", [0, 0, 100, 100], {
      fills: [black, { type: "IMAGE", blendMode: "NORMAL", imageRef: "j", scaleMode: "FILL" }, red],
    });
    const { m } = await place(node("FRAME", [0, 0, 200, 200], { children: [r] }), { j: new Uint8Array(jpeg) });
    const f = m.nodes.get(r.id) as FrameNode;
    expect((f.fills as readonly Paint[]).length).toBe(1); // black stays a fill
    const kinds = f.children.map((c) => c.getPluginData(DATA_KIND));
    expect(kinds).toEqual(["image-tile", "image-tile", "fill-layer"]);
    for (const c of f.children) {
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.x + c.width).toBeLessThanOrEqual(100 + 1e-9);
    }
    expect(f.children[0]!.width + f.children[1]!.width).toBeCloseTo(100, 6);
  });
});

describe("codec", () => {
  it("round-trips RGBA through the PNG encoder and decoder", () => {
    const img = rgbaImage(17, 5, (x, y) => [x * 10, y * 40, (x * y) % 256, 200]);
    expect(decodePng(encodePng(img))).toEqual(img);
  });
  it("decodes palette PNGs with transparency", () => {
    const b = decodeBase64(
      "iVBORw0KGgoAAAANSUhEUgAAAAUAAAADAgMAAAAmWC1rAAAACVBMVEX/AAAA/wAAAP8tSs2KAAAAA3RSTlP/gAB/bWh4AAAAEUlEQVR4nGOQZGBYwsDo9Q0ABZIB/58/5OkAAAAASUVORK5CYII=",
    );
    const img = decodePng(b);
    expect(Array.from(img.data.subarray(0, 12))).toEqual([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0]);
  });
  it("decodes 16-bit and 1-bit grayscale PNGs", () => {
    const g16 = decodePng(decodeBase64("iVBORw0KGgoAAAANSUhEUgAAAAQAAAACEAAAAAAKU/78AAAAGklEQVR4nGNgYGB+Mcfh/38mRh1vC3UBQysAMlYFGnF1+tAAAAAASUVORK5CYII="));
    expect(Array.from({ length: 8 }, (_, i) => g16.data[i * 4])).toEqual([0, 3, 156, 255, 1, 78, 195, 48]);
    const b1 = decodePng(decodeBase64("iVBORw0KGgoAAAANSUhEUgAAAAoAAAACAQAAAABJGnB9AAAADklEQVR4nGPcxMfgywAABFgBDwYRusUAAAAASUVORK5CYII="));
    expect(Array.from({ length: 10 }, (_, i) => b1.data[i * 4])).toEqual([255, 0, 255, 255, 0, 0, 255, 0, 255, 255]);
  });
  it("decodes Adam7-interlaced PNGs", () => {
    // A 3x3 RGB image, interlaced by hand: passes 1 (0,0), 4 (2,0)... each pass row with filter 0.
    const px = (x: number, y: number): number[] => [x * 80, y * 80, 7];
    const passes: Array<[number, number, number, number]> = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];
    const raw: number[] = [];
    for (const [x0, y0, dx, dy] of passes) {
      for (let y = y0; y < 3; y += dy) {
        const row: number[] = [];
        for (let x = x0; x < 3; x += dx) row.push(...px(x, y));
        if (row.length) raw.push(0, ...row);
      }
    }
    const ihdr = [0, 0, 0, 3, 0, 0, 0, 3, 8, 2, 0, 0, 1];
    const chunk = (type: string, data: number[] | Uint8Array): number[] => {
      const body = [...type].map((c) => c.charCodeAt(0)).concat([...data]);
      return [0, 0, 0, data.length].map((v, i) => (i === 3 ? data.length & 255 : (data.length >> (8 * (3 - i))) & 255)).concat(body, [0, 0, 0, 0]);
    };
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk("IHDR", ihdr), ...chunk("IDAT", zlibSync(new Uint8Array(raw))), ...chunk("IEND", [])]);
    const img = decodePng(bytes);
    for (let y = 0; y < 3; y++) for (let x = 0; x < 3; x++) expect(Array.from(img.data.subarray((y * 3 + x) * 4, (y * 3 + x) * 4 + 4))).toEqual([...px(x, y), 255]);
  });
  it("decodes base64 without Buffer, like Buffer does", () => {
    for (const len of [0, 1, 2, 3, 4, 5, 100]) {
      const bytes = new Uint8Array(Array.from({ length: len }, (_, i) => (i * 37) % 256));
      const b64 = Buffer.from(bytes).toString("base64");
      expect(encodeBase64(bytes)).toBe(b64);
      expect(decodeBase64(b64)).toEqual(bytes);
    }
    expect(() => decodeBase64("ab$c")).toThrow();
  });
});

// ------------------------------------------------------------------------------ sandbox

describe("Figma's sandbox", () => {
  it("bundles and runs (tiling included) without Buffer, atob or TextDecoder", async () => {
    const { build } = await import("esbuild");
    const out = await build({ entryPoints: [join(__dirname, "..", "src", "materialize", "index.ts")], bundle: true, format: "iife", globalName: "M", target: "es2017", write: false });
    const code = out.outputFiles[0]!.text;
    const sandbox: Record<string, unknown> = { setTimeout, console };
    runInNewContext(`${code};this.M = M;`, sandbox);
    const M = sandbox.M as { materialize: typeof materialize };
    const src = rgbaImage(4200, 2, (x) => [x % 256, 0, 0, 255]);
    const r = node("RECTANGLE", [0, 0, 4200, 2], { fills: [{ type: "IMAGE", blendMode: "NORMAL", imageRef: "big", scaleMode: "STRETCH" }] });
    const figma = createTestFigma();
    const m = await M.materialize(figma, full(node("FRAME", [0, 0, 4200, 2], { children: [r] }), { big: encodePng(src) }), { parent: figma.currentPage, x: 0, y: 0 });
    expect(m.warnings.some((w) => w.includes("placed as 2 tiles"))).toBe(true);
  });
});

// ------------------------------------------------------------------------------ vectors

describe("vectors", () => {
  it("makes VECTOR nodes with createNodeFromSvg, sized, positioned and named", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#f00"/></svg>';
    const v = node("VECTOR", [5, 5, 20, 20], { name: "Icon", pageport: { svg }, fills: [black] });
    const { m } = await place(node("FRAME", [0, 0, 50, 50], { children: [v] }));
    const f = m.nodes.get(v.id) as FrameNode;
    expect([f.type, f.name, f.x, f.y, f.width, f.height]).toEqual(["FRAME", "Icon", 5, 5, 20, 20]);
    expect(f.children[0]!.width).toBe(20); // SCALE constraints let the vectors follow
    expect(f.fills).toHaveLength(1);
    expect(await f.exportAsync({ format: "SVG_STRING" })).toBe(svg);
  });
  it("draws a box with a warning when the svg does not import", async () => {
    const v = node("VECTOR", [5, 5, 20, 20], { pageport: { svg: "<notsvg/>" } });
    const { m } = await place(node("FRAME", [0, 0, 50, 50], { children: [v] }));
    expect(m.nodes.get(v.id)!.type).toBe("FRAME");
    expect(m.warnings.some((w) => w.includes("could not be imported"))).toBe(true);
  });
});

// ------------------------------------------------------------------------------ warnings, chunking, read back

describe("warnings and large results", () => {
  it("puts the result's warnings first, then the materializer's, none dropped", async () => {
    const t = node("TEXT", [0, 0, 100, 20], { characters: "x", style: { ...ARIMO, fontFamily: "Nope Sans" }, fills: [black] });
    const { m } = await place(node("FRAME", [0, 0, 300, 50], { children: [t] }), {}, ["result warning 1", "result warning 2"]);
    expect(m.warnings.slice(0, 2)).toEqual(["result warning 1", "result warning 2"]);
    expect(m.warnings.length).toBe(3);
  });

  it("materializes 5,000 nodes in chunks that yield, reporting progress", async () => {
    const kids: ResultNode[] = [];
    for (let i = 0; i < 4999; i++) kids.push(node(i % 2 ? "RECTANGLE" : "ELLIPSE", [(i % 100) * 10, Math.floor(i / 100) * 10, 8, 8], { fills: [red] }));
    const root = node("FRAME", [0, 0, 1000, 500], { children: kids });
    const figma = createTestFigma();
    const progress: Array<[number, number]> = [];
    let timerFired = -1;
    setTimeout(() => (timerFired = progress.length), 0);
    const m = await materialize(figma, full(root), { parent: figma.currentPage, x: 0, y: 0, chunkSize: 250, onProgress: (d, t) => progress.push([d, t]) });
    expect(m.nodeCount).toBe(5000);
    expect(m.root.children).toHaveLength(4999);
    expect(progress.length).toBeGreaterThanOrEqual(20);
    expect(progress.at(-1)).toEqual([5000, 5000]);
    expect(progress.every(([d], i) => i === 0 || d >= progress[i - 1]![0])).toBe(true);
    // The event loop ran while materializing (a timer set before fired before the end).
    expect(timerFired).toBeGreaterThanOrEqual(0);
    expect(timerFired).toBeLessThan(progress.length);
  });

  it("reads hyperlinks back: on the base style, per run, and null where a run drops the base's link", async () => {
    const home = { type: "URL", url: "https://example.com/" } as const;
    const t = node("TEXT", [0, 0, 200, 20], {
      characters: "home docs none",
      style: { ...ARIMO, hyperlink: home },
      fills: [black],
      characterStyleOverrides: [0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 2, 2, 2, 2],
      styleOverrideTable: { "1": { hyperlink: { type: "URL", url: "https://example.com/docs" } }, "2": { hyperlink: null } },
    });
    const { figma, m } = await place(node("FRAME", [0, 0, 300, 50], { children: [t] }));
    const back = (await readBack(m.root, figma)).document.children![0]!;
    expect(back.style!.hyperlink).toEqual(home);
    expect(back.characterStyleOverrides).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 2, 2, 2, 2]);
    expect(back.styleOverrideTable).toEqual({ "1": { hyperlink: { type: "URL", url: "https://example.com/docs" } }, "2": { hyperlink: null } });
  });

  it("reads a placed subtree back in the result's shape", async () => {
    const png = encodePng(rgbaImage(2, 2, () => [0, 0, 255, 255]));
    const grad: RestPaint = {
      type: "GRADIENT_LINEAR",
      blendMode: "NORMAL",
      gradientHandlePositions: [{ x: 0.5, y: 0 }, { x: 0.5, y: 1 }, { x: 0, y: 0 }],
      gradientStops: [{ position: 0, color: { r: 1, g: 0, b: 0, a: 1 } }, { position: 1, color: { r: 0, g: 0, b: 1, a: 0.5 } }],
    };
    const t = node("TEXT", [10, 10, 100, 20], {
      characters: "ab cd",
      style: ARIMO,
      fills: [black],
      characterStyleOverrides: [0, 0, 0, 1, 1],
      styleOverrideTable: { "1": { fontStyle: "Bold", fontWeight: 700 } },
    });
    const img = node("RECTANGLE", [0, 30, 20, 20], { fills: [{ type: "IMAGE", blendMode: "NORMAL", imageRef: "i", scaleMode: "FIT" }], cornerRadius: 4 });
    const root = node("FRAME", [0, 0, 300, 60], { fills: [grad], clipsContent: true, children: [t, img] });
    const { figma, m } = await place(root, { i: png });
    const back = await readBack(m.root, figma);
    expect(back.document.id).toBe(root.id);
    const g = back.document.fills![0]!;
    g.gradientHandlePositions!.forEach((h, i) => {
      expect(h.x).toBeCloseTo(grad.gradientHandlePositions![i]!.x, 6);
      expect(h.y).toBeCloseTo(grad.gradientHandlePositions![i]!.y, 6);
    });
    const [bt, bi] = back.document.children!;
    expect(bt!.characters).toBe("ab cd");
    expect(bt!.style!.fontStyle).toBe("Regular");
    expect(bt!.characterStyleOverrides).toEqual([0, 0, 0, 1, 1]);
    expect(bt!.styleOverrideTable).toEqual({ "1": { fontStyle: "Bold", fontWeight: 700 } });
    expect(bt!.fills).toEqual([{ type: "SOLID", blendMode: "NORMAL", color: { r: 0, g: 0, b: 0, a: 1 } }]);
    expect(bi!.absoluteBoundingBox).toEqual({ x: 0, y: 30, width: 20, height: 20 });
    expect(bi!.cornerRadius).toBe(4);
    const ref = bi!.fills![0]!.imageRef!;
    expect(decodeBase64(back.images[ref]!)).toEqual(png);
  });
});
