import { createHmac, timingSafeEqual } from "node:crypto";
import type Keygrip from "keygrip";

/**
 * Signs and verifies cookies exactly as keygrip does (HMAC-SHA1, base64url without padding; the first key signs,
 * every key verifies), so signatures made by either are accepted by the other. keygrip compares through tsscmp,
 * which draws fresh random bytes and computes two more HMACs for every comparison; this compares the signatures
 * with `timingSafeEqual`, as constant in time and a fraction of the cost on a path every request takes.
 */
export class CookieKeys implements Keygrip {
  private readonly keys: readonly string[];

  constructor(keys: readonly string[]) {
    if (keys.length === 0) throw new Error("Keys must be provided.");
    this.keys = [...keys];
  }

  sign(data: string): string {
    return signWith(data, this.keys[0]!);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** The index of the key that made `digest`, or -1. */
  index(data: string, digest: string): number {
    if (typeof digest !== "string") return -1;
    const given = Buffer.from(digest);
    for (let i = 0; i < this.keys.length; i++) {
      const expected = Buffer.from(signWith(data, this.keys[i]!));
      // The length of a signature is public (every one has the same): only its bytes are compared in constant time.
      if (given.length === expected.length && timingSafeEqual(given, expected)) return i;
    }
    return -1;
  }
}

function signWith(data: string, key: string): string {
  return createHmac("sha1", key).update(data).digest("base64url");
}
