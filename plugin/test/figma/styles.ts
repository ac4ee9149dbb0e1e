/**
 * Local styles of the in-memory Figma: text styles (font, size, line height, letter spacing,
 * case, decoration; the font must be loaded to be set, as in Figma) and effect styles. A node
 * takes a style with setTextStyleIdAsync / setRangeTextStyleIdAsync / setEffectStyleIdAsync,
 * which writes the style's values onto it; writing one of those values directly afterwards
 * detaches the style. With documentAccess "dynamic-page" the synchronous forms throw.
 */
import { fontKey, fontLabel } from "./fonts";
import { PluginData } from "./storage";
import { f32, storedEffect, storedLetterSpacing, storedLineHeight } from "./stored";
import { fail, frozenCopy, num, oneOf, validateEffects } from "./validate";

/** What a text style sets on the characters it is applied to. */
export interface TextStyleValues {
  fontName: FontName;
  fontSize: number;
  letterSpacing: LetterSpacing;
  lineHeight: LineHeight;
  textCase: TextCase;
  textDecoration: TextDecoration;
}

export interface StyleLookup {
  text(id: string): TextStyleStub | undefined;
  effect(id: string): EffectStyleStub | undefined;
}

class BaseStyleStub {
  #name = "";
  description = "";
  readonly remote = false;
  readonly key: string;
  removed = false;
  readonly #data = new PluginData();
  constructor(
    readonly id: string,
    readonly type: "TEXT" | "EFFECT",
  ) {
    this.key = id.replace(/\W/g, "");
  }
  get name(): string {
    return this.#name;
  }
  set name(v: string) {
    if (typeof v !== "string" || !v.trim()) fail("set_name", "Expected a non-empty style name");
    this.#name = v;
  }
  remove(): void {
    this.removed = true;
  }
  getPluginData(key: string): string {
    return this.#data.get(key);
  }
  setPluginData(key: string, value: string): void {
    this.#data.set(key, value);
  }
  getPluginDataKeys(): string[] {
    return this.#data.keys();
  }
}

export class TextStyleStub extends BaseStyleStub {
  #values: TextStyleValues = {
    fontName: { family: "Inter", style: "Regular" },
    fontSize: 12,
    letterSpacing: { unit: "PERCENT", value: 0 },
    lineHeight: { unit: "AUTO" },
    textCase: "ORIGINAL",
    textDecoration: "NONE",
  };
  paragraphSpacing = 0;
  paragraphIndent = 0;
  constructor(
    id: string,
    readonly loadedFonts: ReadonlySet<string>,
  ) {
    super(id, "TEXT");
  }
  get values(): TextStyleValues {
    return frozenCopy(this.#values);
  }
  get fontName(): FontName {
    return { ...this.#values.fontName };
  }
  set fontName(v: FontName) {
    if (typeof v !== "object" || v === null || typeof v.family !== "string" || typeof v.style !== "string") fail("set_fontName", "Expected a FontName");
    if (!this.loadedFonts.has(fontKey(v))) {
      throw new Error(`in set_fontName: Cannot use unloaded font "${fontLabel(v)}". Please call figma.loadFontAsync({ family: "${v.family}", style: "${v.style}" }) and await the returned promise first.`);
    }
    this.#values = { ...this.#values, fontName: { family: v.family, style: v.style } };
  }
  get fontSize(): number {
    return this.#values.fontSize;
  }
  set fontSize(v: number) {
    this.#values = { ...this.#values, fontSize: f32(num("set_fontSize", "fontSize", v, 1)) };
  }
  get letterSpacing(): LetterSpacing {
    return { ...this.#values.letterSpacing };
  }
  set letterSpacing(v: LetterSpacing) {
    oneOf("set_letterSpacing", "letterSpacing.unit", v?.unit, ["PIXELS", "PERCENT"]);
    this.#values = { ...this.#values, letterSpacing: storedLetterSpacing({ unit: v.unit, value: num("set_letterSpacing", "letterSpacing.value", v.value) }) };
  }
  get lineHeight(): LineHeight {
    return { ...this.#values.lineHeight };
  }
  set lineHeight(v: LineHeight) {
    const unit = oneOf("set_lineHeight", "lineHeight.unit", v?.unit, ["PIXELS", "PERCENT", "AUTO"]);
    const value = unit === "AUTO" ? { unit } : { unit, value: num("set_lineHeight", "lineHeight.value", (v as { value: number }).value, 0) };
    this.#values = { ...this.#values, lineHeight: storedLineHeight(value as LineHeight) };
  }
  get textCase(): TextCase {
    return this.#values.textCase;
  }
  set textCase(v: TextCase) {
    this.#values = { ...this.#values, textCase: oneOf("set_textCase", "textCase", v, ["ORIGINAL", "UPPER", "LOWER", "TITLE", "SMALL_CAPS", "SMALL_CAPS_FORCED"]) };
  }
  get textDecoration(): TextDecoration {
    return this.#values.textDecoration;
  }
  set textDecoration(v: TextDecoration) {
    this.#values = { ...this.#values, textDecoration: oneOf("set_textDecoration", "textDecoration", v, ["NONE", "UNDERLINE", "STRIKETHROUGH"]) };
  }
}

export class EffectStyleStub extends BaseStyleStub {
  #effects: Effect[] = [];
  constructor(id: string) {
    super(id, "EFFECT");
  }
  get effects(): readonly Effect[] {
    return frozenCopy(this.#effects);
  }
  set effects(v: readonly Effect[]) {
    validateEffects("set_effects", v);
    this.#effects = frozenCopy(v.map(storedEffect));
  }
}

/** The file's local styles; `api()` holds the PluginAPI functions that make and list them. */
export class StyleRegistry implements StyleLookup {
  readonly styles = new Map<string, TextStyleStub | EffectStyleStub>();
  #count = 0;

  constructor(readonly loadedFonts: ReadonlySet<string>) {}

  #id(): string {
    this.#count++;
    return `S:${this.#count.toString(16).padStart(40, "0")},${this.#count}:0`;
  }
  text(id: string): TextStyleStub | undefined {
    const s = this.styles.get(id);
    return s instanceof TextStyleStub && !s.removed ? s : undefined;
  }
  effect(id: string): EffectStyleStub | undefined {
    const s = this.styles.get(id);
    return s instanceof EffectStyleStub && !s.removed ? s : undefined;
  }

  api(): Record<string, unknown> {
    const local = <T extends TextStyleStub | EffectStyleStub>(kind: new (...args: never[]) => T): T[] =>
      [...this.styles.values()].filter((s): s is T => s instanceof kind && !s.removed);
    const refused = (name: string) => (): never => {
      throw new Error(`in ${name}: Cannot call with documentAccess: dynamic-page. Use ${name}Async instead.`);
    };
    return {
      createTextStyle: () => {
        const s = new TextStyleStub(this.#id(), this.loadedFonts);
        s.name = "Text style";
        this.styles.set(s.id, s);
        return s;
      },
      createEffectStyle: () => {
        const s = new EffectStyleStub(this.#id());
        s.name = "Effect style";
        this.styles.set(s.id, s);
        return s;
      },
      getLocalTextStylesAsync: () => Promise.resolve(local(TextStyleStub)),
      getLocalEffectStylesAsync: () => Promise.resolve(local(EffectStyleStub)),
      getStyleByIdAsync: (id: string) => {
        const s = this.styles.get(id);
        return Promise.resolve(s && !s.removed ? s : null);
      },
      getLocalTextStyles: refused("getLocalTextStyles"),
      getLocalEffectStyles: refused("getLocalEffectStyles"),
      getStyleById: refused("getStyleById"),
    };
  }
}
