import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GRANT_TTL_MIN_MS, GRANT_TTL_MS, GRANT_TTL_UNSURE_MS, Grants, isRevocation } from "./grants.js";

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
    expect(isRevocation({ kind: "locations", groupIds: [4, 5] })).toBe(false);
    expect(isRevocation({ kind: "everything" })).toBe(false);
    expect(isRevocation(null)).toBe(false);
  });
});
