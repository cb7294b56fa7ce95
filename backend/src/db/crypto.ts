/**
 * Encryption at rest for the text the privacy statements call encrypted (messages, location addresses and notes).
 * AES-256-GCM with a random 96-bit nonce per encryption; stored as "v1:" + base64(nonce | tag | ciphertext). Every
 * value is encrypted afresh, except the place names the gazetteer computes from a location's plain coordinates, which
 * are encrypted once per name and reused (LocationsService).
 */
import { createCipheriv, createDecipheriv, createHmac, randomFillSync } from "node:crypto";
import type { ValueTransformer } from "typeorm";

const PREFIX = "v1:";
let dataKey: Buffer | null = null;
/** Keys being rotated away from (DATA_ENCRYPTION_KEY_PREVIOUS): they still decrypt, never encrypt. */
let previousKeys: Buffer[] = [];

/** Set once at start-up, before the database is used. */
export function configureDataKey(key: Buffer, previous: Buffer[] = []): void {
  for (const k of [key, ...previous]) if (k.length !== 32) throw new Error("The data encryption key must be 32 bytes");
  dataKey = key;
  previousKeys = previous;
}

function key(): Buffer {
  if (!dataKey) throw new Error("The data encryption key is not configured");
  return dataKey;
}

/**
 * A keyed one-way digest (HMAC-SHA-256, hex) under a key derived from the data key for one purpose: whoever reads
 * the database alone cannot test a guessed value against it, and digests for different purposes never match.
 */
export function keyedDigest(purpose: string, value: string): string {
  const purposeKey = createHmac("sha256", key()).update(`caravan-purpose\0${purpose}`).digest();
  return createHmac("sha256", purposeKey).update(value).digest("hex");
}

export function encryptText(plain: string): string {
  return encryptWith(key(), plain);
}

/** With the current key; during a rotation, values not yet re-encrypted decrypt with a previous one. */
export function decryptText(stored: string): string {
  const current = key();
  try {
    return decryptWith(current, stored);
  } catch (err) {
    for (const previous of previousKeys) {
      try {
        return decryptWith(previous, stored);
      } catch {
        // not this one either
      }
    }
    throw err;
  }
}

const NONCE_BYTES = 12;
/** Random bytes drawn from the CSPRNG in blocks: one call per 341 nonces instead of one each (the cost is the call). */
const noncePool = Buffer.alloc(NONCE_BYTES * 341);
let noncePoolUsed = noncePool.length;

/** A fresh random nonce; each byte of the pool is handed out once. */
export function nextNonce(): Buffer {
  if (noncePoolUsed + NONCE_BYTES > noncePool.length) {
    randomFillSync(noncePool);
    noncePoolUsed = 0;
  }
  const nonce = Buffer.from(noncePool.subarray(noncePoolUsed, noncePoolUsed + NONCE_BYTES));
  noncePoolUsed += NONCE_BYTES;
  return nonce;
}

export function encryptWith(k: Buffer, plain: string): string {
  const nonce = nextNonce();
  const cipher = createCipheriv("aes-256-gcm", k, nonce);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64");
}

/** Throws when the value was not encrypted with this key (GCM's tag does not match). */
export function decryptWith(k: Buffer, stored: string): string {
  if (!stored.startsWith(PREFIX)) throw new Error("Value is not encrypted with a known scheme");
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64");
  const decipher = createDecipheriv("aes-256-gcm", k, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

/** Column transformer: plain text in TypeScript, ciphertext in the database; null stays null. */
export const encrypted: ValueTransformer = {
  to: (value: string | null | undefined) => (value === null || value === undefined ? value : encryptText(value)),
  from: (value: string | null) => (value === null ? null : decryptText(value)),
};
