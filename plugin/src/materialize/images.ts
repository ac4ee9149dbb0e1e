/**
 * Images: base64 bytes → `figma.createImage`, and images larger than Figma's 4096 px limit
 * cut into tiles.
 *
 * Tiling: the image is decoded (PNG or JPEG), cut into a grid of near-equal tiles of at most
 * 4096 px a side, each tile re-encoded as PNG and created as its own Figma image. Where the
 * result paints the big image, the node gets one RECTANGLE per visible tile piece, placed
 * exactly where that piece of the image is drawn (for every scale mode: STRETCH with or
 * without a crop, FILL, FIT and TILE), each filled with a CROP paint of its tile. So the
 * picture keeps its full resolution and its look; the cost is a few extra layers.
 */
import { decodeBase64 } from "./base64";
import { crop, decodeImage, encodePng, sniffImage } from "./codec";
import type { RestPaint } from "./types";

export const MAX_IMAGE_SIDE = 4096;

export interface ImageTile {
  hash: string;
  /** Where the tile sits in the source image, in pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PreparedImage =
  | { kind: "single"; hash: string; width: number; height: number }
  | { kind: "tiled"; width: number; height: number; tiles: ImageTile[] };

/** Splits a length into near-equal parts of at most max. */
export function splitLength(total: number, max: number): Array<[number, number]> {
  const n = Math.max(1, Math.ceil(total / max));
  const out: Array<[number, number]> = [];
  let start = 0;
  for (let i = 0; i < n; i++) {
    const end = Math.round(((i + 1) * total) / n);
    out.push([start, end - start]);
    start = end;
  }
  return out;
}

/** Yields to the event loop (a macrotask, so Figma can paint and handle input). */
export function nextMacrotask(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

export interface TileProgress {
  /** Called after each tile is created: tiles done so far and in all, for this image. */
  onTile?: (done: number, total: number) => void;
  /** Awaited between two tiles (default: a macrotask), so that tiling a huge image keeps Figma responsive. */
  pause?: () => Promise<void>;
}

/**
 * Creates the Figma image(s) for one result image; null (with a warning) when it cannot. An
 * image over 4096 px is cut into tiles, pausing for a macrotask before each tile (decoding,
 * cropping and PNG-encoding a 4096 px tile takes a while on the main thread) and reporting each.
 */
export async function prepareImage(
  figma: PluginAPI,
  ref: string,
  base64: string | undefined,
  mime: string | undefined,
  warn: (m: string) => void,
  progress: TileProgress = {},
): Promise<PreparedImage | null> {
  const label = `image ${ref.slice(0, 12)}`;
  if (base64 === undefined) {
    warn(`${label} is missing from the result's images; its paints are left out`);
    return null;
  }
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(base64);
  } catch (e) {
    warn(`${label} could not be decoded (${errorText(e)}); its paints are left out`);
    return null;
  }
  const info = sniffImage(bytes);
  if (info.kind !== "PNG" && info.kind !== "JPEG" && info.kind !== "GIF") {
    warn(`${label} is ${info.kind === "UNKNOWN" ? (mime ?? "of an unknown type") : info.kind}, which Figma cannot import; its paints are left out`);
    return null;
  }
  if (info.width <= MAX_IMAGE_SIDE && info.height <= MAX_IMAGE_SIDE) {
    try {
      const image = figma.createImage(bytes);
      return { kind: "single", hash: image.hash, width: info.width, height: info.height };
    } catch (e) {
      warn(`${label} was refused by Figma (${errorText(e)}); its paints are left out`);
      return null;
    }
  }
  // Larger than Figma accepts: tiles.
  let raw;
  try {
    raw = decodeImage(bytes);
  } catch (e) {
    warn(`${label} (${info.width}x${info.height}) is larger than Figma's ${MAX_IMAGE_SIDE} px limit and could not be decoded to tile it (${errorText(e)}); its paints are left out`);
    return null;
  }
  if (!raw) {
    warn(`${label} (${info.kind} ${info.width}x${info.height}) is larger than Figma's ${MAX_IMAGE_SIDE} px limit and cannot be tiled; its paints are left out`);
    return null;
  }
  const tiles: ImageTile[] = [];
  const rows = splitLength(raw.height, MAX_IMAGE_SIDE);
  const columns = splitLength(raw.width, MAX_IMAGE_SIDE);
  const total = rows.length * columns.length;
  const pause = progress.pause ?? nextMacrotask;
  for (const [y, h] of rows) {
    for (const [x, w] of columns) {
      await pause();
      const image = figma.createImage(encodePng(crop(raw, x, y, w, h)));
      tiles.push({ hash: image.hash, x, y, width: w, height: h });
      progress.onTile?.(tiles.length, total);
    }
  }
  warn(`${label} (${raw.width}x${raw.height}) is larger than Figma's ${MAX_IMAGE_SIDE} px limit: placed as ${tiles.length} tiles`);
  return { kind: "tiled", width: raw.width, height: raw.height, tiles };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a paint draws whole copies of its image inside a w x h node (node coordinates). */
export function imagePlacements(paint: RestPaint, iw: number, ih: number, w: number, h: number, warn: (m: string) => void): Box[] {
  const mode = paint.scaleMode ?? "FILL";
  if (iw <= 0 || ih <= 0 || w <= 0 || h <= 0) return [];
  switch (mode) {
    case "STRETCH": {
      const t = paint.imageTransform;
      if (!t || t.length < 2) return [{ x: 0, y: 0, width: w, height: h }];
      const sx = t[0]?.[0] ?? 1;
      const tx = t[0]?.[2] ?? 0;
      const sy = t[1]?.[1] ?? 1;
      const ty = t[1]?.[2] ?? 0;
      if ((t[0]?.[1] ?? 0) !== 0 || (t[1]?.[0] ?? 0) !== 0) warn("rotated image crop tiled without its rotation");
      if (sx <= 0 || sy <= 0) return [];
      // node-normalized u maps to image-normalized sx*u + tx: the whole image spans u in [-tx/sx, (1-tx)/sx].
      return [{ x: (-tx / sx) * w + 0, y: (-ty / sy) * h + 0, width: w / sx, height: h / sy }];
    }
    case "FILL":
    case "FIT": {
      const s = mode === "FILL" ? Math.max(w / iw, h / ih) : Math.min(w / iw, h / ih);
      return [{ x: (w - iw * s) / 2, y: (h - ih * s) / 2, width: iw * s, height: ih * s }];
    }
    case "TILE": {
      const f = paint.scalingFactor && paint.scalingFactor > 0 ? paint.scalingFactor : 1;
      const tw = iw * f;
      const th = ih * f;
      const out: Box[] = [];
      for (let y = 0; y < h; y += th) for (let x = 0; x < w; x += tw) out.push({ x, y, width: tw, height: th });
      return out;
    }
  }
}

export interface TilePiece {
  hash: string;
  /** The piece's box in node coordinates (clipped to the node). */
  box: Box;
  /** CROP transform: piece-normalized → tile-normalized. */
  imageTransform: Transform;
}

/** The visible pieces of every tile of a tiled image drawn by `paint` in a w x h node. */
export function tilePieces(paint: RestPaint, image: Extract<PreparedImage, { kind: "tiled" }>, w: number, h: number, warn: (m: string) => void): TilePiece[] {
  const out: TilePiece[] = [];
  for (const place of imagePlacements(paint, image.width, image.height, w, h, warn)) {
    const kx = place.width / image.width;
    const ky = place.height / image.height;
    for (const tile of image.tiles) {
      const tb = { x: place.x + tile.x * kx, y: place.y + tile.y * ky, width: tile.width * kx, height: tile.height * ky };
      const x0 = Math.max(0, tb.x);
      const y0 = Math.max(0, tb.y);
      const x1 = Math.min(w, tb.x + tb.width);
      const y1 = Math.min(h, tb.y + tb.height);
      if (x1 - x0 < 0.01 || y1 - y0 < 0.01) continue;
      out.push({
        hash: tile.hash,
        box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
        imageTransform: [
          [(x1 - x0) / tb.width, 0, (x0 - tb.x) / tb.width],
          [0, (y1 - y0) / tb.height, (y0 - tb.y) / tb.height],
        ],
      });
    }
  }
  return out;
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
