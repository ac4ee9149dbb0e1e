/**
 * Where a plugin keeps data, with Figma's limits: plugin data on a node, style or variable (an
 * entry, its key and value, at most 100 kB), and `figma.clientStorage` (5 MB per plugin and user,
 * over every file: a write past it is refused).
 */
import { fail } from "./validate";

/** Figma: "The total size of your entry (pluginId, key, value) cannot exceed 100 kB." */
export const PLUGIN_DATA_LIMIT = 100 * 1024;
/** Figma: each plugin has a total of 5 MB of client storage. */
export const CLIENT_STORAGE_LIMIT = 5 * 1024 * 1024;

const utf8Length = (s: string): number => new TextEncoder().encode(s).length;

/** One owner's plugin data (a node, a style, a variable or its collection). */
export class PluginData {
  readonly #entries = new Map<string, string>();

  get(key: string): string {
    return this.#entries.get(key) ?? "";
  }
  set(key: string, value: string): void {
    if (typeof value !== "string") fail("setPluginData", "Expected value to be a string");
    if (utf8Length(key) + utf8Length(value) > PLUGIN_DATA_LIMIT) fail("setPluginData", "The total size of your entry (pluginId, key, value) cannot exceed 100 kB");
    if (value === "") this.#entries.delete(key);
    else this.#entries.set(key, value);
  }
  keys(): string[] {
    return [...this.#entries.keys()];
  }
}

function cloneValue<T>(v: T): T {
  return v === undefined ? v : structuredClone(v);
}

/** The size a stored value counts for: its key and its JSON text. */
function entrySize(key: string, value: unknown): number {
  return utf8Length(key) + utf8Length(JSON.stringify(value) ?? "");
}

/** figma.clientStorage over `map` (shared by several test figmas: one user, several files open). */
export function clientStorageOver(map: Map<string, unknown>): ClientStorageAPI {
  return {
    getAsync: (key: string) => Promise.resolve(cloneValue(map.get(key))),
    setAsync: (key: string, value: unknown) => {
      if (typeof key !== "string") return Promise.reject(new Error("in setAsync: Expected key to be a string"));
      try {
        const copy: unknown = structuredClone(value);
        let total = entrySize(key, copy);
        for (const [k, v] of map) if (k !== key) total += entrySize(k, v);
        if (total > CLIENT_STORAGE_LIMIT) fail("setAsync", `Client storage quota exceeded: the plugin's ${CLIENT_STORAGE_LIMIT} bytes are used`);
        map.set(key, copy);
      } catch (e) {
        return Promise.reject(e instanceof Error ? e : new Error(String(e)));
      }
      return Promise.resolve();
    },
    deleteAsync: (key: string) => {
      map.delete(key);
      return Promise.resolve();
    },
    keysAsync: () => Promise.resolve([...map.keys()]),
  };
}
