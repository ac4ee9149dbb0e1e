/**
 * The plugin's types for the result (src/materialize/types.ts) against the result's one
 * definition: docs/result.schema.json, generated from the converter's Python types
 * (scripts/result_schema.py). Every key the converter may write is one the plugin's type names,
 * required where the schema requires it, with every enum value the schema allows; a key only the
 * plugin knows (what another producer or the read-back may carry) is optional.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: string[];
  items?: JsonSchema;
  $ref?: string;
  anyOf?: JsonSchema[];
  $defs?: Record<string, JsonSchema>;
}

const ROOT = join(__dirname, "..", "..");
const schema = JSON.parse(readFileSync(join(ROOT, "docs", "result.schema.json"), "utf8")) as JsonSchema;
const TYPES_FILE = join(__dirname, "..", "src", "materialize", "types.ts");
const source = ts.createSourceFile(TYPES_FILE, readFileSync(TYPES_FILE, "utf8"), ts.ScriptTarget.ES2020, true);

/** Schema definition (the Python TypedDict) -> the plugin's interface for it. */
const INTERFACES: Record<string, string> = {
  Result: "ResultDocument",
  Node: "ResultNode",
  Paint: "RestPaint",
  Effect: "RestEffect",
  TypeStyle: "TypeStyle",
  PageportExtension: "PageportExtension",
  Variable: "RestVariable",
  VariableCollection: "RestVariableCollection",
  Style: "RestStyle",
  Component: "RestComponent",
  RGBA: "RestRGBA",
  Vector: "RestVector",
  Rectangle: "RestRectangle",
  ColorStop: "RestColorStop",
  StrokeWeights: "StrokeWeights",
  Hyperlink: "Hyperlink",
  VariableAlias: "RestVariableAlias",
};

interface Member {
  optional: boolean;
  literals: Set<string> | null; // the string literals its type allows, when it is a union of them
}

const aliases = new Map<string, ts.TypeNode>();
const interfaces = new Map<string, Map<string, Member>>();
for (const statement of source.statements) {
  if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement.type);
}
for (const statement of source.statements) {
  if (!ts.isInterfaceDeclaration(statement)) continue;
  const members = new Map<string, Member>();
  for (const member of statement.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    members.set(member.name.getText(source), { optional: member.questionToken !== undefined, literals: literalsOf(member.type) });
  }
  interfaces.set(statement.name.text, members);
}

function literalsOf(type: ts.TypeNode): Set<string> | null {
  if (ts.isTypeReferenceNode(type)) {
    const alias = aliases.get(type.typeName.getText(source));
    return alias ? literalsOf(alias) : null;
  }
  const parts = ts.isUnionTypeNode(type) ? type.types : [type];
  const out = new Set<string>();
  for (const part of parts) {
    if (ts.isLiteralTypeNode(part) && ts.isStringLiteral(part.literal)) out.add(part.literal.text);
    else if (!(ts.isLiteralTypeNode(part) && part.literal.kind === ts.SyntaxKind.NullKeyword)) return null;
  }
  return out.size ? out : null;
}

function enumOf(property: JsonSchema): string[] | null {
  if (property.enum) return property.enum;
  for (const option of property.anyOf ?? []) if (option.enum) return option.enum;
  return null;
}

describe.each(Object.entries(INTERFACES))("%s is %s", (definition, name) => {
  const def = definition === "Result" ? schema : schema.$defs?.[definition];
  const members = interfaces.get(name);

  it("names every key the converter may write, required where the schema requires it", () => {
    expect(def, `${definition} in the schema`).toBeDefined();
    expect(members, `interface ${name} in types.ts`).toBeDefined();
    const required = new Set(def?.required ?? []);
    for (const key of Object.keys(def?.properties ?? {})) {
      const member = members?.get(key);
      expect(member, `${name}.${key}`).toBeDefined();
      if (required.has(key)) expect(member?.optional, `${name}.${key} is required`).toBe(false);
    }
  });

  it("allows every value of the schema's enums, and makes the plugin's own keys optional", () => {
    for (const [key, property] of Object.entries(def?.properties ?? {})) {
      const values = enumOf(property);
      const literals = members?.get(key)?.literals;
      if (values && literals) for (const value of values) expect(literals.has(value), `${name}.${key}: ${value}`).toBe(true);
    }
    for (const [key, member] of members ?? []) {
      if (!(key in (def?.properties ?? {}))) expect(member.optional, `${name}.${key} (the plugin's own) is optional`).toBe(true);
    }
  });
});
