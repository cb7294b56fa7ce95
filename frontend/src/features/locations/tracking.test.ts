import { describe, expect, it } from "vitest";
import { parseCoordinate, shouldSkipUpdate } from "./tracking";

describe("shouldSkipUpdate", () => {
  const last = { latitude: 45, longitude: 6 };
  it.each([
    [null, { latitude: 45, longitude: 6 }, false],
    [last, { latitude: 45, longitude: 6 }, true],
    [last, { latitude: 45.0001, longitude: 6 }, true],
    [last, { latitude: 45, longitude: 5.9999 }, true],
    [last, { latitude: 45.00009, longitude: 6.00009 }, true],
    [last, { latitude: 45.00011, longitude: 6 }, false],
    [last, { latitude: 45, longitude: 6.00011 }, false],
    [last, { latitude: 44.9998, longitude: 6.0002 }, false],
  ])("from %j to %j: skip %s", (from, to, skip) => expect(shouldSkipUpdate(from, to)).toBe(skip));
});

describe("parseCoordinate", () => {
  it.each([
    ["45.5", 45.5],
    ["-122.4194", -122.4194],
    ["", 0],
    ["abc", 0],
    ["-", 0],
    ["12abc", 12],
    ["Infinity", 0],
  ])("%j -> %s", (text, n) => expect(parseCoordinate(text)).toBe(n));
});
