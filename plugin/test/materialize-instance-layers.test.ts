/**
 * Instances whose members differ from their main in how a layer is sized or painted:
 * - a code block the page holds at its column's width around a line wider than it, where the
 *   main (a shorter line) hugs: the instance stays at the member's width (it grew with the text);
 * - a card whose shadow makes the plugin paint it on a background layer of its own, with the
 *   member's other fill: the instance's background layer takes it (it was placed as a plain frame);
 * - a control whose first child is an SVG (a result layer, not a layer carrying paint) with the
 *   member's other fill: an instance too.
 */
import { describe, expect, it } from "vitest";
import { materialize, readBack, type FullResult, type ResultNode } from "../src/materialize";
import type { RestComponent, RestPaint, TypeStyle } from "../src/materialize/types";
import { createTestFigma } from "./figma";

const STYLE: TypeStyle = { fontFamily: "Inter", fontStyle: "Regular", fontWeight: 400, fontSize: 14, lineHeightPx: 18, lineHeightUnit: "PIXELS", textAutoResize: "WIDTH_AND_HEIGHT", textAlignHorizontal: "LEFT", textAlignVertical: "TOP" };
const solid = (r: number): RestPaint => ({ type: "SOLID", blendMode: "NORMAL", color: { r, g: 0.5, b: 0.5, a: 1 } });
const SHADOW = { type: "DROP_SHADOW" as const, visible: true, radius: 4, color: { r: 0, g: 0, b: 0, a: 0.2 }, offset: { x: 0, y: 1 }, blendMode: "NORMAL" as const };

function text(id: string, x: number, width: number, characters: string): ResultNode {
  return { id, name: "Code", type: "TEXT", absoluteBoundingBox: { x, y: 8, width, height: 18 }, characters, style: STYLE, fills: [solid(0)], componentPropertyReferences: { characters: "Code#1" } };
}

/** A block: VERTICAL, hugging unless `fixed`, 8 px padding, with one child. */
function block(id: string, type: ResultNode["type"], x: number, child: ResultNode, extra: Partial<ResultNode> = {}): ResultNode {
  return {
    id,
    name: "Block",
    type,
    absoluteBoundingBox: { x, y: 0, width: 200, height: 34 },
    fills: [solid(1)],
    layoutMode: "VERTICAL",
    primaryAxisSizingMode: "AUTO",
    counterAxisSizingMode: "AUTO",
    paddingTop: 8,
    paddingBottom: 8,
    paddingLeft: 8,
    paddingRight: 8,
    clipsContent: true,
    children: [child],
    ...extra,
  };
}

/** The page: `member`, an instance of `main`, whose text properties default to `defaults`. */
function page(main: ResultNode, member: ResultNode, defaults: Record<string, string>): FullResult {
  const def: RestComponent = {
    id: main.id,
    name: "Block",
    description: "",
    componentPropertyDefinitions: Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, { type: "TEXT" as const, defaultValue: v }])),
    node: main,
  };
  const root: ResultNode = { id: "1:1", name: "Page", type: "FRAME", absoluteBoundingBox: { x: 0, y: 0, width: 800, height: 100 }, fills: [], children: [member] };
  return {
    code2desId: "c",
    warningCount: 0,
    images: {},
    document: { version: 2, document: root, images: {}, fonts: { used: ["Inter"], fallbacks: {} }, warnings: [], variableCollections: {}, variables: {}, styles: {}, components: { [main.id]: def } },
  };
}

/** The width Figma gives the text in STYLE (the in-memory Figma measures with the font file). */
async function measured(characters: string): Promise<number> {
  const figma = createTestFigma();
  await figma.loadFontAsync({ family: "Inter", style: "Regular" });
  const t = figma.createText();
  t.fontSize = 14;
  t.characters = characters;
  return t.width;
}

async function place(result: FullResult): Promise<{ back: ResultNode; warnings: string[] }> {
  const figma = createTestFigma();
  const m = await materialize(figma, result, { parent: figma.currentPage, x: 0, y: 0 });
  const back = (await readBack(m.root, figma)).document.children?.[0] as ResultNode;
  return { back, warnings: m.warnings };
}

describe("an instance held at its member's width", () => {
  it("does not grow with a line wider than the main's", async () => {
    const [short, long] = [await measured("$ make"), await measured("$ a command line far wider than its block")];
    const width = short + 16;
    const mainText = text("1:11", 408, short, "$ make");
    const main = { ...block("1:10", "COMPONENT", 400, mainText), absoluteBoundingBox: { x: 400, y: 0, width, height: 34 } };
    const wide = { ...text("I1:2;1:11", 8, long, "$ a command line far wider than its block"), componentPropertyReferences: undefined };
    const member = block("1:2", "INSTANCE", 0, wide, { componentId: "1:10", counterAxisSizingMode: "FIXED", componentProperties: { "Code#1": { type: "TEXT", value: wide.characters ?? "" } }, overrides: [] });
    member.absoluteBoundingBox = { x: 0, y: 0, width, height: 34 };
    const result = page(main, member, { "Code#1": "$ make" });
    const { back, warnings } = await place(result);
    expect(warnings.filter((w) => w.includes("plain frame"))).toEqual([]);
    expect(back.type).toBe("INSTANCE");
    expect(back.absoluteBoundingBox.width).toBeCloseTo(width, 1);
    expect(back.counterAxisSizingMode).toBe("FIXED");
  });
});

describe("an instance whose main paints on a background layer", () => {
  it("takes the member's fill on the instance's background layer", async () => {
    const label = (id: string, x: number): ResultNode => ({ ...text(id, x, 40, "Card"), componentPropertyReferences: undefined });
    const main = block("1:10", "COMPONENT", 400, label("1:11", 408), { clipsContent: false, effects: [SHADOW] });
    const member = block("1:2", "INSTANCE", 0, label("I1:2;1:11", 8), {
      clipsContent: false,
      effects: [SHADOW],
      fills: [solid(0.2)],
      componentId: "1:10",
      overrides: [{ id: "1:2", overriddenFields: ["fills"] }],
    });
    const { back, warnings } = await place(page(main, member, {}));
    expect(warnings.filter((w) => w.includes("plain frame"))).toEqual([]);
    expect(back.type).toBe("INSTANCE");
    expect(back.fills?.[0]?.color?.r).toBeCloseTo(0.2, 3);
  });
});

describe("an instance whose first layer is an SVG", () => {
  it("takes the member's fill on the frame itself", async () => {
    const icon = (id: string, x: number): ResultNode => ({
      id,
      name: "Check",
      type: "VECTOR",
      absoluteBoundingBox: { x, y: 8, width: 18, height: 18 },
      fills: [],
      pageport: { svg: '<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18"><path d="M2 9l5 5 9-9" stroke="#000" fill="none"/></svg>' },
    });
    const main = block("1:10", "COMPONENT", 400, icon("1:11", 408));
    const member = block("1:2", "INSTANCE", 0, icon("I1:2;1:11", 8), { fills: [solid(0.3)], componentId: "1:10", overrides: [{ id: "1:2", overriddenFields: ["fills"] }] });
    const { back, warnings } = await place(page(main, member, {}));
    expect(warnings.filter((w) => w.includes("plain frame"))).toEqual([]);
    expect(back.type).toBe("INSTANCE");
    expect(back.fills?.[0]?.color?.r).toBeCloseTo(0.3, 3);
  });
});
