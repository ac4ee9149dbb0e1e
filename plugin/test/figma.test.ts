import { describe, expect, it } from "vitest";
import { createTestFigma, testControls } from "./figma";
import { gifHeader, jpegHeader, pngHeader, webpHeader } from "./figma/bytes";

describe("in-memory Figma: text", () => {
  it("refuses text edits before loadFontAsync, with Figma's message", async () => {
    const figma = createTestFigma();
    const t = figma.createText();
    expect(() => (t.characters = "Hi")).toThrow('Cannot write to node with unloaded font "Inter Regular"');
    await figma.loadFontAsync({ family: "Inter", style: "Regular" });
    t.characters = "Hi there";
    expect(t.characters).toBe("Hi there");
    expect(() => t.setRangeFontName(0, 2, { family: "Inter", style: "Bold" })).toThrow('unloaded font "Inter Bold"');
    await figma.loadFontAsync({ family: "Inter", style: "Bold" });
    t.setRangeFontName(0, 2, { family: "Inter", style: "Bold" });
    expect(t.getRangeFontName(0, 2)).toEqual({ family: "Inter", style: "Bold" });
    expect(t.fontName).toBe(figma.mixed);
    expect(t.getRangeAllFontNames(0, 8)).toHaveLength(2);
  });

  it("requires every font of the node loaded for edits and rejects unknown fonts", async () => {
    const figma = createTestFigma();
    await expect(figma.loadFontAsync({ family: "Comic Sans MS", style: "Regular" })).rejects.toThrow("could not be loaded");
    expect((await figma.listAvailableFontsAsync()).some((f) => f.fontName.family === "Nunito" && f.fontName.style === "SemiBold")).toBe(true);
    const fonts = await figma.listAvailableFontsAsync();
    expect(fonts.some((f) => f.fontName.family === "Georgia")).toBe(true);
    expect(fonts.some((f) => f.fontName.family === "Open Sans" && f.fontName.style === "SemiBold")).toBe(true);
  });

  it("validates ranges and fields", async () => {
    const figma = createTestFigma();
    await figma.loadFontAsync({ family: "Inter", style: "Regular" });
    const t = figma.createText();
    t.characters = "abc";
    expect(() => t.setRangeFontSize(0, 4, 12)).toThrow("Range outside");
    expect(() => t.setRangeFontSize(2, 2, 12)).toThrow("Empty range");
    expect(() => (t.lineHeight = { unit: "PIXELS" } as unknown as LineHeight)).toThrow();
    t.lineHeight = { unit: "PERCENT", value: 150 };
    t.setRangeLineHeight(0, 1, { unit: "PIXELS", value: 20 });
    expect(t.getRangeLineHeight(0, 1)).toEqual({ unit: "PIXELS", value: 20 });
    expect(t.lineHeight).toBe(figma.mixed);
    t.setRangeFills(1, 3, [{ type: "SOLID", color: { r: 1, g: 0, b: 0 } }]);
    expect(t.getRangeFills(1, 3)).toEqual([{ type: "SOLID", color: { r: 1, g: 0, b: 0 } }]);
  });
});

describe("in-memory Figma: hyperlinks", () => {
  it("sets, reads and segments links only with the range's fonts loaded and a valid target", async () => {
    const figma = createTestFigma();
    await figma.loadFontAsync({ family: "Inter", style: "Regular" });
    const t = figma.createText();
    t.characters = "see docs";
    await figma.loadFontAsync({ family: "Inter", style: "Bold" });
    t.setRangeFontName(4, 8, { family: "Inter", style: "Bold" });
    expect(t.hyperlink).toBeNull();
    const link: HyperlinkTarget = { type: "URL", value: "https://example.com" };
    t.setRangeHyperlink(4, 8, link);
    expect(t.getRangeHyperlink(4, 8)).toEqual(link);
    expect(t.getRangeHyperlink(0, 4)).toBeNull();
    expect(t.getRangeHyperlink(3, 5)).toBe(figma.mixed);
    expect(t.hyperlink).toBe(figma.mixed);
    expect(t.getStyledTextSegments(["hyperlink"]).map((s) => [s.start, s.end, s.hyperlink])).toEqual([
      [0, 4, null],
      [4, 8, link],
    ]);
    expect(() => t.setRangeHyperlink(0, 9, link)).toThrow("Range outside");
    expect(() => t.setRangeHyperlink(0, 2, { type: "FILE", value: "x" } as unknown as HyperlinkTarget)).toThrow("Invalid enum");
    expect(() => t.setRangeHyperlink(0, 2, { type: "URL", url: "https://x" } as unknown as HyperlinkTarget)).toThrow("Unrecognized key(s)");
    expect(() => t.setRangeHyperlink(0, 2, { type: "URL" } as unknown as HyperlinkTarget)).toThrow("Required value missing");
    t.setRangeHyperlink(4, 8, null);
    expect(t.hyperlink).toBeNull();
    t.hyperlink = { type: "NODE", value: "1:2" };
    expect(t.getRangeHyperlink(0, 8)).toEqual({ type: "NODE", value: "1:2" });
  });

  it("refuses a link on characters whose font is not loaded, with Figma's message", async () => {
    const figma = createTestFigma();
    await figma.loadFontAsync({ family: "Inter", style: "Regular" });
    await figma.loadFontAsync({ family: "Inter", style: "Bold" });
    const t = figma.createText();
    t.characters = "ab";
    t.setRangeFontName(1, 2, { family: "Inter", style: "Bold" });
    testControls(figma).forgetLoadedFonts(); // the plugin runs again on this file
    const link: HyperlinkTarget = { type: "URL", value: "https://example.com" };
    expect(() => t.setRangeHyperlink(0, 1, link)).toThrow('Cannot write to node with unloaded font "Inter Regular"');
    expect(() => (t.hyperlink = link)).toThrow("unloaded font");
    await figma.loadFontAsync({ family: "Inter", style: "Regular" });
    t.setRangeHyperlink(0, 1, link);
    expect(() => t.setRangeHyperlink(0, 2, link)).toThrow('unloaded font "Inter Bold"');
    expect(t.getRangeHyperlink(0, 1)).toEqual(link);
  });
});

describe("in-memory Figma: images", () => {
  it("accepts PNG, JPEG and GIF and reads their size", async () => {
    const figma = createTestFigma();
    const png = figma.createImage(pngHeader(10, 20));
    expect(await png.getSizeAsync()).toEqual({ width: 10, height: 20 });
    expect(png.hash).toMatch(/^[0-9a-f]{40}$/);
    expect(await figma.createImage(jpegHeader(300, 200)).getSizeAsync()).toEqual({ width: 300, height: 200 });
    expect(await figma.createImage(gifHeader(7, 9)).getSizeAsync()).toEqual({ width: 7, height: 9 });
    expect(figma.getImageByHash(png.hash)).toBe(png);
    expect(await png.getBytesAsync()).toEqual(pngHeader(10, 20));
  });
  it("refuses WebP and images over 4096 px", () => {
    const figma = createTestFigma();
    expect(() => figma.createImage(webpHeader())).toThrow("Image type is unsupported");
    expect(() => figma.createImage(pngHeader(5000, 10))).toThrow("Image is too large");
    expect(() => figma.createImage(jpegHeader(100, 4097))).toThrow("Image is too large");
    expect(() => figma.createImage(pngHeader(4096, 4096))).not.toThrow();
  });
});

describe("in-memory Figma: paints, effects and geometry", () => {
  it("validates paints as Figma does", () => {
    const figma = createTestFigma();
    const r = figma.createRectangle();
    expect(() => (r.fills = [{ type: "SOLID", color: { r: 1, g: 0, b: 0, a: 0.5 } as RGB }])).toThrow("'a'");
    expect(() => (r.fills = [{ type: "SOLID", color: { r: 2, g: 0, b: 0 } }])).toThrow("<= 1");
    expect(() => (r.fills = [{ type: "GRADIENT_LINEAR", gradientTransform: [[1, 0, 0]] as unknown as Transform, gradientStops: [] }])).toThrow("2x3");
    expect(() => (r.fills = [{ type: "IMAGE", scaleMode: "FILL", imageHash: "deadbeef" }])).toThrow("does not exist");
    expect(() => (r.fills = [{ type: "IMAGE", scaleMode: "STRETCH" as "FILL", imageHash: null }])).toThrow("Invalid enum");
    r.fills = [{ type: "SOLID", color: { r: 1, g: 0, b: 0 }, opacity: 0.5 }];
    const fills = r.fills as readonly SolidPaint[];
    expect(() => {
      (fills[0] as { opacity: number }).opacity = 1;
    }).toThrow();
    expect(() => {
      (fills as SolidPaint[]).push({ type: "SOLID", color: { r: 0, g: 0, b: 0 } });
    }).toThrow();
  });
  it("requires every field of an effect", () => {
    const figma = createTestFigma();
    const r = figma.createRectangle();
    expect(() => (r.effects = [{ type: "DROP_SHADOW", color: { r: 0, g: 0, b: 0, a: 1 }, offset: { x: 0, y: 0 }, radius: 2 } as unknown as Effect])).toThrow("visible");
    expect(() => (r.effects = [{ type: "LAYER_BLUR", radius: 2, visible: true } as unknown as Effect])).toThrow("blurType");
    r.effects = [{ type: "LAYER_BLUR", blurType: "NORMAL", radius: 2, visible: true }];
    expect(r.effects).toHaveLength(1);
  });
  it("refuses sizes under 0.01 and computes absolute boxes from parents", () => {
    const figma = createTestFigma();
    const f = figma.createFrame();
    expect(() => f.resize(0, 10)).toThrow('"width" to have value >= 0.01');
    expect(() => f.resizeWithoutConstraints(10, 0.001)).toThrow("height");
    f.x = 100;
    f.y = 50;
    const r = figma.createRectangle();
    f.appendChild(r);
    r.x = 10;
    r.y = 20;
    r.resize(30, 40);
    expect(r.absoluteBoundingBox).toEqual({ x: 110, y: 70, width: 30, height: 40 });
    r.rotation = 90;
    const bb = r.absoluteBoundingBox as Rect;
    expect(bb.x).toBeCloseTo(110);
    expect(bb.y).toBeCloseTo(40);
    expect(bb.width).toBeCloseTo(40);
    expect(bb.height).toBeCloseTo(30);
  });
  it("keeps group children's coordinates in the containing frame", () => {
    const figma = createTestFigma();
    const f = figma.createFrame();
    f.x = 100;
    const a = figma.createRectangle();
    const b = figma.createRectangle();
    f.appendChild(a);
    f.appendChild(b);
    a.x = 10;
    b.x = 50;
    b.y = 30;
    const g = figma.group([a, b], f);
    expect(g.x).toBe(10);
    expect(g.width).toBe(140);
    expect(a.absoluteBoundingBox?.x).toBe(110);
    g.x = 20;
    expect(a.x).toBe(20);
    expect(() => figma.group([], f)).toThrow();
    a.remove();
    b.remove();
    expect(g.removed).toBe(true);
    const c = figma.createRectangle();
    const d = figma.createRectangle();
    const g2 = figma.group([c, d], figma.currentPage);
    g2.remove();
    expect([g2.removed, c.removed, d.removed]).toEqual([true, true, true]);
    expect(figma.currentPage.children).not.toContain(g2);
  });
  it("lays out auto-layout children, overriding their positions", () => {
    const figma = createTestFigma();
    const f = figma.createFrame();
    f.resize(300, 100);
    const kids = [0, 1, 2].map(() => {
      const r = figma.createRectangle();
      r.resize(50, 20);
      f.appendChild(r);
      r.x = 200;
      return r;
    });
    f.primaryAxisSizingMode = "FIXED";
    f.paddingLeft = 10;
    f.itemSpacing = 5;
    f.counterAxisAlignItems = "CENTER";
    f.layoutMode = "HORIZONTAL";
    expect(kids.map((k) => k.x)).toEqual([10, 65, 120]);
    expect(kids[0]?.y).toBe(40);
    kids[1]!.x = 0; // ignored: auto layout places it
    expect(kids[1]?.x).toBe(65);
    kids[2]!.layoutPositioning = "ABSOLUTE";
    kids[2]!.x = 250;
    expect(kids[2]?.x).toBe(250);
    expect(f.width).toBe(300);
    const plain = figma.createFrame();
    const r = figma.createRectangle();
    plain.appendChild(r);
    expect(() => (r.layoutPositioning = "ABSOLUTE")).toThrow("layoutMode");
  });
  it("hugs content when the primary axis sizing is AUTO (the default)", () => {
    const figma = createTestFigma();
    const f = figma.createFrame();
    f.resize(300, 100);
    const r = figma.createRectangle();
    r.resize(50, 20);
    f.appendChild(r);
    f.layoutMode = "VERTICAL";
    expect(f.height).toBe(20);
  });
  it("wraps rows and aligns them as a block by counterAxisAlignItems, as Figma documents", () => {
    // Rows 30 and 10 tall, 5 apart: 45 of 100, so the block starts at 27.5 (centered), and
    // each child is centered in its row.
    const figma = createTestFigma();
    const f = figma.createFrame();
    f.resize(200, 100);
    const kids = [20, 30, 10].map((h) => {
      const r = figma.createRectangle();
      r.resize(90, h);
      f.appendChild(r);
      return r;
    });
    f.primaryAxisSizingMode = "FIXED";
    f.counterAxisSizingMode = "FIXED";
    f.itemSpacing = 10;
    f.counterAxisAlignItems = "CENTER";
    f.layoutMode = "HORIZONTAL";
    f.layoutWrap = "WRAP";
    f.counterAxisSpacing = 5;
    expect(kids.map((k) => [k.x, k.y])).toEqual([[0, 32.5], [100, 27.5], [0, 62.5]]);
  });
  it("keeps a locked node's proportions when auto layout or constraints resize it, not when resized by hand", () => {
    // The plugin API's own example: a 2:3 image filling a row 500 wide is 750 tall.
    const figma = createTestFigma();
    const row = figma.createFrame();
    const image = figma.createRectangle();
    image.resize(200, 300);
    row.appendChild(image);
    image.lockAspectRatio();
    expect(image.targetAspectRatio).toEqual({ x: 200, y: 300 });
    row.layoutMode = "HORIZONTAL";
    image.layoutGrow = 1;
    row.primaryAxisSizingMode = "FIXED";
    row.resize(500, 1000);
    expect([image.width, image.height]).toEqual([500, 750]);
    // By hand: the new proportions, and the lock follows them.
    image.resize(100, 100);
    expect(image.targetAspectRatio).toEqual({ x: 100, y: 100 });
    // Constraints: a stretched child of a plain frame keeps its proportions too.
    const plain = figma.createFrame();
    plain.resize(400, 400);
    const chart = figma.createRectangle();
    chart.resize(400, 100);
    plain.appendChild(chart);
    chart.constraints = { horizontal: "STRETCH", vertical: "MIN" };
    chart.lockAspectRatio();
    plain.resize(200, 400);
    expect([chart.width, chart.height]).toEqual([200, 50]);
    chart.unlockAspectRatio();
    expect(chart.targetAspectRatio).toBeNull();
  });
  it("keeps a stretched child within its maxWidth, aligned by the frame; refuses minWidth outside auto layout", () => {
    const figma = createTestFigma();
    const stack = figma.createFrame();
    stack.resize(300, 50);
    const box = figma.createRectangle();
    box.resize(100, 50);
    stack.appendChild(box);
    expect(() => (box.maxWidth = 100)).toThrow("auto-layout");
    stack.layoutMode = "VERTICAL";
    stack.counterAxisSizingMode = "FIXED";
    stack.counterAxisAlignItems = "CENTER";
    box.layoutAlign = "STRETCH";
    box.maxWidth = 100;
    expect([box.x, box.width]).toEqual([100, 100]);
    stack.resize(80, 50);
    expect([box.x, box.width]).toEqual([0, 80]);
    box.maxWidth = null;
    stack.resize(300, 50);
    expect(box.width).toBe(300);
  });
  it("follows 1.142: vertical frames wrap into columns, SPACE_EVENLY and SPACE_AROUND share the free space", () => {
    const figma = createTestFigma();
    const f = figma.createFrame();
    f.resize(200, 100);
    const kids = [40, 40, 40].map((h) => {
      const r = figma.createRectangle();
      r.resize(50, h);
      f.appendChild(r);
      return r;
    });
    f.layoutMode = "VERTICAL";
    f.primaryAxisSizingMode = "FIXED";
    f.counterAxisSizingMode = "FIXED";
    f.resize(200, 100);
    f.layoutWrap = "WRAP";
    f.counterAxisSpacing = 10;
    expect(kids.map((k) => [k.x, k.y])).toEqual([[0, 0], [0, 40], [60, 0]]);
    f.layoutWrap = "NO_WRAP";
    f.resize(200, 180);
    f.primaryAxisAlignItems = "SPACE_EVENLY"; // 60 free in 4 shares
    expect(kids.map((k) => k.y)).toEqual([15, 70, 125]);
    f.primaryAxisAlignItems = "SPACE_AROUND"; // 60 free in 3 shares, half at each end
    expect(kids.map((k) => k.y)).toEqual([10, 70, 130]);
  });
});

describe("in-memory Figma: svg, nodes and app APIs", () => {
  it("enforces Figma's storage limits: 100 kB a plugin data entry, 5 MB of clientStorage", async () => {
    const figma = createTestFigma();
    const f = figma.createFrame();
    f.setPluginData("k", "x".repeat(100_000));
    expect(() => f.setPluginData("k", "x".repeat(102_400))).toThrow("cannot exceed 100 kB");
    expect(() => figma.root.setPluginData("k", "é".repeat(60_000))).toThrow("cannot exceed 100 kB"); // bytes, not characters
    await figma.clientStorage.setAsync("a", "x".repeat(3_000_000));
    await figma.clientStorage.setAsync("a", "x".repeat(3_000_000)); // replaces itself: still 3 MB
    await expect(figma.clientStorage.setAsync("b", "x".repeat(2_300_000))).rejects.toThrow("quota");
    expect(await figma.clientStorage.getAsync("b")).toBeUndefined();
  });
  it("creates frames of vectors from svg and exports the markup back", async () => {
    const figma = createTestFigma();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="16"><path d="M0 0L24 16" fill="#ff0000"/><circle cx="5" cy="5" r="3"/></svg>';
    const f = figma.createNodeFromSvg(svg);
    expect(f.type).toBe("FRAME");
    expect([f.width, f.height]).toEqual([24, 16]);
    expect(f.children.map((c) => c.type)).toEqual(["VECTOR", "VECTOR"]);
    expect(await f.exportAsync({ format: "SVG_STRING" })).toBe(svg);
    expect(() => figma.createNodeFromSvg("<div></div>")).toThrow("createNodeFromSvg");
    expect(() => figma.createNodeFromSvg("<svg><path></svg>")).toThrow();
  });
  it("finds nodes by id, and records notify/ui/storage", async () => {
    const figma = createTestFigma({ fileKey: "abc" });
    expect(figma.fileKey).toBe("abc");
    expect(createTestFigma().fileKey).toBeUndefined();
    const r = figma.createRectangle();
    expect(await figma.getNodeByIdAsync(r.id)).toBe(r);
    r.remove();
    expect(await figma.getNodeByIdAsync(r.id)).toBeNull();
    const t = testControls(figma);
    figma.notify("hello", { timeout: 1000 });
    expect(t.notifications[0]?.message).toBe("hello");
    figma.showUI("<p>", { width: 300 });
    figma.ui.postMessage({ a: 1 });
    expect(t.uiMessages).toEqual([{ a: 1 }]);
    const got: unknown[] = [];
    figma.ui.onmessage = (m) => got.push(m);
    t.sendToPlugin({ b: 2 });
    expect(got).toEqual([{ b: 2 }]);
    const value = { nested: [1, 2] };
    await figma.clientStorage.setAsync("k", value);
    value.nested.push(3);
    expect(await figma.clientStorage.getAsync("k")).toEqual({ nested: [1, 2] });
    expect(await figma.clientStorage.keysAsync()).toEqual(["k"]);
    await figma.clientStorage.deleteAsync("k");
    expect(await figma.clientStorage.getAsync("k")).toBeUndefined();
    figma.root.setPluginData("x", "1");
    expect(figma.root.getPluginData("x")).toBe("1");
    expect(figma.root.getPluginData("missing")).toBe("");
    let closed = 0;
    figma.on("close", () => closed++);
    figma.closePlugin("bye");
    expect(closed).toBe(1);
    expect(t.closed).toEqual({ message: "bye" });
    const f = figma.createFrame();
    figma.currentPage.selection = [f];
    figma.viewport.scrollAndZoomIntoView([f]);
    expect(t.viewportCalls).toHaveLength(1);
    expect(figma.currentPage.children).toContain(f);
    figma.openExternal("https://example.com");
    expect(t.openedUrls).toEqual(["https://example.com"]);
  });
});

describe("documentAccess: dynamic-page", () => {
  it("the currentPage setter and the sync getNodeById throw; setCurrentPageAsync and getNodeByIdAsync work", async () => {
    const figma = createTestFigma();
    const other = figma.createPage();
    expect(() => {
      // eslint-disable-next-line @figma/figma-plugins/ban-deprecated-sync-prop-setters -- the test checks that it throws
      figma.currentPage = other;
    }).toThrow(/setCurrentPageAsync/);
    const rect = figma.createRectangle();
    // eslint-disable-next-line @figma/figma-plugins/ban-deprecated-sync-methods -- the test checks that it throws
    expect(() => figma.getNodeById(rect.id)).toThrow(/getNodeByIdAsync/);
    expect(await figma.getNodeByIdAsync(rect.id)).toBe(rect);
    await figma.setCurrentPageAsync(other);
    expect(figma.currentPage).toBe(other);
  });

  it("a page that is not loaded refuses its children until loadAsync() resolved", async () => {
    const figma = createTestFigma();
    expect(figma.currentPage.children).toEqual([]); // the starting page is loaded
    const made = figma.createPage();
    expect(made.children).toEqual([]); // a page the plugin made is loaded
    const withPages = createTestFigma({ extraPages: ["Archive"] });
    const unloaded = withPages.root.children.find((p) => p.name === "Archive")!;
    expect(withPages.currentPage).not.toBe(unloaded);
    expect(() => unloaded.children).toThrow(/loadAsync/);
    expect(() => unloaded.findAll()).toThrow(/loadAsync/);
    await unloaded.loadAsync();
    expect(unloaded.children).toEqual([]);
    const again = createTestFigma({ extraPages: ["Archive"] });
    const archive = again.root.children.find((p) => p.name === "Archive")!;
    await again.setCurrentPageAsync(archive); // switching to a page loads it
    expect(archive.children).toEqual([]);
  });
});
