/**
 * The in-memory Figma's rough text measurement (TestFigmaOptions.measureText), and what it
 * does to the fixtures: with text that sizes itself, how much of the results' auto layout does
 * the materializer keep (it turns a frame's auto layout off when Figma's layout would move a
 * child by more than 0.5 px), and how far do self-sizing text boxes drift from the result's.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { materialize, type FullResult, type ResultNode } from "../src/materialize";
import { createTestFigma } from "./figma";

const DIR = join(__dirname, "fixtures", "results");
const fixtures = readdirSync(DIR).filter((f) => f.endsWith(".json")).sort();

describe("rough text measurement", () => {
  it("auto-resizing text takes its measured size; NONE keeps the size it is given", async () => {
    const figma = createTestFigma({ measureText: true });
    await figma.loadFontAsync({ family: "Inter", style: "Regular" });
    const t = figma.createText();
    t.fontSize = 20;
    t.characters = "Hello";
    expect([t.width, t.height]).toEqual([50, 24]); // 5 x 20 x 0.5; 1.2 x 20
    t.characters = "Hello\nworld!";
    expect([t.width, t.height]).toEqual([60, 48]);
    t.textAutoResize = "HEIGHT";
    t.resize(30, 10);
    t.characters = "abcdef"; // 10 px a character: 3 a line at 30 px
    expect([t.width, t.height]).toEqual([30, 48]);
    t.textAutoResize = "NONE";
    t.resize(77, 11);
    t.characters = "a much longer text than before";
    expect([t.width, t.height]).toEqual([77, 11]);
    const plain = createTestFigma(); // default: no measurement
    await plain.loadFontAsync({ family: "Inter", style: "Regular" });
    const u = plain.createText();
    u.characters = "Hello";
    expect(u.width).toBe(0.01);
  });
});

function walk(n: ResultNode, out: ResultNode[] = []): ResultNode[] {
  out.push(n);
  for (const c of n.children ?? []) walk(c, out);
  return out;
}

describe("auto layout in the fixtures, with and without text measurement", () => {
  it("reports how much survives", async () => {
    const rows: string[] = ["fixture            auto-layout frames   kept (fixed text)   kept (measured text)   text boxes off > 0.5 px (measured)"];
    let total = 0;
    let keptFixed = 0;
    let keptMeasured = 0;
    for (const name of fixtures) {
      const result = JSON.parse(readFileSync(join(DIR, name), "utf8")) as FullResult;
      const all = walk(result.document.document);
      const auto = all.filter((n) => n.layoutMode === "HORIZONTAL" || n.layoutMode === "VERTICAL");
      const kept: number[] = [];
      let drift = 0;
      for (const measureText of [false, true]) {
        const figma = createTestFigma({ measureText });
        const bb = result.document.document.absoluteBoundingBox;
        const m = await materialize(figma, result, { parent: figma.currentPage, x: bb.x, y: bb.y });
        kept.push(auto.filter((r) => (m.nodes.get(r.id) as FrameNode | undefined)?.layoutMode === r.layoutMode).length);
        if (measureText) {
          for (const r of all.filter((n) => n.type === "TEXT")) {
            const n = m.nodes.get(r.id);
            const b = n?.absoluteBoundingBox;
            if (!b) continue;
            const e = r.absoluteBoundingBox;
            if (Math.max(Math.abs(b.width - e.width), Math.abs(b.height - e.height), Math.abs(b.x - e.x), Math.abs(b.y - e.y)) > 0.5) drift++;
          }
        }
      }
      total += auto.length;
      keptFixed += kept[0]!;
      keptMeasured += kept[1]!;
      const texts = all.filter((n) => n.type === "TEXT").length;
      rows.push(`${name.padEnd(18)} ${String(auto.length).padStart(18)} ${String(kept[0]).padStart(19)} ${String(kept[1]).padStart(22)}   ${drift}/${texts}`);
      expect(kept[1]!).toBeLessThanOrEqual(auto.length);
    }
    rows.push(`${"all".padEnd(18)} ${String(total).padStart(18)} ${String(keptFixed).padStart(19)} ${String(keptMeasured).padStart(22)}`);
    console.log(rows.join("\n"));
  });
});
