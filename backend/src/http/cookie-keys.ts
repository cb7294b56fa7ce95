import { createHmac, timingSafeEqual } from "node:crypto";
import type Keygrip from "keygrip";
import { LRUCache } from "lru-cache";

/** Cookies whose signature was checked lately, so the next request with the same cookie skips the HMAC. */
const VERIFIED_MAX = 20_000;

interface Verified {
  digest: Buffer;
  index: number;
}

/**
 * Signs and verifies cookies exactly as keygrip does (HMAC-SHA1, base64url without padding; the first key signs,
 * every key verifies), so signatures made by either are accepted by the other. keygrip compares through tsscmp,
 * which draws fresh random bytes and computes two more HMACs for every comparison; this compares the signatures
 * with `timingSafeEqual`, as constant in time and a fraction of the cost on a path every request takes.
 *
 * A signature once verified is remembered with its cookie value: the same cookie again (a traveller posting every
 * few seconds) is compared with it, in constant time, instead of signed again. The keys never change while the
 * process runs, so what was valid stays valid; a different signature for a remembered value is checked in full.
 */
export class CookieKeys implements Keygrip {
  private readonly keys: readonly string[];
  private readonly verified = new LRUCache<string, Verified>({ max: VERIFIED_MAX });

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
    // The length of a signature is public (every one has the same): only its bytes are compared in constant time.
    const same = (expected: Buffer) => given.length === expected.length && timingSafeEqual(given, expected);
    const known = this.verified.get(data);
    if (known && same(known.digest)) return known.index;
    for (let i = 0; i < this.keys.length; i++) {
      const expected = Buffer.from(signWith(data, this.keys[i]!));
      if (same(expected)) {
        this.verified.set(data, { digest: expected, index: i });
        return i;
      }
    }
    return -1;
  }
}

function signWith(data: string, key: string): string {
  return createHmac("sha1", key).update(data).digest("base64url");
}
