import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GroupLocation } from "@caravan/common";
import {
  isLocationMessage,
  LocationBus,
  MAX_GROUPS_PER_CHANGE,
  MAX_LOCATIONS_PER_CHANGE,
  type LocationChange,
} from "./location-bus.js";

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

type Message = LocationChange & { kind: "locations" };

/** A bus joined to "the other instances": what it sends, and what it pushes to its own sockets. */
function connected() {
  const bus = new LocationBus();
  const sent: Message[] = [];
  const pushed: GroupLocation[] = [];
  bus.connect(
    (m) => sent.push(m as Message),
    (l) => pushed.push(l),
  );
  return { bus, sent, pushed };
}

describe("LocationBus", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reaches the other instances only once connected", () => {
    const bus = new LocationBus();
    expect(bus.reachesOthers).toBe(false);
    bus.connect(
      () => {},
      () => {},
    );
    expect(bus.reachesOthers).toBe(true);
  });

  it("applies changes here at once and sends them once per run of the microtask queue, for all the groups", async () => {
    const { bus, sent } = connected();
    const seen: LocationChange[] = [];
    bus.onChange((c) => seen.push(c));
    bus.publish({ groupIds: [7] });
    bus.publish({ groupIds: [8] });
    bus.publish({ groupIds: [7] });
    expect(seen).toHaveLength(3);
    expect(sent).toEqual([]);
    // Sent once the code running now has finished: after it, before any other callback.
    await Promise.resolve();
    expect(sent).toEqual([{ kind: "locations", groupIds: [7, 8] }]);
    bus.publish({ groupIds: [9] });
    await Promise.resolve();
    expect(sent).toEqual([
      { kind: "locations", groupIds: [7, 8] },
      { kind: "locations", groupIds: [9] },
    ]);
  });

  it("splits the changed groups of one run into messages of at most the limit", async () => {
    const { bus, sent } = connected();
    for (let id = 1; id <= MAX_GROUPS_PER_CHANGE + 5; id++) bus.publish({ groupIds: [id] });
    await Promise.resolve();
    expect(sent.map((r) => r.groupIds.length)).toEqual([MAX_GROUPS_PER_CHANGE, 5]);
    expect(sent.every((r) => isLocationMessage(r))).toBe(true);
  });

  it("sends the locations stored in one run with their groups, and a lost one by group alone", async () => {
    const { bus, sent } = connected();
    const a = stored(7, "u1", 1);
    const b = stored(7, "u2", 2);
    const c = stored(9, "u3", 3);
    bus.publish({ groupIds: [7], locations: [a] });
    bus.publish({ groupIds: [9], locations: [c] });
    bus.publish({ groupIds: [7], locations: [b] });
    bus.publish({ groupIds: [8] });
    // Group 9 lost a location after one was stored in it: the others must drop what they cache of it.
    bus.publish({ groupIds: [9] });
    bus.publish({ groupIds: [9], locations: [stored(9, "u4", 4)] });
    await Promise.resolve();
    expect(sent).toEqual([{ kind: "locations", groupIds: [7, 9, 8], locations: [a, b] }]);
    expect(isLocationMessage(sent[0])).toBe(true);
  });

  it("splits the stored locations of one run into messages of at most the limit", async () => {
    const { bus, sent } = connected();
    for (let i = 0; i < MAX_LOCATIONS_PER_CHANGE + 3; i++) {
      bus.publish({ groupIds: [1 + (i % 2)], locations: [stored(1 + (i % 2), `u${i}`, i)] });
    }
    await Promise.resolve();
    expect(sent.map((r) => r.locations?.length)).toEqual([
      Math.ceil((MAX_LOCATIONS_PER_CHANGE + 3) / 2),
      Math.floor((MAX_LOCATIONS_PER_CHANGE + 3) / 2),
    ]);
    expect(sent.every((r) => isLocationMessage(r))).toBe(true);
    expect(sent.flatMap((r) => r.locations ?? []).map((l) => l.userId)).toHaveLength(MAX_LOCATIONS_PER_CHANGE + 3);
  });

  it("sends changed locations before any callback that was waiting runs", async () => {
    const order: string[] = [];
    const bus = new LocationBus();
    bus.connect(
      () => order.push("changed locations"),
      () => {},
    );
    // Another event, sent by a callback queued before the locations changed (another request answered, say).
    setImmediate(() => order.push("a later event"));
    setTimeout(() => order.push("a later event"), 0);
    bus.publish({ groupIds: [7] });
    await Promise.resolve();
    vi.runAllTimers();
    expect(order).toEqual(["changed locations", "a later event", "a later event"]);
  });

  it("applies another instance's message here and pushes its stored locations to the sockets here", () => {
    const { bus, sent, pushed } = connected();
    const seen: LocationChange[] = [];
    bus.onChange((c) => seen.push(c));
    const message = { kind: "locations", groupIds: [4, 5], locations: [stored(4, "u1")] };
    bus.receive(message);
    bus.receive({ kind: "locations", groupIds: ["4"] });
    expect(seen).toEqual([message]);
    expect(pushed).toEqual([stored(4, "u1")]);
    // Not sent on again.
    expect(sent).toEqual([]);
  });

  it("accepts only well-formed messages from other instances", () => {
    expect(isLocationMessage({ kind: "locations", groupIds: [4, 5] })).toBe(true);
    expect(isLocationMessage({ groupIds: [4, 5] })).toBe(false);
    expect(isLocationMessage({ kind: "membership", groupId: 3 })).toBe(false);
    expect(isLocationMessage({ kind: "locations", groupIds: [4, "5"] })).toBe(false);
    expect(isLocationMessage({ kind: "locations", groupIds: Array(MAX_GROUPS_PER_CHANGE + 1).fill(1) })).toBe(false);
    expect(isLocationMessage({ kind: "locations", groupId: 4 })).toBe(false);
    expect(isLocationMessage({ kind: "locations", groupIds: [4], locations: [stored(4, "u1")] })).toBe(true);
    // A location must belong to a group the message names, and carry what placing it needs.
    expect(isLocationMessage({ kind: "locations", groupIds: [5], locations: [stored(4, "u1")] })).toBe(false);
    expect(isLocationMessage({ kind: "locations", groupIds: [4], locations: [{ ...stored(4, "u1"), id: "1" }] })).toBe(
      false,
    );
    expect(
      isLocationMessage({ kind: "locations", groupIds: [4], locations: [{ ...stored(4, "u1"), user: null }] }),
    ).toBe(false);
    expect(isLocationMessage({ kind: "locations", groupIds: [4], locations: {} })).toBe(false);
    expect(
      isLocationMessage({
        kind: "locations",
        groupIds: [4],
        locations: Array(MAX_LOCATIONS_PER_CHANGE + 1).fill(stored(4, "u1")),
      }),
    ).toBe(false);
    expect(isLocationMessage({ kind: "locations" })).toBe(false);
    expect(isLocationMessage(null)).toBe(false);
  });
});
