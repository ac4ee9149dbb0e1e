/**
 * Sign-in against the REAL local stack: the controller on an in-memory Figma signs in through
 * the stack's own sign-in page (driven with fetch the way a browser would: GET the page, submit
 * its form with a subject, follow the redirect to /auth/callback), collects the tokens, lists the
 * projects, imports with the collected token, refreshes after a 401, and signs out (revoking).
 * The subject is `designer`, a member of PAGEPORT_PROJECT (the e2e test created it).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestFigma, testControls } from "../figma";
import { shownUserCode, signInInBrowser } from "../signin-browser";
import { AppController } from "../../src/app/controller";
import { loadSession, SESSION_KEY, type StoredSession } from "../../src/app/session";
import { loadSettings } from "../../src/app/state";
import type { MainToUi, StateView } from "../../src/shared/messages";
import { VIEWPORT_PRESETS } from "../../src/shared/presets";
import { FAST, nodeFetch, sitePage, stackEnv, type StackEnv } from "./env";

const SUBJECT = "designer";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let env: StackEnv;
beforeAll(() => {
  env = stackEnv();
});

function lastState(figma: PluginAPI): StateView {
  const states = (testControls(figma).uiMessages as MainToUi[]).filter((m): m is Extract<MainToUi, { type: "state" }> => m.type === "state");
  const state = states.at(-1)?.state;
  if (!state) throw new Error("no state was sent to the UI");
  return state;
}

function lastResult(figma: PluginAPI): string {
  const results = (testControls(figma).uiMessages as MainToUi[]).filter((m): m is Extract<MainToUi, { type: "connect-result" }> => m.type === "connect-result");
  return results.at(-1)?.message ?? "";
}

async function openedUrl(figma: PluginAPI, index: number): Promise<string> {
  for (let i = 0; i < 500; i++) {
    const url = testControls(figma).openedUrls[index];
    if (url) return url;
    await sleep(20);
  }
  throw new Error("the plugin never opened the sign-in page");
}

function controllerOn(figma: PluginAPI): AppController {
  return new AppController({ figma, fetch: nodeFetch, backoff: FAST, refreshTimer: false });
}

/** "Sign in" in the plugin, the sign-in page in the "browser", then the plugin's collect. */
async function signIn(figma: PluginAPI): Promise<{ controller: AppController; callback: string }> {
  const controller = controllerOn(figma);
  await controller.start();
  const index = testControls(figma).openedUrls.length;
  const signingIn = controller.signIn(env.api);
  const browser = await signInInBrowser(await openedUrl(figma, index), SUBJECT, () => shownUserCode(figma));
  expect(browser.status, browser.text).toBe(200);
  expect(browser.text).toContain("Signed in to Pageport");
  const callback = browser.visited.find((url) => new URL(url).pathname.endsWith("/auth/callback"));
  expect(callback, browser.visited.join("\n")).toBeTruthy();
  expect(await signingIn, lastResult(figma)).toBe(true);
  return { controller, callback: callback ?? "" };
}

function tampered(token: string): string {
  const last = token.at(-2) === "A" ? "B" : "A";
  return `${token.slice(0, -2)}${last}${token.slice(-1)}`;
}

describe("sign in through the local stack's sign-in page", () => {
  it("collects the tokens, lists the designer's projects, and imports a page with the collected token", async () => {
    const figma = createTestFigma({ fileKey: "stack-signin-1" });
    const { controller, callback } = await signIn(figma);

    // The callback is good once: opening it again is a 404 (the session's write key is used).
    const again = await fetch(callback, { redirect: "manual" });
    expect(again.status).toBe(404);

    const stored = await loadSession(figma.clientStorage);
    expect(stored?.apiUrl).toBe(env.api);
    expect(stored?.refreshToken).toBeTruthy();
    expect(JSON.stringify(testControls(figma).uiMessages)).not.toContain(stored?.refreshToken);
    expect(JSON.stringify(testControls(figma).uiMessages)).not.toContain(stored?.idToken);

    const state = lastState(figma);
    expect(state.account.kind).toBe("session");
    expect(state.account.subject).toBe(SUBJECT);
    expect(state.projects.status).toBe("ok");
    const ids = state.projects.organizations.flatMap((org) => org.projects.map((p) => p.projectId));
    expect(ids).toContain(env.projectId);

    if (controller.projectId !== env.projectId) expect(await controller.selectProject(env.projectId)).toBe(true);
    expect(controller.connected).toBe(true);
    expect(await loadSettings(figma.clientStorage)).toEqual({ apiUrl: env.api, token: "", projectId: env.projectId });

    const [job] = await controller.importPage({ url: sitePage(env, "index.html", "signin"), viewports: [VIEWPORT_PRESETS.desktop], deviceScaleFactor: 1 });
    await controller.idle();
    const done = controller.jobs.find((j) => j.key === job?.key);
    expect(done?.phase, done?.error).toBe("placed");
    expect(done?.nodeId).toBeTruthy();
    controller.stop();
  });

  it("Cancel stops waiting for the browser; nothing is kept", async () => {
    const figma = createTestFigma();
    const controller = controllerOn(figma);
    await controller.start();
    const signingIn = controller.signIn(env.api);
    await openedUrl(figma, 0);
    controller.cancelSignIn();
    expect(await signingIn).toBe(false);
    expect(lastResult(figma)).toBe("Sign-in cancelled.");
    expect(await figma.clientStorage.getAsync(SESSION_KEY)).toBeUndefined();
  });
});

describe("refresh and sign-out against the local stack", () => {
  it("a tampered ID token is refused (401); the plugin refreshes and the call succeeds", async () => {
    const storage = new Map<string, unknown>();
    const figma = createTestFigma({ clientStorage: storage, fileKey: "stack-signin-2" });
    const { controller } = await signIn(figma);
    if (controller.projectId !== env.projectId) await controller.selectProject(env.projectId);
    controller.stop();

    const stored = (await loadSession(figma.clientStorage)) as StoredSession;
    const bad = tampered(stored.idToken);
    await figma.clientStorage.setAsync(SESSION_KEY, { ...stored, idToken: bad });
    // The stack refuses the tampered token as it is.
    const refused = await fetch(`${env.api}/me/projects`, { headers: { Authorization: `Bearer ${bad}` } });
    expect(refused.status).toBe(401);

    const reopened = createTestFigma({ clientStorage: storage, fileKey: "stack-signin-2" });
    const again = controllerOn(reopened);
    await again.start();
    await again.idle(); // lists the projects: 401, refresh, retry
    expect(again.accountKind).toBe("session");
    expect(lastState(reopened).projects.status).toBe("ok");
    const renewed = (await loadSession(reopened.clientStorage)) as StoredSession;
    expect(renewed.idToken).not.toBe(bad);
    expect(renewed.idToken).not.toBe(stored.idToken);
    // A project call with the renewed token works (the connection check).
    expect(await again.selectProject(env.projectId)).toBe(true);
    again.stop();
  });

  it("sign-out revokes the refresh token: a refresh with it is refused (401), and a plugin holding it shows signed out", async () => {
    const storage = new Map<string, unknown>();
    const figma = createTestFigma({ clientStorage: storage });
    const { controller } = await signIn(figma);
    const stored = (await loadSession(figma.clientStorage)) as StoredSession;

    await controller.signOut();
    expect(lastState(figma).account.kind).toBe("signed-out");
    expect(lastState(figma).connected).toBe(false);
    expect(await figma.clientStorage.getAsync(SESSION_KEY)).toBeUndefined();
    expect((await loadSettings(figma.clientStorage))?.token).toBe("");

    const refresh = await fetch(`${env.api}/auth/refresh`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ refreshToken: stored.refreshToken }) });
    expect(refresh.status).toBe(401);
    expect(((await refresh.json()) as { error: { code: string } }).error.code).toBe("refresh_token_refused");

    // A plugin that still held the revoked refresh token (and an ID token that no longer works):
    await figma.clientStorage.setAsync(SESSION_KEY, { ...stored, idToken: tampered(stored.idToken) });
    await figma.clientStorage.setAsync("pageport.settings", { apiUrl: env.api, token: "", projectId: env.projectId });
    const reopened = createTestFigma({ clientStorage: storage });
    const again = controllerOn(reopened);
    await again.start();
    await again.idle();
    expect(again.accountKind).toBe("signed-out");
    expect(lastState(reopened).account.kind).toBe("signed-out");
    expect(lastResult(reopened)).toBe(`You are signed out: your sign-in to ${env.api} has expired or was revoked. Sign in again.`);
    expect(await reopened.clientStorage.getAsync(SESSION_KEY)).toBeUndefined();
  });
});
