/**
 * Who the plugin talks to the API as, and in which project: a pasted token or a signed-in
 * session (sign-in in the browser, tokens kept and refreshed by session.ts), the projects the
 * account may use, and the client every call goes through. What works is kept in clientStorage.
 */
import { AuthApi, type CollectOutcome } from "../api/auth";
import { PageportClient } from "../api/client";
import { ApiError, errorText } from "../api/errors";
import { poll, PollStopped, PollTimeout } from "../api/poll";
import { staticToken, type TokenSource } from "../api/tokens";
import type { MyProjects } from "../api/types";
import type { AccountView, ProjectsView } from "../shared/messages";
import { checkApiUrl } from "../shared/presets";
import { decodeClaims } from "./claims";
import { UserError } from "./errors";
import type { Parts } from "./parts";
import { truncate } from "./reporter";
import { SESSION_KEY, SignedInSession } from "./session";
import { loadSettings, saveSettings, SETTINGS_KEY, type Settings } from "./state";
import { NO_PROJECTS_MESSAGE, pickProject, projectsView, UNAVAILABLE_MESSAGE } from "./view";

/** The credentials calls are made with: a pasted token, or a signed-in session. */
export type Credentials = { kind: "token"; apiUrl: string; token: string } | { kind: "session"; apiUrl: string; session: SignedInSession };

/** A sign-in waiting for the browser. */
export interface SignInFlow {
  signInUrl: string;
  expiresAt: string;
  /** Shown in the plugin; the sign-in page asks for it before the sign-in counts. */
  userCode: string;
  cancelled: boolean;
  wake: () => void;
}

export class Connection {
  settings: Settings | null = null;
  credentials: Credentials | null = null;
  client: PageportClient | null = null;
  projects: ProjectsView = { status: "none", organizations: [], message: null };
  projectsLoading: Promise<void> = Promise.resolve();
  subject = "";
  signInFlow: SignInFlow | null = null;

  constructor(private readonly parts: Parts) {}

  /** The settings and credentials kept from an earlier session. */
  async load(): Promise<void> {
    this.settings = await loadSettings(this.parts.figma.clientStorage);
    this.credentials = await this.storedCredentials(this.settings);
    this.client = this.credentials && this.settings?.projectId ? this.makeClient(this.credentials, this.settings.projectId) : null;
  }

  /** Stops listening (the plugin closes): a session's refresh timer, a sign-in in progress. */
  stop(): void {
    if (this.credentials?.kind === "session") this.credentials.session.close();
    if (this.signInFlow) this.cancelSignIn();
  }

  /**
   * Token paste. With a project id (the fallback for an API without `/me/projects`), one call
   * checks URL, token and project; without one, `GET /me/projects` checks the token and fills
   * the picker. What works is kept in clientStorage.
   */
  async connect(apiUrl: string, token: string, projectId: number): Promise<boolean> {
    const url = checkApiUrl(apiUrl || this.parts.config.defaultApiUrl);
    const problems: string[] = url.ok ? [] : url.errors;
    if (token.trim() === "") problems.push("Paste your API token.");
    const wanted = Number.isNaN(projectId) || projectId === 0 ? null : projectId;
    if (wanted !== null && (!Number.isInteger(wanted) || wanted <= 0)) problems.push("The project id is a whole number, like 7.");
    if (!url.ok || problems.length > 0) {
      this.parts.reporter.post({ type: "connect-result", ok: false, message: problems.join(" ") });
      return false;
    }
    const credentials: Credentials = { kind: "token", apiUrl: url.value, token: token.trim() };
    if (wanted !== null) {
      try {
        await this.makeClient(credentials, wanted).check();
      } catch (error) {
        this.connectFailed(error);
        return false;
      }
      await this.adopt(credentials, wanted, null);
      this.parts.reporter.post({ type: "connect-result", ok: true, message: `Connected to ${url.value}, project ${wanted}.` });
      this.loadProjectsQuietly();
      return true;
    }
    let listed: MyProjects;
    try {
      listed = await this.makeClient(credentials).listMyProjects();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        this.projects = { status: "unavailable", organizations: [], message: UNAVAILABLE_MESSAGE };
        this.parts.postState();
        this.parts.reporter.post({ type: "connect-result", ok: false, message: UNAVAILABLE_MESSAGE });
        return false;
      }
      this.connectFailed(error);
      return false;
    }
    await this.adopt(credentials, null, listed);
    this.parts.reporter.post({ type: "connect-result", ok: true, message: `Connected to ${url.value} as ${this.who()}.${this.projectSentence()}` });
    return true;
  }

  /**
   * Sign in in the browser: starts a sign-in session, opens its page with `figma.openExternal`
   * and collects the tokens with backoff until the user has signed in, the session expires, or
   * Cancel. Then lists the projects (or keeps the one chosen before, if still one of them).
   */
  async signIn(apiUrl: string): Promise<boolean> {
    const url = checkApiUrl(apiUrl || this.parts.config.defaultApiUrl);
    if (!url.ok) {
      this.parts.reporter.post({ type: "connect-result", ok: false, message: url.errors.join(" ") });
      return false;
    }
    if (this.signInFlow) this.cancelSignIn();
    const auth = new AuthApi(url.value, this.parts.config.fetch, this.parts.config.signInOrigins);
    let started;
    try {
      started = await auth.startSignIn();
    } catch (error) {
      this.connectFailed(error);
      return false;
    }
    let wakeUp: () => void = () => undefined;
    const flow: SignInFlow = { signInUrl: started.signInUrl, expiresAt: started.expiresAt, userCode: started.userCode, cancelled: false, wake: () => wakeUp() };
    this.signInFlow = flow;
    this.parts.postState();
    this.parts.figma.openExternal(started.signInUrl);
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        if (flow.cancelled || this.parts.runner.stopped) {
          resolve(); // cancelled while the last collect was under way
          return;
        }
        const done = () => {
          clearTimeout(handle);
          resolve();
        };
        const handle = setTimeout(done, ms);
        wakeUp = done;
      });
    const interval = started.pollIntervalMs;
    let outcome: CollectOutcome;
    try {
      outcome = await poll(
        this.parts.runner.tolerant(async () => {
          const answer = await auth.collect(started.readKey);
          return answer.status === "pending" ? undefined : answer;
        }),
        {
          backoff: { initialMs: interval, factor: 1.25, maxMs: Math.max(interval, 10_000), jitter: 0.1 },
          timeoutMs: Math.max(0, Date.parse(started.expiresAt) - Date.now()),
          sleep,
          stopped: () => flow.cancelled || this.parts.runner.stopped,
        },
      );
    } catch (error) {
      if (this.signInFlow === flow) this.signInFlow = null;
      this.parts.postState();
      if (error instanceof PollStopped) {
        if (!this.parts.runner.stopped) this.parts.reporter.post({ type: "connect-result", ok: false, message: "Sign-in cancelled." });
        return false;
      }
      if (!(error instanceof PollTimeout)) {
        this.connectFailed(error);
        return false;
      }
      outcome = { status: "expired" };
    }
    if (this.signInFlow === flow) this.signInFlow = null;
    if (outcome.status !== "signed-in") {
      this.parts.postState();
      this.connectFailed(new UserError("The sign-in page expired before you finished signing in. Sign in again."));
      return false;
    }
    if (flow.cancelled || this.parts.runner.stopped) {
      // Cancelled while the last collect was under way: nobody wants these tokens.
      await auth.signOut(outcome.tokens.refreshToken).catch(() => undefined);
      this.parts.postState();
      return false;
    }
    const session = await SignedInSession.begin(url.value, outcome.tokens, this.sessionOptions());
    const credentials: Credentials = { kind: "session", apiUrl: url.value, session };
    let listed: MyProjects | null = null;
    let projectId: number | null = null;
    try {
      listed = await this.makeClient(credentials).listMyProjects();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) {
        this.projects = { status: "error", organizations: [], message: `Your projects could not be listed: ${errorText(error)}` };
      } else {
        this.projects = { status: "unavailable", organizations: [], message: UNAVAILABLE_MESSAGE };
        // An older API: keep the project chosen before, if this account still reaches it.
        const remembered = this.rememberedProject(url.value);
        if (remembered !== null) {
          try {
            await this.makeClient(credentials, remembered).check();
            projectId = remembered;
          } catch {
            projectId = null;
          }
        }
      }
    }
    await this.adopt(credentials, projectId, listed);
    this.parts.reporter.post({ type: "connect-result", ok: true, message: `Signed in to ${url.value} as ${this.who()}.${this.projectSentence()}` });
    return true;
  }

  /** Stops waiting for the browser (the sign-in page, if finished later, is simply never collected). */
  cancelSignIn(): void {
    const flow = this.signInFlow;
    if (!flow) return;
    flow.cancelled = true;
    this.signInFlow = null;
    flow.wake();
    this.parts.postState();
  }

  /**
   * Revokes a signed-in session's refresh token (`POST /auth/sign-out`), then forgets the
   * tokens. The API URL and the chosen project stay; so do the jobs in flight, which are
   * followed again after the next sign-in.
   */
  async signOut(): Promise<void> {
    if (this.signInFlow) this.cancelSignIn();
    const credentials = this.credentials;
    this.credentials = null;
    this.client = null;
    this.projects = { status: "none", organizations: [], message: null };
    this.subject = "";
    this.parts.runner.wakeAll(); // followers see the change at once and stop
    if (this.settings) {
      this.settings = { ...this.settings, token: "" };
      await saveSettings(this.parts.figma.clientStorage, this.settings);
    }
    let problem: string | null = null;
    if (credentials?.kind === "session") {
      const result = await credentials.session.signOut();
      if (!result.revoked) problem = errorText(result.error);
    }
    this.parts.postState();
    this.parts.reporter.post({ type: "connect-result", ok: true, message: "Signed out. Jobs in flight are kept; they continue after you sign in again." });
    if (problem !== null) {
      this.parts.reporter.notice({ level: "warning", message: `Signed out here, but the API could not revoke the sign-in (${problem}); it stops working when it expires.` });
    }
  }

  /** Signs out and forgets the settings too (API URL, project). */
  async disconnect(): Promise<void> {
    await this.signOut();
    this.settings = null;
    await this.parts.figma.clientStorage.deleteAsync(SETTINGS_KEY);
    await this.parts.figma.clientStorage.deleteAsync(SESSION_KEY);
    this.parts.postState();
  }

  /** Uses one of the listed projects (or, when the API cannot list them, a typed id it checks). */
  async selectProject(projectId: number): Promise<boolean> {
    const credentials = this.credentials;
    if (!credentials) throw new UserError("Sign in first (Connect tab).");
    if (!Number.isInteger(projectId) || projectId <= 0) throw new UserError("The project id is a whole number, like 7.");
    const client = this.makeClient(credentials, projectId);
    if (this.projects.status === "ok") {
      if (this.projectLabel(projectId) === null) throw new UserError(`Project ${projectId} is not one of your projects.`);
    } else {
      try {
        await client.check();
      } catch (error) {
        this.connectFailed(error);
        return false;
      }
    }
    this.settings = { apiUrl: credentials.apiUrl, token: credentials.kind === "token" ? credentials.token : "", projectId };
    await saveSettings(this.parts.figma.clientStorage, this.settings);
    this.client = client;
    this.parts.postState();
    this.parts.reporter.post({ type: "connect-result", ok: true, message: `Using ${this.projectLabel(projectId) ?? `project ${projectId}`}.` });
    this.parts.followers.resume();
    return true;
  }

  /** `GET /me/projects` into the picker; a failure is shown there (never thrown). */
  async loadProjects(): Promise<void> {
    const credentials = this.credentials;
    if (!credentials) return;
    this.projects = { status: "loading", organizations: this.projects.organizations, message: null };
    this.parts.postState();
    let next: ProjectsView;
    try {
      const listed = await this.makeClient(credentials).listMyProjects();
      if (this.credentials !== credentials) return;
      this.subject = listed.subject;
      next = projectsView(listed);
    } catch (error) {
      if (this.credentials !== credentials) return;
      if (error instanceof ApiError && error.status === 404) next = { status: "unavailable", organizations: [], message: UNAVAILABLE_MESSAGE };
      else next = { status: "error", organizations: [], message: `Your projects could not be listed: ${errorText(error)}` };
    }
    this.projects = next;
    this.parts.postState();
  }

  loadProjectsQuietly(): void {
    this.projectsLoading = this.loadProjects().catch(() => undefined);
  }

  /** New credentials (and maybe a project) become the current ones, kept in clientStorage. */
  private async adopt(credentials: Credentials, projectId: number | null, listed: MyProjects | null): Promise<void> {
    const previous = this.credentials;
    if (previous?.kind === "session" && (credentials.kind !== "session" || previous.session !== credentials.session)) {
      await previous.session.signOut(); // replaced: its refresh token is revoked, not left behind
    }
    let chosen = projectId;
    if (listed) {
      this.subject = listed.subject;
      this.projects = projectsView(listed);
      if (chosen === null) chosen = pickProject(listed, this.rememberedProject(credentials.apiUrl));
    }
    this.credentials = credentials;
    this.settings = { apiUrl: credentials.apiUrl, token: credentials.kind === "token" ? credentials.token : "", projectId: chosen };
    await saveSettings(this.parts.figma.clientStorage, this.settings);
    this.client = chosen !== null ? this.makeClient(credentials, chosen) : null;
    this.parts.postState();
    this.parts.followers.resume();
  }

  /** The credentials kept from an earlier session: a pasted token, or a stored sign-in for this API. */
  private async storedCredentials(settings: Settings | null): Promise<Credentials | null> {
    if (!settings) return null;
    if (settings.token !== "") return { kind: "token", apiUrl: settings.apiUrl, token: settings.token };
    const session = await SignedInSession.resume(settings.apiUrl, this.sessionOptions());
    return session ? { kind: "session", apiUrl: settings.apiUrl, session } : null;
  }

  private sessionOptions() {
    return {
      storage: this.parts.figma.clientStorage,
      fetch: this.parts.config.fetch,
      timer: this.parts.config.refreshTimer,
      onSignedOut: (message: string) => this.sessionEnded(message),
    };
  }

  /** The session ended by itself (refresh refused, or refused again after a refresh). */
  private sessionEnded(message: string): void {
    if (this.credentials?.kind !== "session") return;
    this.credentials = null;
    this.client = null;
    this.projects = { status: "none", organizations: [], message: null };
    this.subject = "";
    this.parts.runner.wakeAll();
    this.parts.postState();
    this.parts.reporter.post({ type: "connect-result", ok: false, message });
    this.parts.reporter.notice({ level: "error", message });
  }

  private rememberedProject(apiUrl: string): number | null {
    return this.settings && this.settings.apiUrl === apiUrl ? this.settings.projectId : null;
  }

  /** "Acme / Web" for a listed project; null when it is not in the list. */
  projectLabel(projectId: number): string | null {
    for (const org of this.projects.organizations) {
      const project = org.projects.find((p) => p.projectId === projectId);
      if (project) return `${org.name} / ${project.name}`;
    }
    return null;
  }

  private projectSentence(): string {
    const projectId = this.settings?.projectId ?? null;
    if (projectId !== null && this.client) return ` Using ${this.projectLabel(projectId) ?? `project ${projectId}`}.`;
    if (this.projects.status === "ok" && this.projects.organizations.length === 0) return ` ${NO_PROJECTS_MESSAGE}`;
    if (this.projects.status === "unavailable") return ` ${UNAVAILABLE_MESSAGE}`;
    if (this.projects.status === "error" && this.projects.message) return ` ${this.projects.message}`;
    return " Choose a project.";
  }

  private who(): string {
    const account = this.accountView();
    return account.email ?? account.subject ?? "you";
  }

  accountView(): AccountView {
    const credentials = this.credentials;
    if (!credentials) return { kind: "signed-out", subject: "", email: null, name: null };
    const claims = credentials.kind === "session" ? credentials.session.claims : decodeClaims(credentials.token);
    return { kind: credentials.kind, subject: this.subject || claims.subject, email: claims.email, name: claims.name };
  }

  private connectFailed(error: unknown): void {
    const message = errorText(error);
    this.parts.reporter.post({ type: "connect-result", ok: false, message });
    this.parts.figma.notify(truncate(message, 300), { error: true });
  }

  makeClient(credentials: Credentials, projectId?: number): PageportClient {
    const tokens: TokenSource = credentials.kind === "session" ? credentials.session : staticToken(credentials.token);
    const config: ConstructorParameters<typeof PageportClient>[0] = {
      apiUrl: credentials.apiUrl,
      tokens,
      fetch: this.parts.config.fetch,
      newId: this.parts.config.newId,
      onWait: (message) => this.parts.reporter.notice({ level: "warning", message }),
    };
    if (projectId !== undefined) config.projectId = projectId;
    return new PageportClient(config);
  }

  requireClient(): PageportClient {
    if (!this.client) {
      throw new UserError(this.credentials ? "Choose a project first (Connect tab)." : "Connect to the Pageport API first (Connect tab).");
    }
    return this.client;
  }

}
