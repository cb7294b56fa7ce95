import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { configureDataKey, decryptText, encryptText } from "./crypto.js";

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
});
