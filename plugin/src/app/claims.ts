/**
 * Who is signed in, from the ID token's payload, decoded WITHOUT verifying it: for display only
 * (the API verifies every token it is sent). Works in Figma's sandbox (no atob, no TextDecoder).
 */
import { decodeBase64 } from "../materialize/base64";

export interface Claims {
  subject: string;
  email: string | null;
  name: string | null;
  /** ms since the epoch, when the token says it expires; null when it does not say. */
  expiresAt: number | null;
}

export function decodeClaims(jwt: string): Claims {
  const none: Claims = { subject: "", email: null, name: null, expiresAt: null };
  const payload = jwt.split(".")[1];
  if (!payload) return none;
  let claims: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(utf8(decodeBase64(payload)));
    if (!parsed || typeof parsed !== "object") return none;
    claims = parsed as Record<string, unknown>;
  } catch {
    return none;
  }
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  return {
    subject: text(claims.sub) ?? text(claims["cognito:username"]) ?? "",
    email: text(claims.email),
    name: text(claims.name),
    expiresAt: typeof claims.exp === "number" ? claims.exp * 1000 : null,
  };
}

/** UTF-8 bytes to a string (invalid sequences become U+FFFD). */
export function utf8(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] ?? 0;
    let code = 0xfffd;
    let extra = 0;
    if (b < 0x80) {
      code = b;
    } else if (b >= 0xc2 && b < 0xe0) {
      code = b & 0x1f;
      extra = 1;
    } else if (b >= 0xe0 && b < 0xf0) {
      code = b & 0x0f;
      extra = 2;
    } else if (b >= 0xf0 && b < 0xf5) {
      code = b & 0x07;
      extra = 3;
    }
    let j = 1;
    for (; j <= extra; j++) {
      const next = bytes[i + j];
      if (next === undefined || (next & 0xc0) !== 0x80) break;
      code = (code << 6) | (next & 0x3f);
    }
    if (j <= extra) {
      code = 0xfffd;
      i += j;
    } else {
      i += 1 + extra;
    }
    out += String.fromCodePoint(code > 0x10ffff ? 0xfffd : code);
  }
  return out;
}
