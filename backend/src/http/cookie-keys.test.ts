import Keygrip from "keygrip";
import { describe, expect, it, vi } from "vitest";
import { CookieKeys } from "./cookie-keys.js";

const hmacs = vi.hoisted(() => ({ count: 0 }));
vi.mock("node:crypto", async (actual) => {
  const crypto = await actual<typeof import("node:crypto")>();
  return {
    ...crypto,
    createHmac: (...args: Parameters<typeof crypto.createHmac>) => {
      hmacs.count += 1;
      return crypto.createHmac(...args);
    },
  };
});

const data = "caravan.sid=Zm9vYmFyYmF6cXV4";

describe("CookieKeys", () => {
  it("signs as keygrip does, so cookies signed by either are accepted by the other", () => {
    for (const key of ["secret", "a".repeat(64), "ünïcode key"]) {
      const ours = new CookieKeys([key]);
      const theirs = new Keygrip([key]);
      for (const value of [data, "", "caravan.sid=a/b+c=d", "x".repeat(1000)]) {
        expect(ours.sign(value)).toBe(theirs.sign(value));
        expect(ours.verify(value, theirs.sign(value))).toBe(true);
        expect(theirs.verify(value, ours.sign(value))).toBe(true);
      }
    }
  });

  it("signs with the first key and verifies with every key, naming which", () => {
    const keys = new CookieKeys(["current", "previous", "older"]);
    expect(keys.sign(data)).toBe(new Keygrip(["current"]).sign(data));
    expect(keys.index(data, new Keygrip(["current"]).sign(data))).toBe(0);
    expect(keys.index(data, new Keygrip(["older"]).sign(data))).toBe(2);
  });

  it("refuses a signature of other data, under another key, cut short, lengthened or missing", () => {
    const keys = new CookieKeys(["current", "previous"]);
    const good = keys.sign(data);
    expect(keys.verify(`${data}x`, good)).toBe(false);
    expect(keys.verify(data, new Keygrip(["stranger"]).sign(data))).toBe(false);
    expect(keys.verify(data, good.slice(0, -1))).toBe(false);
    expect(keys.verify(data, `${good}A`)).toBe(false);
    expect(keys.verify(data, `${good.slice(0, -1)}${good.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(keys.verify(data, "")).toBe(false);
    expect(keys.verify(data, undefined as unknown as string)).toBe(false);
  });

  it("checks a cookie seen before against its remembered signature, and anything else in full", () => {
    const keys = new CookieKeys(["current", "previous"]);
    const good = new Keygrip(["current"]).sign(data);
    const old = new Keygrip(["previous"]).sign(data);
    const forged = `${good.slice(0, -1)}${good.endsWith("A") ? "B" : "A"}`;
    const before = hmacs.count;
    expect(keys.index(data, good)).toBe(0);
    expect(hmacs.count - before).toBe(1);
    expect(keys.index(data, good)).toBe(0);
    expect(keys.index(data, good)).toBe(0);
    expect(hmacs.count - before).toBe(1);
    expect(keys.verify(data, forged)).toBe(false);
    expect(keys.verify(`${data}x`, good)).toBe(false);
    expect(keys.index(data, old)).toBe(1);
    expect(keys.index(data, good)).toBe(0);
  });

  it("needs a key", () => {
    expect(() => new CookieKeys([])).toThrow("Keys must be provided.");
  });
});
