import { describe, expect, it } from "vitest";
import { keptWarnings, KEPT_WARNINGS, unkeptWarnings, warningSummary } from "../src/shared/warnings";
import { phaseLabel } from "../src/ui/format";

describe("warnings reach the designer", () => {
  it("the Placed notice summarizes them: count, the first ones, and where the rest are", () => {
    expect(warningSummary([])).toBe("");
    expect(warningSummary(["a"])).toBe("1 warning: “a”.");
    expect(warningSummary(["a", "b", "c", "d"])).toBe("4 warnings: “a”; “b” (and 2 more in the Jobs list).");
    expect(warningSummary(["x".repeat(200)])).toMatch(/^1 warning: “x{119}…”\.$/);
    expect(warningSummary(["a", "b"], 900)).toBe("900 warnings: “a”; “b” (and 898 more in the Jobs list).");
  });

  it("a job keeps the first warnings only, each clipped, and the list says how many it left out", () => {
    const many = Array.from({ length: 5000 }, (_, i) => `warning ${i} ${"x".repeat(1000)}`);
    const kept = keptWarnings(many);
    expect(kept).toHaveLength(KEPT_WARNINGS);
    expect(kept[0]).toMatch(/^warning 0 x+…$/);
    expect(JSON.stringify(kept).length).toBeLessThan(50_000);
    expect(unkeptWarnings(kept.length, many.length)).toBe(`…and ${5000 - KEPT_WARNINGS} more warnings (only the first ${KEPT_WARNINGS} are kept).`);
    expect(unkeptWarnings(3, 3)).toBe("");
  });

  it("progress names tiles while a large image is cut, then layers", () => {
    const job = { key: "k", url: "u", viewport: { width: 1, height: 1 }, phase: "ready" as const, updatedAt: "" };
    expect(phaseLabel({ ...job, progress: { done: 1, total: 3, unit: "tiles" } })).toBe("Cutting a large image… 1/3 tiles");
    expect(phaseLabel({ ...job, progress: { done: 5, total: 9, unit: "layers" } })).toBe("Placing… 5/9 layers");
  });
});
