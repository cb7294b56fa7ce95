import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARRIVAL_RADIUS_DEFAULT_METERS, ERRORS, NOTIFICATIONS_PAGE_SIZE, VALIDATION } from "@caravan/common";
import { Group, Notification } from "../../db/entities/index.js";
import { buildGroup, recordRealtime, type PublishedEvent } from "../../../test/factories.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../../test/harness.js";

let app: TestApp;
let events: PublishedEvent[];
beforeAll(async () => {
  app = await startTestApp();
  events = recordRealtime(app);
});
afterAll(() => app?.close());

/** Annecy's lake front; a degree of latitude is about 111 km, so 0.001° is about 111 m. */
const annecy = { latitude: 45.9, longitude: 6.13 };
const north = (meters: number) => ({ latitude: annecy.latitude + meters / 111_195, longitude: annecy.longitude });

async function groupWithDestination(owner: BuiltUser, members: BuiltUser[], radius?: number): Promise<number> {
  const groupId = await buildGroup(app, owner, { members, name: "Lake trip" });
  await app.db.getRepository(Group).update(
    { id: groupId },
    {
      destinationName: "Annecy",
      destinationLatitude: annecy.latitude,
      destinationLongitude: annecy.longitude,
      ...(radius ? { arrivalRadiusMeters: radius } : {}),
    },
  );
  return groupId;
}

const feed = async (who: BuiltUser) => {
  const res = await who.client.get("/api/notifications");
  expect(res.status).toBe(200);
  return res.body as {
    notifications: Array<{ id: number; kind: string; text: string; groupId: number; readAt: string | null }>;
    nextCursor: number | null;
    unreadCount: number;
  };
};
const texts = async (who: BuiltUser) => (await feed(who)).notifications.map((n) => n.text);
const move = (who: BuiltUser, groupId: number, at: { latitude: number; longitude: number }) =>
  who.client.post(`/api/groups/${groupId}/locations`, at).then((r) => expect(r.status).toBe(200));
const systemLines = async (who: BuiltUser, groupId: number) =>
  (
    (await who.client.get(`/api/groups/${groupId}/messages`)).body.messages as Array<{
      messageType: string;
      content: string;
      userId: string | null;
      user: unknown;
    }>
  ).filter((m) => m.messageType === "system");

describe("arrivals", () => {
  it("the first location inside the radius raises one arrival for the others, a system line and the member's arrival time", async () => {
    const owner = await buildUser(app, { firstName: "Ola" });
    const mia = await buildUser(app, { firstName: "Mia" });
    const third = await buildUser(app);
    const groupId = await groupWithDestination(owner, [mia, third]);
    events.length = 0;

    await move(mia, groupId, north(5_000));
    expect(await texts(owner)).toEqual([]);
    await move(mia, groupId, north(200));
    await move(mia, groupId, north(100));
    await move(mia, groupId, north(500)); // inside twice the radius: still there

    for (const other of [owner, third]) {
      const { notifications, unreadCount } = await feed(other);
      expect(notifications).toMatchObject([{ kind: "arrival", text: "Mia arrived at Annecy", groupId, readAt: null }]);
      expect(unreadCount).toBe(1);
    }
    expect(await texts(mia)).toEqual([]);
    const lines = await systemLines(owner, groupId);
    expect(lines).toEqual([expect.objectContaining({ content: "Mia arrived at Annecy", userId: null, user: null })]);
    const pushed = events.filter((e) => e.event === "notification:created");
    expect(pushed.map((e) => e.room).sort()).toEqual([`user:${owner.user.id}`, `user:${third.user.id}`].sort());
    expect(events.filter((e) => e.event === "member:arrived")).toHaveLength(1);

    const members = (await owner.client.get(`/api/groups/${groupId}/members`)).body as Array<{
      userId: string;
      arrivedAt: string | null;
    }>;
    expect(members.find((m) => m.userId === mia.user.id)!.arrivedAt).not.toBeNull();
    expect(members.find((m) => m.userId === owner.user.id)!.arrivedAt).toBeNull();
  });

  it("leaving beyond twice the radius and coming back raises a new arrival; the edge band does not", async () => {
    const owner = await buildUser(app);
    const mia = await buildUser(app, { firstName: "Mia" });
    const groupId = await groupWithDestination(owner, [mia]);
    await move(mia, groupId, north(0));
    await move(mia, groupId, north(2 * ARRIVAL_RADIUS_DEFAULT_METERS - 50)); // jitter near the edge
    await move(mia, groupId, north(100));
    expect(await texts(owner)).toHaveLength(1);
    await move(mia, groupId, north(2 * ARRIVAL_RADIUS_DEFAULT_METERS + 100));
    const gone = (await owner.client.get(`/api/groups/${groupId}/members`)).body as Array<{
      userId: string;
      arrivedAt: string | null;
    }>;
    expect(gone.find((m) => m.userId === mia.user.id)!.arrivedAt).toBeNull();
    await move(mia, groupId, north(50));
    expect(await texts(owner)).toEqual(["Mia arrived at Annecy", "Mia arrived at Annecy"]);
    expect(await systemLines(owner, groupId)).toHaveLength(2);
  });

  it("a tracker app's point arrives like a browser's: OwnTracks in HTTP mode, sharing switched on in the group", async () => {
    const owner = await buildUser(app, { firstName: "Ola" });
    const mia = await buildUser(app, { firstName: "Mia" });
    const groupId = await groupWithDestination(owner, [mia]);
    const token = (await mia.client.post("/api/trackers", { name: "Phone" })).body.token as string;
    expect((await mia.client.put(`/api/groups/${groupId}/tracker-sharing`, { enabled: true })).status).toBe(200);
    const at = north(80);
    // The booklet's location message, with the token as the Basic-auth password and X-Limit-U / X-Limit-D.
    const res = await fetch(`${app.url}/api/ingest/owntracks`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Basic ${Buffer.from(`mia:${token}`).toString("base64")}`,
        "x-limit-u": "mia",
        "x-limit-d": "phone",
      },
      body: JSON.stringify({
        _type: "location",
        lat: at.latitude,
        lon: at.longitude,
        tst: Math.floor(Date.now() / 1000),
        acc: 10,
        tid: "mi",
        batt: 80,
        conn: "m",
      }),
    });
    expect(res.status).toBe(200);
    expect(await texts(owner)).toEqual(["Mia arrived at Annecy"]);
    expect(await systemLines(owner, groupId)).toEqual([expect.objectContaining({ content: "Mia arrived at Annecy" })]);
  });

  it("a new destination starts over: a member already there arrives again at the next location", async () => {
    const owner = await buildUser(app, { firstName: "Ola" });
    const mia = await buildUser(app, { firstName: "Mia" });
    const groupId = await groupWithDestination(owner, [mia]);
    await move(mia, groupId, north(0));
    const patch = await owner.client.patch(`/api/groups/${groupId}`, {
      destinationName: "Talloires",
      destinationLatitude: annecy.latitude,
      destinationLongitude: annecy.longitude + 0.001,
    });
    expect(patch.status).toBe(200);
    await move(mia, groupId, north(0));
    expect(await texts(owner)).toEqual(["Mia arrived at Talloires", "Mia arrived at Annecy"]);
    expect(await texts(mia)).toEqual(["Ola set Lake trip's destination to Talloires"]);
  });

  it("the radius is the group's: 50 m means 100 m away is not there yet", async () => {
    const owner = await buildUser(app);
    const mia = await buildUser(app, { firstName: "Mia" });
    const groupId = await groupWithDestination(owner, [mia], 50);
    await move(mia, groupId, north(100));
    expect(await texts(owner)).toEqual([]);
    await move(mia, groupId, north(30));
    expect(await texts(owner)).toEqual(["Mia arrived at Annecy"]);
  });

  it("a group without a destination raises nothing", async () => {
    const owner = await buildUser(app);
    const mia = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [mia] });
    await move(mia, groupId, north(0));
    expect(await texts(owner)).toEqual([]);
  });
});

describe("arrival radius", () => {
  it("the owner sets it from 50 to 5000 metres; out of range or not a whole number is a 400 with the message", async () => {
    const owner = await buildUser(app);
    const groupId = await groupWithDestination(owner, []);
    for (const bad of [49, 5001, 120.5, "300", -1]) {
      const res = await owner.client.patch(`/api/groups/${groupId}`, { arrivalRadiusMeters: bad });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(VALIDATION.arrivalRadiusRange);
    }
    for (const ok of [50, 5000, 750]) {
      const res = await owner.client.patch(`/api/groups/${groupId}`, { arrivalRadiusMeters: ok });
      expect(res.status).toBe(200);
      expect(res.body.arrivalRadiusMeters).toBe(ok);
    }
    expect((await owner.client.get(`/api/groups/${groupId}`)).body.arrivalRadiusMeters).toBe(750);
  });

  it("a member who is not the owner cannot change it", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await groupWithDestination(owner, [member]);
    const res = await member.client.patch(`/api/groups/${groupId}`, { arrivalRadiusMeters: 1000 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ERRORS.ownerOnly);
    expect((await owner.client.get(`/api/groups/${groupId}`)).body.arrivalRadiusMeters).toBe(300);
  });
});

describe("notifications raised by each action", () => {
  it("joining, proposing, finalizing, changing the destination and leaving each notify the others, never the actor", async () => {
    const owner = await buildUser(app, { firstName: "Ola" });
    const mia = await buildUser(app, { firstName: "Mia" });
    const groupId = await buildGroup(app, owner, { name: "Lake trip" });

    const link = await owner.client.post(`/api/groups/${groupId}/invites/link`, {});
    expect(link.status).toBe(201);
    expect((await mia.client.post(`/api/invites/${link.body.inviteToken}/accept`, {})).status).toBe(200);
    expect(await texts(owner)).toEqual(["Mia joined Lake trip"]);
    expect(await texts(mia)).toEqual([]);

    const proposal = await mia.client.post(`/api/groups/${groupId}/proposals`, { destinationName: "Annecy" });
    expect(proposal.status).toBe(201);
    expect((await texts(owner))[0]).toBe("Mia proposed Annecy");

    await mia.client.post(`/api/proposals/${proposal.body.id}/vote`, { vote: "yes" });
    expect((await owner.client.post(`/api/groups/${groupId}/finalize/${proposal.body.id}`, {})).status).toBe(200);
    expect(await texts(mia)).toEqual(["Ola chose Annecy for Lake trip"]);

    expect((await mia.client.patch(`/api/groups/${groupId}`, { destinationName: "Talloires" })).status).toBe(200);
    expect((await texts(owner))[0]).toBe("Mia set Lake trip's destination to Talloires");

    expect((await mia.client.delete(`/api/groups/${groupId}/members/${mia.user.id}`)).status).toBe(204);
    const ownerFeed = await feed(owner);
    expect(ownerFeed.notifications.map((n) => n.kind)).toEqual([
      "member-left",
      "destination-changed",
      "proposal-created",
      "member-joined",
    ]);
    expect(ownerFeed.notifications[0]!.text).toBe("Mia left Lake trip");
    expect((await feed(mia)).notifications.map((n) => n.kind)).toEqual(["trip-finalized"]);
  });
});

describe("reading and marking", () => {
  it("newest first, 50 a page, then a cursor to the older ones", async () => {
    const owner = await buildUser(app);
    const mia = await buildUser(app, { firstName: "Mia" });
    const groupId = await buildGroup(app, owner, { members: [mia], name: "Paged trip" });
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 5; i++)
      await app.services.notifications.notifyGroup(groupId, mia.user.id, "member-joined", `n${i}`);
    const first = await feed(owner);
    expect(first.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.notifications[0]!.text).toBe(`n${NOTIFICATIONS_PAGE_SIZE + 4}`);
    expect(first.unreadCount).toBe(NOTIFICATIONS_PAGE_SIZE + 5);
    expect(first.nextCursor).toBe(first.notifications.at(-1)!.id);
    const older = await owner.client.get(`/api/notifications?before=${first.nextCursor}`);
    expect(older.body.notifications.map((n: { text: string }) => n.text)).toEqual(["n4", "n3", "n2", "n1", "n0"]);
    expect(older.body.nextCursor).toBeNull();
    expect((await owner.client.get(`/api/notifications?before=abc`)).status).toBe(400);
  });

  it("marks the given ones read, or all; nobody reads or marks another's notifications", async () => {
    const owner = await buildUser(app);
    const mia = await buildUser(app);
    const stranger = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [mia] });
    for (const t of ["a", "b", "c"])
      await app.services.notifications.notifyGroup(groupId, mia.user.id, "member-joined", t);
    const [c, b, a] = (await feed(owner)).notifications;

    expect((await stranger.client.get("/api/notifications")).body).toEqual({
      notifications: [],
      nextCursor: null,
      unreadCount: 0,
    });
    expect((await stranger.client.get(`/api/notifications?before=${a!.id}`)).body.notifications).toEqual([]);
    expect((await stranger.client.post("/api/notifications/read", { ids: [a!.id] })).status).toBe(204);
    expect((await stranger.client.post("/api/notifications/read", {})).status).toBe(204);
    expect((await feed(owner)).unreadCount).toBe(3);

    expect((await owner.client.post("/api/notifications/read", { ids: [b!.id] })).status).toBe(204);
    let mine = await feed(owner);
    expect(mine.unreadCount).toBe(2);
    expect(mine.notifications.find((n) => n.id === b!.id)!.readAt).not.toBeNull();
    expect(mine.notifications.find((n) => n.id === c!.id)!.readAt).toBeNull();

    expect((await owner.client.post("/api/notifications/read", {})).status).toBe(204);
    mine = await feed(owner);
    expect(mine.unreadCount).toBe(0);
    expect(mine.notifications.every((n) => n.readAt !== null)).toBe(true);
  });

  it("refuses bad bodies with the message, and visitors with 401", async () => {
    const owner = await buildUser(app);
    for (const ids of ["1", [0], [1.5], ["x"], Array.from({ length: 501 }, (_, i) => i + 1)]) {
      const res = await owner.client.post("/api/notifications/read", { ids });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(VALIDATION.notificationIdsInvalid);
    }
    const visitor = app.client();
    expect((await visitor.get("/api/notifications")).status).toBe(401);
    expect((await visitor.post("/api/notifications/read", {})).status).toBe(401);
  });

  it("deletes notifications older than 30 days", async () => {
    const owner = await buildUser(app);
    const mia = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [mia] });
    await app.services.notifications.notifyGroup(groupId, mia.user.id, "member-joined", "old");
    await app.services.notifications.notifyGroup(groupId, mia.user.id, "member-joined", "recent");
    const [recent, old] = (await feed(owner)).notifications;
    await app.db.query(`UPDATE notifications SET created_at = now() - interval '31 days' WHERE id = $1`, [old!.id]);
    await app.db.query(`UPDATE notifications SET created_at = now() - interval '29 days' WHERE id = $1`, [recent!.id]);
    expect(await app.services.notifications.purgeOld()).toBeGreaterThanOrEqual(1);
    expect(await texts(owner)).toEqual(["recent"]);
    expect(await app.db.getRepository(Notification).countBy({ id: old!.id })).toBe(0);
  });
});
