/**
 * A site design (result version 3) as the plugin places it: one component set with a variant per
 * capture, named as Figma variants; one collection with a Light and a Dark mode, each variant
 * showing its theme's, and every paint drawing exactly its capture's colour; the same on a plan
 * that refuses a second mode (a warning, the dark variants' colours unbound), and a second
 * import of the site reusing the collection.
 */
import { describe, expect, it } from "vitest";
import { materialize, type ResultNode } from "../src/materialize";
import type { RestRGBA } from "../src/materialize/types";
import { createTestFigma } from "./figma";
import { loadFixture } from "./results";

const site = (): ReturnType<typeof loadFixture> => loadFixture("themed-site.json");

function* walk(node: ResultNode): Generator<ResultNode> {
  yield node;
  for (const child of node.children ?? []) yield* walk(child);
}

function close(a: RGB | RGBA, b: RestRGBA): boolean {
  return Math.abs(a.r - b.r) < 0.002 && Math.abs(a.g - b.g) < 0.002 && Math.abs(a.b - b.b) < 0.002;
}

/** Every SOLID fill of the variant's frames and shapes: [drawn, wanted, bound]. */
function fills(nodes: Map<string, SceneNode>, variant: ResultNode): Array<[boolean, boolean, string]> {
  const out: Array<[boolean, boolean, string]> = [];
  for (const r of walk(variant)) {
    const node = nodes.get(r.id);
    if (!node || !("fills" in node) || r.type === "TEXT" || r.type === "VECTOR" || r.type === "INSTANCE") continue;
    const drawn = node.fills as readonly Paint[];
    (r.fills ?? []).forEach((paint, i) => {
      const made = drawn[i];
      if (paint.type !== "SOLID" || !paint.color || made?.type !== "SOLID") return;
      out.push([close(made.color, paint.color), Boolean(made.boundVariables?.color), r.name]);
    });
  }
  return out;
}

describe("site design", () => {
  it("is one component set of named variants, each showing its theme's mode and drawing its capture's colours", async () => {
    const figma = createTestFigma();
    const result = site();
    const placed = await materialize(figma, result, { parent: figma.currentPage, x: 100, y: 50 });
    const set = placed.root as ComponentSetNode;
    expect(set.type).toBe("COMPONENT_SET");
    expect(set.parent).toBe(figma.currentPage);
    expect([set.x, set.y, set.name]).toEqual([100, 50, "Northwind — plans"]);
    expect(set.children.map((c) => c.name)).toEqual([
      "breakpoint=desktop, theme=light",
      "breakpoint=mobile, theme=light",
      "breakpoint=desktop, theme=dark",
      "breakpoint=mobile, theme=dark",
    ]);
    expect(set.variantGroupProperties).toEqual({ breakpoint: { values: ["desktop", "mobile"] }, theme: { values: ["light", "dark"] } });
    const [collection] = await figma.variables.getLocalVariableCollectionsAsync();
    expect(collection?.modes.map((m) => m.name)).toEqual(["Light", "Dark"]);
    const variants = result.document.document.children ?? [];
    for (const variant of variants) {
      const made = placed.nodes.get(variant.id) as ComponentNode;
      expect(made.type).toBe("COMPONENT");
      const mode = variant.name.includes("theme=dark") ? "Dark" : "Light";
      expect(made.explicitVariableModes[collection?.id ?? ""]).toBe(collection?.modes.find((m) => m.name === mode)?.modeId);
      // Nothing moves: the variant sits where the result puts it in the set, at its size.
      expect([made.x, made.y, made.width, made.height]).toEqual([
        variant.absoluteBoundingBox.x,
        variant.absoluteBoundingBox.y,
        variant.absoluteBoundingBox.width,
        variant.absoluteBoundingBox.height,
      ]);
      const checked = fills(placed.nodes, variant);
      expect(checked.length).toBeGreaterThan(3);
      expect(checked.filter(([drawn]) => !drawn)).toEqual([]);
      expect(checked.filter(([, bound]) => !bound)).toEqual([]);
    }
    expect(placed.warnings.filter((w) => w.includes("mode"))).toEqual([]);
  });

  it("on a plan of one mode, warns and leaves the dark variants' colours unbound, still drawn as captured", async () => {
    const figma = createTestFigma({ plan: "starter" });
    const result = site();
    const placed = await materialize(figma, result, { parent: figma.currentPage, x: 0, y: 0 });
    expect(placed.warnings.some((w) => w.includes("the Dark mode could not be added") && w.includes("keep their colours unbound"))).toBe(true);
    for (const variant of result.document.document.children ?? []) {
      const checked = fills(placed.nodes, variant);
      expect(checked.filter(([drawn]) => !drawn)).toEqual([]);
      const bound = checked.filter(([, b]) => b).length;
      if (variant.name.includes("theme=dark")) expect(bound).toBe(0);
      else expect(bound).toBe(checked.length);
    }
  });

  it("a second import of the site reuses its collection, modes and variables", async () => {
    const figma = createTestFigma();
    await materialize(figma, site(), { parent: figma.currentPage, x: 0, y: 0 });
    const before = (await figma.variables.getLocalVariablesAsync()).map((v) => v.name).sort();
    const again = await materialize(figma, site(), { parent: figma.currentPage, x: 0, y: 4000 });
    expect((await figma.variables.getLocalVariablesAsync()).map((v) => v.name).sort()).toEqual(before);
    expect(await figma.variables.getLocalVariableCollectionsAsync()).toHaveLength(1);
    expect(again.root.type).toBe("COMPONENT_SET");
  });

  it("adds the Dark mode to a collection a light-only import made, filling in the dark values", async () => {
    const figma = createTestFigma();
    const light = loadFixture("themed.json");
    await materialize(figma, light, { parent: figma.currentPage, x: 0, y: 0 });
    const [collection] = await figma.variables.getLocalVariableCollectionsAsync();
    expect(collection?.modes).toHaveLength(1);
    const placed = await materialize(figma, site(), { parent: figma.currentPage, x: 0, y: 3000 });
    const [after] = await figma.variables.getLocalVariableCollectionsAsync();
    expect(after?.modes.map((m) => m.name)).toEqual([collection?.modes[0]?.name, "Dark"]);
    for (const variant of site().document.document.children ?? []) {
      expect(fills(placed.nodes, variant).filter(([drawn]) => !drawn)).toEqual([]);
    }
  });
});
