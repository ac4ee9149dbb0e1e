/** Builders the materializer's unit tests share: result nodes, results, a placement, images. */
import { materialize, type FullResult, type ResultNode } from "../src/materialize";
import type { RawImage } from "../src/materialize/codec";
import type { Affine } from "../src/materialize/paints";
import type { RestPaint, TypeStyle } from "../src/materialize/types";
import { createTestFigma } from "./figma";

let nextId = 0;
export function node(type: ResultNode["type"], box: [number, number, number, number], extra: Partial<ResultNode> = {}): ResultNode {
  return { id: `t:${++nextId}`, name: `${type} ${nextId}`, type, absoluteBoundingBox: { x: box[0], y: box[1], width: box[2], height: box[3] }, ...extra };
}

export function full(root: ResultNode, images: Record<string, Uint8Array> = {}, warnings: string[] = []): FullResult {
  return {
    code2desId: "unit",
    warningCount: warnings.length,
    document: { version: 1, document: root, images: {}, fonts: { used: [], fallbacks: {} }, warnings },
    images: Object.fromEntries(Object.entries(images).map(([k, v]) => [k, Buffer.from(v).toString("base64")])),
  };
}

export async function place(root: ResultNode, images: Record<string, Uint8Array> = {}, warnings: string[] = [], figma = createTestFigma()) {
  const m = await materialize(figma, full(root, images, warnings), { parent: figma.currentPage, x: 0, y: 0 });
  return { figma, m };
}

export const ctx = { imageHash: (ref: string) => (ref === "known" ? "hash-1" : undefined), warn: () => {} };

export function rgbaImage(w: number, h: number, f: (x: number, y: number) => [number, number, number, number]): RawImage {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set(f(x, y), (y * w + x) * 4);
  return { width: w, height: h, data };
}

export function mulAffine(m: Affine, p: { x: number; y: number }): [number, number] {
  return [m[0][0] * p.x + m[0][1] * p.y + m[0][2], m[1][0] * p.x + m[1][1] * p.y + m[1][2]];
}

export const ARIMO: TypeStyle = {
  fontFamily: "Arimo",
  fontStyle: "Regular",
  fontWeight: 400,
  italic: false,
  fontSize: 16,
  lineHeightPx: 20,
  lineHeightUnit: "PIXELS",
  letterSpacing: 0,
  textAutoResize: "WIDTH_AND_HEIGHT",
  textAlignHorizontal: "LEFT",
  textAlignVertical: "TOP",
  textCase: "ORIGINAL",
  textDecoration: "NONE",
};
export const black: RestPaint = { type: "SOLID", blendMode: "NORMAL", color: { r: 0, g: 0, b: 0, a: 1 } };
export const red: RestPaint = { type: "SOLID", blendMode: "NORMAL", color: { r: 1, g: 0, b: 0, a: 1 } };
