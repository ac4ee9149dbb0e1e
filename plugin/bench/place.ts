/**
 * Places Code2Des results in the in-memory Figma as the plugin does (test/figma: the Plugin
 * API's rules enforced) and reads each placed design back in the result's shape, so a benchmark
 * can measure what a designer gets rather than what the converter wrote: bench_editability.py.
 *
 *   node place.mjs IN_DIR OUT_DIR
 *
 * IN_DIR/<name>.json: GET …/result responses (every image on one page). OUT_DIR/<name>.json: the
 * read-back ({document, images, variables, styles}) and the placement's warnings. One JSON line
 * per result on stdout: its name and the placement's warnings.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { materialize, readBack, type FullResult } from "../src/materialize";
import { createTestFigma } from "../test/figma";

async function main(): Promise<void> {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) throw new Error("usage: node place.mjs IN_DIR OUT_DIR");
  mkdirSync(output, { recursive: true });
  for (const file of readdirSync(input).filter((f) => f.endsWith(".json")).sort()) {
    const result = JSON.parse(readFileSync(join(input, file), "utf8")) as FullResult;
    const figma = createTestFigma();
    const box = result.document.document.absoluteBoundingBox;
    const placed = await materialize(figma, result, { parent: figma.currentPage, x: box.x, y: box.y });
    const back = await readBack(placed.root, figma);
    const own = placed.warnings.slice(result.document.warnings.length);
    writeFileSync(join(output, file), JSON.stringify({ ...back, warnings: own }));
    process.stdout.write(`${JSON.stringify({ name: file.replace(/\.json$/, ""), warnings: own })}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
