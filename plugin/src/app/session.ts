/**
 * A signed-in session: the ID token (the bearer) and the refresh token from `POST
 * /auth/sessions/collect`, kept in `figma.clientStorage` (per user and plugin, not per file)
 * under SESSION_KEY. The ID token is refreshed at 80% of its lifetime (a timer), before a call
 * when less than two minutes remain, and after a 401; concurrent callers share one refresh. A
 * refused refresh, or a call refused again after a refresh, signs the session out.
 *
 * Tokens never leave this module except as the bearer of an API call and the body of the
 * refresh and sign-out routes: they are not logged, not put in messages, not sent to the UI.
 */
import { AuthApi, type IssuedTokens } from "../api/auth";
import { ApiError } from "../api/errors";
import type { FetchLike } from "../api/http";
import type { TokenSource } from "../api/tokens";
import { decodeClaims, type Claims } from "./claims";
import type { Storage } from "./state";

export const SESSION_KEY = "pageport.session";
export const SESSION_VERSION = 1;
/** Refresh when less than this remains at a call (or 20% of the token's lifetime, if shorter). */
export const REFRESH_MARGIN_MS = 2 * 60_000;
/** The timer refreshes at this fraction of the ID token's lifetime. */
export const REFRESH_AT = 0.8;
export const SIGNED_OUT = "signed_out";

export interface StoredSession {
  version: number;
  apiUrl: string;
  idToken: string;
  refreshToken: string;
  /** ms since the epoch: when the ID token was received, and when it expires. */
  issuedAt: number;
  expiresAt: number;
}

/** True when a call at `now` should refresh first: less than the margin remains. */
export function refreshDue(session: Pick<StoredSession, "issuedAt" | "expiresAt">, now: number): boolean {
  const lifetime = Math.max(0, session.expiresAt - session.issuedAt);
  return session.expiresAt - now < Math.min(REFRESH_MARGIN_MS, lifetime * (1 - REFRESH_AT));
}

/** How long from `now` until the timer refreshes: at 80% of the lifetime (0 if past). */
export function refreshDelay(session: Pick<StoredSession, "issuedAt" | "expiresAt">, now: number): number {
  const lifetime = Math.max(0, session.expiresAt - session.issuedAt);
  return Math.max(0, Math.round(session.issuedAt + lifetime * REFRESH_AT - now));
}

export async function loadSession(storage: Storage): Promise<StoredSession | null> {
  const raw = await storage.getAsync(SESSION_KEY);
  if (!raw || typeof raw !== "object") return null;
  const s = raw as Partial<StoredSession>;
  if (s.version !== SESSION_VERSION || typeof s.apiUrl !== "string" || typeof s.idToken !== "string" || typeof s.refreshToken !== "string") return null;
  if (typeof s.issuedAt !== "number" || typeof s.expiresAt !== "number") return null;
  return { version: SESSION_VERSION, apiUrl: s.apiUrl, idToken: s.idToken, refreshToken: s.refreshToken, issuedAt: s.issuedAt, expiresAt: s.expiresAt };
}

export interface SessionOptions {
  storage: Storage;
  fetch: FetchLike;
  /** Told once when the session ends by itself (refresh refused, or refused again after a refresh). */
  onSignedOut: (message: string) => void;
  now?: () => number;
  /** Refresh on a timer at 80% of the lifetime (default true). */
  timer?: boolean;
}

export class SignedInSession implements TokenSource {
  private stored: StoredSession;
  private readonly auth: AuthApi;
  private readonly storage: Storage;
  private readonly onSignedOut: (message: string) => void;
  private readonly now: () => number;
  private readonly useTimer: boolean;
  private inFlight: Promise<string> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private saving: Promise<void> = Promise.resolve();

  private constructor(stored: StoredSession, options: SessionOptions) {
    this.stored = stored;
    this.auth = new AuthApi(stored.apiUrl, options.fetch);
    this.storage = options.storage;
    this.onSignedOut = options.onSignedOut;
    this.now = options.now ?? Date.now;
    this.useTimer = options.timer ?? true;
    this.schedule();
  }

  /** A session from freshly collected tokens, stored before it is returned. */
  static async begin(apiUrl: string, tokens: IssuedTokens, options: SessionOptions): Promise<SignedInSession> {
    const now = (options.now ?? Date.now)();
    const stored: StoredSession = {
      version: SESSION_VERSION,
      apiUrl: apiUrl.replace(/\/+$/, ""),
      idToken: tokens.idToken,
      refreshToken: tokens.refreshToken,
      issuedAt: now,
      expiresAt: now + tokens.expiresIn * 1000,
    };
    await options.storage.setAsync(SESSION_KEY, { ...stored });
    return new SignedInSession(stored, options);
  }

  /** The stored session for `apiUrl`, if any (a session of another API is left alone). */
  static async resume(apiUrl: string, options: SessionOptions): Promise<SignedInSession | null> {
    const stored = await loadSession(options.storage);
    if (!stored || stored.apiUrl !== apiUrl.replace(/\/+$/, "")) return null;
    return new SignedInSession(stored, options);
  }

  get apiUrl(): string {
    return this.stored.apiUrl;
  }

  get expiresAt(): number {
    return this.stored.expiresAt;
  }

  get active(): boolean {
    return !this.closed;
  }

  /** The ID token's claims, NOT verified: for showing who is signed in, nothing else. */
  get claims(): Claims {
    return decodeClaims(this.stored.idToken);
  }

  async bearer(): Promise<string> {
    this.requireOpen();
    if (refreshDue(this.stored, this.now())) return this.refresh();
    return this.stored.idToken;
  }

  renew(used: string): Promise<string> {
    this.requireOpen();
    // Another call already refreshed past the token that was refused: use the new one.
    if (used !== this.stored.idToken && !this.inFlight) return Promise.resolve(this.stored.idToken);
    return this.refresh();
  }

  refused(error: ApiError): ApiError {
    const message = `You are signed out: ${this.stored.apiUrl} refused your sign-in even after renewing it. Sign in again.`;
    void this.end(message);
    return new ApiError(message, "unauthorized", 401, SIGNED_OUT, error.apiMessage);
  }

  /** Refreshes the ID token; one refresh at a time, shared by everyone who asks meanwhile. */
  refresh(): Promise<string> {
    this.requireOpen();
    if (!this.inFlight) {
      this.inFlight = this.doRefresh().finally(() => {
        this.inFlight = null;
      });
    }
    return this.inFlight;
  }

  /** Revokes the refresh token at the API, then forgets the tokens (even if revoking failed). */
  async signOut(): Promise<{ revoked: boolean; error?: unknown }> {
    const refreshToken = this.stored.refreshToken;
    this.close();
    let result: { revoked: boolean; error?: unknown } = { revoked: true };
    try {
      await this.auth.signOut(refreshToken);
    } catch (error) {
      result = { revoked: false, error };
    }
    await this.forget();
    return result;
  }

  /** Stops the timer; the stored tokens stay (as when the plugin closes). */
  close(): void {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async doRefresh(retried = false): Promise<string> {
    // The plugin open in another file shares this user's clientStorage: it may have refreshed
    // (and, with rotation, replaced the refresh token) already. Its newer tokens are ours too.
    const newer = await this.newerStored();
    if (newer) {
      this.stored = newer;
      this.schedule();
      if (!refreshDue(newer, this.now())) return newer.idToken;
    }
    const refreshToken = this.stored.refreshToken;
    let answer;
    try {
      answer = await this.auth.refresh(refreshToken);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && !retried && (await this.newerStored())) {
        return this.doRefresh(true); // rotated meanwhile by the other window: use its token
      }
      if (error instanceof ApiError && error.status === 401) {
        const message = `You are signed out: your sign-in to ${this.stored.apiUrl} has expired or was revoked. Sign in again.`;
        await this.end(message);
        throw new ApiError(message, "unauthorized", 401, SIGNED_OUT, error.apiMessage);
      }
      throw error;
    }
    if (this.closed) throw this.signedOutError();
    const now = this.now();
    this.stored = {
      ...this.stored,
      idToken: answer.idToken,
      refreshToken: answer.refreshToken ?? refreshToken,
      issuedAt: now,
      expiresAt: now + answer.expiresIn * 1000,
    };
    const snapshot = { ...this.stored };
    this.saving = this.saving.then(() => this.storage.setAsync(SESSION_KEY, snapshot));
    await this.saving;
    this.schedule();
    return this.stored.idToken;
  }

  /** The stored session when another window stored newer tokens for the same sign-in (else null). */
  private async newerStored(): Promise<StoredSession | null> {
    const stored = await loadSession(this.storage).catch(() => null);
    if (!stored || stored.apiUrl !== this.stored.apiUrl || stored.issuedAt <= this.stored.issuedAt) return null;
    if (stored.idToken === this.stored.idToken && stored.refreshToken === this.stored.refreshToken) return null;
    return stored;
  }

  private schedule(): void {
    if (!this.useTimer || this.closed) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.closed) return;
      // A failed timed refresh is retried by the next call (or its 401); nothing is lost.
      this.refresh().catch(() => undefined);
    }, refreshDelay(this.stored, this.now()));
  }

  /** The session ended by itself: forget it and say so, once. */
  private async end(message: string): Promise<void> {
    if (this.closed) return;
    this.close();
    await this.forget();
    this.onSignedOut(message);
  }

  private async forget(): Promise<void> {
    await this.saving.catch(() => undefined);
    const current = await loadSession(this.storage);
    // Only this session's tokens: a newer sign-in (another file's plugin window) stays.
    if (current && current.refreshToken === this.stored.refreshToken) await this.storage.deleteAsync(SESSION_KEY);
  }

  private requireOpen(): void {
    if (this.closed) throw this.signedOutError();
  }

  private signedOutError(): ApiError {
    return new ApiError("You are signed out. Sign in again (Connect tab).", "unauthorized", 401, SIGNED_OUT, "");
  }
}
