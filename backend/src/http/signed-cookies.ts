import { timingSafeEqual } from "node:crypto";
import Keygrip from "keygrip";
import { LRUCache } from "lru-cache";

/** Cookie values whose signature was verified lately. */
const VERIFIED_MAX = 20_000;

/**
 * keygrip (koa's cookie signer: the first key signs, every key verifies), with each verified signature cached by its
 * cookie value: a device sends the same session cookie with every post, and keygrip's check (an HMAC per key, then
 * tsscmp's fresh random key and two more HMACs) was a few per cent of a location write. A cached signature is
 * compared with the one given in constant time; anything else, and every refusal, is keygrip's own answer. The keys
 * do not change while the process runs, so a signature once valid stays valid.
 */
export function cookieKeys(keys: readonly string[], keygrip: Keygrip = new Keygrip(keys)): Keygrip {
  const verified = new LRUCache<string, { digest: Buffer; index: number }>({ max: VERIFIED_MAX });
  const index = (data: string, digest: string): number => {
    if (typeof digest !== "string") return -1;
    const given = Buffer.from(digest);
    const known = verified.get(data);
    // Every signature has the same length: only its bytes are compared in constant time.
    if (known && known.digest.length === given.length && timingSafeEqual(known.digest, given)) return known.index;
    const found = keygrip.index(data, digest);
    if (found > -1) verified.set(data, { digest: given, index: found });
    return found;
  };
  return { sign: (data: string) => keygrip.sign(data), index, verify: (data, digest) => index(data, digest) > -1 };
}
