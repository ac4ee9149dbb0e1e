/**
 * A font's legacy `kern` table (pair kerning in format 0), which harfbuzzjs is built without but
 * Chromium's and Figma's HarfBuzz apply when the font's GPOS has no `kern` feature (the Open Sans
 * Debian ships kerns "CO", "TA" only there). Pairs by glyph id, values in font units.
 */

/** Kerning of each glyph pair, keyed `left * 65536 + right`; empty when the table has none. */
export type KernPairs = ReadonlyMap<number, number>;

const NONE: KernPairs = new Map();

/**
 * The horizontal format-0 pairs of a `kern` table (Microsoft version 0 or Apple version 1). A
 * subtable's 16-bit length overflows in fonts with many pairs (Open Sans: 18,694 pairs), so its
 * pairs are read by their count, as HarfBuzz does.
 */
export function kernPairs(table: Uint8Array | undefined): KernPairs {
  if (!table || table.byteLength < 4) return NONE;
  const data = new DataView(table.buffer, table.byteOffset, table.byteLength);
  const apple = data.getUint16(0) === 1;
  const count = apple ? data.getUint32(4) : data.getUint16(2);
  const pairs = new Map<number, number>();
  let offset = apple ? 8 : 4;
  for (let t = 0; t < count && offset + 14 <= data.byteLength; t++) {
    const length = apple ? data.getUint32(offset) : data.getUint16(offset + 2);
    const coverage = data.getUint16(offset + 4);
    const header = apple ? 8 : 6;
    // Microsoft: format in the high byte, bits 0-2 horizontal, minimum, cross-stream; Apple: format
    // in the low byte, 0x8000 vertical, 0x4000 cross-stream.
    const format = apple ? coverage & 0xff : coverage >> 8;
    const horizontal = apple ? !(coverage & 0xc000) : (coverage & 0x7) === 0x1;
    if (format === 0 && horizontal) {
      const n = data.getUint16(offset + header);
      let at = offset + header + 8;
      for (let i = 0; i < n && at + 6 <= data.byteLength; i++, at += 6) {
        pairs.set(data.getUint16(at) * 65536 + data.getUint16(at + 2), data.getInt16(at + 4));
      }
      offset = t === count - 1 ? at : offset + length;
    } else {
      offset += length;
    }
  }
  return pairs;
}
