// Builds the plugin: src/code.ts → dist/code.js (Figma's sandbox), src/ui.ts inlined into
// dist/ui.html, and manifest.json for this stage.
//
//   node build.mjs [--api-origin https://api.example.com] [--watch]
//   PAGEPORT_API_ORIGIN=https://api.example.com node build.mjs
//   node build.mjs --out /tmp/x      (writes /tmp/x/dist/… and /tmp/x/manifest.json instead)
//   node build.mjs --private         (or PAGEPORT_PRIVATE_PLUGIN=1: a private/organization build)
//
// The API origin (an https origin; a stage path such as /v1 is kept as part of the default
// API URL) goes into networkAccess.allowedDomains and is the plugin's default API URL. Without
// one the plugin may only reach the local stack (devAllowedDomains), and allowedDomains is
// ["none"]. An http origin on loopback (a local stack on another port: `make plugin
// API_ORIGIN=http://127.0.0.1:8123`) is the default API URL and joins devAllowedDomains, named
// by `localhost` as Figma documents local origins there (127.0.0.1 and [::1] become localhost).
//
// --sign-in-origin https://login.example.com (repeatable; or PAGEPORT_SIGN_IN_ORIGINS, comma-separated)
// names a stage's custom sign-in domain: the plugin opens only sign-in pages on the API's own
// origin, on Amazon Cognito's managed login domains, or on these (src/api/signin-url.ts).
//
// --private adds `"enablePrivatePluginApi": true` to the manifest. Only then does Figma give the
// plugin `figma.fileKey` (and only for a plugin published privately to an organization), which
// the plugin sends as `figmaFileKey`. The default build is public: no private API, and the file's
// identity is a random key the plugin stores once in the document (root plugin data).
import { build, context } from "esbuild";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(fileURLToPath(import.meta.url));
// `pageport dev` on its default port; a build without a stage origin connects there first.
// Figma documents devAllowedDomains entries as `http://localhost:PORT`.
const LOCAL_API_URL = "http://localhost:8000";
const DEV_DOMAINS = [LOCAL_API_URL];

export function parseApiOrigin(raw) {
  if (raw === undefined || raw === null || String(raw).trim() === "") return null;
  const text = String(raw).trim();
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PAGEPORT_API_ORIGIN / --api-origin is not a URL: ${JSON.stringify(text)}`);
  }
  // A local stack on another port (`pageport dev --port 8123`) is reached over http on loopback.
  const local = url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !local) {
    throw new Error(`The API origin must use https (http only for a local stack on 127.0.0.1 or localhost): ${JSON.stringify(text)}`);
  }
  if (url.username || url.password) throw new Error("The API origin must not contain credentials.");
  if (url.search || url.hash) throw new Error(`The API origin must not have a query or fragment: ${JSON.stringify(text)}`);
  const path = url.pathname.replace(/\/+$/, "");
  if (local) url.hostname = "localhost";
  return { origin: url.origin, apiUrl: `${url.origin}${path}`, local };
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A custom sign-in domain for the stage (Cognito's own domains need none): an https origin. */
export function parseSignInOrigin(raw) {
  let url;
  try {
    url = new URL(String(raw).trim());
  } catch {
    throw new Error(`--sign-in-origin / PAGEPORT_SIGN_IN_ORIGINS is not a URL: ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== "https:" || url.username || url.password || url.pathname !== "/" || url.search || url.hash) {
    throw new Error(`A sign-in origin is https://host[:port] and nothing else: ${JSON.stringify(raw)}`);
  }
  return url.origin;
}

export function manifest(api, options = {}) {
  const privateApi = options.private ? { enablePrivatePluginApi: true } : {};
  return {
    name: "Pageport",
    id: "REPLACE_WITH_FIGMA_PLUGIN_ID",
    api: "1.0.0",
    main: "dist/code.js",
    ui: "dist/ui.html",
    editorType: ["figma"],
    documentAccess: "dynamic-page",
    ...privateApi,
    // A local origin is for development only: Figma allows it in devAllowedDomains alone.
    networkAccess: {
      allowedDomains: api && !api.local ? [api.origin] : ["none"],
      reasoning: api && !api.local
        ? `Pageport imports web pages through its API at ${api.origin}; the plugin talks to nothing else.`
        : "This build has no API origin: it reaches only a local Pageport stack (development).",
      devAllowedDomains: api && api.local && !DEV_DOMAINS.includes(api.origin) ? [...DEV_DOMAINS, api.origin] : DEV_DOMAINS,
    },
  };
}

function parseArgs(argv) {
  const fromEnv = (process.env.PAGEPORT_SIGN_IN_ORIGINS ?? "").split(",").filter((o) => o.trim() !== "");
  const args = { watch: false, apiOrigin: process.env.PAGEPORT_API_ORIGIN, signInOrigins: fromEnv, out: root, private: ["1", "true"].includes(String(process.env.PAGEPORT_PRIVATE_PLUGIN ?? "").toLowerCase()) };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--watch") args.watch = true;
    else if (arg === "--api-origin") args.apiOrigin = argv[++i];
    else if (arg.startsWith("--api-origin=")) args.apiOrigin = arg.slice("--api-origin=".length);
    else if (arg === "--sign-in-origin") args.signInOrigins.push(argv[++i]);
    else if (arg === "--out") args.out = argv[++i];
    else if (arg === "--private") args.private = true;
    else throw new Error(`Unknown argument: ${arg}`);
  }
  return args;
}

async function inlineUi(uiJs) {
  const template = await readFile(join(root, "src/ui.html"), "utf8");
  const marker = "<!-- UI_SCRIPT -->";
  if (!template.includes(marker)) throw new Error(`src/ui.html lacks the ${marker} marker.`);
  const script = uiJs.replace(/<\/script/gi, "<\\/script");
  return template.replace(marker, () => `<script>\n${script}</script>`);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const api = parseApiOrigin(args.apiOrigin);
  const define = {
    __PAGEPORT_API_URL__: JSON.stringify(api ? api.apiUrl : LOCAL_API_URL),
    __PAGEPORT_SIGN_IN_ORIGINS__: JSON.stringify(args.signInOrigins.map(parseSignInOrigin)),
  };
  const out = args.out;
  await mkdir(join(out, "dist"), { recursive: true });

  const codeOptions = {
    entryPoints: [join(root, "src/code.ts")],
    outfile: join(out, "dist/code.js"),
    bundle: true,
    format: "iife",
    target: "es2017",
    platform: "neutral",
    define,
    logLevel: "warning",
  };
  const uiOptions = {
    entryPoints: [join(root, "src/ui.ts")],
    bundle: true,
    format: "iife",
    target: "es2020",
    platform: "browser",
    write: false,
    define,
    logLevel: "warning",
  };

  const writeUi = async (result) => {
    const js = result.outputFiles?.[0]?.text ?? "";
    await writeFile(join(out, "dist/ui.html"), await inlineUi(js));
  };

  await writeFile(join(out, "manifest.json"), `${JSON.stringify(manifest(api, { private: args.private }), null, 2)}\n`);

  if (args.watch) {
    const code = await context(codeOptions);
    const ui = await context({
      ...uiOptions,
      plugins: [{ name: "inline-ui", setup: (b) => b.onEnd((result) => (result.errors.length ? undefined : writeUi(result))) }],
    });
    await Promise.all([code.watch(), ui.watch()]);
    console.log("Watching src/ … (Ctrl-C to stop)");
    return;
  }
  await build(codeOptions);
  await writeUi(await build(uiOptions));
  console.log(`Built dist/code.js, dist/ui.html and manifest.json (API: ${api ? api.apiUrl : "none; local stack only"}${args.private ? "; private plugin API: figma.fileKey" : ""}).`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
