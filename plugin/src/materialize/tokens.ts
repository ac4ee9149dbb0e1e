/**
 * The result's design tokens in the file, and the bindings of every node to them.
 *
 * One variable collection, found by name (the site) or made: a second import of the site binds
 * to the variables the first one made. Its COLOR and FLOAT variables keep their scopes, and
 * `var(--x)` as WEB code syntax where the page named the value. Local text and effect styles
 * likewise, by name. A name already in the file with another value (a designer changed it) is
 * not bound to, since that would change the page: a variable or style "name 2" keeps the page as
 * it was. Then SOLID paints bind through setBoundVariableForPaint, corner radii and spacing
 * through setBoundVariable, text through setTextStyleIdAsync / setRangeTextStyleIdAsync and
 * effects through setEffectStyleIdAsync; each only where it leaves the node exactly as drawn.
 * A binding Figma refuses is a warning and the node keeps its raw value.
 *
 * A site design's collection has more than one mode (Light and Dark): the default mode is the
 * collection's own, the others are found by name or added. A mode this import adds takes the
 * result's values for the variables it reuses (nothing of a designer's is in it yet); a plan
 * whose mode limit refuses `addMode` is a warning, and the variants shown in that mode keep
 * their colours unbound (drawn as captured) while every other binding stays.
 */
import { errorText } from "./images";
import { toPluginEffect } from "./paints";
import { sameStored } from "./stored";
import { codePointOffsets, lineHeightOf, overrideRuns, type FontPlan } from "./text";
import type { RestPaint, RestRGBA, RestStyle, RestVariable, RestVariableCollection, ResultDocument, ResultNode, TypeStyle } from "./types";

/** The values a text style writes, as applyText writes them on a node. */
export function textStyleValues(style: TypeStyle, plan: FontPlan): TextStyleValues {
  return {
    fontName: plan.fontFor(style),
    fontSize: Math.max(1, style.fontSize ?? 12),
    lineHeight: lineHeightOf(style) ?? { unit: "AUTO" },
    letterSpacing: { unit: "PIXELS", value: style.letterSpacing ?? 0 },
    textCase: style.textCase ?? "ORIGINAL",
    textDecoration: style.textDecoration ?? "NONE",
  };
}

export interface TextStyleValues {
  fontName: FontName;
  fontSize: number;
  lineHeight: LineHeight;
  letterSpacing: LetterSpacing;
  textCase: TextCase;
  textDecoration: TextDecoration;
}

/** Run entries that change what a text style sets (a run that only recolours keeps the node's style). */
const TYPOGRAPHIC = ["fontFamily", "fontStyle", "fontWeight", "italic", "fontSize", "letterSpacing", "lineHeightPx", "lineHeightUnit", "lineHeightPercentFontSize", "textCase", "textDecoration"] as const;

const near = (a: number, b: number, tolerance: number): boolean => Math.abs(a - b) <= tolerance;

function sameColor(a: RGB | RGBA, b: RestRGBA): boolean {
  return near(a.r, b.r, 0.5 / 255) && near(a.g, b.g, 0.5 / 255) && near(a.b, b.b, 0.5 / 255) && near("a" in a ? a.a : 1, b.a ?? 1, 0.5 / 255);
}

function pluginValue(value: RestRGBA | number): VariableValue {
  return typeof value === "number" ? value : { r: value.r, g: value.g, b: value.b, a: value.a ?? 1 };
}

function sameValue(value: VariableValue | undefined, wanted: RestRGBA | number): boolean {
  if (typeof wanted === "number") return typeof value === "number" && near(value, wanted, 1e-3);
  return typeof value === "object" && value !== null && "r" in value && sameColor(value, wanted);
}

/** `name`, then "name 2", "name 3"…: the first the file does not have, or has with this value. */
function* candidates(name: string): Generator<string> {
  yield name;
  for (let n = 2; ; n++) yield `${name} ${n}`;
}

export class DesignTokens {
  readonly #variables = new Map<string, Variable>();
  readonly #textStyles = new Map<string, TextStyle>();
  readonly #effectStyles = new Map<string, { style: EffectStyle; effects: Effect[] }>();
  readonly #warned = new Set<string>();
  /** Result collection id → the file's collection; result mode id → the file's mode (null: refused by the plan). */
  readonly #collections = new Map<string, VariableCollection>();
  readonly #modes = new Map<string, string | null>();
  /** Modes this import added to the file: the values of reused variables are written there. */
  readonly #added = new Set<string>();

  private constructor(
    readonly figma: PluginAPI,
    readonly warn: (message: string) => void,
  ) {}

  /** The result's collection, variables and styles, found or made in the file (fonts already loaded). */
  static async load(figma: PluginAPI, doc: ResultDocument, plan: FontPlan | undefined, warn: (m: string) => void): Promise<DesignTokens> {
    const tokens = new DesignTokens(figma, warn);
    try {
      await tokens.#loadVariables(doc);
      if (plan) await tokens.#loadTextStyles(Object.values(doc.styles ?? {}), plan);
      await tokens.#loadEffectStyles(Object.values(doc.styles ?? {}));
    } catch (e) {
      warn(`the page's variables and styles could not be made (${errorText(e)}); its values are placed unbound`);
    }
    return tokens;
  }

  async #loadVariables(doc: ResultDocument): Promise<void> {
    const variables = doc.variables ?? {};
    for (const rc of Object.values(doc.variableCollections ?? {})) {
      const collections = await this.figma.variables.getLocalVariableCollectionsAsync();
      let collection = collections.find((c) => c.name === rc.name);
      if (!collection) {
        collection = this.figma.variables.createVariableCollection(rc.name);
        const modeName = rc.modes.find((m) => m.modeId === rc.defaultModeId)?.name;
        if (modeName) collection.renameMode(collection.defaultModeId, modeName);
      }
      this.#collections.set(rc.id, collection);
      this.#mapModes(rc, collection);
      const existing = (await this.figma.variables.getLocalVariablesAsync()).filter((v) => v.variableCollectionId === collection.id);
      for (const id of rc.variableIds) {
        const rv = variables[id];
        if (!rv || rv.valuesByMode[rc.defaultModeId] === undefined) continue;
        for (const name of candidates(rv.name)) {
          const taken = existing.find((v) => v.name === name);
          if (taken && taken.resolvedType === rv.resolvedType && this.#holds(taken, rv)) {
            this.#fillAddedModes(taken, rv);
            this.#variables.set(id, taken);
            break;
          }
          if (taken) continue;
          const made = this.#makeVariable(name, collection, rv);
          existing.push(made);
          this.#variables.set(id, made);
          break;
        }
      }
    }
  }

  /** The result's modes in the file: the default is the collection's own; others by name, else added. */
  #mapModes(rc: RestVariableCollection, collection: VariableCollection): void {
    for (const mode of rc.modes) {
      if (mode.modeId === rc.defaultModeId) {
        this.#modes.set(mode.modeId, collection.defaultModeId);
        continue;
      }
      const found = collection.modes.find((m) => m.name === mode.name);
      if (found) {
        this.#modes.set(mode.modeId, found.modeId);
        continue;
      }
      try {
        const added = collection.addMode(mode.name);
        this.#added.add(added);
        this.#modes.set(mode.modeId, added);
      } catch (e) {
        this.#modes.set(mode.modeId, null);
        this.warn(`the ${mode.name} mode could not be added to the variable collection "${collection.name}" (${errorText(e)}): your plan allows fewer modes, so the ${mode.name} variants keep their colours unbound`);
      }
    }
  }

  /** Whether a variable of the file holds the result's value in every mode it had before this import. */
  #holds(variable: Variable, rv: RestVariable): boolean {
    return Object.entries(rv.valuesByMode).every(([modeId, value]) => {
      const mode = this.#modes.get(modeId);
      return !mode || this.#added.has(mode) || sameValue(variable.valuesByMode[mode], value);
    });
  }

  #fillAddedModes(variable: Variable, rv: RestVariable): void {
    for (const [modeId, value] of Object.entries(rv.valuesByMode)) {
      const mode = this.#modes.get(modeId);
      if (mode && this.#added.has(mode)) variable.setValueForMode(mode, pluginValue(value));
    }
  }

  #makeVariable(name: string, collection: VariableCollection, rv: RestVariable): Variable {
    const made = this.figma.variables.createVariable(name, collection, rv.resolvedType);
    for (const [modeId, value] of Object.entries(rv.valuesByMode)) {
      const mode = this.#modes.get(modeId);
      if (mode) made.setValueForMode(mode, pluginValue(value));
    }
    try {
      made.scopes = rv.scopes;
    } catch (e) {
      this.warn(`variable "${name}": Figma refused its scopes (${errorText(e)}); it applies everywhere`);
    }
    if (rv.codeSyntax.WEB) made.setVariableCodeSyntax("WEB", rv.codeSyntax.WEB);
    return made;
  }

  async #loadTextStyles(styles: RestStyle[], plan: FontPlan): Promise<void> {
    const local = await this.figma.getLocalTextStylesAsync();
    for (const rs of styles) {
      if (rs.styleType !== "TEXT" || !rs.style) continue;
      const values = textStyleValues(rs.style, plan);
      for (const name of candidates(rs.name)) {
        const taken = local.find((s) => s.name === name);
        if (taken && sameStored(valuesOf(taken), values)) {
          this.#textStyles.set(rs.id, taken);
          break;
        }
        if (taken) continue;
        const made = this.figma.createTextStyle();
        made.name = name;
        made.fontName = values.fontName;
        made.fontSize = values.fontSize;
        made.lineHeight = values.lineHeight;
        made.letterSpacing = values.letterSpacing;
        made.textCase = values.textCase;
        made.textDecoration = values.textDecoration;
        local.push(made);
        this.#textStyles.set(rs.id, made);
        break;
      }
    }
  }

  async #loadEffectStyles(styles: RestStyle[]): Promise<void> {
    const local = await this.figma.getLocalEffectStylesAsync();
    for (const rs of styles) {
      if (rs.styleType !== "EFFECT" || !rs.effects) continue;
      const effects = rs.effects.map(toPluginEffect);
      for (const name of candidates(rs.name)) {
        const taken = local.find((s) => s.name === name);
        if (taken && sameStored(taken.effects, effects)) {
          this.#effectStyles.set(rs.id, { style: taken, effects });
          break;
        }
        if (taken) continue;
        const made = this.figma.createEffectStyle();
        made.name = name;
        made.effects = effects;
        local.push(made);
        this.#effectStyles.set(rs.id, { style: made, effects });
        break;
      }
    }
  }

  #refused(what: string, e: unknown): void {
    const message = `${what} (${errorText(e)}); left unbound`;
    if (!this.#warned.has(message)) this.warn(message);
    this.#warned.add(message);
  }

  /**
   * A site design's variant shows the modes its `explicitVariableModes` names; false when one of
   * them is not in the file (the plan refused it): then its colours stay unbound.
   */
  showModes(node: SceneNode, r: ResultNode): boolean {
    let all = true;
    for (const [collectionId, modeId] of Object.entries(r.explicitVariableModes ?? {})) {
      const collection = this.#collections.get(collectionId);
      const mode = this.#modes.get(modeId);
      if (!collection || !mode) {
        all = false;
        continue;
      }
      try {
        (node as FrameNode).setExplicitVariableModeForCollection(collection, mode);
      } catch (e) {
        all = false;
        this.#refused(`node "${r.name}": Figma refused to show the variables' mode`, e);
      }
    }
    return all;
  }

  /** A paint bound to its colour variable, when the variable holds exactly its colour. */
  bindPaint(rest: RestPaint, paint: Paint): Paint {
    const alias = rest.boundVariables?.color;
    const variable = alias ? this.#variables.get(alias.id) : undefined;
    if (!variable || paint.type !== "SOLID") return paint;
    try {
      return this.figma.variables.setBoundVariableForPaint(paint, "color", variable);
    } catch (e) {
      this.#refused(`Figma refused to bind a paint to variable "${variable.name}"`, e);
      return paint;
    }
  }

  /** Corner radii and spacing bound to their FLOAT variables, where the node holds the variable's value. */
  bindFields(node: SceneNode, r: ResultNode): void {
    for (const [field, alias] of Object.entries(r.boundVariables ?? {})) {
      const variable = alias ? this.#variables.get(alias.id) : undefined;
      const current = (node as unknown as Record<string, unknown>)[field];
      if (!variable || typeof current !== "number") continue;
      const value = Object.values(variable.valuesByMode)[0];
      if (typeof value !== "number" || !near(current, value, 0.01)) continue;
      try {
        node.setBoundVariable(field as VariableBindableNodeField, variable);
      } catch (e) {
        this.#refused(`node "${r.name}": Figma refused to bind ${field} to variable "${variable.name}"`, e);
      }
    }
  }

  /** The text's style runs: each range takes its run's style, else the node's (fonts loaded). */
  async styleText(t: TextNode, r: ResultNode): Promise<void> {
    const base = r.styles?.text;
    const table = r.styleOverrideTable ?? {};
    const offsets = codePointOffsets(t.characters);
    const ranges: Array<[number, number, TextStyle]> = [];
    for (const [i, j, id] of overrideRuns(r.characterStyleOverrides ?? [], offsets.length - 1)) {
      const entry = id ? table[String(id)] : undefined;
      const own = entry?.textStyleId;
      // A run that changes type without a style of its own would lose its look to the node's.
      const key = own ?? (entry && TYPOGRAPHIC.some((k) => entry[k] !== undefined) ? undefined : base);
      const style = key ? this.#textStyles.get(key) : undefined;
      if (style) ranges.push([offsets[i] as number, offsets[j] as number, style]);
    }
    try {
      const whole = ranges.length === 1 && ranges[0]?.[0] === 0 && ranges[0][1] === t.characters.length;
      if (whole) await t.setTextStyleIdAsync((ranges[0] as [number, number, TextStyle])[2].id);
      else for (const [start, end, style] of ranges) await t.setRangeTextStyleIdAsync(start, end, style.id);
    } catch (e) {
      this.#refused(`text "${r.name}": Figma refused its text style`, e);
    }
  }

  /** The node's effect style, on whichever of `nodes` carries exactly its effects. */
  async styleEffects(r: ResultNode, nodes: Array<SceneNode & BlendMixin>): Promise<void> {
    const bound = r.styles?.effect ? this.#effectStyles.get(r.styles.effect) : undefined;
    if (!bound) return;
    const carrier = nodes.find((n) => n.effects.length && sameStored(n.effects, bound.effects));
    if (!carrier) return;
    try {
      await carrier.setEffectStyleIdAsync(bound.style.id);
    } catch (e) {
      this.#refused(`node "${r.name}": Figma refused its effect style`, e);
    }
  }
}

/** What a text style in the file sets, in the order textStyleValues lists it. */
function valuesOf(s: TextStyle): TextStyleValues {
  return {
    fontName: { family: s.fontName.family, style: s.fontName.style },
    fontSize: s.fontSize,
    lineHeight: s.lineHeight.unit === "AUTO" ? { unit: "AUTO" } : { unit: s.lineHeight.unit, value: s.lineHeight.value },
    letterSpacing: { unit: s.letterSpacing.unit, value: s.letterSpacing.value },
    textCase: s.textCase,
    textDecoration: s.textDecoration,
  };
}
