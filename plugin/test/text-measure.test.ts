/**
 * The in-memory Figma measures text as Figma does (test/figma/textlayout.ts: HarfBuzz over the
 * installed font files), and what that does to the fixtures: every auto layout frame and text box
 * of the results survives it. (tests/chromium/plugin/test_text_measure.py holds the same strings
 * against Chromium's layout with the same font files.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { materialize, type FullResult, type ResultNode } from "../src/materialize";
import { createTestFigma, testControls } from "./figma";
import { kernPairs } from "./figma/kern";

const DIR = join(__dirname, "fixtures", "results");
const fixtures = readdirSync(DIR).filter((f) => f.endsWith(".json")).sort();
const INTER = { family: "Inter", style: "Regular" };
const ARIMO = { family: "Arimo", style: "Regular" };

async function textIn(font: FontName, size: number, characters: string, figma = createTestFigma()): Promise<TextNode> {
  await figma.loadFontAsync(INTER);
  await figma.loadFontAsync(font);
  const t = figma.createText();
  t.fontName = font;
  t.fontSize = size;
  t.characters = characters;
  return t;
}

const lines = (t: TextNode): string[] => (t as unknown as { laidOutLines(): string[] }).laidOutLines();

describe("text measured like Figma", () => {
  it("takes the font's own advances and kerning (Chromium: 156.890625 px, its 1/64 px rounding)", async () => {
    const t = await textIn(ARIMO, 14, "Privacy · Terms · Contact");
    expect(t.width).toBeCloseTo(156.885, 3);
    expect(t.height).toBeCloseTo(14 * (1854 + 434 + 67) / 2048, 3); // Arimo's ascender, descender, line gap
    t.textCase = "UPPER";
    expect(t.width).toBeGreaterThan(180);
  });

  it("kerns with a font's legacy kern table, which harfbuzzjs leaves out (Chromium: 56.72 px)", async () => {
    // Debian's Open Sans has an empty GPOS and 18,694 pairs in `kern` (C-O, T-A, A-C, A-T here).
    const t = await textIn({ family: "Open Sans", style: "ExtraBold" }, 12, "CONTACT");
    expect(t.width).toBeCloseTo(56.719, 2);
  });

  it("reads every pair of a kern subtable whose 16-bit length overflowed", () => {
    const n = 11000; // 6 bytes each: 66,000 bytes, over a length field's 65,535
    const table = new DataView(new ArrayBuffer(4 + 14 + 6 * n));
    table.setUint16(2, 1); // version 0, one subtable
    table.setUint16(6, (14 + 6 * n) & 0xffff); // its length, wrapped
    table.setUint16(8, 0x0001); // format 0, horizontal
    table.setUint16(10, n);
    for (let i = 0; i < n; i++) {
      table.setUint16(18 + 6 * i, i);
      table.setUint16(20 + 6 * i, i + 1);
      table.setInt16(22 + 6 * i, -i % 100);
    }
    const pairs = kernPairs(new Uint8Array(table.buffer));
    expect(pairs.size).toBe(n);
    expect(pairs.get((n - 1) * 65536 + n)).toBe(-(n - 1) % 100);
  });

  it("auto width takes the longest line; auto height wraps at the width and re-wraps when it changes", async () => {
    const t = await textIn(INTER, 20, "Hello\nworld, again!");
    const line = t.height / 2;
    expect(line).toBeCloseTo(24.2, 1); // Inter's AUTO line height: 1.21 x the size
    const wide = t.width;
    t.textAutoResize = "HEIGHT";
    t.resize(wide / 2, 1);
    expect(lines(t)).toEqual(["Hello", "world, ", "again!"]);
    expect(t.height).toBeCloseTo(3 * line, 6);
    t.resize(wide, 1);
    expect(t.height).toBeCloseTo(2 * line, 6);
    t.lineHeight = { unit: "PIXELS", value: 30 };
    t.paragraphSpacing = 8;
    expect(t.height).toBeCloseTo(2 * 30 + 8, 3);
    t.textAutoResize = "NONE";
    t.resize(77, 11);
    t.characters = "a much longer text than before";
    expect([t.width, t.height]).toEqual([77, 11]);
  });

  it("breaks between CJK characters, and inside a word wider than the box", async () => {
    const t = await textIn({ family: "Noto Sans JP", style: "Regular" }, 16, "日本語のテキストを折り返す");
    t.textAutoResize = "HEIGHT";
    t.resize(16 * 5 + 1, 1);
    expect(lines(t)).toEqual(["日本語のテ", "キストを折", "り返す"]);
    const word = await textIn(INTER, 16, "Supercalifragilistic");
    word.textAutoResize = "HEIGHT";
    word.resize(60, 1);
    expect(lines(word).length).toBeGreaterThan(2);
    expect(lines(word).join("")).toBe("Supercalifragilistic");
  });

  it("follows its auto layout parent: a filling auto-height text wraps at the width it is given", async () => {
    const figma = createTestFigma();
    const t = await textIn(INTER, 16, "A sentence that needs two lines at this width", figma);
    const one = t.height;
    const f = figma.createFrame();
    f.layoutMode = "VERTICAL";
    f.counterAxisSizingMode = "FIXED";
    f.resize(150, 10);
    f.primaryAxisSizingMode = "AUTO"; // hugs its content's height again (resizing made it FIXED)
    f.appendChild(t);
    t.textAutoResize = "HEIGHT";
    t.layoutAlign = "STRETCH";
    expect(t.width).toBe(150);
    expect(t.height).toBeGreaterThan(one * 1.5);
    expect(f.height).toBe(t.height);
  });

  it("keeps the size of text in a font with no file here, and says which; measureText: false keeps every size", async () => {
    const figma = createTestFigma();
    const t = await textIn({ family: "Comic Neue", style: "Regular" }, 16, "No file for this family", figma);
    expect(t.width).toBe(0.01);
    expect([...testControls(figma).unmeasuredFonts.values()]).toEqual([{ family: "Comic Neue", style: "Regular" }]);
    const plain = await textIn(INTER, 16, "Hello", createTestFigma({ measureText: false }));
    expect(plain.width).toBe(0.01);
  });
});

function walk(n: ResultNode, out: ResultNode[] = []): ResultNode[] {
  out.push(n);
  for (const c of n.children ?? []) walk(c, out);
  return out;
}

describe("the fixtures, with text measured", () => {
  it("keep every auto layout frame and every text box where the result puts it", async () => {
    const rows: string[] = ["fixture            auto-layout frames   kept   text boxes off > 0.5 px"];
    for (const name of fixtures) {
      const result = JSON.parse(readFileSync(join(DIR, name), "utf8")) as FullResult;
      const all = walk(result.document.document);
      const auto = all.filter((n) => n.layoutMode === "HORIZONTAL" || n.layoutMode === "VERTICAL");
      const figma = createTestFigma();
      const bb = result.document.document.absoluteBoundingBox;
      const m = await materialize(figma, result, { parent: figma.currentPage, x: bb.x, y: bb.y });
      const kept = auto.filter((r) => (m.nodes.get(r.id) as FrameNode | undefined)?.layoutMode === r.layoutMode).length;
      const texts = all.filter((n) => n.type === "TEXT");
      const drifted = texts.filter((r) => {
        const b = m.nodes.get(r.id)?.absoluteBoundingBox;
        const e = r.absoluteBoundingBox;
        return b && Math.max(Math.abs(b.width - e.width), Math.abs(b.height - e.height), Math.abs(b.x - e.x), Math.abs(b.y - e.y)) > 0.5;
      });
      rows.push(`${name.padEnd(18)} ${String(auto.length).padStart(18)} ${String(kept).padStart(6)}   ${drifted.length}/${texts.length}`);
      expect(kept, `${name}: auto layout kept`).toBe(auto.length);
      expect(drifted.map((r) => r.characters?.slice(0, 40)), `${name}: text boxes off`).toEqual([]);
    }
    console.log(rows.join("\n"));
  });
});
