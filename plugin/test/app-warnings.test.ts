import { describe, expect, it } from "vitest";
import { warningSummary } from "../src/shared/warnings";
import { phaseLabel } from "../src/ui/format";

describe("warnings reach the designer", () => {
  it("the Placed notice summarizes them: count, the first ones, and where the rest are", () => {
    expect(warningSummary([])).toBe("");
    expect(warningSummary(["a"])).toBe("1 warning: “a”.");
    expect(warningSummary(["a", "b", "c", "d"])).toBe("4 warnings: “a”; “b” (and 2 more in the Jobs list).");
    expect(warningSummary(["x".repeat(200)])).toMatch(/^1 warning: “x{119}…”\.$/);
  });

  it("progress names tiles while a large image is cut, then layers", () => {
    const job = { key: "k", url: "u", viewport: { width: 1, height: 1 }, phase: "ready" as const, updatedAt: "" };
    expect(phaseLabel({ ...job, progress: { done: 1, total: 3, unit: "tiles" } })).toBe("Cutting a large image… 1/3 tiles");
    expect(phaseLabel({ ...job, progress: { done: 5, total: 9, unit: "layers" } })).toBe("Placing… 5/9 layers");
  });
});
