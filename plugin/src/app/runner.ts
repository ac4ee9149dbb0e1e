/**
 * Runs the plugin's followers: one task per id at a time, polls that ride out a few transient
 * errors, sleeps that end early when the plugin closes or the credentials change, and the one
 * policy for a task's failure (a visible error on its job; a pause, not a failure, when the API
 * is out of reach; nothing when the plugin stopped or was signed out).
 */
import { ApiError, errorText } from "../api/errors";
import { PollStopped } from "../api/poll";
import { isSignedOut, isTransient } from "./errors";
import type { Parts } from "./parts";
import type { Job } from "./state";

/** Consecutive transient errors a follower rides out before it pauses. */
export const TRANSIENT_RETRIES = 3;

export class Runner {
  readonly running = new Map<string, Promise<void>>();
  readonly wakers = new Set<() => void>();
  started = false;
  stopped = false;

  constructor(private readonly parts: Parts) {}

  /** Stops following (as when the plugin closes): every sleeper wakes and sees it. */
  stop(): void {
    this.stopped = true;
    this.wakeAll();
  }

  wakeAll(): void {
    for (const wake of [...this.wakers]) wake();
  }

  /** Resolves when every follower, placement and save has settled (for tests and for closing). */
  async idle(): Promise<void> {
    for (;;) {
      const pending = [...this.running.values()];
      await Promise.all(pending.map((p) => p.catch(() => undefined)));
      await this.parts.placer.chain;
      await this.parts.store.saving;
      await this.parts.connection.projectsLoading;
      if (this.running.size === 0 && !this.parts.placer.pending) return;
    }
  }

  /** Runs `task` once per id at a time; its failure becomes a visible error on the job. */
  track(id: string, task: () => Promise<void>, job?: Job): void {
    if (this.stopped || this.running.has(id)) return;
    const { store, reporter, connection } = this.parts;
    let interrupted = false;
    const promise = (async () => {
      try {
        await task();
      } catch (error) {
        if (error instanceof PollStopped || this.stopped || connection.client === null || isSignedOut(error)) {
          // Stopped, or signed out: the job stays as it is, to be followed after the next sign-in.
          interrupted = true;
          return;
        }
        if (isTransient(error) || (error instanceof ApiError && error.kind === "unauthorized")) {
          // The API is out of reach or unwell: the job itself may well finish. Keep its phase
          // (and so its place in clientStorage); following resumes on reconnect or reopen.
          const message = `${errorText(error)} Following is paused; it resumes when you connect (or sign in) again or reopen the plugin.`;
          if (job) {
            job.error = message;
            await store.persist();
          }
          reporter.notice({ level: "error", message: job ? `${job.url}: ${message}` : message });
        } else if (job) {
          await store.settle(job, "failed", errorText(error));
        } else {
          reporter.fail(error);
        }
      } finally {
        this.running.delete(id);
        // Signed in again while this follower was winding down: follow again with the new credentials.
        if (interrupted && connection.client && !this.stopped) this.parts.followers.resume();
      }
    })();
    this.running.set(id, promise);
  }

  /** A poll step that rides out a few transient errors (network, 5xx) before giving up. */
  tolerant<T>(step: () => Promise<T | undefined>): () => Promise<T | undefined> {
    let failures = 0;
    return async () => {
      try {
        const value = await step();
        failures = 0;
        return value;
      } catch (error) {
        if (!isTransient(error) || ++failures > TRANSIENT_RETRIES) throw error;
        return undefined;
      }
    };
  }

  /** Poll options for a follower: it stops at its next poll when the plugin closes or its credentials are gone. */
  pollOptions() {
    const client = this.parts.connection.client;
    return { backoff: this.parts.config.backoff, sleep: (ms: number) => this.sleep(ms), stopped: () => this.stopped || this.parts.connection.client !== client };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        this.wakers.delete(wake);
        clearTimeout(handle);
        resolve();
      };
      const handle = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }
}
