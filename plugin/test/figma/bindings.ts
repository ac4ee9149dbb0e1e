/**
 * Variable bindings of node fields (`setBoundVariable`, `boundVariables`) and a node's
 * explicit modes (`setExplicitVariableModeForCollection`), for the in-memory Figma's scene
 * nodes. Binding writes the variable's value for the node into the field, as Figma does; a
 * later direct write of another value detaches the binding.
 */
import { fail } from "./validate";
import { isAlias, type ModeChooser, type VariableLookup } from "./variables";

/** VariableBindableNodeField and the type of variable each takes. */
const NODE_FIELDS: Record<VariableBindableNodeField, VariableResolvedDataType> = {
  height: "FLOAT",
  width: "FLOAT",
  characters: "STRING",
  itemSpacing: "FLOAT",
  paddingLeft: "FLOAT",
  paddingRight: "FLOAT",
  paddingTop: "FLOAT",
  paddingBottom: "FLOAT",
  visible: "BOOLEAN",
  cornerRadius: "FLOAT",
  topLeftRadius: "FLOAT",
  topRightRadius: "FLOAT",
  bottomLeftRadius: "FLOAT",
  bottomRightRadius: "FLOAT",
  minWidth: "FLOAT",
  maxWidth: "FLOAT",
  minHeight: "FLOAT",
  maxHeight: "FLOAT",
  counterAxisSpacing: "FLOAT",
  strokeWeight: "FLOAT",
  strokeTopWeight: "FLOAT",
  strokeRightWeight: "FLOAT",
  strokeBottomWeight: "FLOAT",
  strokeLeftWeight: "FLOAT",
  opacity: "FLOAT",
  gridRowGap: "FLOAT",
  gridColumnGap: "FLOAT",
};
const CORNERS = ["topLeftRadius", "topRightRadius", "bottomLeftRadius", "bottomRightRadius"] as const;

export interface Bindable extends ModeChooser {
  readonly type: string;
  readonly bindings: Map<string, { id: string; value: unknown }>;
  resize(width: number, height: number): void;
  readonly width: number;
  readonly height: number;
}

function read(node: Bindable, field: string): unknown {
  return (node as unknown as Record<string, unknown>)[field];
}

export function bindNodeField(node: Bindable, lookup: VariableLookup | undefined, field: VariableBindableNodeField, variable: Variable | null): void {
  const where = "setBoundVariable";
  const type = NODE_FIELDS[field];
  if (!type) fail(where, `Invalid field ${JSON.stringify(field)}`);
  if (!(field in node)) fail(where, `A node of type ${node.type} has no field ${JSON.stringify(field)}`);
  const fields: string[] = field === "cornerRadius" && "topLeftRadius" in node ? [...CORNERS] : [field];
  if (variable === null) {
    for (const f of fields) node.bindings.delete(f);
    return;
  }
  if (typeof variable === "string") fail(where, "Pass a Variable, not its id (documentAccess: dynamic-page)");
  const found = lookup?.get(variable?.id);
  if (!found) fail(where, "Expected an existing variable");
  if (found.resolvedType !== type) fail(where, `Cannot bind a ${found.resolvedType} variable to ${field} (it takes ${type})`);
  const value = (lookup as VariableLookup).resolve(found.id, node);
  if (field === "width") node.resize(value as number, node.height);
  else if (field === "height") node.resize(node.width, value as number);
  else (node as unknown as Record<string, unknown>)[field] = value;
  for (const f of fields) node.bindings.set(f, { id: found.id, value: read(node, f) });
}

/** The node's bound fields (a field written directly since holds no binding), and its bound paints. */
export function boundFields(node: Bindable): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, binding] of [...node.bindings]) {
    if (JSON.stringify(read(node, field)) === JSON.stringify(binding.value)) out[field] = { type: "VARIABLE_ALIAS", id: binding.id };
    else node.bindings.delete(field);
  }
  for (const key of ["fills", "strokes"]) {
    const paints = read(node, key);
    if (!Array.isArray(paints)) continue;
    const aliases = paints.map((p: SolidPaint) => p.boundVariables?.color).filter(isAlias);
    if (aliases.length) out[key] = aliases;
  }
  return out;
}

/** setExplicitVariableModeForCollection: the subtree resolves the collection's variables in that mode. */
export function chooseMode(node: ModeChooser & { type: string }, collection: VariableCollection | string, modeId: string): void {
  const where = "setExplicitVariableModeForCollection";
  if (typeof collection === "string") fail(where, "Pass a VariableCollection, not its id (documentAccess: dynamic-page)");
  if (!["FRAME", "COMPONENT", "COMPONENT_SET", "INSTANCE", "SECTION", "GROUP", "PAGE"].includes(node.type)) {
    fail(where, `A node of type ${node.type} cannot choose a mode`);
  }
  if (!collection?.modes?.some((m) => m.modeId === modeId)) fail(where, `Mode ${JSON.stringify(modeId)} is not a mode of collection ${collection?.name}`);
  (node.explicitModes as Map<string, string>).set(collection.id, modeId);
}
