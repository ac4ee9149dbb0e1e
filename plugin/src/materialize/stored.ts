/**
 * Comparing what the plugin writes with what Figma hands back. Figma stores colours, opacities,
 * effect numbers, font sizes, letter spacing and line heights as 32-bit floats (a shadow's alpha
 * 0.6 reads back 0.6000000238418579) and reads effects back with keys of its own
 * (`boundVariables: {}`): exact equality never matches there, so a style or node that holds the
 * same look would not be found and a re-import would add "Shadow 2".
 */

/** Relative precision of a 32-bit float (2^-23) with room for one rounding on each side. */
const FLOAT32_EPSILON = 2.5e-7;

function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= FLOAT32_EPSILON * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Object keys that carry something: an empty `boundVariables` is the same as none. */
function keysOf(o: Record<string, unknown>): string[] {
  return Object.keys(o).filter((k) => {
    const v = o[k];
    if (v === undefined) return false;
    return !(k === "boundVariables" && typeof v === "object" && v !== null && Object.keys(v).length === 0);
  });
}

/** Deep equality of two values as Figma stores them (numbers to a 32-bit float's precision). */
export function sameStored(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return sameNumber(a, b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameStored(x, b[i]));
  }
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    const ka = keysOf(ra);
    const kb = keysOf(rb);
    return ka.length === kb.length && ka.every((k) => kb.includes(k) && sameStored(ra[k], rb[k]));
  }
  return a === b;
}
