import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PG } from "../../http/errors.js";
import { Group, GroupMembership, UserLocation } from "../../db/entities/index.js";
import { buildGroup, recordRealtime, type PublishedEvent } from "../../../test/factories.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../../test/harness.js";

/**
 * Location writes that arrive together are committed together (location-writes.ts). These call the service the way
 * concurrent requests do, in the same turn of the event loop, and check that each write is still answered on its own.
 */
let app: TestApp;
let events: PublishedEvent[];
beforeAll(async () => {
  app = await startTestApp();
  events = recordRealtime(app);
});
afterAll(() => app?.close());
afterEach(() => vi.restoreAllMocks());

const at = (i: number) => ({ latitude: 60 + i / 100, longitude: 10 + i / 100, address: `Stop ${i}` });

async function groupOf(size: number): Promise<{ groupId: number; members: BuiltUser[] }> {
  const members: BuiltUser[] = [];
  for (let i = 0; i < size; i++) members.push(await buildUser(app));
  const groupId = await buildGroup(app, members[0]!, { members: members.slice(1) });
  return { groupId, members };
}

describe("location writes that arrive together", () => {
  it("go in fewer statements than writes, and each member gets their own row and push", async () => {
    const { groupId, members } = await groupOf(12);
    events.length = 0;
    const query = vi.spyOn(app.db, "query");

    const views = await Promise.all(members.map((m, i) => app.services.locations.update(groupId, m.user.id, at(i))));

    const writes = query.mock.calls.filter(([sql]) => String(sql).includes('INSERT INTO "user_locations"'));
    expect(writes.length).toBeLessThan(members.length);
    views.forEach((view, i) => {
      expect(view).toMatchObject({ groupId, userId: members[i]!.user.id, address: `Stop ${i}` });
      expect(view.user.firstName).toBe(members[i]!.user.firstName);
      expect(view.latitude).toBeCloseTo(at(i).latitude, 4);
    });
    expect(events.filter((e) => e.event === "location:updated").map((e) => e.payload)).toEqual(
      expect.arrayContaining(views),
    );
    const stored = await app.db.getRepository(UserLocation).find({ where: { groupId }, order: { id: "ASC" } });
    expect(stored.map((l) => l.address).sort()).toEqual(members.map((_, i) => `Stop ${i}`).sort());
  });

  it("refuse a non-member alone and store everyone else", async () => {
    const { groupId, members } = await groupOf(3);
    const stranger = await buildUser(app);

    const results = await Promise.allSettled([
      ...members.map((m, i) => app.services.locations.update(groupId, m.user.id, at(i))),
      app.services.locations.update(groupId, stranger.user.id, at(9)),
    ]);

    expect(results.slice(0, 3).map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    expect(results[3]).toMatchObject({ status: "rejected", reason: { status: 403 } });
    expect(await app.db.getRepository(UserLocation).countBy({ groupId })).toBe(3);
    expect(await app.db.getRepository(UserLocation).countBy({ userId: stranger.user.id })).toBe(0);
  });

  it("keep the later of two writes by one member, and answer both", async () => {
    const { groupId, members } = await groupOf(1);
    const id = members[0]!.user.id;

    const [first, second] = await Promise.all([
      app.services.locations.update(groupId, id, at(1)),
      app.services.locations.update(groupId, id, at(2)),
    ]);

    expect([first.address, second.address]).toEqual(["Stop 1", "Stop 2"]);
    const rows = await app.db.getRepository(UserLocation).findBy({ groupId, userId: id });
    expect(rows.map((r) => r.address)).toEqual(["Stop 2"]);
  });

  it("let a write that cannot be stored fail alone", async () => {
    const { groupId, members } = await groupOf(3);
    // A group id past PostgreSQL's integer range fails the whole statement; each write is then tried on its own.
    const results = await Promise.allSettled([
      ...members.map((m, i) => app.services.locations.update(groupId, m.user.id, at(i))),
      app.services.locations.update(2 ** 31, members[0]!.user.id, at(5)),
    ]);

    expect(results.slice(0, 3).map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    expect(results[3]).toMatchObject({ status: "rejected", reason: { code: PG.numericOutOfRange } });
    expect(await app.db.getRepository(UserLocation).countBy({ groupId })).toBe(3);
  });

  it("raise an arrival for the member who arrived, and only for them", async () => {
    const { groupId, members } = await groupOf(3);
    await app.db
      .getRepository(Group)
      .update(
        { id: groupId },
        { destinationName: "Oslo", destinationLatitude: 59.9139, destinationLongitude: 10.7522 },
      );
    events.length = 0;

    const oslo = { latitude: 59.9139, longitude: 10.7522 };
    await Promise.all([
      app.services.locations.update(groupId, members[0]!.user.id, oslo),
      app.services.locations.update(groupId, members[1]!.user.id, at(0)),
      app.services.locations.update(groupId, members[2]!.user.id, at(1)),
    ]);

    const arrived = events.filter((e) => e.event === "member:arrived").map((e) => e.payload);
    expect(arrived).toEqual([expect.objectContaining({ groupId, userId: members[0]!.user.id })]);
    const memberships = await app.db.getRepository(GroupMembership).findBy({ groupId });
    expect(memberships.filter((m) => m.arrivedAt !== null).map((m) => m.userId)).toEqual([members[0]!.user.id]);
  });
});
