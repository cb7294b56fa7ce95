import { describe, expect, it } from "vitest";
import type { GroupLocation } from "@caravan/common";
import { applyLocationEvent } from "./api";

const loc = (userId: string, createdAt: string, latitude = 1): GroupLocation => ({
  id: userId.length,
  groupId: 7,
  userId,
  latitude,
  longitude: 2,
  address: null,
  notes: null,
  createdAt,
  user: { firstName: userId, lastName: null, email: null, profileImageUrl: null },
});

describe("applyLocationEvent", () => {
  const a = loc("a", "2026-05-01T10:00:00.000Z");
  const b = loc("b", "2026-05-01T10:00:00.000Z");

  it("replaces a member's entry in place, keeping one per member", () => {
    const moved = loc("a", "2026-05-01T10:00:05.000Z", 9);
    expect(applyLocationEvent([a, b], moved)).toEqual([moved, b]);
  });
  it("adds a member who was not sharing", () => {
    expect(applyLocationEvent([a], b)).toEqual([a, b]);
  });
  it("drops a member who stopped sharing", () => {
    expect(applyLocationEvent([a, b], { groupId: 7, userId: "a", removed: true })).toEqual([b]);
  });
  it("ignores an event older than what is shown", () => {
    const stale = loc("a", "2026-05-01T09:59:55.000Z", 5);
    expect(applyLocationEvent([a, b], stale)).toEqual([a, b]);
  });
  it("leaves a list that was never loaded alone", () => {
    expect(applyLocationEvent(undefined, a)).toBeUndefined();
  });
});
