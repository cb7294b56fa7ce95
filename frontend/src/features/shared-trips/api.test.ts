import { describe, expect, it } from "vitest";
import type { SharedTripLocation } from "@caravan/common";
import { prependLocation } from "./api";

const at = (id: number, createdAt: string): SharedTripLocation => ({
  id,
  latitude: 0,
  longitude: 0,
  address: null,
  notes: null,
  createdAt,
  source: "app",
  accuracy: null,
  speed: null,
});

describe("prependLocation", () => {
  const list = [at(2, "2030-01-01T12:02:00Z"), at(1, "2030-01-01T12:00:00Z")];

  it("puts a newer position first", () => {
    expect(prependLocation(list, at(3, "2030-01-01T12:03:00Z")).map((l) => l.id)).toEqual([3, 2, 1]);
  });

  it("files a late, older point into the trail instead of making it current", () => {
    expect(prependLocation(list, at(4, "2030-01-01T12:01:00Z")).map((l) => l.id)).toEqual([2, 4, 1]);
    expect(prependLocation(list, at(5, "2030-01-01T11:00:00Z")).map((l) => l.id)).toEqual([2, 1, 5]);
  });

  it("ignores a position it already has", () => {
    expect(prependLocation(list, list[0]!)).toBe(list);
  });
});
