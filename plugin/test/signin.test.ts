/**
 * Sign-in, refresh and sign-out: the controller and the session on the in-memory Figma, with
 * Node's real fetch over real HTTP to a loopback double of the API's sign-in routes
 * (test/auth-double.ts; the same flow runs against the real local stack in
 * test/stack/signin.test.ts). Nothing of the plugin is mocked.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestFigma, testControls } from "./figma";
import { ApiDouble } from "./auth-double";
import { shownUserCode, signInInBrowser } from "./signin-browser";
import { AppController, NO_PROJECTS_MESSAGE, pickProject, UNAVAILABLE_MESSAGE } from "../src/app/controller";
import { decodeClaims } from "../src/app/claims";
import { loadSession, refreshDelay, refreshDue, SESSION_KEY, SIGNED_OUT, SignedInSession } from "../src/app/session";
import { loadSettings, saveState, SETTINGS_KEY, type AppState } from "../src/app/state";
import { newGroup } from "../src/app/placement";
import { PageportClient, type FetchLike } from "../src/api/client";
import { ApiError } from "../src/api/errors";
import type { MainToUi, StateView } from "../src/shared/messages";

const realFetch: FetchLike = (url, init) => fetch(url, init);
const fast = { initialMs: 10, factor: 2, maxMs: 40, jitter: 0 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let api: ApiDouble;
beforeEach(async () => {
  api = await new ApiDouble().start();
  api.projects = [
    { projectId: 7, name: "Web", organizationId: 1, organization: "Acme", members: ["designer"] },
    { projectId: 9, name: "App", organizationId: 2, organization: "Beta", members: ["designer", "zoë"] },
    { projectId: 11, name: "Solo", organizationId: 3, organization: "Gamma", members: ["solo"] },
  ];
});
afterEach(async () => {
  await api.stop();
});

function uiMessages(figma: PluginAPI): MainToUi[] {
  return testControls(figma).uiMessages as MainToUi[];
}

function lastState(figma: PluginAPI): StateView {
  const states = uiMessages(figma).filter((m): m is Extract<MainToUi, { type: "state" }> => m.type === "state");
  const last = states.at(-1);
  if (!last) throw new Error("no state was sent to the UI");
  return last.state;
}

function lastResult(figma: PluginAPI): string {
  const results = uiMessages(figma).filter((m): m is Extract<MainToUi, { type: "connect-result" }> => m.type === "connect-result");
  return results.at(-1)?.message ?? "";
}

/** The sign-in page's URL, once the plugin has opened it. */
async function openedUrl(figma: PluginAPI, index = 0): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const url = testControls(figma).openedUrls[index];
    if (url) return url;
    await sleep(10);
  }
  throw new Error("the plugin never opened the sign-in page");
}

/** Clicks "Sign in", signs in as `subject` in the "browser", and waits for the plugin. */
async function signedIn(figma: PluginAPI, subject: string, options: { refreshTimer?: boolean } = {}): Promise<AppController> {
  const controller = new AppController({ figma, fetch: realFetch, backoff: fast, refreshTimer: options.refreshTimer ?? false });
  await controller.start();
  const opened = testControls(figma).openedUrls.length;
  const signingIn = controller.signIn(api.url);
  const browser = await signInInBrowser(await openedUrl(figma, opened), subject, () => shownUserCode(figma));
  expect(browser.status).toBe(200);
  expect(browser.text).toContain("Signed in to Pageport");
  expect(await signingIn).toBe(true);
  return controller;
}

describe("token expiry and refresh scheduling (pure)", () => {
  const hour = { issuedAt: 0, expiresAt: 3_600_000 };
  it("a call refreshes first when less than two minutes remain", () => {
    expect(refreshDue(hour, 0)).toBe(false);
    expect(refreshDue(hour, 3_600_000 - 120_001)).toBe(false);
    expect(refreshDue(hour, 3_600_000 - 119_999)).toBe(true);
    expect(refreshDue(hour, 4_000_000)).toBe(true);
    // A short-lived token: the margin is 20% of its lifetime, so not every call refreshes.
    expect(refreshDue({ issuedAt: 0, expiresAt: 60_000 }, 47_000)).toBe(false);
    expect(refreshDue({ issuedAt: 0, expiresAt: 60_000 }, 49_000)).toBe(true);
  });

  it("the timer fires at 80% of the lifetime, at once when that is past", () => {
    expect(refreshDelay(hour, 0)).toBe(2_880_000);
    expect(refreshDelay(hour, 2_000_000)).toBe(880_000);
    expect(refreshDelay(hour, 3_000_000)).toBe(0);
    expect(refreshDelay({ issuedAt: 1000, expiresAt: 2000 }, 1000)).toBe(800);
  });

  it("claims are read from the ID token without verifying it (display only), UTF-8 included", () => {
    const token = api.issueIdToken("zoë", 60);
    const claims = decodeClaims(token);
    expect(claims.subject).toBe("zoë");
    expect(claims.email).toBe("zoë@example.com");
    expect(claims.name).toBe("Zoë Ünïcode");
    expect(claims.expiresAt).toBeGreaterThan(Date.now());
    expect(decodeClaims("not-a-jwt")).toEqual({ subject: "", email: null, name: null, expiresAt: null });
  });

  it("the project used without asking: the one chosen before if still listed, else the only one", () => {
    const two = { subject: "d", organizations: [{ organizationId: 1, name: "A", projects: [{ projectId: 1, name: "x" }, { projectId: 2, name: "y" }] }] };
    expect(pickProject(two, 2)).toBe(2);
    expect(pickProject(two, 5)).toBeNull();
    expect(pickProject(two, null)).toBeNull();
    expect(pickProject({ subject: "d", organizations: [{ organizationId: 1, name: "A", projects: [{ projectId: 3, name: "x" }] }] }, 5)).toBe(3);
  });
});

describe("sign in", () => {
  it("opens the sign-in page, polls collect until the browser finished, keeps the tokens in clientStorage only, lists the projects", async () => {
    const figma = createTestFigma();
    const controller = await signedIn(figma, "designer");

    expect(testControls(figma).openedUrls[0]).toMatch(new RegExp(`^${api.url}/auth/local/authorize\\?.*state=`));
    // Collect was polled (202 while the browser was still on the form), then answered 200 once.
    expect(api.count("POST", "/auth/sessions/collect", 202)).toBeGreaterThanOrEqual(1);
    expect(api.count("POST", "/auth/sessions/collect", 200)).toBe(1);

    const stored = await loadSession(figma.clientStorage);
    expect(stored?.apiUrl).toBe(api.url);
    expect(api.isRefreshTokenLive(stored?.refreshToken ?? "")).toBe(true);
    expect(stored && stored.expiresAt - stored.issuedAt).toBe(3_600_000);
    // The settings carry no token for a signed-in session; the UI never sees a token.
    expect(await loadSettings(figma.clientStorage)).toEqual({ apiUrl: api.url, token: "", projectId: null });
    const everything = JSON.stringify(testControls(figma).uiMessages) + JSON.stringify(testControls(figma).notifications);
    expect(everything).not.toContain(stored?.refreshToken);
    expect(everything).not.toContain(stored?.idToken);

    const state = lastState(figma);
    expect(state.account).toEqual({ kind: "session", subject: "designer", email: "designer@example.com", name: "designer" });
    expect(state.signIn.waiting).toBe(false);
    expect(state.projects.status).toBe("ok");
    expect(state.projects.organizations).toEqual([
      { organizationId: 1, name: "Acme", projects: [{ projectId: 7, name: "Web" }] },
      { organizationId: 2, name: "Beta", projects: [{ projectId: 9, name: "App" }] },
    ]);
    // Two projects: the designer chooses. Until then nothing can be imported.
    expect(controller.connected).toBe(false);
    expect(lastResult(figma)).toBe(`Signed in to ${api.url} as designer@example.com. Choose a project.`);
    // Every authenticated call carried the collected ID token as the bearer.
    expect(api.requests.filter((r) => r.path === "/me/projects").map((r) => r.bearer)).toEqual([stored?.idToken]);

    await controller.handleMessage({ type: "select-project", projectId: 9 });
    expect(controller.connected).toBe(true);
    expect(lastResult(figma)).toBe("Using Beta / App.");
    expect((await loadSettings(figma.clientStorage))?.projectId).toBe(9);
    await controller.handleMessage({ type: "select-project", projectId: 11 });
    expect(testControls(figma).notifications.at(-1)?.message).toBe("Project 11 is not one of your projects.");
    expect((await loadSettings(figma.clientStorage))?.projectId).toBe(9);
    controller.stop();
  });

  it("the only project is chosen without asking; a reopened plugin is still signed in, with no new sign-in", async () => {
    const storage = new Map<string, unknown>();
    const first = await signedIn(createTestFigma({ clientStorage: storage }), "solo");
    expect(first.connected).toBe(true);
    expect(first.projectId).toBe(11);
    first.stop();

    const figma = createTestFigma({ clientStorage: storage });
    const again = new AppController({ figma, fetch: realFetch, backoff: fast, refreshTimer: false });
    await again.start();
    await again.idle();
    expect(again.connected).toBe(true);
    expect(again.accountKind).toBe("session");
    expect(lastState(figma).projects.organizations.map((o) => o.name)).toEqual(["Gamma"]);
    expect(testControls(figma).openedUrls).toEqual([]);
    again.stop();
  });

  it("an account in no project is told so in plain words", async () => {
    const figma = createTestFigma();
    const controller = await signedIn(figma, "newcomer");
    expect(controller.connected).toBe(false);
    expect(lastState(figma).projects).toEqual({ status: "ok", organizations: [], message: NO_PROJECTS_MESSAGE });
    expect(lastResult(figma)).toContain(NO_PROJECTS_MESSAGE);
    controller.stop();
  });

  it("an older API without /me/projects: the project id is typed, and checked", async () => {
    api.meProjects = false;
    const figma = createTestFigma();
    const controller = await signedIn(figma, "designer");
    expect(lastState(figma).projects.status).toBe("unavailable");
    expect(lastResult(figma)).toContain(UNAVAILABLE_MESSAGE);
    expect(await controller.selectProject(11)).toBe(false); // not a member
    expect(lastResult(figma)).toMatch(/^Project 11 was not found for this token/);
    expect(await controller.selectProject(7)).toBe(true);
    expect(controller.connected).toBe(true);
    controller.stop();
  });

  it("Cancel stops polling; nothing is stored", async () => {
    const figma = createTestFigma();
    const controller = new AppController({ figma, fetch: realFetch, backoff: fast, refreshTimer: false });
    await controller.start();
    const signingIn = controller.signIn(api.url);
    await openedUrl(figma);
    expect(lastState(figma).signIn.waiting).toBe(true);
    await controller.handleMessage({ type: "cancel-sign-in" });
    expect(await signingIn).toBe(false);
    expect(lastResult(figma)).toBe("Sign-in cancelled.");
    expect(lastState(figma).signIn.waiting).toBe(false);
    const polls = api.count("POST", "/auth/sessions/collect");
    await sleep(150);
    expect(api.count("POST", "/auth/sessions/collect")).toBe(polls);
    expect(await figma.clientStorage.getAsync(SESSION_KEY)).toBeUndefined();
    expect(controller.accountKind).toBe("signed-out");
  });

  it("a sign-in session that expires before the browser finishes ends in plain words", async () => {
    api.sessionMs = 300;
    const figma = createTestFigma();
    const controller = new AppController({ figma, fetch: realFetch, backoff: fast, refreshTimer: false });
    await controller.start();
    expect(await controller.signIn(api.url)).toBe(false);
    expect(lastResult(figma)).toBe("The sign-in page expired before you finished signing in. Sign in again.");
    expect(testControls(figma).notifications.at(-1)?.options?.error).toBe(true);
    expect(await figma.clientStorage.getAsync(SESSION_KEY)).toBeUndefined();
  });

  it("the pasted token stays: without a project id it fills the picker; with one it is checked", async () => {
    const figma = createTestFigma();
    const controller = new AppController({ figma, fetch: realFetch, backoff: fast });
    await controller.start();
    const token = api.issueIdToken("designer");
    expect(await controller.connect(api.url, token, 0)).toBe(true);
    expect(controller.accountKind).toBe("token");
    expect(controller.connected).toBe(false);
    expect(lastState(figma).projects.organizations.map((o) => o.name)).toEqual(["Acme", "Beta"]);
    expect(await controller.connect(api.url, token, 7)).toBe(true);
    expect(controller.connected).toBe(true);
    expect(await loadSettings(figma.clientStorage)).toEqual({ apiUrl: api.url, token, projectId: 7 });
    expect(await controller.connect(api.url, "not-a-token", 0)).toBe(false);
    expect(lastResult(figma)).toMatch(/^The token was refused by /);
  });
});

describe("refresh", () => {
  async function session(options: { now?: () => number; timer?: boolean } = {}) {
    const figma = createTestFigma();
    const ended: string[] = [];
    const tokens = { idToken: api.issueIdToken("designer"), refreshToken: await newRefreshToken(), expiresIn: api.expiresIn };
    const s = await SignedInSession.begin(api.url, tokens, {
      storage: figma.clientStorage,
      fetch: realFetch,
      onSignedOut: (message) => ended.push(message),
      timer: options.timer ?? false,
      ...(options.now ? { now: options.now } : {}),
    });
    api.resetLog();
    return { figma, s, ended, tokens, client: new PageportClient({ apiUrl: api.url, tokens: s, projectId: 7, fetch: realFetch }) };
  }

  /** A real refresh token from the double: by signing in through its page. */
  async function newRefreshToken(): Promise<string> {
    const figma = createTestFigma();
    const c = await signedIn(figma, "designer");
    c.stop();
    const stored = await loadSession(figma.clientStorage);
    if (!stored) throw new Error("no session");
    return stored.refreshToken;
  }

  it("a call refreshes first when less than two minutes remain; otherwise it uses the token it has", async () => {
    let clock = Date.now();
    const { s, client, tokens } = await session({ now: () => clock });
    await client.listMyProjects();
    expect(api.count("POST", "/auth/refresh")).toBe(0);
    clock += 3_600_000 - 119_000;
    await client.listMyProjects();
    expect(api.count("POST", "/auth/refresh")).toBe(1);
    const last = api.requests.filter((r) => r.path === "/me/projects").at(-1);
    expect(last?.bearer).not.toBe(tokens.idToken);
    expect(last?.status).toBe(200);
    await client.listMyProjects();
    expect(api.count("POST", "/auth/refresh")).toBe(1);
    s.close();
  });

  it("the timer refreshes at 80% of the lifetime and stores the new ID token", async () => {
    api.expiresIn = 1;
    const { figma, s, tokens } = await session({ timer: true });
    expect(api.count("POST", "/auth/refresh")).toBe(0);
    await sleep(600);
    expect(api.count("POST", "/auth/refresh")).toBe(0);
    await sleep(500);
    expect(api.count("POST", "/auth/refresh")).toBe(1);
    const stored = await loadSession(figma.clientStorage);
    expect(stored?.idToken).not.toBe(tokens.idToken);
    expect(stored?.refreshToken).toBe(tokens.refreshToken); // not rotated: the old one is kept
    s.close();
    await sleep(1000);
    expect(api.count("POST", "/auth/refresh")).toBe(1); // closed: the timer is gone
  });

  it("a 401 refreshes once for all concurrent calls, and each call is retried once", async () => {
    api.refreshDelayMs = 100;
    const { s, client } = await session();
    api.invalidateIdTokens();
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.listMyProjects()));
    expect(answers.every((a) => a.subject === "designer")).toBe(true);
    expect(api.count("POST", "/auth/refresh")).toBe(1);
    expect(api.count("GET", "/me/projects", 401)).toBe(5);
    expect(api.count("GET", "/me/projects", 200)).toBe(5);
    // A project call too: 401, refresh, retry with the new token.
    api.invalidateIdTokens();
    await client.check();
    expect(api.count("POST", "/auth/refresh")).toBe(2);
    s.close();
  });

  it("a rotated refresh token is stored, and the old one is never sent again", async () => {
    api.rotate = true;
    const { figma, s, client, tokens } = await session();
    api.invalidateIdTokens();
    await client.listMyProjects();
    const stored = await loadSession(figma.clientStorage);
    expect(stored?.refreshToken).not.toBe(tokens.refreshToken);
    expect(api.isRefreshTokenLive(tokens.refreshToken)).toBe(false);
    api.invalidateIdTokens();
    await client.listMyProjects(); // refreshes with the rotated token (the old one would be refused)
    expect(api.count("POST", "/auth/refresh", 200)).toBe(2);
    s.close();
  });

  it("two plugin windows (two files) share the sign-in: a token the other one rotated is picked up, not a sign-out", async () => {
    api.rotate = true;
    const storage = new Map<string, unknown>();
    const first = await signedIn(createTestFigma({ clientStorage: storage, fileKey: "a" }), "solo");
    const figmaB = createTestFigma({ clientStorage: storage, fileKey: "b" });
    const second = new AppController({ figma: figmaB, fetch: realFetch, backoff: fast, refreshTimer: false });
    await second.start();
    await second.idle();
    expect(second.accountKind).toBe("session");
    const original = await loadSession(figmaB.clientStorage);

    // Window A refreshes (rotating the refresh token); then B's ID token is refused.
    api.invalidateIdTokens();
    await first.loadProjects();
    const rotated = await loadSession(figmaB.clientStorage);
    expect(rotated?.refreshToken).not.toBe(original?.refreshToken);
    expect(api.isRefreshTokenLive(original?.refreshToken ?? "")).toBe(false);
    api.resetLog();
    await second.loadProjects();
    expect(second.accountKind).toBe("session");
    expect(second.projectList.status).toBe("ok");
    // B used A's stored ID token: no refresh of its own, and never the revoked refresh token.
    expect(api.count("POST", "/auth/refresh")).toBe(0);
    expect(api.requests.filter((r) => r.path === "/me/projects").map((r) => [r.bearer, r.status])).toEqual([
      [original?.idToken, 401],
      [rotated?.idToken, 200],
    ]);
    first.stop();
    second.stop();
  });

  it("a call refused again after a refresh signs out with a plain message (no third try)", async () => {
    const { figma, client, ended } = await session();
    api.acceptIdTokens = false;
    const error = await client.listMyProjects().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(SIGNED_OUT);
    expect((error as ApiError).message).toBe(`You are signed out: ${api.url} refused your sign-in even after renewing it. Sign in again.`);
    expect(api.count("GET", "/me/projects")).toBe(2);
    expect(api.count("POST", "/auth/refresh")).toBe(1);
    await sleep(20);
    expect(ended).toHaveLength(1);
    expect(await figma.clientStorage.getAsync(SESSION_KEY)).toBeUndefined();
    // Signed out: later calls do not reach the API at all.
    await expect(client.listMyProjects()).rejects.toThrow("You are signed out. Sign in again (Connect tab).");
    expect(api.count("GET", "/me/projects")).toBe(2);
  });

  it("a refused refresh (revoked or unknown) signs a reopened plugin out: the Connect screen says so, the project is kept", async () => {
    const storage = new Map<string, unknown>();
    const figma = createTestFigma({ clientStorage: storage, fileKey: "f" });
    const controller = await signedIn(figma, "solo");
    const stored = await loadSession(figma.clientStorage);
    controller.stop();
    await api.stop(); // a fresh double (another port) knows neither token: the refresh is refused
    api = await new ApiDouble().start();
    // Point the stored session at the new double (same user, same storage).
    await figma.clientStorage.setAsync(SESSION_KEY, { ...stored, apiUrl: api.url });
    await figma.clientStorage.setAsync(SETTINGS_KEY, { apiUrl: api.url, token: "", projectId: 11 });
    const reopened = createTestFigma({ clientStorage: storage, fileKey: "f" });
    const again = new AppController({ figma: reopened, fetch: realFetch, backoff: fast, refreshTimer: false });
    await again.start();
    await again.idle();
    expect(again.accountKind).toBe("signed-out");
    expect(lastState(reopened).account.kind).toBe("signed-out");
    expect(lastResult(reopened)).toBe(`You are signed out: your sign-in to ${api.url} has expired or was revoked. Sign in again.`);
    expect(await reopened.clientStorage.getAsync(SESSION_KEY)).toBeUndefined();
    expect((await loadSettings(reopened.clientStorage))?.projectId).toBe(11);
  });
});

describe("sign out", () => {
  function capturingJob(fileKeyValue: string): AppState {
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
    };
  }

  it("revokes the refresh token, forgets the tokens, keeps the project; jobs in flight pause and resume after the next sign-in", async () => {
    const storage = new Map<string, unknown>();
    const figma = createTestFigma({ clientStorage: storage, fileKey: "f" });
    await saveState(figma.clientStorage, "f", capturingJob("f"));
    const controller = await signedIn(figma, "solo");
    expect(controller.connected).toBe(true);
    // The stored capturing job is followed with the signed-in token.
    for (let i = 0; i < 100 && api.count("GET", /\/page-imports\//) < 2; i++) await sleep(10);
    expect(api.count("GET", "/projects/11/page-imports/01a23404-a927-7bb0-a7fe-f84a0464a7e0", 200)).toBeGreaterThanOrEqual(2);

    const stored = await loadSession(figma.clientStorage);
    await controller.handleMessage({ type: "sign-out" });
    expect(api.signedOut).toEqual([stored?.refreshToken]);
    expect(api.isRefreshTokenLive(stored?.refreshToken ?? "")).toBe(false);
    expect(await figma.clientStorage.getAsync(SESSION_KEY)).toBeUndefined();
    expect(await loadSettings(figma.clientStorage)).toEqual({ apiUrl: api.url, token: "", projectId: 11 });
    const state = lastState(figma);
    expect(state.account.kind).toBe("signed-out");
    expect(state.connected).toBe(false);
    expect(state.projects.status).toBe("none");
    expect(lastResult(figma)).toBe("Signed out. Jobs in flight are kept; they continue after you sign in again.");

    // Following stopped; the job is untouched (not failed).
    await controller.idle();
    const polled = api.count("GET", /\/page-imports\//);
    await sleep(150);
    expect(api.count("GET", /\/page-imports\//)).toBe(polled);
    expect(controller.jobs[0]?.phase).toBe("capturing");
    expect(controller.jobs[0]?.error).toBeUndefined();

    // The refresh token is revoked at the API: refresh is refused.
    const refused = await fetch(`${api.url}/auth/refresh`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ refreshToken: stored?.refreshToken }) });
    expect(refused.status).toBe(401);

    // The next sign-in picks the same project again and the job is followed again.
    const opened = testControls(figma).openedUrls.length;
    const signingIn = controller.signIn(api.url);
    await signInInBrowser(await openedUrl(figma, opened), "solo", () => shownUserCode(figma));
    expect(await signingIn).toBe(true);
    expect(controller.projectId).toBe(11);
    const before = api.count("GET", /\/page-imports\//);
    for (let i = 0; i < 100 && api.count("GET", /\/page-imports\//) === before; i++) await sleep(10);
    expect(api.count("GET", /\/page-imports\//)).toBeGreaterThan(before);
    controller.stop();
    await controller.idle();
  });

  it("a pasted token refused while following (expired): the job pauses, it does not fail", async () => {
    const figma = createTestFigma({ fileKey: "f" });
    await saveState(figma.clientStorage, "f", capturingJob("f"));
    const controller = new AppController({ figma, fetch: realFetch, backoff: fast });
    await controller.start();
    expect(await controller.connect(api.url, api.issueIdToken("solo"), 11)).toBe(true);
    for (let i = 0; i < 100 && api.count("GET", /\/page-imports\//) < 1; i++) await sleep(10);
    api.invalidateIdTokens();
    await controller.idle();
    expect(controller.jobs[0]?.phase).toBe("capturing");
    expect(controller.jobs[0]?.error).toMatch(/^The token was refused by .*Following is paused/);
    expect(api.count("POST", "/auth/refresh")).toBe(0); // a pasted token is never refreshed
  });

  it("Forget these settings signs out and forgets the API URL and project too", async () => {
    const figma = createTestFigma();
    const controller = await signedIn(figma, "solo");
    await controller.handleMessage({ type: "disconnect" });
    expect(api.signedOut).toHaveLength(1);
    expect(await figma.clientStorage.getAsync(SETTINGS_KEY)).toBeUndefined();
    expect(await figma.clientStorage.getAsync(SESSION_KEY)).toBeUndefined();
  });
});
