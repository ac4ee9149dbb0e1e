/**
 * The sign-in routes (docs/sign-in.md): unauthenticated calls that start a sign-in session,
 * collect its tokens, refresh the ID token and revoke the refresh token. No token ever goes into
 * an error message.
 */
import { ApiError } from "./errors";
import { errorOf, jsonOf, send, type FetchLike } from "./http";
import { signInUrlProblem } from "./signin-url";

/** `POST /auth/sessions`. */
export interface SignInStart {
  readKey: string;
  /** `BCDF-GHJK`: shown to the person, who types it on the sign-in page (RFC 8628 §5.4). */
  userCode: string;
  signInUrl: string;
  /** ISO 8601; the session (and its read key) is gone after it. */
  expiresAt: string;
  pollIntervalMs: number;
}

/** `POST /auth/sessions/collect` → 200. */
export interface IssuedTokens {
  idToken: string;
  refreshToken: string;
  /** Seconds the ID token is valid for. */
  expiresIn: number;
}

/** `POST /auth/refresh` → 200; `refreshToken` is a rotated one, or null (keep the old one). */
export interface RefreshedTokens {
  idToken: string;
  expiresIn: number;
  refreshToken: string | null;
}

export type CollectOutcome = { status: "pending" } | { status: "signed-in"; tokens: IssuedTokens } | { status: "expired" };

/** The answer to a refresh the provider refused (revoked or expired refresh token). */
export const REFRESH_REFUSED = "refresh_token_refused";

/** The user code's shape: two groups of four of RFC 8628's 20 consonants. */
export const USER_CODE_PATTERN = /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/;

export class AuthApi {
  readonly apiUrl: string;
  private readonly fetchFn: FetchLike;
  private readonly signInOrigins: readonly string[];

  /** `signInOrigins`: the stage's sign-in domains baked into the build (besides Cognito's own). */
  constructor(apiUrl: string, fetchFn: FetchLike, signInOrigins: readonly string[] = []) {
    this.apiUrl = apiUrl.replace(/\/+$/, "");
    this.fetchFn = fetchFn;
    this.signInOrigins = signInOrigins;
  }

  async startSignIn(): Promise<SignInStart> {
    const what = "starting the sign-in";
    const body = jsonOf<Partial<SignInStart>>(await send(this.fetchFn, this.apiUrl, "POST", "/auth/sessions", { body: {} }), this.apiUrl, what);
    const { readKey, userCode, signInUrl, expiresAt, pollIntervalMs } = body;
    if (typeof readKey !== "string" || readKey === "" || typeof userCode !== "string" || !USER_CODE_PATTERN.test(userCode) || typeof signInUrl !== "string" || typeof expiresAt !== "string" || Number.isNaN(Date.parse(expiresAt))) {
      throw this.malformed(what);
    }
    const problem = signInUrlProblem(signInUrl, this.apiUrl, this.signInOrigins);
    if (problem) throw new ApiError(`The server at ${this.apiUrl} sent a sign-in page the plugin will not open: ${problem}`, "unexpected", 200, "foreign_sign_in_page", "");
    return { readKey, userCode, signInUrl, expiresAt, pollIntervalMs: typeof pollIntervalMs === "number" && pollIntervalMs > 0 ? pollIntervalMs : 2000 };
  }

  /** 202 pending; 200 the tokens (once); 404 the session is unknown, used or expired. */
  async collect(readKey: string): Promise<CollectOutcome> {
    const what = "collecting the sign-in";
    const answer = await send(this.fetchFn, this.apiUrl, "POST", "/auth/sessions/collect", { body: { readKey } });
    if (answer.status === 202) return { status: "pending" };
    if (answer.status === 404) return { status: "expired" };
    const body = jsonOf<Partial<IssuedTokens>>(answer, this.apiUrl, what);
    if (answer.status !== 200 || !isToken(body.idToken) || !isToken(body.refreshToken) || !isLifetime(body.expiresIn)) throw this.malformed(what);
    return { status: "signed-in", tokens: { idToken: body.idToken, refreshToken: body.refreshToken, expiresIn: body.expiresIn } };
  }

  /** A new ID token; an ApiError with code `refresh_token_refused` (status 401) when refused. */
  async refresh(refreshToken: string): Promise<RefreshedTokens> {
    const what = "renewing your sign-in";
    const answer = await send(this.fetchFn, this.apiUrl, "POST", "/auth/refresh", { body: { refreshToken } });
    if (answer.status === 401) {
      const error = errorOf(answer, this.apiUrl, what);
      throw new ApiError(`Your sign-in to ${this.apiUrl} has expired or was revoked. Sign in again.`, "unauthorized", 401, REFRESH_REFUSED, error.apiMessage);
    }
    const body = jsonOf<Partial<RefreshedTokens>>(answer, this.apiUrl, what);
    const rotated = body.refreshToken;
    if (!isToken(body.idToken) || !isLifetime(body.expiresIn) || (rotated !== null && rotated !== undefined && !isToken(rotated))) throw this.malformed(what);
    return { idToken: body.idToken, expiresIn: body.expiresIn, refreshToken: isToken(rotated) ? rotated : null };
  }

  /** Revokes the refresh token (204; idempotent). */
  async signOut(refreshToken: string): Promise<void> {
    const answer = await send(this.fetchFn, this.apiUrl, "POST", "/auth/sign-out", { body: { refreshToken } });
    if (answer.status >= 200 && answer.status < 300) return;
    throw errorOf(answer, this.apiUrl, "signing out");
  }

  private malformed(what: string): ApiError {
    return new ApiError(`The server at ${this.apiUrl} answered ${what} with something that is not the Pageport API's sign-in answer. Check the API URL.`, "unexpected", 200, "not_sign_in", "");
  }
}

function isToken(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

function isLifetime(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0;
}
