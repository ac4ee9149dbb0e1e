/**
 * Work started elsewhere reaches Figma: ids and links the CLI prints ("Open in Figma: …") are
 * opened by the plugin into this file's Jobs, followed and placed like its own. The controller on
 * an in-memory Figma, the real local stack over HTTP; nothing of ours is mocked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { poll } from "../../src/api/poll";
import type { PageportClient } from "../../src/api/client";
import { createTestFigma, testControls } from "../figma";
import { client, connectedController, FAST, sitePage, stackEnv, type StackEnv } from "./env";
import { NODE_JOB_DATA } from "../../src/app/placer";

let env: StackEnv;
let api: PageportClient;

beforeAll(() => {
  env = stackEnv();
  api = client(env);
});

const settled = { backoff: FAST, timeoutMs: 120_000 };

/** A Page Import made as the CLI makes one, waited for. */
async function captured(tag: string, page: "index.html" | "about.html" = "index.html"): Promise<string> {
  const created = await api.createPageImport({ url: sitePage(env, page, tag), viewport: { width: 800, height: 600 } });
  const done = await poll(async () => {
    const current = await api.getPageImport(created.pageImportId);
    return current.status === "0" ? undefined : current;
  }, settled);
  expect(done.status, done.errorMessage ?? "").toBe("1");
  return done.pageImportId;
}

/** A Code2Des made by the CLI (its own file key), converted and never placed. */
async function converted(pageImportId: string): Promise<string> {
  const job = await api.createCode2Des({ pageImportId, figmaFileKey: "cli", screenId: "cli-800x600" });
  await poll(async () => ((await api.getCode2Des(job.code2desId)).status === "0" ? undefined : true), settled);
  return job.code2desId;
}

/** Designs placed on the page: on it, or on a batch page's section (not a site map's board). */
async function frameCount(figma: PluginAPI): Promise<number> {
  const onSections = figma.currentPage.children.flatMap((node) => (node.type === "SECTION" ? node.children : []));
  return [...figma.currentPage.children, ...onSections].filter((node) => node.type === "FRAME" && node.getPluginData(NODE_JOB_DATA) !== "").length;
}

describe("open in Figma", () => {
  it("a design from the CLI, by the line it prints: placed here and recorded; opened again, selected", async () => {
    const figma = createTestFigma({ fileKey: "open-file-1" });
    const controller = await connectedController(env, figma);
    const code2desId = await converted(await captured("open-design"));

    const opened = await controller.openReference(`Open in Figma: code2des/${code2desId}`);
    await controller.idle();
    expect(opened.kind).toBe("design");
    const job = opened.kind === "design" ? opened.job : undefined;
    expect(job?.phase, job?.error).toBe("placed");
    const frame = await figma.getNodeByIdAsync(job?.nodeId ?? "");
    expect(frame?.type).toBe("FRAME");
    expect((await api.getCode2Des(code2desId)).materializedNodeId).toBe(frame?.id);
    expect(controller.view().jobs.map((j) => j.key)).toContain(job?.key);

    // The same id again: the placed design is selected, nothing new is made.
    figma.currentPage.selection = [];
    expect(await controller.openReference(code2desId)).toEqual({ kind: "known", what: `the design of ${job?.url}` });
    expect(figma.currentPage.selection.map((n) => n.id)).toEqual([frame?.id]);
    expect(await frameCount(figma)).toBe(1);
  });

  it("a capture, by its bare id: converted for this file and placed", async () => {
    const figma = createTestFigma({ fileKey: "open-file-2" });
    const controller = await connectedController(env, figma);
    const pageImportId = await captured("open-import");

    const opened = await controller.openReference(pageImportId);
    await controller.idle();
    const job = opened.kind === "import" ? opened.job : undefined;
    expect(job?.phase, job?.error).toBe("placed");
    const design = await api.getCode2Des(job?.code2desId ?? "");
    expect(design.pageImportId).toBe(pageImportId);
    expect(design.figmaFileKey).toBe("open-file-2");
    expect(design.materializedNodeId).toBe(job?.nodeId);
  });

  it("batches by link: a page_import batch and a code2des batch (pageport batch --convert) each placed in a grid", async () => {
    const figma = createTestFigma({ fileKey: "open-file-3" });
    const controller = await connectedController(env, figma);
    const imports = await api.createBatch({
      type: "page_import",
      requests: ["index.html", "about.html"].map((page) => ({ url: sitePage(env, page as "index.html", "open-batch"), viewport: { width: 800, height: 600 } })),
    });
    const opened = await controller.openReference(`${env.api}/projects/${env.projectId}/page-batches/${imports.id}`);
    expect(opened).toEqual({ kind: "batch", batchId: imports.id, jobs: 2 });
    await controller.idle();
    const batchJobs = controller.view().jobs.filter((j) => j.batchId === imports.id);
    expect(batchJobs.map((j) => j.phase)).toEqual(["placed", "placed"]);

    const captures = await Promise.all([captured("open-c2d-1"), captured("open-c2d-2", "about.html")]);
    const designs = await api.createBatch({ type: "code2des", requests: captures.map((id) => ({ pageImportId: id, figmaFileKey: "cli", screenId: `cli-${id}` })) });
    await poll(async () => ((await api.getBatch(designs.id)).status === "0" ? undefined : true), settled);
    const before = await frameCount(figma);
    expect(await controller.openReference(`page-batches/${designs.id}`)).toEqual({ kind: "batch", batchId: designs.id, jobs: 2 });
    await controller.idle();
    expect(await frameCount(figma)).toBe(before + 2);
  });

  it("an id nothing in the project has: said so, nothing added", async () => {
    const figma = createTestFigma({ fileKey: "open-file-4" });
    const controller = await connectedController(env, figma);
    await controller.handleMessage({ type: "open-reference", text: "0190c4e2-7b1a-7c3d-9e8f-0a1b2c3d4e5f" });
    expect(testControls(figma).notifications.at(-1)?.message).toMatch(/^Nothing in project \d+ has the id 0190c4e2-/);
    expect(controller.view().jobs).toEqual([]);
  });
});
