import { describe, expect, it } from "vitest";
import { createTestFigma, testControls } from "./figma";
import { FILE_KEY_DATA, fileIdentity } from "../src/app/identity";
import { uuidV4 } from "../src/api/uuid";
import { emptyState, LEGACY_STATE_KEY, loadSettings, loadState, saveSettings, saveState, stateKey, type AppState } from "../src/app/state";
import { AppController } from "../src/app/controller";
import type { FetchLike } from "../src/api/client";
import { newGroup } from "../src/app/placement";
import type { MainToUi } from "../src/shared/messages";

// A real fetch (no mock): these tests only ever reach a closed loopback port.
const realFetch: FetchLike = (url, init) => fetch(url, init);
const CLOSED_API = "http://127.0.0.1:9";
const fast = { initialMs: 10, factor: 2, maxMs: 50, jitter: 0 };

describe("file identity", () => {
  const newId = () => uuidV4();
  /** A duplicate (or branch) of the file: its document, root plugin data included, for the same user. */
  function duplicate(figma: PluginAPI): PluginAPI {
    const copy = createTestFigma({ clientStorage: testControls(figma).clientStorage });
    for (const k of figma.root.getPluginDataKeys()) copy.root.setPluginData(k, figma.root.getPluginData(k));
    return copy;
  }

  it("is figma.fileKey when Figma gives one, and nothing is stored", async () => {
    const figma = createTestFigma({ fileKey: "AbC123" });
    expect(await fileIdentity(figma, figma.clientStorage, newId)).toEqual({ key: "AbC123" });
    expect(figma.root.getPluginData(FILE_KEY_DATA)).toBe("");
  });

  it("is otherwise a random key stored once in the document and reused", async () => {
    const figma = createTestFigma();
    const first = (await fileIdentity(figma, figma.clientStorage, newId)).key;
    expect(first).toMatch(/^local-[0-9a-f]{32}$/);
    expect(figma.root.getPluginData(FILE_KEY_DATA)).toBe(first);
    expect(await fileIdentity(figma, figma.clientStorage, newId)).toEqual({ key: first });
    expect(await fileIdentity(figma, figma.clientStorage, newId)).toEqual({ key: first });
    const other = createTestFigma({ clientStorage: testControls(figma).clientStorage });
    expect((await fileIdentity(other, other.clientStorage, newId)).key).not.toBe(first);
  });

  it("a duplicated file gets a key of its own once both copies claim the same one", async () => {
    const original = createTestFigma();
    const key = (await fileIdentity(original, original.clientStorage, newId)).key;
    const copy = duplicate(original);
    expect(await fileIdentity(original, original.clientStorage, newId)).toEqual({ key }); // the original, opened again
    const copied = await fileIdentity(copy, copy.clientStorage, newId);
    expect(copied.copyOf).toBe(key);
    expect(copied.key).not.toBe(key);
    expect(copy.root.getPluginData(FILE_KEY_DATA)).toBe(copied.key);
    // From then on each keeps its own.
    expect(await fileIdentity(original, original.clientStorage, newId)).toEqual({ key });
    expect(await fileIdentity(copy, copy.clientStorage, newId)).toEqual({ key: copied.key });
    // Another person opening the original does not make it a copy (their marks are their own).
    const colleague = createTestFigma();
    for (const k of original.root.getPluginDataKeys()) colleague.root.setPluginData(k, original.root.getPluginData(k));
    expect(await fileIdentity(colleague, colleague.clientStorage, newId)).toEqual({ key });
    expect(await fileIdentity(original, original.clientStorage, newId)).toEqual({ key });
  });

  it("the copy keeps the finished jobs it was copied with, and the imports in progress stay with the original", async () => {
    const original = createTestFigma();
    const key = (await fileIdentity(original, original.clientStorage, newId)).key;
    const group = newGroup("g", "row", [1280]);
    const job = (k: string, phase: "placed" | "capturing") => ({ key: k, url: `https://example.com/${k}`, viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, fileKey: key, groupId: "g", slot: 0, phase, createdAt: "", updatedAt: "" });
    await saveState(original.clientStorage, key, { ...emptyState(), jobs: [job("done", "placed"), job("busy", "capturing")], groups: [group] });
    const copy = duplicate(original);
    await fileIdentity(original, original.clientStorage, newId);
    const controller = new AppController({ figma: copy, fetch: realFetch, backoff: fast });
    await controller.start();
    controller.stop();
    expect(controller.fileKey).not.toBe(key);
    expect(controller.jobs.map((j) => [j.key, j.fileKey])).toEqual([["done", controller.fileKey]]);
    expect(testControls(copy).notifications.some((n) => n.message.includes("copy of another file"))).toBe(true);
    expect((await loadState(original.clientStorage, key)).jobs.map((j) => j.key)).toEqual(["done", "busy"]);
  });
});

describe("clientStorage", () => {
  it("is 5 MB for all of a user's files: a full storage leaves out the oldest finished jobs, never one in progress", async () => {
    const figma = createTestFigma();
    // Another file's state takes most of the 5 MB.
    await figma.clientStorage.setAsync(stateKey("other"), { blob: "x".repeat(5_150_000) });
    await expect(figma.clientStorage.setAsync("more", "y".repeat(100_000))).rejects.toThrow("quota");
    const job = (k: string, phase: "placed" | "capturing", day: number) => ({
      key: k, url: `https://example.com/${k}`, viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, fileKey: "f", groupId: "g", slot: 0, phase,
      warningMessages: ["w".repeat(400)], createdAt: "", updatedAt: `2026-01-${String(day).padStart(2, "0")}T00:00:00Z`,
    });
    const jobs = Array.from({ length: 20 }, (_, i) => job(`old-${i}`, "placed", 1 + (i % 28)));
    const state: AppState = { ...emptyState(), jobs: [...jobs, job("busy", "capturing", 1), ...Array.from({ length: 200 }, (_, i) => job(`p${i}`, "placed", 28))], groups: [newGroup("g", "row", [1280])] };
    const dropped = await saveState(figma.clientStorage, "f", state);
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped).not.toContain("busy");
    const saved = await loadState(figma.clientStorage, "f");
    expect(saved.jobs.map((j) => j.key)).toContain("busy");
    expect(saved.jobs.length).toBe(state.jobs.length - dropped.length);
    expect((await figma.clientStorage.getAsync(stateKey("other"))) as unknown).toBeTruthy(); // another file's state untouched
  });

  it("keeps settings and state, and ignores what it cannot read", async () => {
    const figma = createTestFigma();
    expect(await loadSettings(figma.clientStorage)).toBeNull();
    await saveSettings(figma.clientStorage, { apiUrl: "http://127.0.0.1:8000", token: "t", projectId: 7 });
    expect(await loadSettings(figma.clientStorage)).toEqual({ apiUrl: "http://127.0.0.1:8000", token: "t", projectId: 7 });

    expect(await loadState(figma.clientStorage, "f")).toEqual(emptyState());
    const state: AppState = { ...emptyState(), groups: [newGroup("g", "row", [1440])] };
    await saveState(figma.clientStorage, "f", state);
    expect(await loadState(figma.clientStorage, "f")).toEqual(state);

    await figma.clientStorage.setAsync(stateKey("f"), { version: 999, jobs: "?" });
    expect(await loadState(figma.clientStorage, "f")).toEqual(emptyState());
  });
});

function storedJobState(fileKeyValue: string, apiUrl = CLOSED_API): AppState {
  const stamp = new Date().toISOString();
  return {
    version: 1,
    groups: [newGroup("g1", "row", [1440])],
    batches: [],
    jobs: [
      {
        key: "job-1",
        url: "https://example.com/",
        viewport: { width: 1440, height: 900 },
        deviceScaleFactor: 1,
        fileKey: fileKeyValue,
        groupId: "g1",
        slot: 0,
        pageImportId: "01a23404-a927-7bb0-a7fe-f84a0464a7e0",
        phase: "capturing",
        createdAt: stamp,
        updatedAt: stamp,
      },
    ],
    ...(apiUrl ? {} : {}),
  };
}

describe("resume after the plugin closed", () => {
  it("a new controller picks up a stored job; an unreachable API pauses it (kept for later) and says so in the UI and figma.notify", async () => {
    const figma = createTestFigma({ fileKey: "file-1" });
    await saveSettings(figma.clientStorage, { apiUrl: CLOSED_API, token: "t", projectId: 1 });
    await saveState(figma.clientStorage, "file-1", storedJobState("file-1"));

    const controller = new AppController({ figma, fetch: realFetch, backoff: fast });
    await controller.start();
    await controller.idle();

    const job = controller.jobs[0];
    // Out of reach is not a failure of the job: it stays where it was, to be resumed later.
    expect(job?.phase).toBe("capturing");
    expect(job?.error).toMatch(/^Cannot reach the Pageport API at http:\/\/127\.0\.0\.1:9.*Following is paused/);
    const controls = testControls(figma);
    expect(controls.notifications.some((n) => n.message.includes("Cannot reach the Pageport API") && n.options?.error)).toBe(true);
    const notices = (controls.uiMessages as MainToUi[]).filter((m) => m.type === "notice");
    expect(notices.some((m) => m.type === "notice" && m.notice.level === "error" && m.notice.message.includes("Cannot reach"))).toBe(true);
    // Still stored as in flight: the next session follows it again.
    expect((await loadState(figma.clientStorage, "file-1")).jobs[0]?.phase).toBe("capturing");
    expect((await loadState(figma.clientStorage, "file-1")).jobs[0]?.error).toMatch(/Following is paused/);
  });

  it("leaves another file's jobs alone, and follows nothing until connected", async () => {
    const figma = createTestFigma({ fileKey: "file-2" });
    await saveState(figma.clientStorage, "file-1", storedJobState("file-1"));
    const unconnected = new AppController({ figma, fetch: realFetch, backoff: fast });
    await unconnected.start();
    await unconnected.idle();
    expect(unconnected.jobs).toEqual([]);

    await saveSettings(figma.clientStorage, { apiUrl: CLOSED_API, token: "t", projectId: 1 });
    const connected = new AppController({ figma, fetch: realFetch, backoff: fast });
    await connected.start();
    await connected.idle();
    await connected.forgetFinished(); // a write of file-2's state
    expect(connected.jobs).toEqual([]);
    const other = await loadState(figma.clientStorage, "file-1");
    expect(other.jobs.map((j) => [j.key, j.phase, j.error])).toEqual([["job-1", "capturing", undefined]]);
  });

  it("two files open at once (one clientStorage): neither session's writes drop or undo the other's jobs", async () => {
    const storage = new Map<string, unknown>();
    const one = createTestFigma({ fileKey: "file-1", clientStorage: storage });
    const two = createTestFigma({ fileKey: "file-2", clientStorage: storage });
    await saveSettings(one.clientStorage, { apiUrl: CLOSED_API, token: "t", projectId: 1 });
    await saveState(one.clientStorage, "file-1", storedJobState("file-1"));
    const b = storedJobState("file-2");
    b.jobs[0]!.key = "job-2";
    await saveState(two.clientStorage, "file-2", b);

    // Both files open the plugin; then each session writes its state (file 1: its job is paused,
    // the API being out of reach; file 2: "forget finished"), in that order.
    const first = new AppController({ figma: one, fetch: realFetch, backoff: fast });
    const second = new AppController({ figma: two, fetch: realFetch, backoff: fast });
    await first.start();
    await second.start();
    second.stop();
    await first.idle();
    await second.forgetFinished();
    await second.idle();

    const kept1 = await loadState(one.clientStorage, "file-1");
    expect(kept1.jobs.map((j) => j.key)).toEqual(["job-1"]);
    expect(kept1.jobs[0]?.error).toMatch(/Following is paused/); // file 2's write did not undo it
    expect((await loadState(two.clientStorage, "file-2")).jobs.map((j) => j.key)).toEqual(["job-2"]);
    // Resuming in file 2 never touches file 1's job.
    expect(second.jobs.map((j) => j.key)).toEqual(["job-2"]);
  });

  it("the shared key of earlier versions is split: each file takes its own jobs, the others stay", async () => {
    const storage = new Map<string, unknown>();
    const one = createTestFigma({ fileKey: "file-1", clientStorage: storage });
    const two = createTestFigma({ fileKey: "file-2", clientStorage: storage });
    const a = storedJobState("file-1");
    const b = storedJobState("file-2");
    b.jobs[0]!.key = "job-2";
    b.groups[0]!.id = "g2";
    b.jobs[0]!.groupId = "g2";
    await one.clientStorage.setAsync(LEGACY_STATE_KEY, { version: 1, jobs: [...a.jobs, ...b.jobs], batches: [], groups: [...a.groups, ...b.groups] });

    const s1 = await loadState(one.clientStorage, "file-1");
    expect(s1.jobs.map((j) => j.key)).toEqual(["job-1"]);
    expect(s1.groups.map((g) => g.id)).toEqual(["g1"]);
    expect(((await one.clientStorage.getAsync(LEGACY_STATE_KEY)) as AppState).jobs.map((j) => j.key)).toEqual(["job-2"]);
    const s2 = await loadState(two.clientStorage, "file-2");
    expect(s2.jobs.map((j) => j.key)).toEqual(["job-2"]);
    expect(await one.clientStorage.getAsync(LEGACY_STATE_KEY)).toBeUndefined();
    expect((await loadState(one.clientStorage, "file-1")).jobs.map((j) => j.key)).toEqual(["job-1"]);
  });

  it("stop() (closing) ends following without touching what is stored", async () => {
    const figma = createTestFigma({ fileKey: "file-1" });
    await saveSettings(figma.clientStorage, { apiUrl: CLOSED_API, token: "t", projectId: 1 });
    await saveState(figma.clientStorage, "file-1", storedJobState("file-1"));
    const controller = new AppController({ figma, fetch: realFetch, backoff: fast });
    await controller.start();
    controller.stop();
    await controller.idle();
    expect((await loadState(figma.clientStorage, "file-1")).jobs[0]?.phase).toBe("capturing");
  });
});

describe("messages from the UI", () => {
  it("an action before connecting is refused in words, never silently", async () => {
    const figma = createTestFigma();
    const controller = new AppController({ figma, fetch: realFetch, backoff: fast });
    await controller.start();
    await controller.handleMessage({ type: "import", form: { url: "https://example.com/", viewports: [{ width: 1440, height: 900 }], deviceScaleFactor: 1 } });
    const controls = testControls(figma);
    expect(controls.notifications.at(-1)?.message).toBe("Connect to the Pageport API first (Connect tab).");
    expect(controls.notifications.at(-1)?.options?.error).toBe(true);
  });

  it("connect explains an unreachable API and keeps no settings", async () => {
    const figma = createTestFigma();
    const controller = new AppController({ figma, fetch: realFetch, backoff: fast });
    await controller.start();
    await controller.handleMessage({ type: "connect", apiUrl: CLOSED_API, token: "t", projectId: 1 });
    const result = (testControls(figma).uiMessages as MainToUi[]).find((m) => m.type === "connect-result");
    expect(result).toMatchObject({ type: "connect-result", ok: false });
    expect(result?.type === "connect-result" && result.message).toMatch(/^Cannot reach the Pageport API at http:\/\/127\.0\.0\.1:9/);
    expect(await loadSettings(figma.clientStorage)).toBeNull();
    expect(controller.connected).toBe(false);
  });

  it("connect checks the form before calling anything", async () => {
    const figma = createTestFigma();
    const controller = new AppController({ figma, fetch: realFetch, backoff: fast });
    await controller.start();
    expect(await controller.connect("not a url", "", 2.5)).toBe(false);
    const result = (testControls(figma).uiMessages as MainToUi[]).find((m) => m.type === "connect-result");
    expect(result?.type === "connect-result" && result.message).toMatch(/API URL must look like.*Paste your API token.*project id/s);
  });

  it("the state sent to the UI carries the build's default API URL and this file's key", async () => {
    const figma = createTestFigma({ fileKey: "K" });
    const controller = new AppController({ figma, fetch: realFetch, defaultApiUrl: "https://api.example.com/v1" });
    await controller.start();
    const state = (testControls(figma).uiMessages as MainToUi[]).find((m) => m.type === "state");
    expect(state).toMatchObject({ type: "state", state: { connected: false, defaultApiUrl: "https://api.example.com/v1", fileKey: "K", settings: { apiUrl: "https://api.example.com/v1" } } });
  });
});

describe("an interrupted placement", () => {
  it("its incomplete root (found through the document's record) is removed; a finished design never is", async () => {
    const { removeIncomplete, NODE_JOB_DATA, PLACING_DATA_PREFIX } = await import("../src/app/controller");
    const { INCOMPLETE_DATA } = await import("../src/materialize");
    const figma = createTestFigma();
    const half = figma.createFrame();
    half.setPluginData(NODE_JOB_DATA, "c1");
    half.setPluginData(INCOMPLETE_DATA, "1");
    figma.root.setPluginData(PLACING_DATA_PREFIX + "c1", half.id);
    const done = figma.createFrame();
    done.setPluginData(NODE_JOB_DATA, "c2");
    figma.root.setPluginData(PLACING_DATA_PREFIX + "c2", done.id);
    expect(await removeIncomplete(figma, "c1")).toBe(true);
    expect(half.removed).toBe(true);
    expect(await removeIncomplete(figma, "c2")).toBe(false);
    expect(done.removed).toBe(false);
    expect(figma.root.getPluginData(PLACING_DATA_PREFIX + "c1")).toBe("");
    expect(await removeIncomplete(figma, "c3")).toBe(false);
  });
});
