/**
 * Just enough image codec to cut an image larger than Figma's 4096 px limit into tiles:
 * PNG decode (all color types and bit depths, Adam7 interlacing) and RGBA PNG encode on top
 * of fflate's zlib, and JPEG decode with jpeg-js's decoder. Both are pure JavaScript with no
 * Node APIs at load time, so they run in Figma's plugin sandbox (which has no Buffer and no
 * TextDecoder; this is why fast-png, which creates a TextDecoder when loaded, is not used).
 */
import { unzlibSync, zlibSync } from "fflate";
import { decode as decodeJpegJs } from "jpeg-js";

export interface RawImage {
  width: number;
  height: number;
  /** RGBA, 8 bits per channel, rows top to bottom. */
  data: Uint8Array;
}

export type ImageKind = "PNG" | "JPEG" | "GIF" | "WEBP" | "SVG" | "UNKNOWN";

export interface ImageInfo {
  kind: ImageKind;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function u32(b: Uint8Array, i: number): number {
  return (((b[i] ?? 0) << 24) | ((b[i + 1] ?? 0) << 16) | ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0)) >>> 0;
}
function u16(b: Uint8Array, i: number): number {
  return ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
}

/** Format and pixel size from the first bytes (no decoding). */
export function sniffImage(b: Uint8Array): ImageInfo {
  if (b.length >= 24 && PNG_SIGNATURE.every((m, i) => b[i] === m)) return { kind: "PNG", width: u32(b, 16), height: u32(b, 20) };
  if (b.length >= 10 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) {
    return { kind: "GIF", width: (b[6] ?? 0) | ((b[7] ?? 0) << 8), height: (b[8] ?? 0) | ((b[9] ?? 0) << 8) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) {
        i++;
        continue;
      }
      const m = b[i + 1] ?? 0;
      if (m === 0xff || m === 0xd8 || m === 0x01 || (m >= 0xd0 && m <= 0xd7)) {
        i += m === 0xff ? 1 : 2;
        continue;
      }
      if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc) return { kind: "JPEG", width: u16(b, i + 7), height: u16(b, i + 5) };
      i += 2 + u16(b, i + 2);
    }
    return { kind: "JPEG", width: 0, height: 0 };
  }
  if (b.length >= 12 && b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) {
    return { kind: "WEBP", width: 0, height: 0 };
  }
  const head = String.fromCharCode(...b.subarray(0, 256)).replace(/^\s+/, "").toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return { kind: "SVG", width: 0, height: 0 };
  return { kind: "UNKNOWN", width: 0, height: 0 };
}

// ------------------------------------------------------------------------------ PNG

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = (CRC_TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Reverses the scanline filters of one (sub)image in place; returns its raw rows. */
function unfilter(src: Uint8Array, offset: number, width: number, height: number, bpp: number, bitsPerPixel: number): { rows: Uint8Array; stride: number; next: number } {
  const stride = Math.ceil((width * bitsPerPixel) / 8);
  const rows = new Uint8Array(stride * height);
  let p = offset;
  for (let y = 0; y < height; y++) {
    const filter = src[p++];
    const row = y * stride;
    const prev = row - stride;
    for (let x = 0; x < stride; x++) {
      const raw = src[p++] ?? 0;
      const a = x >= bpp ? (rows[row + x - bpp] as number) : 0;
      const b = y > 0 ? (rows[prev + x] as number) : 0;
      const c = x >= bpp && y > 0 ? (rows[prev + x - bpp] as number) : 0;
      let v: number;
      switch (filter) {
        case 0:
          v = raw;
          break;
        case 1:
          v = raw + a;
          break;
        case 2:
          v = raw + b;
          break;
        case 3:
          v = raw + ((a + b) >> 1);
          break;
        case 4:
          v = raw + paeth(a, b, c);
          break;
        default:
          throw new Error(`PNG: bad filter ${String(filter)}`);
      }
      rows[row + x] = v & 0xff;
    }
  }
  return { rows, stride, next: p };
}

export function decodePng(bytes: Uint8Array): RawImage {
  if (!PNG_SIGNATURE.every((m, i) => bytes[i] === m)) throw new Error("PNG: bad signature");
  let p = 8;
  let width = 0;
  let height = 0;
  let depth = 8;
  let colorType = 6;
  let interlace = 0;
  let palette: Uint8Array | null = null;
  let trns: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  while (p + 8 <= bytes.length) {
    const len = u32(bytes, p);
    const type = String.fromCharCode(bytes[p + 4] ?? 0, bytes[p + 5] ?? 0, bytes[p + 6] ?? 0, bytes[p + 7] ?? 0);
    const data = bytes.subarray(p + 8, p + 8 + len);
    p += 12 + len;
    if (type === "IHDR") {
      width = u32(data, 0);
      height = u32(data, 4);
      depth = data[8] ?? 8;
      colorType = data[9] ?? 6;
      interlace = data[12] ?? 0;
    } else if (type === "PLTE") palette = data;
    else if (type === "tRNS") trns = data;
    else if (type === "IDAT") idat.push(data);
    else if (type === "IEND") break;
  }
  const channels = CHANNELS[colorType];
  if (!width || !height || channels === undefined) throw new Error("PNG: unsupported header");
  const total = idat.reduce((s, d) => s + d.length, 0);
  const joined = new Uint8Array(total);
  let o = 0;
  for (const d of idat) {
    joined.set(d, o);
    o += d.length;
  }
  const inflated = unzlibSync(joined);
  const bitsPerPixel = channels * depth;
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const out = new Uint8Array(width * height * 4);
  const maxSample = (1 << depth) - 1;

  const sample = (rows: Uint8Array, stride: number, x: number, y: number, ch: number): number => {
    if (depth === 8) return rows[y * stride + x * channels + ch] as number;
    if (depth === 16) return ((rows[y * stride + (x * channels + ch) * 2] as number) << 8) | (rows[y * stride + (x * channels + ch) * 2 + 1] as number);
    const bit = (x * channels + ch) * depth;
    const byte = rows[y * stride + (bit >> 3)] as number;
    return (byte >> (8 - depth - (bit & 7))) & maxSample;
  };
  const to8 = (v: number): number => (depth === 16 ? v >> 8 : depth === 8 ? v : Math.round((v * 255) / maxSample));
  const trnsKey = (i: number): number => (trns ? u16(trns, i * 2) : -1);

  const put = (rows: Uint8Array, stride: number, sx: number, sy: number, dx: number, dy: number): void => {
    const d = (dy * width + dx) * 4;
    let r: number;
    let g: number;
    let b: number;
    let a = 255;
    switch (colorType) {
      case 0: {
        const v = sample(rows, stride, sx, sy, 0);
        r = g = b = to8(v);
        if (trns && v === trnsKey(0)) a = 0;
        break;
      }
      case 2: {
        const vr = sample(rows, stride, sx, sy, 0);
        const vg = sample(rows, stride, sx, sy, 1);
        const vb = sample(rows, stride, sx, sy, 2);
        r = to8(vr);
        g = to8(vg);
        b = to8(vb);
        if (trns && vr === trnsKey(0) && vg === trnsKey(1) && vb === trnsKey(2)) a = 0;
        break;
      }
      case 3: {
        const i = sample(rows, stride, sx, sy, 0);
        r = palette?.[i * 3] ?? 0;
        g = palette?.[i * 3 + 1] ?? 0;
        b = palette?.[i * 3 + 2] ?? 0;
        a = trns && i < trns.length ? (trns[i] as number) : 255;
        break;
      }
      case 4:
        r = g = b = to8(sample(rows, stride, sx, sy, 0));
        a = to8(sample(rows, stride, sx, sy, 1));
        break;
      default:
        r = to8(sample(rows, stride, sx, sy, 0));
        g = to8(sample(rows, stride, sx, sy, 1));
        b = to8(sample(rows, stride, sx, sy, 2));
        a = to8(sample(rows, stride, sx, sy, 3));
    }
    out[d] = r;
    out[d + 1] = g;
    out[d + 2] = b;
    out[d + 3] = a;
  };

  if (interlace === 0) {
    const { rows, stride } = unfilter(inflated, 0, width, height, bpp, bitsPerPixel);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) put(rows, stride, x, y, x, y);
  } else {
    const passes = [
      [0, 0, 8, 8],
      [4, 0, 8, 8],
      [0, 4, 4, 8],
      [2, 0, 4, 4],
      [0, 2, 2, 4],
      [1, 0, 2, 2],
      [0, 1, 1, 2],
    ] as const;
    let off = 0;
    for (const [x0, y0, dx, dy] of passes) {
      const pw = Math.ceil((width - x0) / dx);
      const ph = Math.ceil((height - y0) / dy);
      if (pw <= 0 || ph <= 0) continue;
      const { rows, stride, next } = unfilter(inflated, off, pw, ph, bpp, bitsPerPixel);
      off = next;
      for (let y = 0; y < ph; y++) for (let x = 0; x < pw; x++) put(rows, stride, x, y, x0 + x * dx, y0 + y * dy);
    }
  }
  return { width, height, data: out };
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

/** RGBA 8-bit PNG (filter "up" on every row: small for photos and flat art alike). */
export function encodePng(img: RawImage): Uint8Array {
  const { width, height, data } = img;
  const stride = width * 4;
  const filtered = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    filtered[row] = y === 0 ? 0 : 2;
    for (let x = 0; x < stride; x++) {
      const v = data[y * stride + x] as number;
      filtered[row + 1 + x] = y === 0 ? v : (v - (data[(y - 1) * stride + x] as number)) & 0xff;
    }
  }
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const parts = [new Uint8Array(PNG_SIGNATURE), chunk("IHDR", ihdr), chunk("IDAT", zlibSync(filtered, { level: 6 })), chunk("IEND", new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function decodeJpeg(bytes: Uint8Array): RawImage {
  const img = decodeJpegJs(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 400, maxMemoryUsageInMB: 2048 });
  return { width: img.width, height: img.height, data: img.data };
}

/** Decodes a PNG or JPEG; null for formats this codec cannot read. */
export function decodeImage(bytes: Uint8Array): RawImage | null {
  const kind = sniffImage(bytes).kind;
  if (kind === "PNG") return decodePng(bytes);
  if (kind === "JPEG") return decodeJpeg(bytes);
  return null;
}

/** The rectangle [x, y, w, h] of src as a new image. */
export function crop(src: RawImage, x: number, y: number, w: number, h: number): RawImage {
  const data = new Uint8Array(w * h * 4);
  for (let row = 0; row < h; row++) {
    const from = ((y + row) * src.width + x) * 4;
    data.set(src.data.subarray(from, from + w * 4), row * w * 4);
  }
  return { width: w, height: h, data };
}
