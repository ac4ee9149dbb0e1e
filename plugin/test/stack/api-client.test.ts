/** The API client against the real local stack: every route the plugin uses, and its errors. */
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors";
import { poll } from "../../src/api/poll";
import { uuidV4 } from "../../src/api/uuid";
import type { PageportClient } from "../../src/api/client";
import { client, closedPort, FAST, sitePage, stackEnv, type StackEnv } from "./env";

let env: StackEnv;
let api: PageportClient;

beforeAll(() => {
  env = stackEnv();
  api = client(env);
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("expected the call to fail");
}

describe("API client on the local stack", () => {
  it("check() accepts the token and project", async () => {
    await expect(api.check()).resolves.toBeUndefined();
  });

  it("import → convert → result (all pages, every image) → materialization, first write wins", async () => {
    const url = sitePage(env, "index.html", "client");
    const created = await api.createPageImport({ url, viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1 });
    expect(created.status).toBe("0");
    expect(created.sourceUrl).toBe(url);
    const done = await poll(async () => {
      const current = await api.getPageImport(created.pageImportId);
      return current.status === "0" ? undefined : current;
    }, { backoff: FAST, timeoutMs: 120_000 });
    expect(done.status, done.errorMessage ?? "").toBe("1");

    const job = await api.createCode2Des({ pageImportId: done.pageImportId, figmaFileKey: "stack-client", screenId: "home-1024x768", placementTarget: "page:0:1" });
    expect(job.status).toBe("0");
    expect(job.materializedNodeId).toBeNull();
    const converted = await poll(async () => {
      const current = await api.getCode2Des(job.code2desId);
      return current.status === "0" ? undefined : current;
    }, { backoff: FAST, timeoutMs: 120_000 });
    expect(converted.status, converted.errorMessage ?? "").toBe("1");

    const result = await api.getFullResult(job.code2desId);
    expect(result.code2desId).toBe(job.code2desId);
    expect(result.warningCount).toBe(converted.warningCount);
    expect(result.document.document.type).toBe("FRAME");
    const wanted = Object.keys(result.document.images);
    expect(wanted.length).toBeGreaterThan(0); // the fixture's logo.png
    for (const hash of wanted) expect(typeof result.images[hash]).toBe("string");

    const first = await api.putMaterialization(job.code2desId, "12:345");
    expect(first.materializedNodeId).toBe("12:345");
    expect(first.materializedAt).not.toBeNull();
    const second = await api.putMaterialization(job.code2desId, "99:1");
    expect(second.materializedNodeId).toBe("12:345");
    expect(second.materializedAt).toBe(first.materializedAt);
  });

  it("a result whose images span pages is followed to the last page; every image is PNG, JPEG or GIF", async () => {
    const created = await api.createPageImport({ url: sitePage(env, "gallery.html", "paged"), viewport: { width: 800, height: 600 } });
    const done = await poll(async () => {
      const current = await api.getPageImport(created.pageImportId);
      return current.status === "0" ? undefined : current;
    }, { backoff: FAST, timeoutMs: 120_000 });
    expect(done.status, done.errorMessage ?? "").toBe("1");
    const job = await api.createCode2Des({ pageImportId: done.pageImportId, figmaFileKey: "stack-paged", screenId: "gallery" });
    const converted = await poll(async () => {
      const current = await api.getCode2Des(job.code2desId);
      return current.status === "0" ? undefined : current;
    }, { backoff: FAST, timeoutMs: 120_000 });
    expect(converted.status, converted.errorMessage ?? "").toBe("1");

    const first = await api.getResultPage(job.code2desId);
    expect(first.nextCursor).not.toBeNull(); // the stack's small page size splits the two images
    const result = await api.getFullResult(job.code2desId);
    const hashes = Object.keys(result.document.images);
    expect(hashes).toHaveLength(2);
    expect(Object.keys(result.images).sort()).toEqual([...hashes].sort());
    for (const hash of hashes) {
      const bytes = Buffer.from(result.images[hash] ?? "", "base64");
      const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
      const gif = bytes.subarray(0, 3).toString("latin1") === "GIF";
      expect(png || jpeg || gif, `image ${hash} is not PNG/JPEG/GIF`).toBe(true);
    }
  });

  it("a refused token gets the 401 words and the API's own message", async () => {
    const error = await rejection(client(env, { token: "made-up-token" }).getPageImport(uuidV4()));
    expect(error.status).toBe(401);
    expect(error.kind).toBe("unauthorized");
    expect(error.message).toMatch(/^The token was refused by /);
    expect(error.apiMessage).not.toBe("");
    expect(error.message).toContain(error.apiMessage);
    await expect(client(env, { token: "made-up-token" }).check()).rejects.toThrow(/^The token was refused/);
  });

  it("an unreachable API is named", async () => {
    const apiUrl = `http://127.0.0.1:${await closedPort()}`;
    const error = await rejection(client(env, { apiUrl }).check());
    expect(error.kind).toBe("unreachable");
    expect(error.status).toBe(0);
    expect(error.message.startsWith(`Cannot reach the Pageport API at ${apiUrl}`)).toBe(true);
  });

  it("422 carries the API's message and each bad field; a bad batch item is named by number", async () => {
    const single = await rejection(api.createPageImport({ url: sitePage(env, "index.html", "422"), viewport: { width: 100, height: 900 } }));
    expect(single.status).toBe(422);
    expect(single.code).toBe("validation_error");
    expect(single.message).toContain(single.apiMessage);
    expect(single.message).toMatch(/viewport\.width: /);

    const batch = await rejection(
      api.createBatch({
        type: "page_import",
        requests: [
          { url: sitePage(env, "index.html", "ok"), viewport: { width: 1440, height: 900 } },
          { url: "ftp://example.com/", viewport: { width: 1440, height: 900 } },
        ],
      }),
    );
    expect(batch.status).toBe(422);
    expect(batch.message).toContain(batch.apiMessage);
    expect(batch.message).toMatch(/Item 2, url: /);
  });

  it("404 and 409 come back in words with the API's message", async () => {
    const missing = await rejection(api.getCode2Des(uuidV4()));
    expect(missing.status).toBe(404);
    expect(missing.message).toContain(missing.apiMessage);

    const wrongProject = await rejection(client(env, { projectId: 987654 }).check());
    expect(wrongProject.message).toMatch(/^Project 987654 was not found for this token/);

    const created = await api.createPageImport({ url: sitePage(env, "about.html", "409"), viewport: { width: 1440, height: 900 } });
    const tooEarly = await rejection(api.getResultPage(uuidV4()));
    expect(tooEarly.status).toBe(404);
    // A Page Import that does not exist (or is not finished) cannot be converted: 409 or 404.
    const notReady = await rejection(api.createCode2Des({ pageImportId: uuidV4(), figmaFileKey: "k", screenId: "s" }));
    expect([404, 409]).toContain(notReady.status);
    expect(notReady.message).toContain(notReady.apiMessage);
    expect(created.status).toBe("0");
  });

  it("batches: create (idempotent by id), get, list items across pages, cancel, retry", async () => {
    const id = uuidV4();
    const requests = [sitePage(env, "index.html", "b1"), sitePage(env, "about.html", "b2"), sitePage(env, "index.html", "b3")].map((url) => ({
      url,
      viewport: { width: 1440, height: 900 },
    }));
    const batch = await api.createBatch({ type: "page_import", requests }, id);
    expect(batch.id).toBe(id);
    expect(batch.counts.total).toBe(3);
    const replay = await api.createBatch({ type: "page_import", requests }, id);
    expect(replay.id).toBe(id);
    const conflict = await rejection(api.createBatch({ type: "page_import", requests: requests.slice(1) }, id));
    expect(conflict.status).toBe(409);
    expect(conflict.code).toBe("batch_id_conflict");

    const items = await api.listBatchItems(id, 1); // one per page: follows nextCursor
    expect(items.map((item) => item.position)).toEqual([0, 1, 2]);
    expect(items.map((item) => item.request.url)).toEqual(requests.map((r) => r.url));

    const cancelled = await api.cancelBatch(id);
    expect(cancelled.status).not.toBe("0");
    expect(cancelled.counts.processing).toBe(0);
    expect((await api.cancelBatch(id)).counts).toEqual(cancelled.counts); // idempotent
    expect((await api.getBatch(id)).status).toBe(cancelled.status);

    if (cancelled.counts.failed === 0) {
      // Only failed items are retried; cancelled ones are not.
      const nothing = await rejection(api.retryBatch(id));
      expect(nothing.status).toBe(409);
      expect(nothing.code).toBe("nothing_to_retry");
      expect(nothing.message).toContain(nothing.apiMessage);
    }
  });

  it("retry makes a new batch of the failed items, idempotent by its id", async () => {
    const dead = `http://127.0.0.1:${await closedPort()}/gone.html`;
    const batch = await api.createBatch({ type: "page_import", requests: [{ url: dead, viewport: { width: 1440, height: 900 } }] });
    const finished = await poll(async () => {
      const current = await api.getBatch(batch.id);
      return current.status === "0" ? undefined : current;
    }, { backoff: FAST, timeoutMs: 120_000 });
    expect(finished.status).toBe("2");
    const [item] = await api.listBatchItems(batch.id);
    expect(item?.status).toBe("2");
    const failedImport = await api.getPageImport(item?.jobId ?? "");
    expect(failedImport.errorMessage).toBeTruthy();

    const retryId = uuidV4();
    const retry = await api.retryBatch(batch.id, retryId);
    expect(retry.id).toBe(retryId);
    expect(retry.retryOf).toBe(batch.id);
    expect(retry.counts.total).toBe(1);
    expect((await api.retryBatch(batch.id, retryId)).id).toBe(retryId);
    expect((await api.listBatchItems(retryId))[0]?.request.url).toBe(dead);
    await api.cancelBatch(retryId);
  });

  it("discovery lists the site's pages", async () => {
    const batch = await api.createBatch({ type: "page_discovery", requests: [{ url: `${env.site}/index.html`, maxPages: 10 }] });
    const discovery = await poll(async () => {
      const current = await api.getDiscovery(batch.id);
      return current.status === "0" ? undefined : current;
    }, { backoff: FAST, timeoutMs: 120_000 });
    expect(discovery.status).toBe("1");
    expect(discovery.pages.map((p) => p.url)).toContain(`${env.site}/about.html`);
  });
});
