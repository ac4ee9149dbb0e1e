/**
 * Placement against the real local stack: the group's page, content added since, failed slots
 * placed again, interrupted placements, idempotent conversion starts, and warnings kept. The
 * controller runs on the in-memory Figma (dynamic-page enforced); nothing of ours is mocked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestFigma, testControls } from "../figma";
import { AppController, NODE_JOB_DATA, screenId, PLACED_DATA_PREFIX, PLACING_DATA_PREFIX } from "../../src/app/controller";
import { overlaps, PLACEMENT_GAP, type PlacementGroup } from "../../src/app/placement";
import { loadState, saveState, type AppState, type Job } from "../../src/app/state";
import { INCOMPLETE_DATA } from "../../src/materialize";
import { VIEWPORT_PRESETS } from "../../src/shared/presets";
import type { Viewport } from "../../src/api/types";
import { client, FAST, nodeFetch, sitePage, stackEnv, type StackEnv } from "./env";

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

async function captured(page: "index.html" | "about.html" | "gallery.html", tag: string, viewport: Viewport = VIEWPORT_PRESETS.mobile) {
  const api = client(env);
  const pageImport = await api.createPageImport({ url: sitePage(env, page, tag), viewport });
  for (let i = 0; i < 600 && (await api.getPageImport(pageImport.pageImportId)).status === "0"; i++) await sleep(100);
  return pageImport;
}

/** A completed conversion of a site page, made through the API as another session would. */
async function converted(page: "index.html" | "about.html" | "gallery.html", tag: string, fileKey: string, viewport: Viewport = VIEWPORT_PRESETS.mobile) {
  const api = client(env);
  const pageImport = await captured(page, tag, viewport);
  const code2des = await api.createCode2Des({ pageImportId: pageImport.pageImportId, figmaFileKey: fileKey, screenId: tag });
  for (let i = 0; i < 600 && (await api.getCode2Des(code2des.code2desId)).status === "0"; i++) await sleep(100);
  return { pageImport, code2desId: code2des.code2desId };
}

function job(key: string, fileKey: string, groupId: string, slot: number, extra: Partial<Job>): Job {
  const stamp = new Date().toISOString();
  return { key, url: `https://example.test/${key}`, viewport: VIEWPORT_PRESETS.mobile, deviceScaleFactor: 1, fileKey, groupId, slot, phase: "ready", createdAt: stamp, updatedAt: stamp, ...extra };
}

async function open(figma: PluginAPI, fileKey: string, state: AppState): Promise<AppController> {
  await figma.clientStorage.setAsync("pageport.settings", { apiUrl: env.api, token: env.token, projectId: env.projectId });
  await saveState(figma.clientStorage, fileKey, state);
  const controller = new AppController({ figma, fetch: nodeFetch, backoff: FAST });
  await controller.start();
  await controller.idle();
  return controller;
}

describe("where designs land", () => {
  it("on the page the import started on (loaded first), even after the designer moved to another page; content added there since is avoided", async () => {
    const fileKey = "stack-place-1";
    const { code2desId } = await converted("about.html", "page-a", fileKey);
    const figma = createTestFigma({ fileKey });
    const home = figma.currentPage;
    const group: PlacementGroup = { id: "g", layout: "row", columns: 4, gap: PLACEMENT_GAP, origin: { x: 0, y: 0 }, pageId: home.id, slots: [{ width: 390, height: null }] };
    // The designer drew something exactly where the slot is, then went to another page.
    const drawn = figma.createRectangle();
    drawn.resize(300, 300);
    drawn.x = 40;
    drawn.y = 40;
    const other = figma.createPage();
    await figma.setCurrentPageAsync(other);

    const controller = await open(figma, fileKey, { version: 1, batches: [], groups: [group], jobs: [job("j", fileKey, "g", 0, { code2desId })] });
    const placed = controller.jobs[0];
    expect(placed?.phase, placed?.error).toBe("placed");
    const frame = (await figma.getNodeByIdAsync(placed?.nodeId ?? "")) as FrameNode;
    expect(frame.parent?.id).toBe(home.id);
    expect(overlaps(rect(frame), rect(drawn))).toBe(false);
    expect(frame.x).toBe(340 + PLACEMENT_GAP);
  });

  it("on a page of the file not loaded in this session: it is loaded, then the design placed there", async () => {
    const fileKey = "stack-place-1b";
    const { code2desId } = await converted("about.html", "page-c", fileKey);
    const figma = createTestFigma({ fileKey, extraPages: ["Designs"] });
    const designs = figma.root.children.find((p) => p.name === "Designs")!;
    expect(() => designs.children).toThrow(/loadAsync/);
    const group: PlacementGroup = { id: "g", layout: "row", columns: 4, gap: PLACEMENT_GAP, origin: null, pageId: designs.id, slots: [{ width: 390, height: null }] };
    const controller = await open(figma, fileKey, { version: 1, batches: [], groups: [group], jobs: [job("j", fileKey, "g", 0, { code2desId })] });
    const placed = controller.jobs[0];
    expect(placed?.phase, placed?.error).toBe("placed");
    expect(designs.children.map((c) => c.id)).toEqual([placed?.nodeId]);
    expect(figma.currentPage.id).toBe(designs.id); // revealed there
  });

  it("the group's page was deleted: the current page, with a notice", async () => {
    const fileKey = "stack-place-2";
    const { code2desId } = await converted("about.html", "page-b", fileKey);
    const figma = createTestFigma({ fileKey });
    const doomed = figma.createPage();
    const doomedId = doomed.id;
    doomed.remove();
    const group: PlacementGroup = { id: "g", layout: "row", columns: 4, gap: PLACEMENT_GAP, origin: { x: 5000, y: 0 }, pageId: doomedId, slots: [{ width: 390, height: null }] };
    const controller = await open(figma, fileKey, { version: 1, batches: [], groups: [group], jobs: [job("j", fileKey, "g", 0, { code2desId })] });
    const placed = controller.jobs[0];
    expect(placed?.phase, placed?.error).toBe("placed");
    const frame = (await figma.getNodeByIdAsync(placed?.nodeId ?? "")) as FrameNode;
    expect(frame.parent?.id).toBe(figma.currentPage.id);
    expect(testControls(figma).notifications.some((n) => n.message.includes("was deleted; they are placed on"))).toBe(true);
  });

  it("a failed grid item placed again later never overlaps the row placed below it", async () => {
    const fileKey = "stack-place-3";
    const { code2desId } = await converted("index.html", "regrid", fileKey);
    const figma = createTestFigma({ fileKey });
    // One column: slot 0 failed (settled at height 0), so slot 1 was placed at the origin.
    const below = figma.createFrame();
    below.resize(390, 400);
    const group: PlacementGroup = { id: "g", layout: "grid", columns: 1, gap: PLACEMENT_GAP, origin: { x: 0, y: 0 }, pageId: figma.currentPage.id, slots: [{ width: 390, height: 0 }, { width: 390, height: 400 }] };
    const jobs = [job("failed", fileKey, "g", 0, { code2desId, phase: "failed", error: "The design could not be placed: x" }), job("placed", fileKey, "g", 1, { phase: "placed", nodeId: below.id })];
    const controller = await open(figma, fileKey, { version: 1, batches: [], groups: [group], jobs });
    // "Show" on the failed item: completed but never recorded, so it is placed now.
    expect(await controller.openJob("failed")).toEqual({ kind: "placing" });
    await controller.idle();
    const again = controller.jobs.find((j) => j.key === "failed");
    expect(again?.phase, again?.error).toBe("placed");
    const frame = (await figma.getNodeByIdAsync(again?.nodeId ?? "")) as FrameNode;
    expect(overlaps(rect(frame), rect(below))).toBe(false);
  });
});

describe("interrupted placement", () => {
  it("a half-built design left by a closed plugin is removed, and the job is placed once", async () => {
    const fileKey = "stack-place-4";
    const { code2desId } = await converted("about.html", "half", fileKey);
    const figma = createTestFigma({ fileKey });
    // What a plugin closed mid-way leaves: a tagged, incomplete root recorded in the document.
    const half = figma.createFrame();
    half.setPluginData(NODE_JOB_DATA, code2desId);
    half.setPluginData(INCOMPLETE_DATA, "1");
    figma.root.setPluginData(PLACING_DATA_PREFIX + code2desId, half.id);
    const group: PlacementGroup = { id: "g", layout: "row", columns: 4, gap: PLACEMENT_GAP, origin: null, pageId: figma.currentPage.id, slots: [{ width: 390, height: null }] };
    const controller = await open(figma, fileKey, { version: 1, batches: [], groups: [group], jobs: [job("j", fileKey, "g", 0, { code2desId })] });
    const placed = controller.jobs[0];
    expect(placed?.phase, placed?.error).toBe("placed");
    expect(half.removed).toBe(true);
    expect(figma.currentPage.children.map((c) => c.id)).toEqual([placed?.nodeId]);
    const frame = figma.currentPage.children[0] as FrameNode;
    expect(frame.getPluginData(INCOMPLETE_DATA)).toBe("");
    expect(frame.getPluginData(NODE_JOB_DATA)).toBe(code2desId);
    expect(figma.root.getPluginData(PLACED_DATA_PREFIX + code2desId)).toBe(frame.id);
    expect(figma.root.getPluginData(PLACING_DATA_PREFIX + code2desId)).toBe("");
  });
});

describe("starting a conversion is idempotent", () => {
  it("closed between the request and saving its answer: the reopened plugin gets the same conversion, not a second one", async () => {
    const fileKey = "stack-place-5";
    const pageImport = await captured("about.html", "once");
    const figma = createTestFigma({ fileKey });
    const group: PlacementGroup = { id: "g", layout: "row", columns: 4, gap: PLACEMENT_GAP, origin: null, pageId: figma.currentPage.id, slots: [{ width: 390, height: null }] };
    const requestId = crypto.randomUUID();
    // The request reached the API (as the one-item batch the plugin sends), the answer was lost.
    const api = client(env);
    const batch = await api.createBatch({ type: "code2des", requests: [{ pageImportId: pageImport.pageImportId, figmaFileKey: fileKey, screenId: screenId("https://example.test/j", VIEWPORT_PRESETS.mobile), placementTarget: `page:${figma.currentPage.id}` }] }, requestId);
    const [item] = await api.listBatchItems(batch.id);
    expect(item?.jobId).toBeTruthy();
    const controller = await open(figma, fileKey, {
      version: 1,
      batches: [],
      groups: [group],
      jobs: [job("j", fileKey, "g", 0, { phase: "capturing", pageImportId: pageImport.pageImportId, conversionRequestId: requestId })],
    });
    const placed = controller.jobs[0];
    expect(placed?.phase, placed?.error).toBe("placed");
    expect(placed?.code2desId).toBe(item?.jobId);
    expect(figma.currentPage.children).toHaveLength(1);
  });
});

describe("warnings", () => {
  it("every warning text of a placement is kept with the job, sent to the UI and summarized in the Placed notice", async () => {
    const fileKey = "stack-place-6";
    const { code2desId } = await converted("gallery.html", "warn", fileKey, VIEWPORT_PRESETS.desktop);
    const figma = createTestFigma({ fileKey, fonts: [{ fontName: { family: "Inter", style: "Regular" } }] }); // few fonts: fallbacks warn
    const group: PlacementGroup = { id: "g", layout: "row", columns: 4, gap: PLACEMENT_GAP, origin: null, pageId: figma.currentPage.id, slots: [{ width: 1440, height: null }] };
    const controller = await open(figma, fileKey, { version: 1, batches: [], groups: [group], jobs: [job("j", fileKey, "g", 0, { code2desId })] });
    const placed = controller.jobs[0];
    expect(placed?.phase, placed?.error).toBe("placed");
    const messages = placed?.warningMessages ?? [];
    expect(messages.length).toBeGreaterThan(0);
    expect(placed?.warnings).toBe(messages.length);
    expect((await loadState(figma.clientStorage, fileKey)).jobs[0]?.warningMessages).toEqual(messages);
    const views = testControls(figma).uiMessages.flatMap((m) => ((m as { type: string }).type === "state" ? (m as { state: { jobs: { warningMessages?: string[] }[] } }).state.jobs : []));
    expect(views.at(-1)?.warningMessages).toEqual(messages);
    const notice = testControls(figma).notifications.find((n) => n.message.startsWith("Placed "));
    expect(notice?.message).toContain(`${messages.length} warning`);
    expect(notice?.message).toContain(messages[0]!.slice(0, 40));
  });
});
