import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const pluginDir = join(import.meta.dirname, "..");

async function buildInto(args: string[], env: Record<string, string> = {}) {
  const out = await mkdtemp(join(tmpdir(), "pageport-build-"));
  const cleanEnv: Record<string, string | undefined> = { ...process.env, ...env };
  if (!("PAGEPORT_API_ORIGIN" in env)) delete cleanEnv.PAGEPORT_API_ORIGIN;
  if (!("PAGEPORT_PRIVATE_PLUGIN" in env)) delete cleanEnv.PAGEPORT_PRIVATE_PLUGIN;
  await run(process.execPath, ["build.mjs", "--out", out, ...args], { cwd: pluginDir, env: cleanEnv });
  const manifest = JSON.parse(await readFile(join(out, "manifest.json"), "utf8")) as Record<string, unknown>;
  return { out, manifest };
}

describe("build.mjs", () => {
  it("writes the manifest with the stage's API origin and bakes its URL into the code", async () => {
    const { out, manifest } = await buildInto(["--api-origin", "https://api.pageport.example/v1/"]);
    expect(manifest).toMatchObject({
      name: "Pageport",
      api: "1.0.0",
      main: "dist/code.js",
      ui: "dist/ui.html",
      editorType: ["figma"],
      documentAccess: "dynamic-page",
      networkAccess: {
        allowedDomains: ["https://api.pageport.example"],
        devAllowedDomains: ["http://localhost:8000"],
      },
    });
    expect(typeof manifest.id).toBe("string");
    expect(typeof (manifest.networkAccess as { reasoning?: unknown }).reasoning).toBe("string");
    const code = await readFile(join(out, "dist/code.js"), "utf8");
    expect(code).toContain('"https://api.pageport.example/v1"');
    expect(code).not.toMatch(/\?\.|\?\?/); // lowered for Figma's sandbox (es2017)
    const html = await readFile(join(out, "dist/ui.html"), "utf8");
    expect(html).not.toContain("<!-- UI_SCRIPT -->");
    expect(html).toMatch(/<script>[\s\S]*ui-ready[\s\S]*<\/script>/);
  });

  it("reads PAGEPORT_API_ORIGIN, and without one allows only the local stack, its default API", async () => {
    expect((await buildInto([], { PAGEPORT_API_ORIGIN: "https://x.example" })).manifest.networkAccess).toMatchObject({ allowedDomains: ["https://x.example"] });
    const local = await buildInto([]);
    expect(local.manifest.networkAccess).toMatchObject({ allowedDomains: ["none"] });
    expect(await readFile(join(local.out, "dist/code.js"), "utf8")).toContain('"http://localhost:8000"');
  });

  it("is public by default; --private (or PAGEPORT_PRIVATE_PLUGIN=1) enables the private plugin API that gives figma.fileKey", async () => {
    expect((await buildInto([])).manifest).not.toHaveProperty("enablePrivatePluginApi");
    expect((await buildInto(["--private"])).manifest).toMatchObject({ enablePrivatePluginApi: true, documentAccess: "dynamic-page" });
    expect((await buildInto([], { PAGEPORT_PRIVATE_PLUGIN: "1" })).manifest).toMatchObject({ enablePrivatePluginApi: true });
    const header = await readFile(join(pluginDir, "build.mjs"), "utf8");
    expect(header.split("\nimport")[0]).toMatch(/--private[\s\S]*enablePrivatePluginApi[\s\S]*figma\.fileKey/);
  });

  it("takes a local stack on another port over http, for development only, named by localhost as Figma documents", async () => {
    const { out, manifest } = await buildInto(["--api-origin", "http://127.0.0.1:8123"]);
    expect(manifest.networkAccess).toMatchObject({
      allowedDomains: ["none"],
      devAllowedDomains: ["http://localhost:8000", "http://localhost:8123"],
    });
    expect(await readFile(join(out, "dist/code.js"), "utf8")).toContain('"http://localhost:8123"');
    const usual = await buildInto(["--api-origin", "http://localhost:8000"]);
    expect((usual.manifest.networkAccess as { devAllowedDomains: string[] }).devAllowedDomains).toEqual(["http://localhost:8000"]);
  });

  it("refuses an origin that is not https", async () => {
    await expect(buildInto(["--api-origin", "http://api.example.com"])).rejects.toThrow(/must use https/);
    await expect(buildInto(["--api-origin", "http://10.0.0.5:8000"])).rejects.toThrow(/must use https/);
    await expect(buildInto(["--api-origin", "https://a.example/?q=1"])).rejects.toThrow(/query or fragment/);
  });
});
