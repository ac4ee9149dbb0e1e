/**
 * The Figma file's identity sent as `figmaFileKey`: `figma.fileKey` when Figma gives it (only to
 * a private plugin whose manifest has `enablePrivatePluginApi: true`, i.e. `node build.mjs
 * --private`), else a random key created once and stored in the document itself (root plugin
 * data), so it travels with the file and is the same for everyone who opens it.
 *
 * A duplicated or branched file copies that key, and both copies would share saved jobs. So each
 * time the plugin starts in a file it writes a fresh mark in both the document (one entry per
 * installation: `pageport.fileSeen.<install>`) and this user's clientStorage (per key). The file
 * opened last always holds the latest mark; a document holding an older mark of this
 * installation is another copy of a file opened since, and takes a new key of its own (the
 * imports in progress stay with the copy that holds the latest mark).
 */
import type { Storage } from "./state";

export const FILE_KEY_DATA = "pageport.fileKey";
export const SEEN_DATA_PREFIX = "pageport.fileSeen.";
/** clientStorage: this installation's id (clientStorage is per user and machine). */
export const INSTALL_KEY = "pageport.install";
/** clientStorage: the latest mark this installation wrote into a document with that key. */
export const FILE_MARK_PREFIX = "pageport.fileMark.";

export interface FileIdentity {
  key: string;
  /** The key this document had when it turned out to be a copy of another file (re-keyed). */
  copyOf?: string;
}

export async function fileIdentity(figma: PluginAPI, storage: Storage, newId: () => string): Promise<FileIdentity> {
  const given = figma.fileKey;
  if (typeof given === "string" && given !== "") return { key: given };
  const newKey = (): string => `local-${newId().replace(/-/g, "")}`;
  let install = await storage.getAsync(INSTALL_KEY);
  if (typeof install !== "string" || install === "") {
    install = newId();
    await storage.setAsync(INSTALL_KEY, install);
  }
  const seenKey = SEEN_DATA_PREFIX + String(install);
  let key = figma.root.getPluginData(FILE_KEY_DATA);
  const identity: FileIdentity = { key };
  if (key === "") {
    key = newKey();
    figma.root.setPluginData(FILE_KEY_DATA, key);
  } else {
    const seen = figma.root.getPluginData(seenKey);
    const latest = await storage.getAsync(FILE_MARK_PREFIX + key);
    if (seen !== "" && typeof latest === "string" && latest !== seen) {
      identity.copyOf = key;
      key = newKey();
      figma.root.setPluginData(FILE_KEY_DATA, key);
    }
  }
  identity.key = key;
  const mark = newId();
  figma.root.setPluginData(seenKey, mark);
  await storage.setAsync(FILE_MARK_PREFIX + key, mark);
  return identity;
}
