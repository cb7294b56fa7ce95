/**
 * Encryption at rest for the text the privacy statements call encrypted (messages, location addresses and notes).
 * AES-256-GCM with a random 96-bit nonce per value; stored as "v1:" + base64(nonce | tag | ciphertext).
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { ValueTransformer } from "typeorm";

const PREFIX = "v1:";
let dataKey: Buffer | null = null;

/** Set once at start-up, before the database is used. */
export function configureDataKey(key: Buffer): void {
  if (key.length !== 32) throw new Error("The data encryption key must be 32 bytes");
  dataKey = key;
}

function key(): Buffer {
  if (!dataKey) throw new Error("The data encryption key is not configured");
  return dataKey;
}

export function encryptText(plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), nonce);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64");
}

export function decryptText(stored: string): string {
  if (!stored.startsWith(PREFIX)) throw new Error("Value is not encrypted with a known scheme");
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64");
  const decipher = createDecipheriv("aes-256-gcm", key(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

/** Column transformer: plain text in TypeScript, ciphertext in the database; null stays null. */
export const encrypted: ValueTransformer = {
  to: (value: string | null | undefined) => (value === null || value === undefined ? value : encryptText(value)),
  from: (value: string | null) => (value === null ? null : decryptText(value)),
};
