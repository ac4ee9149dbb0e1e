/**
 * The materializer: a Code2Des result (Figma REST node shapes, see docs/result-format.md)
 * becomes an editable Figma subtree. Pure: it touches only the `figma` object it is given,
 * so the tests pass an in-memory Figma and the plugin passes the real one.
 */
export type { ResultDocument, ResultNode, FullResult, ReadBackResult, RestPaint, RestEffect, TypeStyle } from "./types";
export { materialize, DATA_ID, DATA_KIND, INCOMPLETE_DATA, acceptsSpread } from "./materialize";
export type { MaterializeOptions, Materialized, PlacedRoot } from "./materialize";
export { readBack } from "./readback";
export { decodeBase64, encodeBase64 } from "./base64";
