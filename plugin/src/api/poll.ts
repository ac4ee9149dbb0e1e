/** Polling with exponential backoff and a cap. `backoffDelay` is pure; `poll` takes its clock. */

export interface BackoffOptions {
  /** First delay, ms. */
  initialMs: number;
  /** Growth per attempt. */
  factor: number;
  /** No delay is longer than this, ms. */
  maxMs: number;
  /** 0–1: a delay is drawn from [d·(1−jitter), d]. 0 = deterministic. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1000, factor: 1.6, maxMs: 15_000, jitter: 0.2 };

/**
 * The delay before poll number `attempt` (0-based): initial·factor^attempt, capped at maxMs,
 * then jittered down by up to `jitter` using `random` (0 ≤ random < 1).
 */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF, random = 0): number {
  const n = Math.max(0, Math.floor(attempt));
  const raw = options.initialMs * Math.pow(options.factor, n);
  const capped = Math.min(options.maxMs, Number.isFinite(raw) ? raw : options.maxMs);
  const jitter = Math.min(1, Math.max(0, options.jitter));
  const r = Math.min(1, Math.max(0, random));
  return Math.round(capped * (1 - jitter * r));
}

export interface PollOptions {
  backoff?: BackoffOptions;
  /** Give up after this long, ms (default: never). */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /** Stops the loop when it returns true (checked before every attempt). */
  stopped?: () => boolean;
}

export class PollTimeout extends Error {
  override readonly name = "PollTimeout";
}

export class PollStopped extends Error {
  override readonly name = "PollStopped";
}

export const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `step` until it returns something other than `undefined`; waits `backoffDelay(attempt)`
 * between calls. A step that throws ends the loop with that error (the caller decides).
 */
export async function poll<T>(step: (attempt: number) => Promise<T | undefined>, options: PollOptions = {}): Promise<T> {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const started = now();
  for (let attempt = 0; ; attempt++) {
    if (options.stopped?.()) throw new PollStopped("Stopped.");
    const outcome = await step(attempt);
    if (outcome !== undefined) return outcome;
    const delay = backoffDelay(attempt, backoff, random());
    if (options.timeoutMs !== undefined && now() - started + delay > options.timeoutMs) {
      throw new PollTimeout(`Still not finished after ${Math.round((now() - started) / 1000)} s.`);
    }
    await sleep(delay);
  }
}
