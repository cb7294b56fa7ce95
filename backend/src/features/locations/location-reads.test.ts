import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GroupLocation } from "@caravan/common";
import { Grants } from "../../access/grants.js";
import { LocationBus } from "./location-bus.js";
import { LOCATION_READ_TTL_MS, LocationReads } from "./location-reads.js";

const at = (seconds: number) => new Date(Date.UTC(2026, 5, 1, 12, 0, seconds)).toISOString();

const location = (id: number, userId: string, createdAt: string, address = `at ${id}`): GroupLocation => ({
  id,
  groupId: 7,
  userId,
  latitude: 59.91,
  longitude: 10.75,
  address,
  notes: null,
  createdAt,
  user: { firstName: userId, lastName: null, email: `${userId}@example.com`, profileImageUrl: null },
});

/** A group read from "the database": what `rows` holds when it is asked, counted. */
function database(rows: GroupLocation[]) {
  const db = { rows, loads: 0, load: () => Promise.resolve([]) as Promise<GroupLocation[]> };
  db.load = () => {
    db.loads += 1;
    return Promise.resolve([...db.rows]);
  };
  return db;
}

const addresses = async (reads: LocationReads, load: () => Promise<GroupLocation[]>) =>
  (JSON.parse(await reads.read(7, load)) as GroupLocation[]).map((l) => `${l.userId}: ${l.address}`);

describe("LocationReads", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date", "setImmediate"] });
    vi.setSystemTime(new Date("2026-06-01T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("takes a stored location into the cached read instead of asking the database again", async () => {
    const db = database([location(1, "ana", at(0)), location(2, "bo", at(0))]);
    const reads = new LocationReads();
    expect(await addresses(reads, db.load)).toEqual(["ana: at 1", "bo: at 2"]);

    reads.stored(location(2, "bo", at(1), "near Oslo"));
    reads.stored(location(5, "cy", at(1), "near Bergen"));
    reads.stored(location(3, "di", at(1), "near Moss"));

    expect(await addresses(reads, db.load)).toEqual([
      "ana: at 1",
      "bo: near Oslo",
      // A member's first location: in the order of the database's read (by id).
      "di: near Moss",
      "cy: near Bergen",
    ]);
    expect(db.loads).toBe(1);
  });

  it("keeps a member's newer location over an older one that arrives after it", async () => {
    const db = database([location(1, "ana", at(5), "read after her later write")]);
    const reads = new LocationReads();
    await reads.read(7, db.load);
    reads.stored(location(1, "ana", at(4), "her earlier write"));
    expect(await addresses(reads, db.load)).toEqual(["ana: read after her later write"]);
  });

  it("asks the database again once a location is removed, and after the cached read's second", async () => {
    const db = database([location(1, "ana", at(0)), location(2, "bo", at(0))]);
    const reads = new LocationReads();
    await reads.read(7, db.load);

    db.rows = [location(1, "ana", at(0))];
    reads.removed(7);
    expect(await addresses(reads, db.load)).toEqual(["ana: at 1"]);
    expect(db.loads).toBe(2);

    reads.stored(location(1, "ana", at(1), "near Oslo"));
    vi.advanceTimersByTime(LOCATION_READ_TTL_MS);
    db.rows = [location(1, "ana", at(1), "near Oslo, renamed")];
    expect(await addresses(reads, db.load)).toEqual(["ana: near Oslo, renamed"]);
    expect(db.loads).toBe(3);
  });

  it("does not keep a read that was under way when a location was stored", async () => {
    const reads = new LocationReads();
    let answer!: (rows: GroupLocation[]) => void;
    const slow = () => new Promise<GroupLocation[]>((resolve) => (answer = resolve));
    const underWay = reads.read(7, slow);
    reads.stored(location(1, "ana", at(1), "near Oslo"));
    answer([location(1, "ana", at(0), "before the write")]);
    await underWay;

    const db = database([location(1, "ana", at(1), "near Oslo")]);
    expect(await addresses(reads, db.load)).toEqual(["ana: near Oslo"]);
    expect(db.loads).toBe(1);
  });

  it("drops the cached read when a membership of the group ends", async () => {
    const grants = new Grants();
    const db = database([location(1, "ana", at(0)), location(2, "bo", at(0))]);
    const reads = new LocationReads(new LocationBus(), grants);
    await reads.read(7, db.load);
    db.rows = [location(1, "ana", at(0))];
    grants.revoke({ kind: "membership", groupId: 7, userId: "bo" });
    expect(await addresses(reads, db.load)).toEqual(["ana: at 1"]);
  });

  it("takes in the locations stored on another instance, and drops on a removal there", async () => {
    const here = new LocationBus();
    const there = new LocationBus();
    const sent: unknown[] = [];
    there.connect(
      (m) => sent.push(m),
      () => {},
    );
    const db = database([location(1, "ana", at(0)), location(2, "bo", at(0))]);
    const readsHere = new LocationReads(here);
    const readsThere = new LocationReads(there);
    await readsHere.read(7, db.load);

    readsThere.stored(location(2, "bo", at(1), "near Oslo"));
    await Promise.resolve();
    for (const message of sent.splice(0)) here.receive(message);
    expect(await addresses(readsHere, db.load)).toEqual(["ana: at 1", "bo: near Oslo"]);
    expect(db.loads).toBe(1);

    readsThere.removed(7);
    await Promise.resolve();
    for (const message of sent.splice(0)) here.receive(message);
    db.rows = [location(1, "ana", at(0))];
    expect(await addresses(readsHere, db.load)).toEqual(["ana: at 1"]);
    expect(db.loads).toBe(2);
  });
});
