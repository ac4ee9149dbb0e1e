/**
 * The plugin's flows end to end: the controller (src/app) on an in-memory Figma, talking to the
 * real local stack over HTTP. Nothing of ours is mocked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestFigma, testControls } from "../figma";
import { loadState } from "../../src/app/state";
import { overlaps, PLACEMENT_GAP } from "../../src/app/placement";
import { pathLabel } from "../../src/app/site-map";
import { PLACED_DATA_PREFIX } from "../../src/app/controller";
import type { MainToUi } from "../../src/shared/messages";
import { VIEWPORT_PRESETS } from "../../src/shared/presets";
import { client, closedPort, connectedController, FAST, nodeFetch, sitePage, stackEnv, type StackEnv } from "./env";
import { AppController } from "../../src/app/controller";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let env: StackEnv;

beforeAll(() => {
  env = stackEnv();
});

/** A node's box on the page (a batch's designs sit on sections of their own). */
function rect(node: SceneNode) {
  const box = node.absoluteBoundingBox ?? { x: node.x, y: node.y, width: node.width, height: node.height };
  return { x: box.x, y: box.y, width: box.width, height: box.height };
}

function messages(figma: PluginAPI): MainToUi[] {
  return testControls(figma).uiMessages as MainToUi[];
}

async function frameOf(figma: PluginAPI, nodeId: string | undefined): Promise<FrameNode> {
  expect(nodeId).toBeTruthy();
  const node = await figma.getNodeByIdAsync(nodeId ?? "");
  expect(node?.type).toBe("FRAME");
  return node as FrameNode;
}

describe("connect", () => {
  it("refused token: a clear 401 message, nothing kept", async () => {
    const figma = createTestFigma();
    const controller = new AppController({ figma, fetch: nodeFetch, backoff: FAST });
    await controller.start();
    expect(await controller.connect(env.api, "not-a-real-token", env.projectId)).toBe(false);
    const result = messages(figma).find((m) => m.type === "connect-result");
    expect(result?.type === "connect-result" && result.message).toMatch(/^The token was refused by /);
    expect(testControls(figma).notifications.at(-1)?.message).toMatch(/^The token was refused/);
    expect(await figma.clientStorage.getAsync("pageport.settings")).toBeUndefined();
  });

  it("unreachable API: a clear message", async () => {
    const figma = createTestFigma();
    const controller = new AppController({ figma, fetch: nodeFetch, backoff: FAST });
    await controller.start();
    const apiUrl = `http://127.0.0.1:${await closedPort()}`;
    expect(await controller.connect(apiUrl, env.token, env.projectId)).toBe(false);
    const result = messages(figma).find((m) => m.type === "connect-result");
    expect(result?.type === "connect-result" && result.message.startsWith(`Cannot reach the Pageport API at ${apiUrl}`)).toBe(true);
  });

  it("good settings are kept in clientStorage", async () => {
    const figma = createTestFigma();
    await connectedController(env, figma);
    expect(await figma.clientStorage.getAsync("pageport.settings")).toEqual({ apiUrl: env.api, token: env.token, projectId: env.projectId });
  });
});

describe("import one page", () => {
  it("import → convert → result → placed beside existing content → recorded; a second placement shows the stored node", async () => {
    const figma = createTestFigma({ fileKey: "stack-file-1" });
    const existing = figma.createRectangle();
    existing.resize(600, 400);
    existing.x = 50;
    existing.y = 80;
    const controller = await connectedController(env, figma);

    const url = sitePage(env, "index.html", "single");
    const [job] = await controller.importPage({ url, viewports: [VIEWPORT_PRESETS.desktop], deviceScaleFactor: 1 });
    expect(job?.phase).toBe("capturing");
    await controller.idle();

    expect(job?.error).toBeUndefined();
    expect(job?.phase).toBe("placed");
    const frame = await frameOf(figma, job?.nodeId);
    expect(frame.parent?.id).toBe(figma.currentPage.id);
    expect(frame.name).toBe(`${url} — Desktop 1440×900`);
    expect(frame.x).toBe(650 + PLACEMENT_GAP);
    expect(frame.y).toBe(80);
    expect(overlaps(rect(frame), rect(existing))).toBe(false);
    expect(figma.currentPage.selection.map((n) => n.id)).toEqual([frame.id]);
    expect(testControls(figma).viewportCalls.at(-1)?.nodes.map((n) => n.id)).toEqual([frame.id]);

    // The API has the placement on record, for this file.
    const stored = await client(env).getCode2Des(job?.code2desId ?? "");
    expect(stored.materializedNodeId).toBe(frame.id);
    expect(stored.figmaFileKey).toBe("stack-file-1");
    expect(figma.root.getPluginData(PLACED_DATA_PREFIX + stored.code2desId)).toBe(frame.id);

    // Progress reached the UI through the phases.
    const phases = messages(figma).flatMap((m) => (m.type === "state" ? m.state.jobs.filter((j) => j.key === job?.key).map((j) => j.phase) : []));
    expect(phases).toContain("capturing");
    expect(phases.at(-1)).toBe("placed");

    // Placing the same job again: the stored node is selected, nothing new is made.
    figma.currentPage.selection = [];
    const before = figma.currentPage.children.length;
    expect(await controller.openJob(job?.key ?? "")).toEqual({ kind: "selected", nodeId: frame.id });
    expect(figma.currentPage.children.length).toBe(before);
    expect(figma.currentPage.selection.map((n) => n.id)).toEqual([frame.id]);

    // Deleted: said so, not re-placed behind the user's back.
    frame.remove();
    expect(await controller.openJob(job?.key ?? "")).toEqual({ kind: "deleted", nodeId: stored.materializedNodeId });
    expect(messages(figma).some((m) => m.type === "deleted-node" && m.key === job?.key)).toBe(true);
    expect(figma.currentPage.children.length).toBe(before - 1);

    // Place again: a new Code2Des, a new frame; nothing earlier is edited.
    const existingRect = rect(existing);
    const again = await controller.placeAgain(job?.key ?? "");
    await controller.idle();
    expect(again.phase).toBe("placed");
    expect(again.code2desId).not.toBe(job?.code2desId);
    const second = await frameOf(figma, again.nodeId);
    expect(rect(existing)).toEqual(existingRect);
    expect(overlaps(rect(second), rect(existing))).toBe(false);
    expect((await client(env).getCode2Des(again.code2desId ?? "")).materializedNodeId).toBe(second.id);
  });

  it("another placement recorded first: the user is told which node is on record", async () => {
    // A converted job that this plugin is about to place, while another placement (another
    // user, another session) records its node first. First write wins.
    const api = client(env);
    const pageImport = await api.createPageImport({ url: sitePage(env, "about.html", "race"), viewport: VIEWPORT_PRESETS.mobile });
    for (let i = 0; i < 600 && (await api.getPageImport(pageImport.pageImportId)).status === "0"; i++) await sleep(100);
    const figma = createTestFigma({ fileKey: "stack-file-2" });
    const code2des = await api.createCode2Des({ pageImportId: pageImport.pageImportId, figmaFileKey: "stack-file-2", screenId: "race" });
    for (let i = 0; i < 600 && (await api.getCode2Des(code2des.code2desId)).status === "0"; i++) await sleep(100);
    expect((await api.putMaterialization(code2des.code2desId, "777:1")).materializedNodeId).toBe("777:1");

    const stamp = new Date().toISOString();
    await figma.clientStorage.setAsync("pageport.settings", { apiUrl: env.api, token: env.token, projectId: env.projectId });
    await figma.clientStorage.setAsync("pageport.state", {
      version: 1,
      batches: [],
      groups: [{ id: "g", layout: "row", columns: 4, gap: PLACEMENT_GAP, origin: null, slots: [{ width: 390, height: null }] }],
      jobs: [
        {
          key: "race-job",
          url: pageImport.sourceUrl,
          viewport: VIEWPORT_PRESETS.mobile,
          deviceScaleFactor: 1,
          fileKey: "stack-file-2",
          groupId: "g",
          slot: 0,
          pageImportId: pageImport.pageImportId,
          code2desId: code2des.code2desId,
          phase: "ready",
          createdAt: stamp,
          updatedAt: stamp,
        },
      ],
    });
    const controller = new AppController({ figma, fetch: nodeFetch, backoff: FAST });
    await controller.start();
    await controller.idle();
    const job = controller.jobs[0];
    expect(job?.phase, job?.error).toBe("placed");
    expect(job?.nodeId).not.toBe("777:1");
    expect(job?.recordedNodeId).toBe("777:1");
    expect(testControls(figma).notifications.map((n) => n.message).join("\n")).toContain("already been placed as node 777:1");
    // Our frame is left as it is; the record is unchanged.
    expect(await figma.getNodeByIdAsync(job?.nodeId ?? "")).not.toBeNull();
    expect((await api.getCode2Des(code2des.code2desId)).materializedNodeId).toBe("777:1");
  });

  it("several viewports of one URL: one batch, placed side by side, each labelled", async () => {
    const figma = createTestFigma({ fileKey: "stack-file-3" });
    const controller = await connectedController(env, figma);
    const url = sitePage(env, "index.html", "viewports");
    const jobs = await controller.importPage({
      url,
      viewports: [VIEWPORT_PRESETS.desktop, VIEWPORT_PRESETS.tablet, VIEWPORT_PRESETS.mobile],
      deviceScaleFactor: 1,
    });
    expect(new Set(jobs.map((j) => j.batchId)).size).toBe(1);
    expect(controller.batches.find((b) => b.id === jobs[0]?.batchId)?.type).toBe("page_import");
    await controller.idle();
    for (const job of jobs) expect(job.phase, job.error).toBe("placed");
    const frames = await Promise.all(jobs.map((j) => frameOf(figma, j.nodeId)));
    expect(frames.map((f) => f.name)).toEqual([`${url} — Desktop 1440×900`, `${url} — Tablet 768×1024`, `${url} — Mobile 390×844`]);
    expect(frames.map((f) => f.y)).toEqual([0, 0, 0]);
    expect(frames[1]?.x).toBe((frames[0]?.x ?? 0) + (frames[0]?.width ?? 0) + PLACEMENT_GAP);
    expect(frames[2]?.x).toBe((frames[1]?.x ?? 0) + (frames[1]?.width ?? 0) + PLACEMENT_GAP);
  });
});

describe("design toggles", () => {
  it("the form's options reach the conversion, and a plain design is placed without auto layout or variables", async () => {
    const figma = createTestFigma();
    const controller = await connectedController(env, figma);
    const options = { tokens: false, components: true, autoLayout: false };
    const [job] = await controller.importPage({ url: sitePage(env, "index.html", "plain"), viewports: [VIEWPORT_PRESETS.desktop], deviceScaleFactor: 1, options });
    await controller.idle();
    expect(job?.phase).toBe("placed");
    expect((await client(env).getCode2Des(job?.code2desId ?? "")).options).toEqual(options);
    const frame = await frameOf(figma, job?.nodeId);
    expect(frame.findAll((n) => n.type === "FRAME" && n.layoutMode !== "NONE")).toEqual([]);
    expect(await figma.variables.getLocalVariablesAsync()).toEqual([]);
  });
});

describe("many pages", () => {
  it("discovery, then a batch of the ticked pages: per-item progress and a grid", async () => {
    const figma = createTestFigma({ fileKey: "stack-file-4" });
    const controller = await connectedController(env, figma);
    const discovery = await controller.discover(`${env.site}/index.html`, 10);
    expect(discovery.status).toBe("1");
    expect(messages(figma).some((m) => m.type === "discovery" && m.discovery.batchId === discovery.batchId)).toBe(true);
    const ticked = discovery.pages.map((p) => p.url).filter((u) => /(index|about)\.html$/.test(u));
    expect(ticked).toHaveLength(2);

    const batch = await controller.importMany({ urls: ticked, viewport: VIEWPORT_PRESETS.tablet, deviceScaleFactor: 1 });
    await controller.idle();
    expect(["1"]).toContain(controller.batches.find((b) => b.id === batch.id)?.status);
    const jobs = controller.jobs.filter((j) => j.batchId === batch.id);
    expect(jobs.map((j) => j.url)).toEqual(ticked);
    for (const job of jobs) expect(job.phase, job.error).toBe("placed");

    // Per-item progress reached the UI.
    const seen = new Map<string, Set<string>>();
    for (const m of messages(figma)) {
      if (m.type !== "state") continue;
      for (const j of m.state.jobs) if (j.batchId === batch.id) seen.set(j.key, (seen.get(j.key) ?? new Set()).add(j.phase));
    }
    for (const job of jobs) expect([...(seen.get(job.key) ?? [])]).toEqual(expect.arrayContaining(["queued", "placed"]));
    const counts = messages(figma).flatMap((m) => (m.type === "state" ? m.state.batches.filter((b) => b.id === batch.id).map((b) => b.counts?.completed ?? 0) : []));
    expect(Math.max(...counts)).toBe(2);

    // A grid: one row here (two pages, four columns), cells as wide as the viewport plus a gap.
    const frames = await Promise.all(jobs.map((j) => frameOf(figma, j.nodeId)));
    const [left, right] = frames.map((f) => rect(f));
    expect(left?.y).toBe(right?.y);
    expect(right?.x).toBe((left?.x ?? 0) + 768 + PLACEMENT_GAP);
    expect(overlaps(left as ReturnType<typeof rect>, right as ReturnType<typeof rect>)).toBe(false);
    // The site structure: each page on a section named by its path, and a site map board.
    expect(frames.map((f) => f.parent?.type)).toEqual(["SECTION", "SECTION"]);
    expect(frames.map((f) => f.parent?.name)).toEqual(ticked.map((u) => pathLabel(u)));
    const board = figma.currentPage.children.find((n) => n.name.startsWith("Site map"));
    expect(board?.type).toBe("FRAME");
  });

  it("cancel: items not yet finished are cancelled and never placed", async () => {
    const figma = createTestFigma({ fileKey: "stack-file-5" });
    const controller = await connectedController(env, figma);
    const urls = Array.from({ length: 8 }, (_, i) => sitePage(env, i % 2 ? "about.html" : "index.html", `cancel-${i}`));
    const batch = await controller.importMany({ urls, viewport: VIEWPORT_PRESETS.mobile, deviceScaleFactor: 1 });
    const cancelled = await controller.cancelBatch(batch.id);
    expect(cancelled.status).not.toBe("0");
    await controller.idle();
    const jobs = controller.jobs.filter((j) => j.batchId === batch.id);
    const byPhase = (phase: string) => jobs.filter((j) => j.phase === phase).length;
    expect(byPhase("cancelled")).toBe(cancelled.counts.cancelled);
    expect(byPhase("placed") + byPhase("cancelled") + byPhase("failed")).toBe(urls.length);
    for (const job of jobs.filter((j) => j.phase === "cancelled")) expect(job.nodeId).toBeUndefined();
    expect(testControls(figma).notifications.some((n) => n.message.startsWith("Batch cancelled"))).toBe(true);
    // Cancelled right after creation: the local stack has not finished any page yet.
    expect(byPhase("cancelled")).toBeGreaterThan(0);
  });

  it("retry the failed items from the plugin: a new batch, a new grid", async () => {
    const figma = createTestFigma({ fileKey: "stack-file-6" });
    const controller = await connectedController(env, figma);
    const dead = `http://127.0.0.1:${await closedPort()}/gone.html`;
    const batch = await controller.importMany({ urls: [dead, sitePage(env, "about.html", "retry")], viewport: VIEWPORT_PRESETS.desktop, deviceScaleFactor: 1 });
    await controller.idle();
    const failed = controller.jobs.find((j) => j.batchId === batch.id && j.url === dead);
    expect(failed?.phase).toBe("failed");
    expect(failed?.error).toMatch(/^The page could not be imported: /);
    expect(failed?.error).not.toMatch(/no reason given/);

    const retry = await controller.retryBatch(batch.id);
    expect(retry.retryOf).toBe(batch.id);
    const retried = controller.jobs.filter((j) => j.batchId === retry.id);
    expect(retried.map((j) => j.url)).toEqual([dead]);
    await controller.cancelBatch(retry.id).catch(() => undefined);
    await controller.idle();
  });
});

describe("closing the plugin loses nothing", () => {
  it("a new controller on the same storage resumes a job and a batch, then places each once", async () => {
    const figma = createTestFigma({ fileKey: "stack-file-7" });
    const first = await connectedController(env, figma);
    const [single] = await first.importPage({ url: sitePage(env, "index.html", "resume"), viewports: [VIEWPORT_PRESETS.desktop], deviceScaleFactor: 1 });
    const batch = await first.importMany({ urls: [sitePage(env, "about.html", "resume-a"), sitePage(env, "index.html", "resume-b")], viewport: VIEWPORT_PRESETS.mobile, deviceScaleFactor: 1 });
    first.stop(); // the plugin closes
    await first.idle();
    const stored = await loadState(figma.clientStorage, "stack-file-7");
    expect(stored.jobs.map((j) => j.key)).toEqual(expect.arrayContaining([single?.key]));
    expect(stored.batches.map((b) => b.id)).toContain(batch.id);
    expect(figma.currentPage.children).toHaveLength(0);

    const second = new AppController({ figma, fetch: nodeFetch, backoff: FAST }); // the plugin opens again
    await second.start();
    expect(second.connected).toBe(true);
    await second.idle();
    const jobs = second.jobs.filter((j) => j.key === single?.key || j.batchId === batch.id);
    expect(jobs).toHaveLength(3);
    for (const job of jobs) expect(job.phase, job.error).toBe("placed");
    expect(new Set(jobs.map((j) => j.nodeId)).size).toBe(3);
    // Each placed once: the single design on the page, the batch's two on sections named by their
    // paths (beside the one Components section the designs' main components share), and its site map.
    const designs = (await Promise.all(jobs.map((j) => figma.getNodeByIdAsync(j.nodeId ?? "")))).filter((n) => n?.type === "FRAME");
    expect(designs).toHaveLength(3);
    const sections = figma.currentPage.children.filter((n) => n.type === "SECTION");
    expect(sections.filter((s) => s.name !== "Components")).toHaveLength(2);
    expect(figma.currentPage.children.filter((n) => n.type === "FRAME" && !n.name.startsWith("Site map"))).toHaveLength(1);
    for (const job of jobs) {
      expect((await client(env).getCode2Des(job.code2desId ?? "")).materializedNodeId).toBe(job.nodeId);
    }
  });
});
