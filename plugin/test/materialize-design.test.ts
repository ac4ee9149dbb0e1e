/**
 * Design tokens and components as the materializer places them: found again by name on a second
 * import, never rebound to a value a designer changed, instances only where they are the member
 * exactly, the mains cleaned up with a failed import, and a result version the plugin does not
 * know refused.
 */
import { describe, expect, it } from "vitest";
import { materialize, readBack, type FullResult, type ResultNode } from "../src/materialize";
import type { RestComponent } from "../src/materialize/types";
import { createTestFigma } from "./figma";
import { loadFixture } from "./results";

const BLUE = { r: 0.1, g: 0.2, b: 0.9, a: 1 };

function box(x: number, y: number, width: number, height: number): ResultNode["absoluteBoundingBox"] {
  return { x, y, width, height };
}

/** A page of two cards: one main component ("Card", a badge pinned right) and two instances. */
function cards(secondBadgeAt = 170): FullResult {
  const badge = (id: string, x: number): ResultNode => ({
    id,
    name: "Badge",
    type: "RECTANGLE",
    absoluteBoundingBox: box(x, 10, 20, 20),
    fills: [{ type: "SOLID", blendMode: "NORMAL", color: BLUE, boundVariables: { color: { type: "VARIABLE_ALIAS", id: "VariableID:1:1" } } }],
    constraints: { horizontal: "RIGHT", vertical: "TOP" },
  });
  const main: RestComponent = {
    id: "1:10",
    name: "Card",
    description: "",
    componentPropertyDefinitions: {},
    node: { id: "1:10", name: "Card", type: "COMPONENT", absoluteBoundingBox: box(0, 0, 200, 100), clipsContent: false, fills: [], children: [badge("1:11", 170)] },
  };
  const instance = (id: string, x: number, width: number, badgeX: number): ResultNode => ({
    id,
    name: "Card",
    type: "INSTANCE",
    componentId: "1:10",
    absoluteBoundingBox: box(x, 0, width, 100),
    clipsContent: false,
    fills: [],
    children: [badge(`I${id};1:11`, badgeX)],
    overrides: [],
  });
  const page: ResultNode = {
    id: "1:1",
    name: "Page",
    type: "FRAME",
    absoluteBoundingBox: box(0, 0, 600, 100),
    clipsContent: true,
    fills: [],
    children: [instance("1:2", 0, 200, 170), instance("1:3", 300, 250, 300 + secondBadgeAt + 50)],
  };
  return {
    code2desId: "c",
    warningCount: 0,
    images: {},
    document: {
      version: 2,
      document: page,
      images: {},
      fonts: { used: [], fallbacks: {} },
      warnings: [],
      variableCollections: { "VariableCollectionId:1": { id: "VariableCollectionId:1", name: "example.com", modes: [{ modeId: "1:0", name: "Default" }], defaultModeId: "1:0", variableIds: ["VariableID:1:1"] } },
      variables: {
        "VariableID:1:1": { id: "VariableID:1:1", name: "color/brand", resolvedType: "COLOR", valuesByMode: { "1:0": BLUE }, variableCollectionId: "VariableCollectionId:1", scopes: ["SHAPE_FILL"], codeSyntax: { WEB: "var(--brand)" } },
      },
      styles: {},
      components: { "1:10": main },
    },
  };
}

describe("design tokens in the file", () => {
  it("a second import of the site reuses its collection, variables and styles, and adds its mains to the same section", async () => {
    const figma = createTestFigma();
    const result = loadFixture("landing.json");
    const first = await materialize(figma, result, { parent: figma.currentPage, x: 0, y: 0 });
    const counts = async () => [
      (await figma.variables.getLocalVariableCollectionsAsync()).length,
      (await figma.variables.getLocalVariablesAsync()).length,
      (await figma.getLocalTextStylesAsync()).length,
      (await figma.getLocalEffectStylesAsync()).length,
    ];
    const after = await counts();
    expect(after[0]).toBe(1);
    expect(after[1]).toBe(Object.keys(result.document.variables ?? {}).length);
    await materialize(figma, result, { parent: figma.currentPage, x: 2000, y: 0 });
    expect(await counts()).toEqual(after);
    const sections = figma.currentPage.children.filter((n) => n.type === "SECTION");
    expect(sections).toHaveLength(1);
    const section = sections[0] as SectionNode;
    expect(section.children).toHaveLength(2 * first.components.length);
    // Left of every design, covering none.
    for (const n of figma.currentPage.children) if (n !== section) expect(section.x + section.width).toBeLessThan(n.x);
  });

  it("does not bind to a variable a designer changed: a second variable keeps the page as it was", async () => {
    const figma = createTestFigma();
    const collection = figma.variables.createVariableCollection("example.com");
    const changed = figma.variables.createVariable("color/brand", collection, "COLOR");
    changed.setValueForMode(collection.defaultModeId, { r: 1, g: 0, b: 0, a: 1 });
    const m = await materialize(figma, cards(), { parent: figma.currentPage, x: 0, y: 0 });
    const variables = await figma.variables.getLocalVariablesAsync();
    expect(variables.map((v) => v.name).sort()).toEqual(["color/brand", "color/brand 2"]);
    const made = variables.find((v) => v.name === "color/brand 2");
    expect(made?.codeSyntax).toEqual({ WEB: "var(--brand)" });
    expect(made?.scopes).toEqual(["SHAPE_FILL"]);
    const badge = m.nodes.get("1:11") as RectangleNode;
    expect((badge.fills as SolidPaint[])[0]).toMatchObject({ color: { r: Math.fround(BLUE.r), g: Math.fround(BLUE.g), b: Math.fround(BLUE.b) }, boundVariables: { color: { id: made?.id } } });
  });
});

describe("components", () => {
  it("places instances sized from their boxes, their layers following the main's constraints", async () => {
    const figma = createTestFigma();
    const m = await materialize(figma, cards(), { parent: figma.currentPage, x: 0, y: 0 });
    expect(m.warnings).toEqual([]);
    const [a, b] = m.root.children as InstanceNode[];
    expect([a?.type, b?.type]).toEqual(["INSTANCE", "INSTANCE"]);
    expect(b?.width).toBe(250);
    expect(m.nodes.get("I1:3;1:11")?.absoluteBoundingBox).toEqual(box(520, 10, 20, 20));
    const back = await readBack(m.root, figma);
    expect(back.document.children?.map((c) => [c.type, c.componentId])).toEqual([
      ["INSTANCE", "1:10"],
      ["INSTANCE", "1:10"],
    ]);
    expect(back.document.children?.[1]?.children?.[0]?.id).toBe("I1:3;1:11");
  });

  it("places a member the main cannot be as a plain frame, with a warning", async () => {
    const figma = createTestFigma();
    // The second card's badge is not where the constraint (pinned right) would put it.
    const m = await materialize(figma, cards(100), { parent: figma.currentPage, x: 0, y: 0 });
    const [a, b] = m.root.children;
    expect([a?.type, b?.type]).toEqual(["INSTANCE", "FRAME"]);
    expect(m.warnings.some((w) => w.startsWith(`"Card" placed as a plain frame: an instance of "Card" would move "Badge"`))).toBe(true);
    expect(m.nodes.get("I1:3;1:11")?.absoluteBoundingBox).toEqual(box(450, 10, 20, 20));
  });

  it("removes its mains and a new section with the root when the import fails", async () => {
    const figma = createTestFigma();
    const onProgress = (done: number, total: number): void => {
      if (done < total) throw new Error("stopped");
    };
    await expect(materialize(figma, cards(), { parent: figma.currentPage, x: 0, y: 0, chunkSize: 1, onProgress })).rejects.toThrow("stopped");
    expect(figma.currentPage.children).toHaveLength(0);
  });

  it("refuses a result version it does not know, saying so", async () => {
    const figma = createTestFigma();
    const result = cards();
    result.document.version = 4;
    await expect(materialize(figma, result, { parent: figma.currentPage, x: 0, y: 0 })).rejects.toThrow("format version 4, which this plugin does not know");
  });
});
