/** Text nodes of the in-memory Figma: per-character styles, fonts loaded before edits. */
import type { World } from "./base";
import { fontKey, fontLabel } from "./fonts";
import { ShapeStub } from "./shapes";
import { f32, storedLetterSpacing, storedLineHeight, storedPaint } from "./stored";
import { layoutText, unmeasurable, type TextLayout } from "./textlayout";
import { fail, frozenCopy, num, oneOf, validateHyperlink } from "./validate";

// ---------------------------------------------------------------------------------- text

interface CharStyle {
  fontName: FontName;
  fontSize: number;
  fills: Paint[];
  textDecoration: TextDecoration;
  letterSpacing: LetterSpacing;
  lineHeight: LineHeight;
  textCase: TextCase;
  hyperlink: HyperlinkTarget | null;
  /** The text style these characters follow ("" none): a direct write of a styled field detaches it. */
  textStyleId: string;
}

type StyleKey = keyof CharStyle;
/** The fields a text style sets. */
const STYLED: ReadonlySet<StyleKey> = new Set(["fontName", "fontSize", "letterSpacing", "lineHeight", "textCase", "textDecoration"]);

const TEXT_CASES = ["ORIGINAL", "UPPER", "LOWER", "TITLE", "SMALL_CAPS", "SMALL_CAPS_FORCED"] as const;
const DECORATIONS = ["NONE", "UNDERLINE", "STRIKETHROUGH"] as const;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class TextStub extends ShapeStub {
  #chars = "";
  #styles: CharStyle[] = [];
  #base: CharStyle;
  #autoResize: "NONE" | "WIDTH_AND_HEIGHT" | "HEIGHT" | "TRUNCATE" = "WIDTH_AND_HEIGHT";
  #alignH: "LEFT" | "CENTER" | "RIGHT" | "JUSTIFIED" = "LEFT";
  #alignV: "TOP" | "CENTER" | "BOTTOM" = "TOP";
  #paragraphIndent = 0;
  #paragraphSpacing = 0;
  textTruncation: "DISABLED" | "ENDING" = "DISABLED";
  maxLines: number | null = null;
  readonly hasMissingFont = false;
  autoRename = true;

  constructor(world: World) {
    super(world, "TEXT", "Text", 0.01, 14, [], "OUTSIDE", "PASS_THROUGH");
    this.#base = {
      fontName: { family: "Inter", style: "Regular" },
      fontSize: 12,
      fills: [{ type: "SOLID", visible: true, opacity: 1, blendMode: "NORMAL", color: { r: 0, g: 0, b: 0 } }],
      textDecoration: "NONE",
      letterSpacing: { unit: "PERCENT", value: 0 },
      lineHeight: { unit: "AUTO" },
      textCase: "ORIGINAL",
      hyperlink: null,
      textStyleId: "",
    };
  }

  override copyFrom(src: TextStub): void {
    super.copyFrom(src);
    [this.#chars, this.#styles, this.#base] = [src.#chars, [...src.#styles], src.#base];
    [this.#autoResize, this.#alignH, this.#alignV] = [src.#autoResize, src.#alignH, src.#alignV];
    [this.#paragraphIndent, this.#paragraphSpacing] = [src.#paragraphIndent, src.#paragraphSpacing];
    [this.textTruncation, this.maxLines, this.autoRename] = [src.textTruncation, src.maxLines, src.autoRename];
  }

  // -- font checks
  #fontsIn(start: number, end: number): FontName[] {
    if (this.#chars.length === 0) return [this.#base.fontName];
    const seen = new Map<string, FontName>();
    for (let i = start; i < end; i++) {
      const f = (this.#styles[i] as CharStyle).fontName;
      seen.set(fontKey(f), f);
    }
    return [...seen.values()];
  }
  #requireLoaded(fonts: FontName[]): void {
    for (const f of fonts) {
      if (!this.world.loadedFonts.has(fontKey(f))) {
        throw new Error(
          `Cannot write to node with unloaded font "${fontLabel(f)}". Please call figma.loadFontAsync({ family: "${f.family}", style: "${f.style}" }) and await the returned promise first.`,
        );
      }
    }
  }
  #requireAll(): void {
    this.#requireLoaded(this.#fontsIn(0, this.#chars.length));
  }
  #range(where: string, start: number, end: number): void {
    num(where, "start", start, 0);
    num(where, "end", end, 0);
    if (!Number.isInteger(start) || !Number.isInteger(end)) fail(where, "Expected integer start and end");
    if (end > this.#chars.length) fail(where, "Range outside of available characters. 'start' must be less than node.characters.length and 'end' must be less than or equal to node.characters.length");
    if (end <= start) fail(where, "Empty range selected. 'end' must be greater than 'start'");
  }

  // -- characters
  get characters(): string {
    return this.#chars;
  }
  set characters(v: string) {
    if (typeof v !== "string") fail("set_characters", "Expected a string");
    this.#requireAll();
    const first = this.#styles[0] ?? this.#base;
    this.#base = first;
    this.#chars = v;
    this.#styles = Array.from({ length: v.length }, () => first);
    if (this.autoRename) this.name = v.slice(0, 100) || "Text";
    this.#measure();
  }
  insertCharacters(start: number, characters: string, useStyle: "BEFORE" | "AFTER" = "BEFORE"): void {
    this.#requireAll();
    if (start < 0 || start > this.#chars.length) fail("insertCharacters", "Cannot insert characters at index greater than the length of the text");
    const style = (useStyle === "BEFORE" ? this.#styles[start - 1] : this.#styles[start]) ?? this.#styles[start] ?? this.#styles[start - 1] ?? this.#base;
    this.#chars = this.#chars.slice(0, start) + characters + this.#chars.slice(start);
    this.#styles.splice(start, 0, ...Array.from({ length: characters.length }, () => style));
  }
  deleteCharacters(start: number, end: number): void {
    this.#range("deleteCharacters", start, end);
    this.#requireAll();
    this.#chars = this.#chars.slice(0, start) + this.#chars.slice(end);
    const removed = this.#styles.splice(start, end - start);
    if (this.#chars.length === 0 && removed[0]) this.#base = removed[0];
  }

  // -- uniform and ranged style access
  #get<K extends StyleKey>(key: K, start = 0, end = this.#chars.length): CharStyle[K] | symbol {
    if (this.#chars.length === 0) return this.#shown(key, this.#base[key]);
    const first = (this.#styles[start] as CharStyle)[key];
    for (let i = start + 1; i < end; i++) if (!same((this.#styles[i] as CharStyle)[key], first)) return this.world.mixed;
    return this.#shown(key, first);
  }
  /** A value as read: a frozen copy, fills with their bound colors resolved for this node. */
  #shown<K extends StyleKey>(key: K, value: CharStyle[K]): CharStyle[K] {
    return frozenCopy(key === "fills" ? (this.drawn(value as Paint[]) as CharStyle[K]) : value);
  }
  #set<K extends StyleKey>(key: K, value: CharStyle[K], start = 0, end = this.#chars.length): void {
    const detach = STYLED.has(key) ? { textStyleId: "" } : {};
    if (this.#chars.length === 0) {
      this.#base = { ...this.#base, [key]: value, ...detach };
      return;
    }
    for (let i = start; i < end; i++) this.#styles[i] = { ...(this.#styles[i] as CharStyle), [key]: value, ...detach };
    this.#measure();
  }

  // -- text styles
  get textStyleId(): string | symbol {
    return this.#get("textStyleId");
  }
  set textStyleId(_v: string | symbol) {
    throw new Error("in set_textStyleId: Cannot set textStyleId with documentAccess: dynamic-page. Use setTextStyleIdAsync instead.");
  }
  getRangeTextStyleId(start: number, end: number): string | symbol {
    this.#range("getRangeTextStyleId", start, end);
    return this.#get("textStyleId", start, end);
  }
  setTextStyleIdAsync(id: string): Promise<void> {
    return this.#applyStyle("setTextStyleIdAsync", id, 0, this.#chars.length);
  }
  setRangeTextStyleIdAsync(start: number, end: number, id: string): Promise<void> {
    try {
      this.#range("setRangeTextStyleIdAsync", start, end);
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
    return this.#applyStyle("setRangeTextStyleIdAsync", id, start, end);
  }
  /** The style's values written on the range (its fonts and the new one loaded), then its id. */
  #applyStyle(where: string, id: string, start: number, end: number): Promise<void> {
    try {
      if (id === "") {
        this.#setRaw({ textStyleId: "" }, start, end);
        return Promise.resolve();
      }
      const style = this.world.styles?.text(id);
      if (!style) fail(where, `No text style with id ${JSON.stringify(id)}`);
      const values = style.values;
      this.#requireLoaded([...this.#fontsIn(start, end), values.fontName]);
      this.#setRaw({ ...values, textStyleId: id }, start, end);
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }
  #setRaw(patch: Partial<CharStyle>, start: number, end: number): void {
    if (this.#chars.length === 0) this.#base = { ...this.#base, ...patch };
    for (let i = start; i < end; i++) this.#styles[i] = { ...(this.#styles[i] as CharStyle), ...patch };
    this.#measure();
  }

  /**
   * Figma re-measures auto-resizing text whenever what it shows changes (textlayout.ts: HarfBuzz
   * over the installed font files). WIDTH_AND_HEIGHT takes the longest line's width (trailing
   * spaces included) and every line's height; HEIGHT wraps at the node's width and takes the height. A font with no file here
   * leaves the size as given, and is recorded (testControls.unmeasuredFonts).
   */
  #measure(): void {
    if (!this.world.measureText || (this.#autoResize !== "WIDTH_AND_HEIGHT" && this.#autoResize !== "HEIGHT")) return;
    const styles = this.#chars.length ? this.#styles : [this.#base];
    const missing = unmeasurable(styles);
    if (missing.length) {
      for (const f of missing) this.world.unmeasuredFonts?.set(fontKey(f), f);
      return;
    }
    const laid = this.#layout();
    // An auto-width box spans its lines' trailing spaces too (a wrapped line's hang outside it).
    const w = this.#autoResize === "HEIGHT" ? this._w : laid.advance;
    this._resize(Math.max(0.01, w), Math.max(0.01, laid.height), false);
  }
  /** An auto-height text given another width (auto layout, constraints, by hand) wraps again. */
  override _resize(width: number, height: number, withConstraints: boolean): void {
    const rewrap = this.#autoResize === "HEIGHT" && width !== this._w;
    super._resize(width, height, withConstraints);
    if (rewrap) this.#measure();
  }
  /** The text laid out at the node's width (auto width: unwrapped). */
  #layout(): TextLayout {
    return layoutText(this.#chars, this.#styles, this.#base, {
      wrapWidth: this.#autoResize === "WIDTH_AND_HEIGHT" ? Infinity : this._w,
      paragraphSpacing: this.#paragraphSpacing,
      paragraphIndent: this.#paragraphIndent,
      advanceScale: this.world.advanceScale,
    });
  }
  /** The lines Figma shows (for tests; not in the Plugin API). */
  laidOutLines(): string[] {
    return this.#layout().lines.map((l) => this.#chars.slice(l.start, l.end));
  }

  get fontName(): FontName | symbol {
    return this.#get("fontName");
  }
  set fontName(v: FontName | symbol) {
    const f = checkFont("set_fontName", v);
    this.#requireAll();
    this.#requireLoaded([f]);
    this.#set("fontName", f);
  }
  get fontSize(): number | symbol {
    return this.#get("fontSize");
  }
  set fontSize(v: number | symbol) {
    const n = num("set_fontSize", "fontSize", v, 1);
    this.#requireAll();
    this.#set("fontSize", f32(n));
  }
  override get fills(): readonly Paint[] | symbol {
    return this.#get("fills");
  }
  override set fills(v: readonly Paint[] | symbol) {
    this.checkPaints("set_fills", v);
    this.#set("fills", frozenCopy((v as Paint[]).map(storedPaint)));
  }
  get textDecoration(): TextDecoration | symbol {
    return this.#get("textDecoration");
  }
  set textDecoration(v: TextDecoration | symbol) {
    const d = oneOf("set_textDecoration", "textDecoration", v, DECORATIONS);
    this.#requireAll();
    this.#set("textDecoration", d);
  }
  get letterSpacing(): LetterSpacing | symbol {
    return this.#get("letterSpacing");
  }
  set letterSpacing(v: LetterSpacing | symbol) {
    const ls = checkLetterSpacing("set_letterSpacing", v);
    this.#requireAll();
    this.#set("letterSpacing", ls);
  }
  get lineHeight(): LineHeight | symbol {
    return this.#get("lineHeight");
  }
  set lineHeight(v: LineHeight | symbol) {
    const lh = checkLineHeight("set_lineHeight", v);
    this.#requireAll();
    this.#set("lineHeight", lh);
  }
  get textCase(): TextCase | symbol {
    return this.#get("textCase");
  }
  set textCase(v: TextCase | symbol) {
    const c = oneOf("set_textCase", "textCase", v, TEXT_CASES);
    this.#requireAll();
    this.#set("textCase", c);
  }

  get hyperlink(): HyperlinkTarget | null | symbol {
    return this.#get("hyperlink");
  }
  set hyperlink(v: HyperlinkTarget | null | symbol) {
    const h = validateHyperlink("set_hyperlink", v);
    this.#requireAll();
    this.#set("hyperlink", h);
  }

  getRangeFontName(start: number, end: number): FontName | symbol {
    this.#range("getRangeFontName", start, end);
    return this.#get("fontName", start, end);
  }
  setRangeFontName(start: number, end: number, v: FontName): void {
    this.#range("setRangeFontName", start, end);
    const f = checkFont("setRangeFontName", v);
    this.#requireLoaded([...this.#fontsIn(start, end), f]);
    this.#set("fontName", f, start, end);
  }
  getRangeAllFontNames(start: number, end: number): FontName[] {
    this.#range("getRangeAllFontNames", start, end);
    return this.#fontsIn(start, end).map((f) => ({ ...f }));
  }
  getRangeFontSize(start: number, end: number): number | symbol {
    this.#range("getRangeFontSize", start, end);
    return this.#get("fontSize", start, end);
  }
  setRangeFontSize(start: number, end: number, v: number): void {
    this.#range("setRangeFontSize", start, end);
    const n = num("setRangeFontSize", "fontSize", v, 1);
    this.#requireLoaded(this.#fontsIn(start, end));
    this.#set("fontSize", f32(n), start, end);
  }
  getRangeFills(start: number, end: number): readonly Paint[] | symbol {
    this.#range("getRangeFills", start, end);
    return this.#get("fills", start, end);
  }
  setRangeFills(start: number, end: number, v: readonly Paint[]): void {
    this.#range("setRangeFills", start, end);
    this.checkPaints("setRangeFills", v);
    this.#set("fills", frozenCopy(v.map(storedPaint)), start, end);
  }
  getRangeTextDecoration(start: number, end: number): TextDecoration | symbol {
    this.#range("getRangeTextDecoration", start, end);
    return this.#get("textDecoration", start, end);
  }
  setRangeTextDecoration(start: number, end: number, v: TextDecoration): void {
    this.#range("setRangeTextDecoration", start, end);
    const d = oneOf("setRangeTextDecoration", "textDecoration", v, DECORATIONS);
    this.#requireLoaded(this.#fontsIn(start, end));
    this.#set("textDecoration", d, start, end);
  }
  getRangeLetterSpacing(start: number, end: number): LetterSpacing | symbol {
    this.#range("getRangeLetterSpacing", start, end);
    return this.#get("letterSpacing", start, end);
  }
  setRangeLetterSpacing(start: number, end: number, v: LetterSpacing): void {
    this.#range("setRangeLetterSpacing", start, end);
    const ls = checkLetterSpacing("setRangeLetterSpacing", v);
    this.#requireLoaded(this.#fontsIn(start, end));
    this.#set("letterSpacing", ls, start, end);
  }
  getRangeLineHeight(start: number, end: number): LineHeight | symbol {
    this.#range("getRangeLineHeight", start, end);
    return this.#get("lineHeight", start, end);
  }
  setRangeLineHeight(start: number, end: number, v: LineHeight): void {
    this.#range("setRangeLineHeight", start, end);
    const lh = checkLineHeight("setRangeLineHeight", v);
    this.#requireLoaded(this.#fontsIn(start, end));
    this.#set("lineHeight", lh, start, end);
  }
  getRangeTextCase(start: number, end: number): TextCase | symbol {
    this.#range("getRangeTextCase", start, end);
    return this.#get("textCase", start, end);
  }
  setRangeTextCase(start: number, end: number, v: TextCase): void {
    this.#range("setRangeTextCase", start, end);
    const c = oneOf("setRangeTextCase", "textCase", v, TEXT_CASES);
    this.#requireLoaded(this.#fontsIn(start, end));
    this.#set("textCase", c, start, end);
  }

  getRangeHyperlink(start: number, end: number): HyperlinkTarget | null | symbol {
    this.#range("getRangeHyperlink", start, end);
    return this.#get("hyperlink", start, end);
  }
  setRangeHyperlink(start: number, end: number, v: HyperlinkTarget | null): void {
    this.#range("setRangeHyperlink", start, end);
    const h = validateHyperlink("setRangeHyperlink", v);
    this.#requireLoaded(this.#fontsIn(start, end));
    this.#set("hyperlink", h, start, end);
  }

  /** Runs of characters sharing the requested fields (like Figma's getStyledTextSegments). */
  getStyledTextSegments(fields: StyleKey[], start = 0, end = this.#chars.length): Array<Record<string, unknown>> {
    if (this.#chars.length === 0) return [];
    this.#range("getStyledTextSegments", start, end);
    const out: Array<Record<string, unknown>> = [];
    let segStart = start;
    const pick = (i: number): string => JSON.stringify(fields.map((f) => (this.#styles[i] as CharStyle)[f]));
    for (let i = start + 1; i <= end; i++) {
      if (i === end || pick(i) !== pick(segStart)) {
        const seg: Record<string, unknown> = { characters: this.#chars.slice(segStart, i), start: segStart, end: i };
        for (const f of fields) seg[f] = this.#shown(f, (this.#styles[segStart] as CharStyle)[f]);
        out.push(seg);
        segStart = i;
      }
    }
    return out;
  }

  // -- layout of the text box
  get textAutoResize(): "NONE" | "WIDTH_AND_HEIGHT" | "HEIGHT" | "TRUNCATE" {
    return this.#autoResize;
  }
  set textAutoResize(v: "NONE" | "WIDTH_AND_HEIGHT" | "HEIGHT" | "TRUNCATE") {
    const r = oneOf("set_textAutoResize", "textAutoResize", v, ["NONE", "WIDTH_AND_HEIGHT", "HEIGHT", "TRUNCATE"]);
    this.#requireAll();
    this.#autoResize = r;
    this.#measure();
  }
  get textAlignHorizontal(): "LEFT" | "CENTER" | "RIGHT" | "JUSTIFIED" {
    return this.#alignH;
  }
  set textAlignHorizontal(v: "LEFT" | "CENTER" | "RIGHT" | "JUSTIFIED") {
    const a = oneOf("set_textAlignHorizontal", "textAlignHorizontal", v, ["LEFT", "CENTER", "RIGHT", "JUSTIFIED"]);
    this.#requireAll();
    this.#alignH = a;
  }
  get textAlignVertical(): "TOP" | "CENTER" | "BOTTOM" {
    return this.#alignV;
  }
  set textAlignVertical(v: "TOP" | "CENTER" | "BOTTOM") {
    const a = oneOf("set_textAlignVertical", "textAlignVertical", v, ["TOP", "CENTER", "BOTTOM"]);
    this.#requireAll();
    this.#alignV = a;
  }
  get paragraphIndent(): number {
    return this.#paragraphIndent;
  }
  set paragraphIndent(v: number) {
    const n = num("set_paragraphIndent", "paragraphIndent", v, 0);
    this.#requireAll();
    this.#paragraphIndent = n;
    this.#measure();
  }
  get paragraphSpacing(): number {
    return this.#paragraphSpacing;
  }
  set paragraphSpacing(v: number) {
    const n = num("set_paragraphSpacing", "paragraphSpacing", v, 0);
    this.#requireAll();
    this.#paragraphSpacing = n;
    this.#measure();
  }
}

function checkFont(where: string, v: unknown): FontName {
  const f = v as FontName;
  if (typeof v !== "object" || v === null || typeof f.family !== "string" || typeof f.style !== "string") {
    fail(where, 'Expected a FontName { family: string, style: string }');
  }
  return { family: f.family, style: f.style };
}

function checkLetterSpacing(where: string, v: unknown): LetterSpacing {
  const ls = v as LetterSpacing;
  if (typeof v !== "object" || v === null) fail(where, "Expected a LetterSpacing { value, unit }");
  oneOf(where, "letterSpacing.unit", ls.unit, ["PIXELS", "PERCENT"]);
  num(where, "letterSpacing.value", ls.value);
  return storedLetterSpacing({ value: ls.value, unit: ls.unit });
}

function checkLineHeight(where: string, v: unknown): LineHeight {
  const lh = v as { unit?: unknown; value?: unknown };
  if (typeof v !== "object" || v === null) fail(where, "Expected a LineHeight");
  const unit = oneOf(where, "lineHeight.unit", lh.unit, ["PIXELS", "PERCENT", "AUTO"]);
  if (unit === "AUTO") {
    if ("value" in lh) fail(where, 'Unrecognized key(s) in object: \'value\' at "lineHeight"');
    return { unit: "AUTO" };
  }
  return storedLineHeight({ unit, value: num(where, "lineHeight.value", lh.value, 0) });
}

