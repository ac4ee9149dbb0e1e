/**
 * Where a client's bearer comes from. A pasted token never changes; a signed-in session
 * (src/app/session.ts) renews its ID token before it expires and after a 401.
 */
import type { ApiError } from "./errors";

export interface TokenSource {
  /** The bearer for the next call (a session refreshes first when its ID token is about to expire). */
  bearer(): Promise<string>;
  /**
   * After a 401 to a call made with `used`: the bearer to retry that call with, once; null when
   * there is none to get (a pasted token). Concurrent callers share one refresh.
   */
  renew(used: string): Promise<string | null>;
  /** The retry was refused as well: the credentials are no good. Returns the error to throw. */
  refused(error: ApiError): ApiError;
}

/** A pasted token: sent as it is; a 401 is final. */
export function staticToken(token: string): TokenSource {
  const value = token.trim();
  return {
    bearer: () => Promise.resolve(value),
    renew: () => Promise.resolve(null),
    refused: (error) => error,
  };
}
