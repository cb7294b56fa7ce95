import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { configureDataKey, decryptText, encryptText, nextNonce } from "./crypto.js";

describe("encryption at rest", () => {
  configureDataKey(randomBytes(32));
  it("round-trips and never stores the clear text", () => {
    const stored = encryptText("Gate B12 at 7");
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain("Gate");
    expect(decryptText(stored)).toBe("Gate B12 at 7");
    expect(encryptText("same")).not.toBe(encryptText("same"));
  });
  it("refuses tampered ciphertext", () => {
    const stored = encryptText("hello");
    const raw = Buffer.from(stored.slice(3), "base64");
    raw[raw.length - 1]! ^= 1;
    expect(() => decryptText("v1:" + raw.toString("base64"))).toThrow();
  });
  it("gives every value its own nonce, across refills of the nonce pool", () => {
    const nonces = Array.from({ length: 2_000 }, (_, i) =>
      i % 2
        ? Buffer.from(encryptText("x").slice(3), "base64").subarray(0, 12).toString("hex")
        : nextNonce().toString("hex"),
    );
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(nonces.every((n) => n.length === 24 && n !== "0".repeat(24))).toBe(true);
  });
  it("hands out nonces that later draws do not change", () => {
    const first = nextNonce();
    const copy = Buffer.from(first);
    for (let i = 0; i < 1_000; i++) nextNonce();
    expect(first.equals(copy)).toBe(true);
  });
});
