/**
 * For every fixture: materialize, readBack, and write `{"document", "images"}` as JSON to
 * $PAGEPORT_ROUNDTRIP_OUT (default plugin/test-output/roundtrip/) as <fixture>.json, for the
 * lead's Python test that renders the original and the read-back with the same preview
 * renderer and compares them (SSIM). Here the read-back is checked against the result field
 * by field (roundtrip/compare.ts: placement exact).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { materialize, readBack, type FullResult } from "../src/materialize";
import { createTestFigma } from "./figma";
import { placementBreaks } from "./roundtrip/compare";

const DIR = join(__dirname, "fixtures", "results");
const OUT = resolve(process.env.PAGEPORT_ROUNDTRIP_OUT ?? join(__dirname, "..", "test-output", "roundtrip"));
const fixtures = readdirSync(DIR).filter((f) => f.endsWith(".json")).sort();

describe.each(fixtures)("round trip %s", (name) => {
  it("reads back what the result says, and writes it out", async () => {
    const figma = createTestFigma();
    const result = JSON.parse(readFileSync(join(DIR, name), "utf8")) as FullResult;
    const root = result.document.document;
    const m = await materialize(figma, result, { parent: figma.currentPage, x: root.absoluteBoundingBox.x, y: root.absoluteBoundingBox.y });
    const back = await readBack(m.root, figma);
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, name), JSON.stringify({ document: back.document, images: back.images }));
    const available = new Set((await figma.listAvailableFontsAsync()).map((f) => f.fontName.family));
    expect(placementBreaks(result, back, available)).toEqual([]);
  });
});
