/**
 * The client waits out an unavailable service (502/503/504, as during a database failover) on
 * calls that a repeat cannot duplicate, tells the designer once that it is waiting, and gives
 * the error after its limit. A loopback HTTP server plays the API; the client is the real one.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../src/api/errors";
import { PageportClient, type FetchLike, type OutageWait } from "../src/api/client";

const realFetch: FetchLike = (url, init) => fetch(url, init);
const UNAVAILABLE = { error: { code: "service_unavailable", message: "The service is briefly unavailable.", details: [] } };
const BATCH = { id: "b1", type: "page_import", status: "0", counts: { total: 1, processing: 1 } };

interface Seen {
  method: string;
  url: string;
  body: string;
}

let server: Server | undefined;

/** Answers each request with the next of `script` (the last one repeats). */
async function api(script: Array<[number, unknown]>): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      seen.push({ method: request.method ?? "", url: request.url ?? "", body });
      const [status, payload] = script[Math.min(seen.length - 1, script.length - 1)] ?? [500, {}];
      response.writeHead(status, { "Content-Type": "application/json", ...(status === 503 ? { "Retry-After": "5" } : {}) });
      response.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

function client(url: string, pauses: number[], notices: string[], limitMs = 60_000): PageportClient {
  const outage: OutageWait = {
    backoff: { initialMs: 1000, factor: 2, maxMs: 30_000, jitter: 0 },
    limitMs,
    sleep: async (ms) => {
      pauses.push(ms);
    },
    random: () => 0,
  };
  return new PageportClient({ apiUrl: url, token: "t", projectId: 7, fetch: realFetch, outage, onWait: (n) => notices.push(n) });
}

describe("an unavailable service", () => {
  it("a read waits with backoff until the service answers, and says so once", async () => {
    const { url, seen } = await api([
      [503, UNAVAILABLE],
      [503, UNAVAILABLE],
      [200, BATCH],
    ]);
    const pauses: number[] = [];
    const notices: string[] = [];
    const batch = await client(url, pauses, notices).getBatch("b1");
    expect(batch.id).toBe("b1");
    expect(seen).toHaveLength(3);
    expect(pauses).toEqual([1000, 2000]);
    expect(notices).toEqual(["The Pageport service is unavailable (HTTP 503); waiting for it to come back…"]);
  });

  it("a batch is created again with the same client id, so the wait creates one batch", async () => {
    const { url, seen } = await api([
      [503, UNAVAILABLE],
      [201, BATCH],
    ]);
    const created = await client(url, [], []).createBatch({ type: "page_import", requests: [{ url: "https://example.com/", viewport: { width: 800, height: 600 } }] }, "b1");
    expect(created.id).toBe("b1");
    expect(seen.map((s) => s.method)).toEqual(["POST", "POST"]);
    expect(seen[0]?.body).toBe(seen[1]?.body);
  });

  it("a create that a repeat would duplicate is not repeated: its error is shown at once", async () => {
    const { url, seen } = await api([[503, UNAVAILABLE]]);
    const notices: string[] = [];
    const failure = await client(url, [], notices)
      .createPageImport({ url: "https://example.com/", viewport: { width: 800, height: 600 } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(503);
    expect(seen).toHaveLength(1);
    expect(notices).toEqual([]);
  });

  it("gives the error once it has waited its limit", async () => {
    const { url, seen } = await api([[503, UNAVAILABLE]]);
    const pauses: number[] = [];
    const failure = await client(url, pauses, [], 10_000)
      .getBatch("b1")
      .catch((error: unknown) => error);
    expect((failure as ApiError).status).toBe(503);
    expect(pauses).toEqual([1000, 2000, 4000, 8000]); // 15 s waited: past the 10 s limit
    expect(seen).toHaveLength(5);
  });
});
