/**
 * The local stack the stack tests talk to, from the environment (the Python e2e test sets these):
 *   PAGEPORT_API      base URL of `pageport dev` (e.g. http://127.0.0.1:8765)
 *   PAGEPORT_TOKEN    a token from `pageport token SUBJECT`
 *   PAGEPORT_PROJECT  a project id SUBJECT is a member of
 *   PAGEPORT_SITE     base URL of a loopback site with index.html, about.html and gallery.html
 *                     (two images, one of them WebP)
 * The stack runs with a small RESULT_PAGE_BYTES, so a result with two images comes in two pages.
 */
import { createServer } from "node:net";
import { PageportClient, type FetchLike } from "../../src/api/client";
import { AppController } from "../../src/app/controller";
import type { BackoffOptions } from "../../src/api/poll";
import { createTestFigma } from "../figma";

export interface StackEnv {
  api: string;
  token: string;
  projectId: number;
  site: string;
}

export function stackEnv(): StackEnv {
  const missing = ["PAGEPORT_API", "PAGEPORT_TOKEN", "PAGEPORT_PROJECT", "PAGEPORT_SITE"].filter((name) => !process.env[name]);
  if (missing.length > 0) {
    throw new Error(`The stack tests need a running local stack: set ${missing.join(", ")} (see test/stack/env.ts).`);
  }
  const projectId = Number(process.env.PAGEPORT_PROJECT);
  if (!Number.isInteger(projectId)) throw new Error("PAGEPORT_PROJECT must be a project id (a number).");
  return {
    api: String(process.env.PAGEPORT_API).replace(/\/+$/, ""),
    token: String(process.env.PAGEPORT_TOKEN).trim(),
    projectId,
    site: String(process.env.PAGEPORT_SITE).replace(/\/+$/, ""),
  };
}

/** Node's own fetch: the client runs exactly as on Figma's main thread, over real HTTP. */
export const nodeFetch: FetchLike = (url, init) => fetch(url, init);

/** Quick polling: the local stack finishes a page in seconds. */
export const FAST: BackoffOptions = { initialMs: 150, factor: 1.5, maxMs: 1000, jitter: 0 };

export function client(env: StackEnv, overrides: Partial<{ token: string; projectId: number; apiUrl: string }> = {}): PageportClient {
  return new PageportClient({
    apiUrl: overrides.apiUrl ?? env.api,
    token: overrides.token ?? env.token,
    projectId: overrides.projectId ?? env.projectId,
    fetch: nodeFetch,
  });
}

/** A connected controller on a fresh in-memory Figma (or on the given one, as after a reopen). */
export async function connectedController(env: StackEnv, figma: PluginAPI = createTestFigma()): Promise<AppController> {
  const controller = new AppController({ figma, fetch: nodeFetch, backoff: FAST });
  await controller.start();
  if (!controller.connected) {
    const ok = await controller.connect(env.api, env.token, env.projectId);
    if (!ok) throw new Error("Could not connect to the local stack; see the UI messages.");
  }
  return controller;
}

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A URL of the fixture site, made unique so that each test's pages are its own. */
export function sitePage(env: StackEnv, page: "index.html" | "about.html" | "gallery.html", tag: string): string {
  return `${env.site}/${page}?t=${encodeURIComponent(tag)}-${Date.now().toString(36)}`;
}
