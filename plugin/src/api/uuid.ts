/**
 * Client-chosen ids: UUID version 4 in canonical lowercase form (the API's pattern), from a
 * cryptographically secure source only. Figma's main-thread sandbox has no `crypto` in its
 * typings (nor a promise of one at run time); the UI iframe has `crypto.getRandomValues`, so it
 * sends random bytes to the main thread (the `entropy` message) and the main thread draws from
 * that pool. With neither, an id is refused, never made from `Math.random`: batch ids and file
 * keys must not be guessable.
 */

type RandomBytes = (bytes: Uint8Array) => void;

/** Bytes a pool asks the UI for at a time (16 per UUID). */
export const ENTROPY_CHUNK = 1024;
const LOW_WATER = 256;

export class NoSecureRandom extends Error {
  constructor() {
    super("The plugin has no secure random source yet (its window has not started). Try again in a moment.");
  }
}

/** Random bytes the UI iframe sent, drawn once each. */
export class EntropyPool {
  private bytes: number[] = [];
  private asked = false;
  private markReady: () => void = () => undefined;
  /** Resolves once the UI's first bytes are in (an id can be made). */
  readonly ready: Promise<void> = new Promise((resolve) => {
    this.markReady = resolve;
  });

  /** `askForMore` is called (once until the UI answers) when fewer than LOW_WATER bytes remain. */
  constructor(private readonly askForMore: () => void = () => undefined) {}

  add(bytes: readonly number[]): void {
    this.asked = false;
    for (const byte of bytes) if (Number.isInteger(byte) && byte >= 0 && byte <= 255) this.bytes.push(byte);
    if (this.bytes.length >= 16) this.markReady();
  }

  get size(): number {
    return this.bytes.length;
  }

  fill(target: Uint8Array): void {
    if (this.bytes.length < target.length) {
      this.askSoon();
      throw new NoSecureRandom();
    }
    target.set(this.bytes.splice(0, target.length));
    if (this.bytes.length < LOW_WATER) this.askSoon();
  }

  private askSoon(): void {
    if (this.asked) return;
    this.asked = true;
    this.askForMore();
  }
}

type Crypto = { getRandomValues?: (array: Uint8Array) => Uint8Array } | undefined;

function environmentCrypto(): Crypto {
  const scope: unknown = typeof globalThis === "undefined" ? undefined : globalThis;
  return (scope as { crypto?: Crypto } | undefined)?.crypto;
}

/** Whether this thread has `crypto.getRandomValues` of its own (else it needs the UI's bytes). */
export function hasSecureRandom(): boolean {
  return typeof environmentCrypto()?.getRandomValues === "function";
}

/** The environment's `crypto.getRandomValues`, else the pool (the Figma main thread). */
export function defaultRandomBytes(pool?: EntropyPool): RandomBytes {
  const maybeCrypto = environmentCrypto();
  const getRandomValues = maybeCrypto?.getRandomValues;
  if (typeof getRandomValues === "function") {
    return (bytes) => {
      getRandomValues.call(maybeCrypto, bytes);
    };
  }
  return (bytes) => {
    if (!pool) throw new NoSecureRandom();
    pool.fill(bytes);
  };
}

export function uuidV4(randomBytes: RandomBytes = defaultRandomBytes()): string {
  const bytes = new Uint8Array(16);
  randomBytes(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
