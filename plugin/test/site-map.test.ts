/**
 * A batch's site structure (src/app/site-map.ts) on the in-memory Figma: each design on a section
 * named by its path, exactly its box; text links to another page of the batch become prototype
 * NAVIGATE reactions to that page's design; an overview board with a card per page, each
 * navigating to its page, placed over nothing. The in-memory Figma refuses what Figma refuses.
 */
import { describe, expect, it } from "vitest";
import { materialize } from "../src/materialize";
import { linkPages, overviewBoard, pageKey, pathLabel, wrapInSection, type PlacedPage } from "../src/app/site-map";
import { overlaps } from "../src/app/placement";
import { createTestFigma } from "./figma";
import { loadFixture } from "./results";

const ORIGIN = "http://127.0.0.1:8000";

async function placeSite(figma: PluginAPI): Promise<PlacedPage[]> {
  // themed.html links to /pricing, /features, /docs: two of them are pages of this "batch".
  const pages: Array<[string, string]> = [
    [`${ORIGIN}/themed.html`, "themed.json"],
    [`${ORIGIN}/pricing`, "landing.json"],
    [`${ORIGIN}/features`, "typography.json"],
  ];
  const placed: PlacedPage[] = [];
  let x = 0;
  for (const [url, fixture] of pages) {
    const m = await materialize(figma, loadFixture(fixture), { parent: figma.currentPage, x, y: 0 });
    x += m.root.width + 120;
    placed.push({ url, root: m.root });
  }
  return placed;
}

describe("site map", () => {
  it("puts each design on a section named by its path, exactly its box", async () => {
    const figma = createTestFigma();
    const [page] = await placeSite(figma);
    const root = page?.root as FrameNode;
    const before = { x: root.x, y: root.y, width: root.width, height: root.height };
    const section = wrapInSection(figma, root, `${ORIGIN}/themed.html?tab=2#top`);
    expect(section?.name).toBe("/themed.html?tab=2");
    expect(section?.parent).toBe(figma.currentPage);
    expect(root.parent).toBe(section);
    expect({ x: section?.x, y: section?.y, width: section?.width, height: section?.height }).toEqual(before);
    expect(root.absoluteBoundingBox).toMatchObject(before);
  });

  it("links text to the other pages' designs and makes a board of cards that navigate to them", async () => {
    const figma = createTestFigma();
    const placed = await placeSite(figma);
    for (const p of placed) wrapInSection(figma, p.root, p.url);
    const warnings: string[] = [];
    const links = await linkPages(placed, (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    expect(links).toBe(2); // the nav's Features and Pricing
    const [home, pricing, features] = placed.map((p) => p.root) as [FrameNode, FrameNode, FrameNode];
    const reactions = home.findAll((n) => "reactions" in n && n.reactions.length > 0) as TextNode[];
    const destinations = reactions.map((n) => (n.reactions[0]?.actions?.[0] as { destinationId: string }).destinationId).sort();
    expect(destinations).toEqual([features.id, pricing.id].sort());
    expect(reactions.every((n) => n.type === "TEXT" && n.reactions[0]?.trigger?.type === "ON_CLICK")).toBe(true);

    const others = figma.currentPage.children.map((n) => ({ x: n.x, y: n.y, width: n.width, height: n.height }));
    const board = await overviewBoard(figma, figma.currentPage, placed, { x: 0, y: 0, width: 0, height: 0 });
    expect(board.name).toBe("Site map — 127.0.0.1:8000");
    expect(board.children.map((c) => c.name)).toEqual(["Page /themed.html", "Page /pricing", "Page /features"]);
    const cards = board.children as FrameNode[];
    expect(cards.map((c) => (c.reactions[0]?.actions?.[0] as { destinationId: string }).destinationId)).toEqual(placed.map((p) => p.root.id));
    const rect = { x: board.x, y: board.y, width: board.width, height: board.height };
    expect(others.some((o) => overlaps(o, rect))).toBe(false);
  });

  it("compares addresses as links do, and refuses what Figma refuses", async () => {
    expect(pageKey("HTTPS://Example.COM/pricing/#plans")).toBe("https://example.com/pricing");
    expect(pageKey("https://example.com")).toBe("https://example.com/");
    expect(pathLabel("https://example.com")).toBe("/");
    const figma = createTestFigma();
    const frame = figma.createFrame();
    const inner = figma.createFrame();
    frame.appendChild(inner);
    const text = figma.createText();
    const go = (id: string): Reaction[] => [{ trigger: { type: "ON_CLICK" }, actions: [{ type: "NODE", destinationId: id, navigation: "NAVIGATE", transition: null }] }];
    await expect(text.setReactionsAsync(go(inner.id))).rejects.toThrow("top-level frame");
    await expect(text.setReactionsAsync(go("9:999"))).rejects.toThrow("does not exist");
    expect(() => ((text as unknown as { reactions: Reaction[] }).reactions = go(frame.id))).toThrow("setReactionsAsync");
    await text.setReactionsAsync(go(frame.id));
    expect(text.reactions).toHaveLength(1);
  });
});
