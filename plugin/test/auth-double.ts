/**
 * A small stand-in for the Pageport API's sign-in routes (docs/sign-in.md), on a real loopback
 * HTTP server, for unit tests that should not need the local stack. It is a double of ANOTHER
 * service (the API), never of plugin code: the plugin runs unchanged against it over real HTTP.
 * Routes: the sign-in session routes, a local sign-in page (a form asking for a subject, which
 * redirects to the callback, as the local stack's does), refresh (optionally rotating), sign-out,
 * `GET /me/projects`, and the two project reads the plugin makes (a batch read for "check", a
 * Page Import read that stays "processing").
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export interface DoubleProject {
  projectId: number;
  name: string;
  organizationId: number;
  organization: string;
  members: string[];
}

const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";

interface SignInSession {
  writeHash: string;
  expiresAt: number;
  tokens: { idToken: string; refreshToken: string; expiresIn: number } | null;
  userCode: string;
  misses: number;
}

export class ApiDouble {
  url = "";
  /** Seconds an ID token lives (the `expiresIn` the double answers). */
  expiresIn = 3600;
  /** Milliseconds a sign-in session lives. */
  sessionMs = 5 * 60_000;
  pollIntervalMs = 20;
  /** Rotate the refresh token on every refresh (the old one is then refused). */
  rotate = false;
  /** Hold every refresh this long before answering (to make concurrent callers overlap). */
  refreshDelayMs = 0;
  /** False: refuse every ID token (even fresh ones), as an API that does not trust the issuer. */
  acceptIdTokens = true;
  /** False: answer `/me/projects` with a 404, as an API from before the route. */
  meProjects = true;
  projects: DoubleProject[] = [];
  /** Every request: method, path, and the bearer if any. */
  readonly requests: { method: string; path: string; bearer: string | null; status: number }[] = [];
  readonly signedOut: string[] = [];

  private server: Server | null = null;
  private readonly sessions = new Map<string, SignInSession>(); // by read key hash
  private readonly codes = new Map<string, { writeHash: string; subject: string }>();
  private readonly idTokens = new Map<string, { subject: string; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, { subject: string; revoked: boolean }>(); // by hash

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => send(res, 500, { error: { code: "internal", message: String(error), details: [] } }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** An ID token for `subject`, as the local issuer would print it (`pageport token SUBJECT`). */
  issueIdToken(subject: string, expiresIn = this.expiresIn): string {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const exp = Math.floor(Date.now() / 1000) + expiresIn;
    const token = `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: subject, email: `${subject}@example.com`, name: subject === "zoë" ? "Zoë Ünïcode" : subject, exp })}.${randomBytes(32).toString("base64url")}`;
    this.idTokens.set(token, { subject, expiresAt: Date.now() + expiresIn * 1000 });
    return token;
  }

  /** Makes every ID token issued so far invalid (as after the issuer's key changed, or a tampered token). */
  invalidateIdTokens(): void {
    this.idTokens.clear();
  }

  isRefreshTokenLive(token: string): boolean {
    const entry = this.refreshTokens.get(sha(token));
    return entry !== undefined && !entry.revoked;
  }

  /** Forgets the request log (counts start again from zero). */
  resetLog(): void {
    this.requests.splice(0);
  }

  count(method: string, path: string | RegExp, status?: number): number {
    return this.requests.filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)) && (status === undefined || r.status === status)).length;
  }

  private subjectOf(req: IncomingMessage): string | null {
    const header = req.headers.authorization ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7) : "";
    const entry = this.idTokens.get(token);
    if (!this.acceptIdTokens || !entry || entry.expiresAt <= Date.now()) return null;
    return entry.subject;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.url);
    const method = req.method ?? "GET";
    const bearer = (req.headers.authorization ?? "").startsWith("Bearer ") ? (req.headers.authorization ?? "").slice(7) : null;
    const record = { method, path: url.pathname, bearer, status: 0 };
    this.requests.push(record);
    const reply = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      send(res, status, body, headers);
    };
    const raw = await readBody(req);
    const json = (() => {
      try {
        return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return {};
      }
    })();

    if (method === "POST" && url.pathname === "/auth/sessions") {
      const readKey = randomBytes(32).toString("base64url");
      const writeKey = randomBytes(32).toString("base64url");
      const expiresAt = Date.now() + this.sessionMs;
      const letters = Array.from(randomBytes(8), (b) => USER_CODE_ALPHABET[b % USER_CODE_ALPHABET.length]).join("");
      const userCode = `${letters.slice(0, 4)}-${letters.slice(4)}`;
      this.sessions.set(sha(readKey), { writeHash: sha(writeKey), expiresAt, tokens: null, userCode, misses: 0 });
      const challenge = createHash("sha256").update(randomBytes(32)).digest("base64url");
      const signInUrl = `${this.url}/auth/local/authorize?response_type=code&client_id=local&redirect_uri=${encodeURIComponent(`${this.url}/auth/callback`)}&scope=openid%20email%20profile&state=${writeKey}&code_challenge=${challenge}&code_challenge_method=S256`;
      reply(201, { readKey, userCode, signInUrl, expiresAt: new Date(expiresAt).toISOString(), pollIntervalMs: this.pollIntervalMs });
      return;
    }
    if (method === "GET" && url.pathname === "/auth/local/authorize") {
      const state = url.searchParams.get("state") ?? "";
      const subject = url.searchParams.get("subject");
      if (subject === null) {
        const html = `<!doctype html><title>Sign in</title><form method="post" action="/auth/local/authorize"><input type="hidden" name="state" value="${state}"><label>Subject <input type="text" name="subject"></label><button type="submit">Sign in</button></form>`;
        record.status = 200;
        res.writeHead(200, { "Content-Type": "text/html" }).end(html);
        return;
      }
    }
    if (method === "POST" && url.pathname === "/auth/local/authorize") {
      const form = new URLSearchParams(raw);
      const code = randomBytes(16).toString("base64url");
      this.codes.set(code, { writeHash: sha(form.get("state") ?? ""), subject: form.get("subject") ?? "" });
      reply(302, undefined, { Location: `/auth/callback?code=${code}&state=${encodeURIComponent(form.get("state") ?? "")}` });
      return;
    }
    if (url.pathname === "/auth/callback" && (method === "GET" || method === "POST")) {
      // As the API: the callback asks for the code the plugin shows; only the right one signs in.
      const fields = method === "GET" ? url.searchParams : new URLSearchParams(raw);
      const state = fields.get("state") ?? "";
      const codeText = fields.get("code") ?? "";
      const code = this.codes.get(codeText);
      const session = [...this.sessions.values()].find((s) => s.writeHash === sha(state) && s.expiresAt > Date.now() && s.tokens === null);
      if (!code || !session || code.writeHash !== sha(state)) {
        record.status = 404;
        res.writeHead(404, { "Content-Type": "text/html" }).end("<p>This sign-in link is unknown, used or expired.</p>");
        return;
      }
      if (method === "GET" || fields.get("user_code")?.toUpperCase() !== session.userCode) {
        if (method === "POST" && ++session.misses >= 3) session.expiresAt = 0;
        const status = method === "GET" ? 200 : 400;
        record.status = status;
        res.writeHead(status, { "Content-Type": "text/html" }).end(`<!doctype html><title>Confirm</title><form method="post" action="callback"><input type="hidden" name="state" value="${state}"><input type="hidden" name="code" value="${codeText}"><input name="user_code"><button type="submit">Sign in</button></form>`);
        return;
      }
      this.codes.delete(codeText);
      session.tokens = { idToken: this.issueIdToken(code.subject), refreshToken: this.newRefreshToken(code.subject), expiresIn: this.expiresIn };
      record.status = 200;
      res.writeHead(200, { "Content-Type": "text/html" }).end("<p>Signed in to Pageport — you can return to Figma.</p>");
      return;
    }
    if (method === "POST" && url.pathname === "/auth/sessions/collect") {
      const key = sha(String(json.readKey ?? ""));
      const session = this.sessions.get(key);
      if (!session || session.expiresAt <= Date.now()) {
        reply(404, { error: { code: "sign_in_session_not_found", message: "Sign-in session not found.", details: [] } });
        return;
      }
      if (!session.tokens) {
        reply(202, { status: "pending" });
        return;
      }
      this.sessions.delete(key);
      reply(200, session.tokens);
      return;
    }
    if (method === "POST" && url.pathname === "/auth/refresh") {
      if (this.refreshDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.refreshDelayMs));
      const token = String(json.refreshToken ?? "");
      const entry = this.refreshTokens.get(sha(token));
      if (!entry || entry.revoked) {
        reply(401, { error: { code: "refresh_token_refused", message: "The refresh token was refused.", details: [] } });
        return;
      }
      let rotated: string | null = null;
      if (this.rotate) {
        entry.revoked = true;
        rotated = this.newRefreshToken(entry.subject);
      }
      reply(200, { idToken: this.issueIdToken(entry.subject), expiresIn: this.expiresIn, refreshToken: rotated });
      return;
    }
    if (method === "POST" && url.pathname === "/auth/sign-out") {
      const token = String(json.refreshToken ?? "");
      const entry = this.refreshTokens.get(sha(token));
      if (entry) entry.revoked = true;
      this.signedOut.push(token);
      reply(204);
      return;
    }
    // Authenticated routes.
    const subject = this.subjectOf(req);
    if (subject === null) {
      reply(401, { message: "Unauthorized" }); // API Gateway's authorizer answer: not the API's error shape
      return;
    }
    if (method === "GET" && url.pathname === "/me/projects" && this.meProjects) {
      const mine = this.projects.filter((p) => p.members.includes(subject));
      const orgs = new Map<number, { organizationId: number; name: string; projects: { projectId: number; name: string }[] }>();
      for (const p of mine) {
        const org = orgs.get(p.organizationId) ?? { organizationId: p.organizationId, name: p.organization, projects: [] };
        org.projects.push({ projectId: p.projectId, name: p.name });
        orgs.set(p.organizationId, org);
      }
      const organizations = [...orgs.values()].sort((a, b) => a.name.localeCompare(b.name));
      for (const org of organizations) org.projects.sort((a, b) => a.name.localeCompare(b.name));
      reply(200, { subject, organizations });
      return;
    }
    const project = /^\/projects\/(\d+)\/(.*)$/.exec(url.pathname);
    if (project) {
      const p = this.projects.find((x) => x.projectId === Number(project[1]) && x.members.includes(subject));
      if (!p) {
        reply(404, { error: { code: "not_found", message: "Project not found.", details: [] } });
        return;
      }
      const rest = project[2] ?? "";
      const pageImport = /^page-imports\/([^/]+)$/.exec(rest);
      if (method === "GET" && pageImport) {
        const stamp = new Date().toISOString();
        reply(200, {
          pageImportId: pageImport[1],
          projectId: p.projectId,
          organizationId: p.organizationId,
          sourceKind: "url",
          sourceUrl: "https://example.com/",
          viewport: { width: 1440, height: 900 },
          deviceScaleFactor: 1,
          readySelector: null,
          status: "0",
          attempt: 1,
          resultUrl: null,
          captureHash: null,
          screenshotUrl: null,
          errorMessage: null,
          createdAt: stamp,
          updatedAt: stamp,
          createdBy: subject,
        });
        return;
      }
      reply(404, { error: { code: "not_found", message: "Batch not found.", details: [] } });
      return;
    }
    reply(404, { error: { code: "not_found", message: "Not found.", details: [] } });
  }

  private newRefreshToken(subject: string): string {
    const token = randomBytes(32).toString("base64url");
    this.refreshTokens.set(sha(token), { subject, revoked: false });
    return token;
  }
}

function sha(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
