/**
 * Client-chosen batch ids: UUID version 4 in canonical lowercase form (the API's pattern).
 * Figma's main-thread sandbox does not promise `crypto.randomUUID` (nor, in its typings, a
 * `crypto` object at all), so this uses `crypto.getRandomValues` where it exists and falls back
 * to `Math.random` otherwise. A batch id is an idempotency key, not a secret: what matters is
 * that two batches do not collide, and a collision would surface as a 409 `batch_id_conflict`.
 */

type RandomBytes = (bytes: Uint8Array) => void;

export function defaultRandomBytes(): RandomBytes {
  const scope: unknown = typeof globalThis === "undefined" ? undefined : globalThis;
  const maybeCrypto = (scope as { crypto?: { getRandomValues?: (array: Uint8Array) => Uint8Array } } | undefined)?.crypto;
  const getRandomValues = maybeCrypto?.getRandomValues;
  if (typeof getRandomValues === "function") {
    return (bytes) => {
      getRandomValues.call(maybeCrypto, bytes);
    };
  }
  return (bytes) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
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
