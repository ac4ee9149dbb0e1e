/**
 * Instances are their members exactly:
 * - one whose text property holds its main's own text keeps the main's style runs (setting a text
 *   property rewrites the layer's characters in the first character's style, so the materializer
 *   sets only the values that differ: a stat card's "10 %" keeps its small "%"), and one with text
 *   of its own gets the member's runs again ("2 nd Place" keeps its small "nd");
 * - one whose padding the page sets otherwise than the main's, bound to another spacing variable,
 *   has that padding and that binding (not the main's).
 */
import { describe, expect, it } from "vitest";
import { materialize, readBack, type FullResult, type ResultNode } from "../src/materialize";
import type { RestComponent, TypeStyle } from "../src/materialize/types";
import { createTestFigma } from "./figma";

const STYLE: TypeStyle = { fontFamily: "Inter", fontStyle: "Bold", fontWeight: 700, fontSize: 16, lineHeightPx: 20, lineHeightUnit: "PIXELS", textAutoResize: "WIDTH_AND_HEIGHT", textAlignHorizontal: "LEFT", textAlignVertical: "TOP" };

function label(id: string, x: number): ResultNode {
  return {
    id,
    name: "Value",
    type: "TEXT",
    absoluteBoundingBox: { x, y: 0, width: 40, height: 20 },
    characters: "10 %",
    style: STYLE,
    characterStyleOverrides: [0, 0, 0, 1],
    styleOverrideTable: { "1": { fontSize: 12, fontStyle: "Regular", fontWeight: 400 } },
    fills: [{ type: "SOLID", blendMode: "NORMAL", color: { r: 0, g: 0, b: 0, a: 1 } }],
    componentPropertyReferences: { characters: "Text#1" },
  };
}

function page(): FullResult {
  const main: RestComponent = {
    id: "1:10",
    name: "Stat",
    description: "",
    componentPropertyDefinitions: { "Text#1": { type: "TEXT", defaultValue: "10 %" } },
    node: { id: "1:10", name: "Stat", type: "COMPONENT", absoluteBoundingBox: { x: 0, y: 0, width: 40, height: 20 }, fills: [], children: [label("1:11", 0)] },
  };
  const instance: ResultNode = {
    id: "1:2",
    name: "Stat",
    type: "INSTANCE",
    componentId: "1:10",
    absoluteBoundingBox: { x: 0, y: 0, width: 40, height: 20 },
    fills: [],
    children: [{ ...label("I1:2;1:11", 0), componentPropertyReferences: undefined }],
    componentProperties: { "Text#1": { type: "TEXT", value: "10 %" } },
    overrides: [],
  };
  const root: ResultNode = { id: "1:1", name: "Page", type: "FRAME", absoluteBoundingBox: { x: 0, y: 0, width: 100, height: 20 }, fills: [], children: [instance] };
  return {
    code2desId: "c",
    warningCount: 0,
    images: {},
    document: { version: 2, document: root, images: {}, fonts: { used: ["Inter"], fallbacks: {} }, warnings: [], variableCollections: {}, variables: {}, styles: {}, components: { "1:10": main } },
  };
}

describe("instance text", () => {
  it("keeps the main's style runs when its text property holds the main's text", async () => {
    const figma = createTestFigma();
    const m = await materialize(figma, page(), { parent: figma.currentPage, x: 0, y: 0 });
    const back = await readBack(m.root, figma);
    const text = back.document.children?.[0]?.children?.[0];
    expect(back.document.children?.[0]?.type).toBe("INSTANCE");
    expect(text?.characters).toBe("10 %");
    const sizes = [...(text?.characters ?? "")].map((_, i) => {
      const id = text?.characterStyleOverrides?.[i] ?? 0;
      return (id ? text?.styleOverrideTable?.[String(id)]?.fontSize : undefined) ?? text?.style?.fontSize;
    });
    expect(sizes).toEqual([16, 16, 16, 12]);
  });
});

describe("instance text of its own", () => {
  it("keeps the member's style runs when its text property sets other text", async () => {
    const figma = createTestFigma();
    const result = page();
    const instance = result.document.document.children?.[0] as ResultNode;
    instance.componentProperties = { "Text#1": { type: "TEXT", value: "20 %" } };
    (instance.children?.[0] as ResultNode).characters = "20 %";
    const m = await materialize(figma, result, { parent: figma.currentPage, x: 0, y: 0 });
    const back = await readBack(m.root, figma);
    const text = back.document.children?.[0]?.children?.[0];
    expect(text?.characters).toBe("20 %");
    const sizes = [...(text?.characters ?? "")].map((_, i) => {
      const id = text?.characterStyleOverrides?.[i] ?? 0;
      return (id ? text?.styleOverrideTable?.[String(id)]?.fontSize : undefined) ?? text?.style?.fontSize;
    });
    expect(sizes).toEqual([16, 16, 16, 12]);
  });
});

describe("instance spacing", () => {
  it("takes the member's padding and its variable where they differ from the main's", async () => {
    const figma = createTestFigma();
    const result = page();
    const doc = result.document;
    const alias = (id: string) => ({ type: "VARIABLE_ALIAS" as const, id });
    doc.variableCollections = { C: { id: "C", name: "site", modes: [{ modeId: "m", name: "Default" }], defaultModeId: "m", variableIds: ["V:12", "V:12_5"] } };
    const spacing = (id: string, name: string, value: number) => ({ id, name, resolvedType: "FLOAT" as const, valuesByMode: { m: value }, variableCollectionId: "C", scopes: ["GAP" as const], codeSyntax: {} });
    doc.variables = { "V:12": spacing("V:12", "spacing/12", 12), "V:12_5": spacing("V:12_5", "spacing/12_5", 12.5) };
    const frame = (n: ResultNode, bottom: number, variable: string): void => {
      Object.assign(n, { layoutMode: "VERTICAL", primaryAxisSizingMode: "FIXED", counterAxisSizingMode: "FIXED", paddingTop: 0, paddingBottom: bottom, boundVariables: { paddingBottom: alias(variable) } });
    };
    const main = doc.components?.["1:10"]?.node as ResultNode;
    frame(main, 12.5, "V:12_5");
    const instance = doc.document.children?.[0] as ResultNode;
    frame(instance, 12, "V:12");
    instance.overrides = [{ id: "1:2", overriddenFields: ["boundVariables"] }];
    const m = await materialize(figma, result, { parent: figma.currentPage, x: 0, y: 0 });
    const placed = m.root.children[0] as InstanceNode;
    expect(placed.type).toBe("INSTANCE");
    expect(placed.paddingBottom).toBe(12);
    expect(placed.boundVariables?.paddingBottom?.id).toBe((await figma.variables.getLocalVariablesAsync()).find((v) => v.name === "spacing/12")?.id);
  });
});

describe("instance corners", () => {
  it("squares the corners of an instance of a rounded main, and drops the main's radius binding", async () => {
    const figma = createTestFigma();
    const result = page();
    const doc = result.document;
    doc.variableCollections = { C: { id: "C", name: "site", modes: [{ modeId: "m", name: "Default" }], defaultModeId: "m", variableIds: ["V:r"] } };
    doc.variables = { "V:r": { id: "V:r", name: "radius/4", resolvedType: "FLOAT", valuesByMode: { m: 4 }, variableCollectionId: "C", scopes: ["CORNER_RADIUS"], codeSyntax: {} } };
    const main = doc.components?.["1:10"]?.node as ResultNode;
    main.rectangleCornerRadii = [4, 0, 0, 4];
    main.boundVariables = { topLeftRadius: { type: "VARIABLE_ALIAS", id: "V:r" }, bottomLeftRadius: { type: "VARIABLE_ALIAS", id: "V:r" } };
    const instance = doc.document.children?.[0] as ResultNode;
    instance.overrides = [{ id: "1:2", overriddenFields: ["rectangleCornerRadii", "boundVariables"] }];
    const m = await materialize(figma, result, { parent: figma.currentPage, x: 0, y: 0 });
    const placed = m.root.children[0] as InstanceNode;
    expect(placed.type).toBe("INSTANCE");
    expect([placed.topLeftRadius, placed.topRightRadius, placed.bottomRightRadius, placed.bottomLeftRadius]).toEqual([0, 0, 0, 0]);
    expect(placed.boundVariables?.topLeftRadius).toBeUndefined();
  });
});

describe("instance strokes and shadows", () => {
  it("takes the member's per-side stroke weights and drops the main's shadow where the member has none", async () => {
    const figma = createTestFigma();
    const result = page();
    const main = result.document.components?.["1:10"]?.node as ResultNode;
    const grey = { type: "SOLID" as const, blendMode: "NORMAL" as const, color: { r: 0.5, g: 0.5, b: 0.5, a: 1 } };
    Object.assign(main, {
      strokes: [grey],
      strokeAlign: "INSIDE",
      individualStrokeWeights: { top: 1, right: 1, bottom: 1, left: 0 },
      effects: [{ type: "DROP_SHADOW", visible: true, blendMode: "NORMAL", color: { r: 0, g: 0, b: 0, a: 0.25 }, offset: { x: 0, y: 2 }, radius: 4, spread: 0 }],
    });
    const instance = result.document.document.children?.[0] as ResultNode;
    Object.assign(instance, { strokes: [grey], strokeAlign: "INSIDE", individualStrokeWeights: { top: 1, right: 0, bottom: 1, left: 0 }, effects: [] });
    instance.overrides = [{ id: "1:2", overriddenFields: ["individualStrokeWeights", "effects"] }];
    const m = await materialize(figma, result, { parent: figma.currentPage, x: 0, y: 0 });
    const placed = m.root.children[0] as InstanceNode;
    expect(placed.type).toBe("INSTANCE");
    expect([placed.strokeTopWeight, placed.strokeRightWeight, placed.strokeBottomWeight, placed.strokeLeftWeight]).toEqual([1, 0, 1, 0]);
    expect(placed.effects).toEqual([]);
  });
});

describe("instance text sizing", () => {
  it("takes the member's auto-resize even where its size is the main's", async () => {
    const figma = createTestFigma();
    const result = page();
    const main = result.document.components?.["1:10"]?.node as ResultNode;
    (main.children?.[0] as ResultNode).style = { ...STYLE, textAutoResize: "HEIGHT" };
    const m = await materialize(figma, result, { parent: figma.currentPage, x: 0, y: 0 });
    const placed = m.nodes.get("I1:2;1:11") as TextNode;
    expect(placed.textAutoResize).toBe("WIDTH_AND_HEIGHT");
  });
});
