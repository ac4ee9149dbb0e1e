/**
 * Placement speed (bench_placement.py): each result fixture, and a generated 5,000-node page,
 * placed by the materializer in the in-memory Figma, against a bare loop making the same nodes
 * with the same create calls (a frame, text, rectangle or SVG per node, its size and place, its
 * SOLID fills, its text with its font loaded once, each image created once), interleaved, each
 * in a fresh file. Also whether the materializer loaded each font once per family and style and
 * created each image once per hash.
 *
 *   node placement.cjs FIXTURES_DIR ROUNDS
 *
 * One JSON line per page on stdout: {name, nodes, ours_ms, bare_ms, fonts_once, image_calls,
 * images, comparable} (createImage calls and distinct images made: equal but where identical
 * tiles of an image over 4096 px share bytes; comparable: false where the bare loop could not make
 * the same nodes, an image over 4096 px that the materializer tiles).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeBase64, materialize, type FullResult, type ResultNode } from "../src/materialize";
import { createTestFigma, testControls } from "../test/figma";

type Page = { name: string; result: FullResult };

function* walk(node: ResultNode): Generator<ResultNode> {
  yield node;
  for (const child of node.children ?? []) yield* walk(child);
}

function countNodes(result: FullResult): number {
  let n = 0;
  for (const root of [result.document.document, ...Object.values(result.document.components ?? {}).map((c) => c.node)]) {
    for (const _ of walk(root)) n++;
  }
  return n;
}

/** A page of `rows` cards, each a frame of 10 texts and 9 rectangles: 1 + rows × 20 nodes. */
function generated(rows: number): FullResult {
  const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
  const fill = [{ type: "SOLID" as const, blendMode: "NORMAL" as const, color: { r: 0.2, g: 0.3, b: 0.8, a: 1 } }];
  let id = 1;
  const children: ResultNode[] = [];
  for (let r = 0; r < rows; r++) {
    const y = r * 60;
    const kids: ResultNode[] = [];
    for (let c = 0; c < 19; c++) {
      const at = box(c * 70, y + 10, 60, 30);
      kids.push(
        c % 2 === 0
          ? { id: `1:${++id}`, name: `Text ${c}`, type: "TEXT", absoluteBoundingBox: at, characters: `Cell ${r}.${c}`, fills: fill, style: { fontFamily: "Inter", fontStyle: "Regular", fontWeight: 400, fontSize: 14, lineHeightPx: 18, lineHeightUnit: "PIXELS" } }
          : { id: `1:${++id}`, name: `Shape ${c}`, type: "RECTANGLE", absoluteBoundingBox: at, fills: fill },
      );
    }
    children.push({ id: `1:${++id}`, name: `Row ${r}`, type: "FRAME", absoluteBoundingBox: box(0, y, 1440, 60), fills: [], clipsContent: false, children: kids });
  }
  const document: ResultNode = { id: "1:1", name: "Generated", type: "FRAME", absoluteBoundingBox: box(0, 0, 1440, rows * 60), fills: [], clipsContent: true, children };
  return {
    code2desId: "generated",
    warningCount: 0,
    document: { version: 2, document, images: {}, fonts: { used: ["Inter"], fallbacks: {} }, warnings: [] },
    images: {},
  };
}

/** The same nodes through the same create calls, with nothing the materializer adds. */
async function bare(figma: PluginAPI, result: FullResult): Promise<number> {
  let skipped = 0;
  const images = new Map<string, Image>();
  const inter = { family: "Inter", style: "Regular" };
  await figma.loadFontAsync(inter); // a new text starts in it, as the materializer's do
  const loaded = new Map<string, FontName>([[`${inter.family}\u0000${inter.style}`, inter]]);
  const root = result.document.document;
  const origin = root.absoluteBoundingBox;
  const make = async (r: ResultNode, parent: BaseNode & ChildrenMixin, at: { x: number; y: number }): Promise<void> => {
    const bb = r.absoluteBoundingBox;
    let node: SceneNode;
    if (r.type === "TEXT") {
      const text = figma.createText();
      const font = { family: r.style?.fontFamily ?? "Inter", style: r.style?.fontStyle ?? "Regular" };
      const key = `${font.family}\u0000${font.style}`;
      if (!loaded.has(key)) loaded.set(key, await figma.loadFontAsync(font).then(() => font, () => inter));
      text.fontName = loaded.get(key) ?? inter;
      text.characters = r.characters ?? "";
      node = text;
    } else if (r.type === "VECTOR" && r.pageport?.svg) {
      node = figma.createNodeFromSvg(r.pageport.svg);
    } else if (r.type === "RECTANGLE" || r.type === "ELLIPSE") {
      node = figma.createRectangle();
    } else {
      node = figma.createFrame();
    }
    parent.appendChild(node);
    node.x = bb.x - at.x;
    node.y = bb.y - at.y;
    if ("resize" in node && node.type !== "TEXT") node.resize(Math.max(0.01, bb.width), Math.max(0.01, bb.height));
    if ("fills" in node) {
      const paints: Paint[] = [];
      for (const p of r.fills ?? []) {
        if (p.type === "SOLID" && p.color) paints.push({ type: "SOLID", color: { r: p.color.r, g: p.color.g, b: p.color.b } });
        if (p.type === "IMAGE" && p.imageRef && result.images[p.imageRef]) {
          let image = images.get(p.imageRef);
          if (!image) {
            try {
              image = figma.createImage(decodeBase64(result.images[p.imageRef] ?? ""));
              images.set(p.imageRef, image);
            } catch {
              skipped++; // over 4096 px: the materializer tiles it; the bare loop leaves it out
              continue;
            }
          }
          paints.push({ type: "IMAGE", imageHash: image.hash, scaleMode: "FILL" });
        }
      }
      (node as GeometryMixin).fills = paints;
    }
    if ("appendChild" in node && r.type !== "VECTOR") {
      for (const child of r.children ?? []) await make(child, node as BaseNode & ChildrenMixin, bb);
    }
  };
  await make(root, figma.currentPage, origin);
  for (const main of Object.values(result.document.components ?? {})) await make(main.node, figma.currentPage, main.node.absoluteBoundingBox);
  return skipped;
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function measure(page: Page, rounds: number): Promise<void> {
  const ours: number[] = [];
  const bareTimes: number[] = [];
  let fontsOnce = true;
  let imageCalls = 0;
  let images = 0;
  let comparable = true;
  for (let i = 0; i < rounds + 1; i++) {
    const figma = createTestFigma();
    const calls: string[] = [];
    const create = figma.createImage.bind(figma);
    figma.createImage = (bytes: Uint8Array) => {
      const image = create(bytes);
      calls.push(image.hash);
      return image;
    };
    const box = page.result.document.document.absoluteBoundingBox;
    const t = await timed(() => materialize(figma, page.result, { parent: figma.currentPage, x: box.x, y: box.y }));
    const requests = testControls(figma).fontLoadRequests.map((f) => `${f.family}/${f.style}`);
    fontsOnce &&= new Set(requests).size === requests.length;
    imageCalls = calls.length;
    images = new Set(calls).size;
    const empty = createTestFigma();
    const b = await timed(async () => {
      comparable = (await bare(empty, page.result)) === 0;
    });
    if (i > 0) {
      ours.push(t);
      bareTimes.push(b);
    }
  }
  const line = { name: page.name, nodes: countNodes(page.result), ours_ms: median(ours), bare_ms: median(bareTimes), fonts_once: fontsOnce, image_calls: imageCalls, images, comparable };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

async function main(): Promise<void> {
  const [dir, rounds] = process.argv.slice(2);
  if (!dir) throw new Error("usage: node placement.cjs FIXTURES_DIR ROUNDS");
  const pages: Page[] = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ name: f.replace(/\.json$/, ""), result: JSON.parse(readFileSync(join(dir, f), "utf8")) as FullResult }));
  pages.push({ name: "generated-5000", result: generated(250) });
  for (const page of pages) await measure(page, Number(rounds ?? 5));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
