import Keygrip from "keygrip";
import { describe, expect, it } from "vitest";
import { cookieKeys } from "./signed-cookies.js";

const data = "caravan.sid=abc";

describe("cookieKeys", () => {
  it("signs and verifies as keygrip does, the first key signing and every key verifying", () => {
    const keys = cookieKeys(["new", "old"]);
    expect(keys.sign(data)).toBe(new Keygrip(["new"]).sign(data));
    expect(keys.index(data, new Keygrip(["old"]).sign(data))).toBe(1);
    expect(keys.index(data, new Keygrip(["new"]).sign(data))).toBe(0);
    expect(keys.verify(data, new Keygrip(["other"]).sign(data))).toBe(false);
    expect(keys.index(data, "A".repeat(27))).toBe(-1);
  });

  it("asks keygrip once for a valid signature of a value, and every time for any other signature", () => {
    const keygrip = new Keygrip(["new", "old"]);
    let asked = 0;
    const index = keygrip.index.bind(keygrip);
    keygrip.index = (d, digest) => {
      asked += 1;
      return index(d, digest);
    };
    const keys = cookieKeys(["new", "old"], keygrip);
    const old = new Keygrip(["old"]).sign(data);
    expect([keys.index(data, old), keys.index(data, old), asked]).toEqual([1, 1, 1]);
    const forged = `${old.slice(0, -1)}${old.endsWith("A") ? "B" : "A"}`;
    expect([keys.verify(data, forged), keys.verify(data, forged), asked]).toEqual([false, false, 3]);
    expect([keys.verify(data, old), asked]).toEqual([true, 3]);
  });
});
