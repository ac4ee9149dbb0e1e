/** Words for a placement's warnings (the full list is in the Jobs list; a notice summarizes it). */

/** "2 warnings: “a”; “b” (and 3 more in the Jobs list)." — or "" when there are none. */
export function warningSummary(messages: readonly string[], shown = 2, maxLength = 120): string {
  if (messages.length === 0) return "";
  const clip = (m: string) => (m.length > maxLength ? `${m.slice(0, maxLength - 1)}…` : m);
  const head = messages.slice(0, shown).map((m) => `“${clip(m)}”`).join("; ");
  const more = messages.length - Math.min(shown, messages.length);
  const tail = more > 0 ? ` (and ${more} more in the Jobs list)` : "";
  return `${messages.length} warning${messages.length === 1 ? "" : "s"}: ${head}${tail}.`;
}
