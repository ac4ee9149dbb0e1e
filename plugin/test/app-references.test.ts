import { describe, expect, it } from "vitest";
import { parseJobReference } from "../src/shared/references";

const ID = "0190c4e2-7b1a-7c3d-9e8f-0a1b2c3d4e5f";

describe("parseJobReference", () => {
  it("reads the kind from the path segment, in a bare path, a link or the CLI's line", () => {
    expect(parseJobReference(`code2des/${ID}`)).toEqual({ ok: true, value: { kind: "code2des", id: ID } });
    expect(parseJobReference(`http://127.0.0.1:8000/projects/1/page-imports/${ID}`)).toEqual({ ok: true, value: { kind: "page-import", id: ID } });
    expect(parseJobReference(`Open in Figma: Pageport → Jobs → Open  page-batches/${ID.toUpperCase()}`)).toEqual({ ok: true, value: { kind: "batch", id: ID } });
    expect(parseJobReference(`http://127.0.0.1:8000/#code2des/${ID}`)).toEqual({ ok: true, value: { kind: "code2des", id: ID } });
  });

  it("takes a bare id as any kind, and refuses text without one", () => {
    expect(parseJobReference(`  ${ID}\n`)).toEqual({ ok: true, value: { kind: "any", id: ID } });
    expect(parseJobReference(`other/${ID}`)).toEqual({ ok: true, value: { kind: "any", id: ID } });
    const empty = parseJobReference(" ");
    expect(!empty.ok && empty.error).toMatch(/Paste a design, import or batch id/);
    const none = parseJobReference("https://example.com/pricing");
    expect(!none.ok && none.error).toMatch(/holds no Pageport id/);
    // An id inside a longer hex run is not an id.
    expect(parseJobReference(`${ID}0`).ok).toBe(false);
  });
});
