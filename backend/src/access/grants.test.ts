import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GroupLocation } from "@caravan/common";
import {
  GRANT_TTL_MIN_MS,
  GRANT_TTL_MS,
  GRANT_TTL_UNSURE_MS,
  Grants,
  isRevocation,
  MAX_GROUPS_PER_REVOCATION,
  MAX_LOCATIONS_PER_REVOCATION,
  type Revocation,
} from "./grants.js";

const stored = (groupId: number, userId: string, id = 1): GroupLocation => ({
  id,
  groupId,
  userId,
  latitude: 59.91,
  longitude: 10.75,
  address: "near Oslo",
  notes: null,
  createdAt: "2026-06-01T12:00:00.000Z",
  user: { firstName: "Ada", lastName: "L", email: "ada@example.com", profileImageUrl: null },
});

describe("Grants", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-06-01T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("keeps a membership while revocations arrive, for at least the shortest lifetime and at most the longest", () => {
    const grants = new Grants();
    grants.keepMember("u1", 7, grants.mark);
    vi.advanceTimersByTime(GRANT_TTL_MIN_MS - 1);
    expect(grants.isMember("u1", 7)).toBe(true);
    vi.advanceTimersByTime(GRANT_TTL_MS - GRANT_TTL_MIN_MS + 1);
    expect(grants.isMember("u1", 7)).toBe(false);
  });

  it("gives decisions kept together different lifetimes, so they are not all read again together", () => {
    const grants = new Grants();
    const users = Array.from({ length: 100 }, (_, i) => `u${i}`);
    for (const user of users) {
      grants.keepMember(user, 7, grants.mark);
      grants.keepSession(`s-${user}`, { json: "{}", userId: user, expire: Date.now() + 3_600_000 }, grants.mark);
    }
    vi.advanceTimersByTime((GRANT_TTL_MIN_MS + GRANT_TTL_MS) / 2);
    const members = users.filter((user) => grants.isMember(user, 7)).length;
    const sessions = users.filter((user) => grants.session(`s-${user}`)).length;
    // Uniform lifetimes: about half of each are left; 20-80 of 100 fails once in about 10^9 runs.
    expect(members).toBeGreaterThan(20);
    expect(members).toBeLessThan(80);
    expect(sessions).toBeGreaterThan(20);
    expect(sessions).toBeLessThan(80);
  });

  it("shortens every grant to a second while revocations from other instances may be lost", () => {
    let arrive = true;
    const grants = new Grants();
    grants.revocationsArrive = () => arrive;
    grants.keepMember("u1", 7, grants.mark);
    vi.advanceTimersByTime(GRANT_TTL_UNSURE_MS);
    expect(grants.isMember("u1", 7)).toBe(true);
    arrive = false;
    expect(grants.isMember("u1", 7)).toBe(false);
  });

  it("does not keep a decision read while a revocation arrived", () => {
    const grants = new Grants();
    const mark = grants.mark;
    grants.apply({ kind: "membership", groupId: 7, userId: "u1" });
    grants.keepMember("u1", 7, mark);
    grants.keepSession("s1", { json: '{"userId":"u1"}', userId: "u1", expire: Date.now() + 60_000 }, mark);
    expect(grants.isMember("u1", 7)).toBe(false);
    expect(grants.session("s1")).toBeUndefined();
  });

  it("revokes one member, a whole group, one session, or everything of a user, and tells the other instances", () => {
    const sent: unknown[] = [];
    const grants = new Grants();
    grants.broadcast = (r) => sent.push(r);
    const keep = () => {
      for (const [user, group] of [
        ["u1", 7],
        ["u2", 7],
        ["u1", 8],
      ] as const)
        grants.keepMember(user, group, grants.mark);
      grants.keepSession("s1", { json: '{"userId":"u1"}', userId: "u1", expire: Date.now() + 60_000 }, grants.mark);
      grants.keepSession("s2", { json: '{"userId":"u2"}', userId: "u2", expire: Date.now() + 60_000 }, grants.mark);
    };

    keep();
    grants.revoke({ kind: "membership", groupId: 7, userId: "u1" });
    expect([grants.isMember("u1", 7), grants.isMember("u2", 7), grants.isMember("u1", 8)]).toEqual([false, true, true]);

    grants.revoke({ kind: "membership", groupId: 7 });
    expect([grants.isMember("u2", 7), grants.isMember("u1", 8)]).toEqual([false, true]);

    keep();
    grants.revoke({ kind: "user", userId: "u1" });
    expect([grants.isMember("u1", 7), grants.isMember("u1", 8), grants.isMember("u2", 7)]).toEqual([
      false,
      false,
      true,
    ]);
    expect([grants.session("s1"), grants.session("s2")?.userId]).toEqual([undefined, "u2"]);

    grants.revoke({ kind: "session", sid: "s2" });
    expect(grants.session("s2")).toBeUndefined();
    expect(sent).toHaveLength(4);
  });

  it("applies changed locations at once and tells the other instances once per run of the microtask queue, for all the groups", async () => {
    const sent: unknown[] = [];
    const seen: unknown[] = [];
    const grants = new Grants();
    grants.broadcast = (r) => sent.push(r);
    grants.onRevoke((r) => seen.push(r));
    grants.revoke({ kind: "locations", groupIds: [7] });
    grants.revoke({ kind: "locations", groupIds: [8] });
    grants.revoke({ kind: "locations", groupIds: [7] });
    expect(seen).toHaveLength(3);
    expect(sent).toEqual([]);
    // Told once the code running now has finished: after it, before any other callback.
    await Promise.resolve();
    expect(sent).toEqual([{ kind: "locations", groupIds: [7, 8] }]);
    grants.revoke({ kind: "locations", groupIds: [9] });
    await Promise.resolve();
    expect(sent).toEqual([
      { kind: "locations", groupIds: [7, 8] },
      { kind: "locations", groupIds: [9] },
    ]);
  });

  it("splits the changed locations of one run into messages of at most the limit", async () => {
    const sent: Array<{ groupIds: number[] }> = [];
    const grants = new Grants();
    grants.broadcast = (r) => sent.push(r as { groupIds: number[] });
    for (let id = 1; id <= MAX_GROUPS_PER_REVOCATION + 5; id++) grants.revoke({ kind: "locations", groupIds: [id] });
    await Promise.resolve();
    expect(sent.map((r) => r.groupIds.length)).toEqual([MAX_GROUPS_PER_REVOCATION, 5]);
    expect(sent.every((r) => isRevocation({ kind: "locations", ...r }))).toBe(true);
  });

  it("tells the other instances the locations stored in one run with their groups, and a lost one by group alone", async () => {
    const sent: Revocation[] = [];
    const grants = new Grants();
    grants.broadcast = (r) => sent.push(r);
    const a = stored(7, "u1", 1);
    const b = stored(7, "u2", 2);
    const c = stored(9, "u3", 3);
    grants.revoke({ kind: "locations", groupIds: [7], locations: [a] });
    grants.revoke({ kind: "locations", groupIds: [9], locations: [c] });
    grants.revoke({ kind: "locations", groupIds: [7], locations: [b] });
    grants.revoke({ kind: "locations", groupIds: [8] });
    // Group 9 lost a location after one was stored in it: the others must drop what they keep of it.
    grants.revoke({ kind: "locations", groupIds: [9] });
    grants.revoke({ kind: "locations", groupIds: [9], locations: [stored(9, "u4", 4)] });
    await Promise.resolve();
    expect(sent).toEqual([{ kind: "locations", groupIds: [7, 9, 8], locations: [a, b] }]);
    expect(isRevocation(sent[0])).toBe(true);
  });

  it("splits the stored locations of one run into messages of at most the limit", async () => {
    const sent: Array<Revocation & { kind: "locations" }> = [];
    const grants = new Grants();
    grants.broadcast = (r) => sent.push(r as Revocation & { kind: "locations" });
    for (let i = 0; i < MAX_LOCATIONS_PER_REVOCATION + 3; i++) {
      grants.revoke({ kind: "locations", groupIds: [1 + (i % 2)], locations: [stored(1 + (i % 2), `u${i}`, i)] });
    }
    await Promise.resolve();
    expect(sent.map((r) => r.locations?.length)).toEqual([
      Math.ceil((MAX_LOCATIONS_PER_REVOCATION + 3) / 2),
      Math.floor((MAX_LOCATIONS_PER_REVOCATION + 3) / 2),
    ]);
    expect(sent.every((r) => isRevocation(r))).toBe(true);
    expect(sent.flatMap((r) => r.locations ?? []).map((l) => l.userId)).toHaveLength(MAX_LOCATIONS_PER_REVOCATION + 3);
  });

  it("tells the other instances of changed locations before any callback that was waiting runs", async () => {
    const order: string[] = [];
    const grants = new Grants();
    grants.broadcast = () => order.push("changed locations");
    // Another event, sent by a callback queued before the locations changed (another request answered, say).
    setImmediate(() => order.push("a later event"));
    setTimeout(() => order.push("a later event"), 0);
    grants.revoke({ kind: "locations", groupIds: [7] });
    await Promise.resolve();
    vi.runAllTimers();
    expect(order).toEqual(["changed locations", "a later event", "a later event"]);
  });

  it("drops a session once it expires", () => {
    const grants = new Grants();
    grants.keepSession("s1", { json: '{"userId":"u1"}', userId: "u1", expire: Date.now() + 500 }, grants.mark);
    vi.advanceTimersByTime(500);
    expect(grants.session("s1")).toBeUndefined();
  });

  it("accepts only well-formed revocations from other instances", () => {
    expect(isRevocation({ kind: "membership", groupId: 3 })).toBe(true);
    expect(isRevocation({ kind: "membership", groupId: "3" })).toBe(false);
    expect(isRevocation({ kind: "session", sid: 5 })).toBe(false);
    expect(isRevocation({ kind: "user", userId: "u" })).toBe(true);
    expect(isRevocation({ kind: "locations", groupIds: [4, 5] })).toBe(true);
    expect(isRevocation({ kind: "locations", groupIds: [4, "5"] })).toBe(false);
    expect(isRevocation({ kind: "locations", groupIds: Array(MAX_GROUPS_PER_REVOCATION + 1).fill(1) })).toBe(false);
    expect(isRevocation({ kind: "locations", groupId: 4 })).toBe(false);
    expect(isRevocation({ kind: "locations", groupIds: [4], locations: [stored(4, "u1")] })).toBe(true);
    // A location must belong to a group the message names, and carry what placing it needs.
    expect(isRevocation({ kind: "locations", groupIds: [5], locations: [stored(4, "u1")] })).toBe(false);
    expect(isRevocation({ kind: "locations", groupIds: [4], locations: [{ ...stored(4, "u1"), id: "1" }] })).toBe(
      false,
    );
    expect(isRevocation({ kind: "locations", groupIds: [4], locations: [{ ...stored(4, "u1"), user: null }] })).toBe(
      false,
    );
    expect(isRevocation({ kind: "locations", groupIds: [4], locations: {} })).toBe(false);
    expect(
      isRevocation({
        kind: "locations",
        groupIds: [4],
        locations: Array(MAX_LOCATIONS_PER_REVOCATION + 1).fill(stored(4, "u1")),
      }),
    ).toBe(false);
    expect(isRevocation({ kind: "locations" })).toBe(false);
    expect(isRevocation({ kind: "everything" })).toBe(false);
    expect(isRevocation(null)).toBe(false);
  });
});
