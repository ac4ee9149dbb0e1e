/**
 * The Figma file's identity sent as `figmaFileKey`: `figma.fileKey` when Figma gives it (only to
 * a private plugin whose manifest has `enablePrivatePluginApi: true`, i.e. `node build.mjs
 * --private`), else a random key created once and stored in the
 * document itself (root plugin data), so it travels with the file and is the same for everyone
 * who opens it.
 */
export const FILE_KEY_DATA = "pageport.fileKey";

export function fileKey(figma: PluginAPI, newKey: () => string): string {
  const given = figma.fileKey;
  if (typeof given === "string" && given !== "") return given;
  const stored = figma.root.getPluginData(FILE_KEY_DATA);
  if (stored !== "") return stored;
  const key = newKey();
  figma.root.setPluginData(FILE_KEY_DATA, key);
  return key;
}
