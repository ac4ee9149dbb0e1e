/** Words for a placement's warnings (the kept list is in the Jobs list; a notice summarizes it). */

/**
 * How many warning texts a job keeps, and how long each may be. A job lives in
 * `figma.clientStorage`, 5 MB for every file a user has: a page with thousands of warnings must
 * not fill it. The job keeps the full count; the UI says how many were not kept.
 */
export const KEPT_WARNINGS = 100;
export const KEPT_WARNING_LENGTH = 400;

/** The warning texts a job keeps: the first KEPT_WARNINGS, each clipped to KEPT_WARNING_LENGTH. */
export function keptWarnings(messages: readonly string[]): string[] {
  return messages.slice(0, KEPT_WARNINGS).map((m) => (m.length > KEPT_WARNING_LENGTH ? `${m.slice(0, KEPT_WARNING_LENGTH - 1)}…` : m));
}

/**
 * "2 warnings: “a”; “b” (and 3 more in the Jobs list)." — or "" when there are none. `total`
 * is the placement's count when `messages` are only the kept ones.
 */
export function warningSummary(messages: readonly string[], total = messages.length, shown = 2, maxLength = 120): string {
  if (total === 0) return "";
  const clip = (m: string) => (m.length > maxLength ? `${m.slice(0, maxLength - 1)}…` : m);
  const head = messages.slice(0, shown).map((m) => `“${clip(m)}”`).join("; ");
  const more = total - Math.min(shown, messages.length);
  const tail = more > 0 ? ` (and ${more} more in the Jobs list)` : "";
  return `${total} warning${total === 1 ? "" : "s"}: ${head}${tail}.`;
}

/** What the Jobs list says of the warnings it does not show ("" when it shows them all). */
export function unkeptWarnings(kept: number, total: number): string {
  const rest = total - kept;
  return rest > 0 ? `…and ${rest} more warning${rest === 1 ? "" : "s"} (only the first ${kept} are kept).` : "";
}
