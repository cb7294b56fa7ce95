import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LOCATION_ADDRESS_MAX, LOCATION_NOTES_MAX, VALIDATION } from "@caravan/common";
import { Group, GroupMembership, UserLocation } from "../../db/entities/index.js";
import { buildGroup, recordRealtime, type PublishedEvent } from "../../../test/factories.js";
import { buildUser, startTestApp, type TestApp } from "../../../test/harness.js";

let app: TestApp;
let events: PublishedEvent[];
beforeAll(async () => {
  app = await startTestApp();
  events = recordRealtime(app);
});
afterAll(() => app?.close());

const here = { latitude: 45.8992, longitude: 6.1294, address: "Pont des Amours", notes: "By the canal" };
/** A point in the open Pacific: no town within any sensible radius. */
const ocean = { latitude: -30.123456, longitude: -140.654321 };

const rowsOf = (groupId: number, userId: string) => app.db.getRepository(UserLocation).countBy({ groupId, userId });

describe("group locations", () => {
  it("a member shares a location; members read it with the author's name; the group room gets the same shape", async () => {
    const owner = await buildUser(app, { firstName: "Ada", lastName: "Byron" });
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    events.length = 0;

    const res = await owner.client.post(`/api/groups/${groupId}/locations`, here);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ groupId, userId: owner.user.id, ...here });
    expect(res.body.user).toEqual({
      firstName: "Ada",
      lastName: "Byron",
      email: owner.user.email,
      profileImageUrl: null,
    });
    expect(Number.isNaN(Date.parse(res.body.createdAt))).toBe(false);
    expect(events).toEqual([{ room: `group:${groupId}`, event: "location:updated", payload: res.body }]);

    const list = await member.client.get(`/api/groups/${groupId}/locations`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([res.body]);
  });

  it("after 200 updates by one member the table holds one row for them and the read returns one entry", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    await member.client.post(`/api/groups/${groupId}/locations`, { latitude: 10, longitude: 10 });
    let last;
    for (let i = 1; i <= 200; i++) {
      last = await owner.client.post(`/api/groups/${groupId}/locations`, {
        latitude: 40 + i / 1000,
        longitude: -74 - i / 1000,
        notes: `update ${i}`,
      });
      expect(last.status).toBe(200);
    }
    expect(await rowsOf(groupId, owner.user.id)).toBe(1);
    const list = await owner.client.get(`/api/groups/${groupId}/locations`);
    expect(list.body).toHaveLength(2);
    const mine = list.body.find((l: { userId: string }) => l.userId === owner.user.id);
    expect(mine).toEqual(last!.body);
    expect(mine).toMatchObject({ latitude: 40.2, longitude: -74.2, notes: "update 200" });
  });

  it("an update replaces the previous address and notes and moves the update time forward", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const first = await owner.client.post(`/api/groups/${groupId}/locations`, here);
    const second = await owner.client.post(`/api/groups/${groupId}/locations`, {
      ...ocean,
      address: null,
      notes: null,
    });
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.notes).toBeNull();
    expect(second.body.address).toBe("-30.1235, -140.6543");
    expect(Date.parse(second.body.createdAt)).toBeGreaterThanOrEqual(Date.parse(first.body.createdAt));
  });

  it.each([
    [{ latitude: 90.0001, longitude: 0 }, VALIDATION.latitudeRange],
    [{ latitude: -90.5, longitude: 0 }, VALIDATION.latitudeRange],
    [{ latitude: 0, longitude: 180.01 }, VALIDATION.longitudeRange],
    [{ latitude: 0, longitude: -181 }, VALIDATION.longitudeRange],
    [{ latitude: "45", longitude: 6 }, VALIDATION.latitudeNumber],
    [{ latitude: 45, longitude: "6" }, VALIDATION.longitudeNumber],
    [{ latitude: null, longitude: 6 }, VALIDATION.latitudeNumber],
    [{ longitude: 6 }, VALIDATION.latitudeNumber],
    [{ latitude: true, longitude: 6 }, VALIDATION.latitudeNumber],
    [{ latitude: [45], longitude: 6 }, VALIDATION.latitudeNumber],
    [{ latitude: 45, longitude: 6, address: 12 }, VALIDATION.locationAddressText],
    [{ latitude: 45, longitude: 6, notes: { text: "x" } }, VALIDATION.locationNotesText],
    [{ latitude: 45, longitude: 6, address: "a".repeat(LOCATION_ADDRESS_MAX + 1) }, VALIDATION.addressTooLong],
    [{ latitude: 45, longitude: 6, notes: "n".repeat(LOCATION_NOTES_MAX + 1) }, VALIDATION.locationNotesTooLong],
    [[45, 6], VALIDATION.invalidBody],
  ])("refuses %j with 400 and stores nothing", async (body, message) => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const res = await owner.client.post(`/api/groups/${groupId}/locations`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await owner.client.get(`/api/groups/${groupId}/locations`)).body).toEqual([]);
  });

  it("a group read kept while its members keep posting answers what the database holds, without asking it", async () => {
    const owner = await buildUser(app, { firstName: "Ada" });
    const first = await buildUser(app, { firstName: "Bo" });
    const later = await buildUser(app, { firstName: "Cy" });
    const groupId = await buildGroup(app, owner, { members: [first, later] });
    await owner.client.post(`/api/groups/${groupId}/locations`, here);
    await first.client.post(`/api/groups/${groupId}/locations`, { latitude: 45.9, longitude: 6.13 });
    // The clock stands still from the read that is kept: a slow machine must not outlast the kept read's second.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const asked = vi.spyOn(app.services.locations, "list");
    let read;
    let asks: number;
    try {
      expect((await owner.client.get(`/api/groups/${groupId}/locations`)).status).toBe(200);
      asked.mockClear();
      await first.client.post(`/api/groups/${groupId}/locations`, { ...here, notes: "Moved to the bridge" });
      await later.client.post(`/api/groups/${groupId}/locations`, ocean);
      await owner.client.post(`/api/groups/${groupId}/locations`, { latitude: 45.91, longitude: 6.14 });
      read = await later.client.get(`/api/groups/${groupId}/locations`);
    } finally {
      vi.useRealTimers();
      asks = asked.mock.calls.length;
      asked.mockRestore();
    }
    expect(asks).toBe(0);

    expect(read.body).toEqual(JSON.parse(JSON.stringify(await app.services.locations.list(groupId))));
    expect((read.body as Array<{ user: { firstName: string } }>).map((l) => l.user.firstName)).toEqual([
      "Ada",
      "Bo",
      "Cy",
    ]);
  });

  it("accepts the extremes of both ranges", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    for (const [latitude, longitude] of [
      [90, 180],
      [-90, -180],
      [0, 0],
    ] as const) {
      const res = await owner.client.post(`/api/groups/${groupId}/locations`, { latitude, longitude });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ latitude, longitude });
    }
  });

  it("only members read, write or stop sharing: 401, 403, 404, 400", async () => {
    const owner = await buildUser(app);
    const stranger = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    await owner.client.post(`/api/groups/${groupId}/locations`, here);
    const calls = [
      ["GET", (id: number | string) => `/api/groups/${id}/locations`, undefined],
      ["POST", (id: number | string) => `/api/groups/${id}/locations`, here],
      ["DELETE", (id: number | string) => `/api/groups/${id}/locations/me`, undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await app.client().request(method, path(groupId), body)).status).toBe(401);
      const refused = await stranger.client.request(method, path(groupId), body);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain(here.address);
      expect((await owner.client.request(method, path(424242), body)).status).toBe(404);
      expect((await owner.client.request(method, path(0), body)).status).toBe(400);
      expect((await owner.client.request(method, path("abc"), body)).status).toBe(400);
    }
    expect(await rowsOf(groupId, stranger.user.id)).toBe(0);
    expect(await rowsOf(groupId, owner.user.id)).toBe(1);
  });

  it("a write asks nothing about the membership before it: its own statement admits members, a refusal asks", async () => {
    const owner = await buildUser(app);
    const stranger = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    // Nothing remembered: the write is the first this instance hears of the owner's membership, as for a tracker
    // that posts less often than a grant lives.
    app.services.grants.clear();
    const asked = vi.spyOn(app.services.access, "group");
    try {
      expect((await owner.client.post(`/api/groups/${groupId}/locations`, here)).status).toBe(200);
      expect(asked).not.toHaveBeenCalled();
      // The write was a member's: the next read of the group needs no question either.
      expect((await owner.client.get(`/api/groups/${groupId}/locations`)).status).toBe(200);
      expect(asked).not.toHaveBeenCalled();

      // A stranger is told 403 (a missing group 404) before anything about their input, as if asked first.
      const bad = { latitude: 91, longitude: 0 };
      expect((await stranger.client.post(`/api/groups/${groupId}/locations`, here)).status).toBe(403);
      expect((await stranger.client.post(`/api/groups/${groupId}/locations`, bad)).status).toBe(403);
      expect((await owner.client.post(`/api/groups/424242/locations`, bad)).status).toBe(404);
      expect(asked).toHaveBeenCalledTimes(3);
      // A member's bad input is theirs to hear.
      const refused = await owner.client.post(`/api/groups/${groupId}/locations`, bad);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(VALIDATION.latitudeRange);
    } finally {
      asked.mockRestore();
    }
    expect(await rowsOf(groupId, stranger.user.id)).toBe(0);
  });

  it("stopping sharing deletes the location for everyone at once and tells the room; doing it twice is harmless", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    await member.client.post(`/api/groups/${groupId}/locations`, here);
    await owner.client.post(`/api/groups/${groupId}/locations`, ocean);
    events.length = 0;

    const res = await member.client.delete(`/api/groups/${groupId}/locations/me`);
    expect(res.status).toBe(204);
    expect(events).toEqual([
      {
        room: `group:${groupId}`,
        event: "location:updated",
        payload: { groupId, userId: member.user.id, removed: true },
      },
    ]);
    expect(await rowsOf(groupId, member.user.id)).toBe(0);
    const list = await owner.client.get(`/api/groups/${groupId}/locations`);
    expect(list.body.map((l: { userId: string }) => l.userId)).toEqual([owner.user.id]);

    events.length = 0;
    expect((await member.client.delete(`/api/groups/${groupId}/locations/me`)).status).toBe(204);
    expect(events).toEqual([]);
  });

  it("a location is deleted when its member leaves and when the group is deleted, and never stored for a non-member", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    await member.client.post(`/api/groups/${groupId}/locations`, here);
    await owner.client.post(`/api/groups/${groupId}/locations`, here);

    await app.db.getRepository(GroupMembership).delete({ groupId, userId: member.user.id });
    expect(await rowsOf(groupId, member.user.id)).toBe(0);
    expect(await rowsOf(groupId, owner.user.id)).toBe(1);

    // The write path itself refuses a location without a membership, even past the access check.
    await expect(app.services.locations.update(groupId, member.user.id, here)).rejects.toMatchObject({ status: 403 });
    expect(await rowsOf(groupId, member.user.id)).toBe(0);

    await app.db.getRepository(Group).delete({ id: groupId });
    expect(await app.db.getRepository(UserLocation).countBy({ groupId })).toBe(0);
  });

  it("keeps one location per group: sharing in one group does not show or replace it in another", async () => {
    const owner = await buildUser(app);
    const a = await buildGroup(app, owner);
    const b = await buildGroup(app, owner);
    await owner.client.post(`/api/groups/${a}/locations`, here);
    await owner.client.post(`/api/groups/${b}/locations`, ocean);
    expect((await owner.client.get(`/api/groups/${a}/locations`)).body[0]).toMatchObject(here);
    // The product stores coordinates as real (float4): about a metre of rounding at this longitude.
    const inB = (await owner.client.get(`/api/groups/${b}/locations`)).body[0];
    expect(inB.latitude).toBeCloseTo(ocean.latitude, 4);
    expect(inB.longitude).toBeCloseTo(ocean.longitude, 4);
    await owner.client.delete(`/api/groups/${b}/locations/me`);
    expect((await owner.client.get(`/api/groups/${a}/locations`)).body).toHaveLength(1);
  });

  it("without an address near a town, the address is the offline gazetteer's 'near {town}, {region}, {country}'", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    // A few hundred metres from Annecy's centre.
    const res = await owner.client.post(`/api/groups/${groupId}/locations`, { latitude: 45.902, longitude: 6.125 });
    expect(res.status).toBe(200);
    expect(res.body.address).toMatch(/^near Annecy, .+, France$/);
    const [raw] = await app.db.query(`SELECT address FROM user_locations WHERE group_id = $1`, [groupId]);
    expect(raw.address).toMatch(/^v1:/);
  });

  it("a town's name given by the gazetteer is stored as one ciphertext; an address typed is encrypted afresh", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    const stored = async () =>
      (
        (await app.db.query(`SELECT address FROM user_locations WHERE group_id = $1 ORDER BY user_id`, [
          groupId,
        ])) as Array<{
          address: string;
        }>
      ).map((r) => r.address);

    // Two members a street apart in Annecy: the same name, computed from their coordinates.
    await owner.client.post(`/api/groups/${groupId}/locations`, { latitude: 45.902, longitude: 6.125 });
    await member.client.post(`/api/groups/${groupId}/locations`, { latitude: 45.9025, longitude: 6.1255 });
    const [a, b] = await stored();
    expect(a).toMatch(/^v1:/);
    expect(a).toBe(b);
    expect(
      (await owner.client.get(`/api/groups/${groupId}/locations`)).body.map((l: { address: string }) => l.address),
    ).toEqual([expect.stringMatching(/^near Annecy, /), expect.stringMatching(/^near Annecy, /)]);

    // The same text typed by both: never the same ciphertext.
    for (const client of [owner.client, member.client]) {
      await client.post(`/api/groups/${groupId}/locations`, { ...here, address: "Pont des Amours" });
    }
    const [c, d] = await stored();
    expect(c).toMatch(/^v1:/);
    expect(c).not.toBe(d);
  });

  it("without an address, far from any town, the address is the coordinates to 4 decimals; blank text counts as none", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const res = await owner.client.post(`/api/groups/${groupId}/locations`, { ...ocean, address: "   ", notes: "  " });
    expect(res.status).toBe(200);
    expect(res.body.address).toBe("-30.1235, -140.6543");
    expect(res.body.notes).toBeNull();
  });

  it("trims the address and notes it is given", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const res = await owner.client.post(`/api/groups/${groupId}/locations`, {
      ...here,
      address: "  Quai  ",
      notes: " ok ",
    });
    expect(res.body).toMatchObject({ address: "Quai", notes: "ok" });
  });

  it("stores address and notes encrypted: the database never holds them in clear", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    await owner.client.post(`/api/groups/${groupId}/locations`, {
      ...here,
      address: "12 Secret Lane",
      notes: "blue door",
    });
    const [raw] = await app.db.query(`SELECT address, notes FROM user_locations WHERE group_id = $1`, [groupId]);
    expect(raw.address).toMatch(/^v1:/);
    expect(raw.notes).toMatch(/^v1:/);
    expect(raw.address + raw.notes).not.toMatch(/Secret|blue/);
    expect((await owner.client.get(`/api/groups/${groupId}/locations`)).body[0]).toMatchObject({
      address: "12 Secret Lane",
      notes: "blue door",
    });
  });
});
