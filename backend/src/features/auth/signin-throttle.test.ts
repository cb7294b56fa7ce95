import { describe, expect, it } from "vitest";
import { HttpError } from "../../http/errors.js";
import { SigninThrottle } from "./signin-throttle.js";

describe("SigninThrottle", () => {
  it("blocks after the limit until the window passes, and a success clears the count", () => {
    let now = 0;
    const t = new SigninThrottle(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      t.check("k");
      t.fail("k");
    }
    const err = (() => {
      try {
        t.check("k");
      } catch (e) {
        return e as HttpError;
      }
    })();
    expect(err?.status).toBe(429);
    expect(err?.details?.headers?.["Retry-After"]).toBe("60");
    t.check("other");
    now = 60_000;
    expect(() => t.check("k")).not.toThrow();
    t.fail("k");
    t.succeed("k");
    t.fail("k");
    t.fail("k");
    expect(() => t.check("k")).not.toThrow();
  });
});
