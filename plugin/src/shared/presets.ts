/**
 * Viewport presets and the checks the plugin runs before it calls the API. They mirror the
 * API's own validation (api.md, Page Import) so that most mistakes are caught in the form, but
 * the API stays the authority: whatever it refuses still reaches the user with its own message.
 * Shared by the UI iframe and the main thread, so no DOM and no `URL` (Figma's main thread
 * does not promise one).
 */

export interface Viewport {
  width: number;
  height: number;
}

export type PresetName = "desktop" | "tablet" | "mobile";

export const VIEWPORT_PRESETS: Readonly<Record<PresetName, Viewport>> = {
  desktop: { width: 1440, height: 900 },
  tablet: { width: 768, height: 1024 },
  mobile: { width: 390, height: 844 },
};

export const LIMITS = {
  urlLength: 4096,
  width: { min: 320, max: 3840 },
  height: { min: 240, max: 4320 },
  deviceScaleFactor: { min: 1, max: 3 },
  readySelectorLength: 512,
  batchItems: 500,
  maxPages: { min: 1, max: 500 },
} as const;

/** What the conversion makes of the page (Code2Des `options`; every option on when absent). */
export interface ConversionOptions {
  /** Colours, type, radii and spacing as variables and styles every node is bound to. */
  tokens: boolean;
  /** Repeated elements (cards, nav items, buttons) as components with instances. */
  components: boolean;
  /** Auto layout wherever Figma's layout keeps every child in place. */
  autoLayout: boolean;
}

export const ALL_OPTIONS: ConversionOptions = { tokens: true, components: true, autoLayout: true };

/** The options a Code2Des request sends: all three when one is off; undefined when every one is on (the API's default). */
export function optionsToSend(options: ConversionOptions | undefined): ConversionOptions | undefined {
  return options && (!options.tokens || !options.components || !options.autoLayout) ? { ...options } : undefined;
}

export type ColorScheme = "light" | "dark";

/** The request body of `POST …/page-imports` (and of each `page_import` batch item). */
export interface PageImportRequest {
  url: string;
  viewport: Viewport;
  deviceScaleFactor?: number;
  readySelector?: string;
  /** Absent: light (the API's default). */
  colorScheme?: ColorScheme;
}

/** The most captures one site design takes (the API's `variants` limit plus its own capture). */
export const MAX_DESIGN_CAPTURES = 6;

/** What the Import form asks for: one URL, one or more viewports, light and/or dark. */
export interface ImportForm {
  url: string;
  viewports: Viewport[];
  /** Absent: light only. */
  colorSchemes?: ColorScheme[];
  /** Several captures as one design with a variant each (else a design per capture). */
  oneDesign?: boolean;
  deviceScaleFactor: number;
  readySelector?: string;
  /** The design toggles (absent: every option on). */
  options?: ConversionOptions;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[] };

const URL_PATTERN = /^(https?):\/\/([^/?#\s]+)([^\s]*)$/i;

/** A http(s) URL with a host, the fragment removed (the API drops it too). */
export function checkPageUrl(raw: string): Checked<string> {
  const url = raw.trim();
  if (url === "") return { ok: false, errors: ["Enter the URL of a web page."] };
  if (url.length > LIMITS.urlLength) {
    return { ok: false, errors: [`The URL is longer than ${LIMITS.urlLength} characters.`] };
  }
  const match = URL_PATTERN.exec(url);
  if (!match) {
    return { ok: false, errors: [`"${shorten(url)}" is not a web address: it must start with http:// or https://.`] };
  }
  const authority = match[2] ?? "";
  if (authority.includes("@")) {
    return { ok: false, errors: [`"${shorten(url)}" contains a user name or password; leave them out.`] };
  }
  const hash = url.indexOf("#");
  return { ok: true, value: hash >= 0 ? url.slice(0, hash) : url };
}

export function checkViewport(viewport: Viewport, label = "Viewport"): string[] {
  const errors: string[] = [];
  const { width, height } = viewport;
  if (!Number.isInteger(width) || width < LIMITS.width.min || width > LIMITS.width.max) {
    errors.push(`${label} width must be a whole number from ${LIMITS.width.min} to ${LIMITS.width.max}.`);
  }
  if (!Number.isInteger(height) || height < LIMITS.height.min || height > LIMITS.height.max) {
    errors.push(`${label} height must be a whole number from ${LIMITS.height.min} to ${LIMITS.height.max}.`);
  }
  return errors;
}

export function checkDeviceScaleFactor(value: number): string[] {
  if (!Number.isFinite(value) || value < LIMITS.deviceScaleFactor.min || value > LIMITS.deviceScaleFactor.max) {
    return [`Device scale must be from ${LIMITS.deviceScaleFactor.min} to ${LIMITS.deviceScaleFactor.max}.`];
  }
  return [];
}

export function checkReadySelector(value: string | undefined): Checked<string | undefined> {
  const selector = value?.trim() ?? "";
  if (selector === "") return { ok: true, value: undefined };
  if (selector.length > LIMITS.readySelectorLength) {
    return { ok: false, errors: [`The ready selector is longer than ${LIMITS.readySelectorLength} characters.`] };
  }
  return { ok: true, value: selector };
}

/** Checks the Import form and turns it into one API request per viewport and theme (duplicates dropped). */
export function checkImportForm(form: ImportForm): Checked<PageImportRequest[]> {
  const errors: string[] = [];
  const url = checkPageUrl(form.url);
  if (!url.ok) errors.push(...url.errors);
  if (form.viewports.length === 0) errors.push("Choose at least one viewport.");
  const schemes: ColorScheme[] = form.colorSchemes === undefined ? ["light"] : [...new Set(form.colorSchemes)];
  if (schemes.length === 0) errors.push("Choose light, dark or both.");
  const viewports = uniqueViewports(form.viewports);
  viewports.forEach((v) => errors.push(...checkViewport(v, viewportLabel(v))));
  errors.push(...checkDeviceScaleFactor(form.deviceScaleFactor));
  const selector = checkReadySelector(form.readySelector);
  if (!selector.ok) errors.push(...selector.errors);
  const captures = schemes.length * viewports.length;
  if (form.oneDesign && captures > MAX_DESIGN_CAPTURES) {
    errors.push(`One design takes at most ${MAX_DESIGN_CAPTURES} captures (viewports × themes); ${captures} chosen.`);
  }
  if (errors.length > 0 || !url.ok || !selector.ok) return { ok: false, errors };
  return {
    ok: true,
    value: schemes.flatMap((scheme) =>
      viewports.map((viewport) => pageImportRequest(url.value, viewport, form.deviceScaleFactor, selector.value, scheme)),
    ),
  };
}

export function pageImportRequest(url: string, viewport: Viewport, deviceScaleFactor: number, readySelector?: string, colorScheme?: ColorScheme): PageImportRequest {
  const request: PageImportRequest = { url, viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor };
  if (readySelector !== undefined) request.readySelector = readySelector;
  if (colorScheme === "dark") request.colorScheme = colorScheme;
  return request;
}

/**
 * A pasted list of URLs: one per line (commas and spaces also separate), blank lines and
 * `#` comments ignored, duplicates dropped in order. Every bad line is named.
 */
export function parseUrlList(text: string): Checked<string[]> {
  const urls: string[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((line, index) => {
    const content = line.replace(/(^|\s)#.*$/, "").trim();
    if (content === "") return;
    for (const token of content.split(/[\s,]+/)) {
      if (token === "") continue;
      const checked = checkPageUrl(token);
      if (!checked.ok) {
        errors.push(`Line ${index + 1}: ${checked.errors.join(" ")}`);
      } else if (!seen.has(checked.value)) {
        seen.add(checked.value);
        urls.push(checked.value);
      }
    }
  });
  if (urls.length === 0 && errors.length === 0) errors.push("Paste at least one URL.");
  if (urls.length > LIMITS.batchItems) errors.push(`At most ${LIMITS.batchItems} pages at once (${urls.length} given).`);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: urls };
}

export function viewportLabel(viewport: Viewport): string {
  const preset = (Object.keys(VIEWPORT_PRESETS) as PresetName[]).find(
    (name) => VIEWPORT_PRESETS[name].width === viewport.width && VIEWPORT_PRESETS[name].height === viewport.height,
  );
  const size = `${viewport.width}×${viewport.height}`;
  return preset ? `${preset[0]?.toUpperCase()}${preset.slice(1)} ${size}` : size;
}

export function uniqueViewports(viewports: Viewport[]): Viewport[] {
  const seen = new Set<string>();
  return viewports.filter((v) => {
    const key = `${v.width}x${v.height}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** An API base URL: http(s), a host, no path beyond "/", no query; returned without a trailing slash. */
export function checkApiUrl(raw: string): Checked<string> {
  const url = raw.trim().replace(/\/+$/, "");
  const match = /^(https?):\/\/([^/?#\s@]+)(\/[^?#\s]*)?$/i.exec(url);
  if (!match) {
    return { ok: false, errors: ["The API URL must look like https://api.example.com (or http://127.0.0.1:8000 for the local stack)."] };
  }
  return { ok: true, value: url };
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
