/** figma.createImage's checks: format from the magic bytes, size from the header, 4096 px cap. */
import { createHash } from "node:crypto";

export const MAX_IMAGE_SIDE = 4096;

export type ImageFormat = "PNG" | "JPEG" | "GIF";

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

function u32be(b: Uint8Array, i: number): number {
  return ((b[i] ?? 0) * 0x1000000) + (((b[i + 1] ?? 0) << 16) | ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0));
}
function u16be(b: Uint8Array, i: number): number {
  return ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
}
function u16le(b: Uint8Array, i: number): number {
  return (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Reads format and size from the header; null when the bytes are not PNG, JPEG or GIF. */
export function readImageHeader(b: Uint8Array): ImageHeader | null {
  if (b.length >= 24 && PNG_MAGIC.every((m, i) => b[i] === m)) {
    return { format: "PNG", width: u32be(b, 16), height: u32be(b, 20) };
  }
  if (b.length >= 10 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) {
    return { format: "GIF", width: u16le(b, 6), height: u16le(b, 8) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) {
        i++;
        continue;
      }
      const marker = b[i + 1] ?? 0;
      if (marker === 0xff) {
        i++;
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      const len = u16be(b, i + 2);
      const sof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (sof) return { format: "JPEG", width: u16be(b, i + 7), height: u16be(b, i + 5) };
      i += 2 + len;
    }
    return { format: "JPEG", width: 0, height: 0 };
  }
  return null;
}

export function sha1Hex(bytes: Uint8Array): string {
  return createHash("sha1").update(bytes).digest("hex");
}

export class ImageStub {
  readonly hash: string;
  readonly #bytes: Uint8Array;
  readonly #size: { width: number; height: number };
  constructor(bytes: Uint8Array, header: ImageHeader) {
    this.#bytes = bytes.slice();
    this.hash = sha1Hex(bytes);
    this.#size = { width: header.width, height: header.height };
  }
  getBytesAsync(): Promise<Uint8Array> {
    return Promise.resolve(this.#bytes.slice());
  }
  getSizeAsync(): Promise<{ width: number; height: number }> {
    return Promise.resolve({ ...this.#size });
  }
}

/** figma.createImage(bytes) with real Figma's refusals. */
export function createImage(store: Map<string, ImageStub>, input: unknown): ImageStub {
  const data = input as Uint8Array;
  // (Checked by tag, not instanceof, so that bytes from another realm — a vm sandbox — pass.)
  if (Object.prototype.toString.call(input) !== "[object Uint8Array]") throw new Error("in createImage: Expected a Uint8Array");
  const header = readImageHeader(data);
  if (header === null) throw new Error("Image type is unsupported");
  if (header.width > MAX_IMAGE_SIDE || header.height > MAX_IMAGE_SIDE) {
    throw new Error(`Image is too large: ${header.width}x${header.height} (the maximum is ${MAX_IMAGE_SIDE}x${MAX_IMAGE_SIDE})`);
  }
  const image = new ImageStub(data, header);
  const known = store.get(image.hash);
  if (known) return known;
  store.set(image.hash, image);
  return image;
}
