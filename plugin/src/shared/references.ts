/**
 * What a designer pastes to open work started elsewhere (the CLI, a colleague, the local stack's
 * page): a job or batch id, alone or inside a link. `code2des/<id>`, `page-imports/<id>` and
 * `page-batches/<id>` say which; a bare id may be any of the three.
 */
export type ReferenceKind = "code2des" | "page-import" | "batch" | "any";

export interface JobReference {
  kind: ReferenceKind;
  id: string;
}

const ID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const SEGMENT_KINDS: Record<string, ReferenceKind> = { code2des: "code2des", "page-imports": "page-import", "page-batches": "batch" };
const NAMED = new RegExp(`(?:^|[\\s/#?=&])(code2des|page-imports|page-batches)/(${ID})(?![0-9a-f-])`, "i");
const BARE = new RegExp(`(?:^|[^0-9a-f-])(${ID})(?![0-9a-f-])`, "i");

export type Parsed = { ok: true; value: JobReference } | { ok: false; error: string };

export function parseJobReference(text: string): Parsed {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, error: "Paste a design, import or batch id, or a link to one (the CLI prints it after “Open in Figma”)." };
  const named = NAMED.exec(trimmed);
  if (named) return { ok: true, value: { kind: SEGMENT_KINDS[(named[1] ?? "").toLowerCase()] ?? "any", id: (named[2] ?? "").toLowerCase() } };
  const bare = BARE.exec(trimmed);
  if (bare) return { ok: true, value: { kind: "any", id: (bare[1] ?? "").toLowerCase() } };
  return { ok: false, error: `“${trimmed.slice(0, 80)}” holds no Pageport id: an id looks like 0190c4e2-7b1a-7c3d-9e8f-0a1b2c3d4e5f.` };
}
