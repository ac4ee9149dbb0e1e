import { describe, expect, it } from "vitest";
import { backoffDelay, DEFAULT_BACKOFF, poll, PollStopped, PollTimeout } from "../src/api/poll";
import { UUID_PATTERN, uuidV4 } from "../src/api/uuid";

const exact = { initialMs: 100, factor: 2, maxMs: 1000, jitter: 0 };

describe("backoffDelay", () => {
  it("grows exponentially from the initial delay", () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, exact))).toEqual([100, 200, 400, 800]);
  });

  it("never exceeds the cap, even for huge attempt numbers", () => {
    expect(backoffDelay(4, exact)).toBe(1000);
    expect(backoffDelay(10_000, exact)).toBe(1000);
    expect(backoffDelay(Number.MAX_SAFE_INTEGER, DEFAULT_BACKOFF)).toBeLessThanOrEqual(DEFAULT_BACKOFF.maxMs);
  });

  it("jitters downwards only, within the jitter fraction", () => {
    const options = { ...exact, jitter: 0.5 };
    expect(backoffDelay(2, options, 0)).toBe(400);
    expect(backoffDelay(2, options, 0.999)).toBeGreaterThanOrEqual(200);
    expect(backoffDelay(2, options, 1)).toBe(200);
  });

  it("treats negative or fractional attempts as whole attempts from 0", () => {
    expect(backoffDelay(-3, exact)).toBe(100);
    expect(backoffDelay(1.7, exact)).toBe(200);
  });
});

describe("poll", () => {
  it("waits the backoff delays between attempts and returns the first defined value", async () => {
    const slept: number[] = [];
    const value = await poll(async (attempt) => (attempt === 3 ? "done" : undefined), {
      backoff: exact,
      sleep: async (ms) => {
        slept.push(ms);
      },
      random: () => 0,
    });
    expect(value).toBe("done");
    expect(slept).toEqual([100, 200, 400]);
  });

  it("gives up with PollTimeout once the next wait would pass the timeout", async () => {
    let clock = 0;
    const run = poll(async () => undefined, {
      backoff: exact,
      timeoutMs: 650,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      random: () => 0,
    });
    await expect(run).rejects.toBeInstanceOf(PollTimeout);
    expect(clock).toBe(300); // 100 + 200; the next wait (400) would end at 700 > 650
  });

  it("stops when asked, and passes a step's error through", async () => {
    let stop = false;
    const stopped = poll(
      async () => {
        stop = true;
        return undefined;
      },
      { backoff: exact, sleep: async () => undefined, stopped: () => stop },
    );
    await expect(stopped).rejects.toBeInstanceOf(PollStopped);
    await expect(poll(async () => Promise.reject(new Error("boom")), { sleep: async () => undefined })).rejects.toThrow("boom");
  });
});

describe("uuidV4", () => {
  it("is a canonical lowercase version-4 UUID (the API's batch id pattern)", () => {
    const ids = new Set(Array.from({ length: 200 }, () => uuidV4()));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(UUID_PATTERN);
      expect(id[14]).toBe("4");
      expect("89ab").toContain(id[19]);
    }
  });

  it("uses the given random bytes", () => {
    expect(uuidV4((bytes) => bytes.fill(0))).toBe("00000000-0000-4000-8000-000000000000");
    expect(uuidV4((bytes) => bytes.fill(255))).toBe("ffffffff-ffff-4fff-bfff-ffffffffffff");
  });

  it("without crypto, draws from the UI's bytes and never falls back on Math.random", async () => {
    const saved = Object.getOwnPropertyDescriptor(globalThis, "crypto");
    const random = Math.random;
    Object.defineProperty(globalThis, "crypto", { value: undefined, configurable: true });
    Math.random = () => {
      throw new Error("Math.random used for an id");
    };
    try {
      const { defaultRandomBytes, EntropyPool, NoSecureRandom, hasSecureRandom } = await import("../src/api/uuid");
      expect(hasSecureRandom()).toBe(false);
      expect(() => uuidV4(defaultRandomBytes())).toThrow(NoSecureRandom);
      let asked = 0;
      const pool = new EntropyPool(() => asked++);
      const source = defaultRandomBytes(pool);
      expect(() => uuidV4(source)).toThrow(NoSecureRandom);
      expect(asked).toBe(1);
      pool.add(Array.from({ length: 300 }, (_, i) => (i * 7) % 256));
      await pool.ready;
      const first = uuidV4(source);
      expect(first).toMatch(UUID_PATTERN);
      expect(uuidV4(source)).not.toBe(first); // each byte is drawn once
      expect(pool.size).toBe(268);
      uuidV4(source); // below the low-water mark: the UI is asked again, once
      expect(asked).toBe(2);
    } finally {
      if (saved) Object.defineProperty(globalThis, "crypto", saved);
      Math.random = random;
    }
  });
});
