import { describe, expect, it } from "vitest";
import { EMAIL_MAX } from "./limits.js";
import { HTTPS_URL_PATTERN, hasEmailShape, isEmailAddress, isHttpsUrl } from "./schemas.js";

/*
 * The inputs are megabytes long: a pattern that backtracks (the old `[^\s@]+\.[^\s@]+$` and `[^\s/?#]+\S*$`) needs
 * billions of steps on them and never finishes within the test's time limit; a linear one answers at once.
 */
describe("input patterns run in linear time", () => {
  it("checks the e-mail shape of a megabyte of dots", () => {
    expect(hasEmailShape("a@" + ".".repeat(1_000_000) + "@")).toBe(false);
    expect(hasEmailShape("a@" + "b".repeat(1_000_000))).toBe(false);
    expect(hasEmailShape("a@" + "b.".repeat(500_000) + " ")).toBe(false);
  });

  it("checks the https shape of a megabyte of host", () => {
    expect(HTTPS_URL_PATTERN.test("https://" + "a".repeat(1_000_000) + " ")).toBe(false);
  });

  it("keeps the rules: one @, a dot inside the domain, no spaces", () => {
    for (const ok of ["a@b.co", "first.last+tag@sub.example.org", "x@a.b"]) expect(isEmailAddress(ok)).toBe(true);
    for (const bad of ["", "a@b", "a@.b", "a@b.", "a b@c.de", "a@b@c.de", "@b.co", "a@", "a@b .co"]) {
      expect(isEmailAddress(bad)).toBe(false);
    }
    expect(isEmailAddress("a".repeat(EMAIL_MAX) + "@b.co")).toBe(false);
    expect(isHttpsUrl("https://example.com/a.jpg")).toBe(true);
    for (const bad of ["http://example.com", "https:///path", "https://a b", "https://"])
      expect(isHttpsUrl(bad)).toBe(false);
  });
});
