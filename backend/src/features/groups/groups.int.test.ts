import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ERRORS, VALIDATION } from "@caravan/common";
import {
  ChecklistItem,
  Group,
  GroupChecklist,
  GroupInvite,
  GroupMembership,
  GroupMessage,
  TripProposal,
  TripProposalVote,
  UserLocation,
} from "../../db/entities/index.js";
import { buildGroup, recordRealtime, type PublishedEvent } from "../../../test/factories.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp, type TestClient } from "../../../test/harness.js";

let app: TestApp;
let events: PublishedEvent[];
let evicted: Array<{ room: string; userId?: string }>;
let owner: BuiltUser;
let member: BuiltUser;
let stranger: BuiltUser;

beforeAll(async () => {
  app = await startTestApp();
  events = recordRealtime(app);
  evicted = (app.services.realtime as unknown as { evicted: typeof evicted }).evicted;
  owner = await buildUser(app, { firstName: "Olga", lastName: "Owner" });
  member = await buildUser(app, { firstName: "Milo", lastName: "Member" });
  stranger = await buildUser(app, { firstName: "Sven", lastName: "Stranger" });
});
afterAll(() => app?.close());
beforeEach(() => {
  events.length = 0;
  evicted.length = 0;
});

const groupOf = () => buildGroup(app, owner, { members: [member] });

type Caller = "anonymous" | "stranger" | "member" | "owner";
const clientOf = (who: Caller): TestClient =>
  who === "anonymous" ? app.client() : { stranger, member, owner }[who].client;
const idOf = (who: Caller) => (who === "anonymous" ? "nobody" : { stranger, member, owner }[who].user.id);

interface RouteCase {
  name: string;
  method: string;
  path: (groupId: number, caller: Caller) => string;
  body?: unknown;
  expected: Record<Caller, number>;
}

const routes: RouteCase[] = [
  {
    name: "GET /api/groups",
    method: "GET",
    path: () => "/api/groups",
    expected: { anonymous: 401, stranger: 200, member: 200, owner: 200 },
  },
  {
    name: "GET /api/groups/stats",
    method: "GET",
    path: () => "/api/groups/stats",
    expected: { anonymous: 401, stranger: 200, member: 200, owner: 200 },
  },
  {
    name: "POST /api/groups",
    method: "POST",
    path: () => "/api/groups",
    body: { name: "Anyone may start a group" },
    expected: { anonymous: 401, stranger: 201, member: 201, owner: 201 },
  },
  {
    name: "GET /api/groups/:id",
    method: "GET",
    path: (id) => `/api/groups/${id}`,
    expected: { anonymous: 401, stranger: 403, member: 200, owner: 200 },
  },
  {
    name: "PATCH /api/groups/:id",
    method: "PATCH",
    path: (id) => `/api/groups/${id}`,
    body: { destinationName: "Lisbon" },
    expected: { anonymous: 401, stranger: 403, member: 200, owner: 200 },
  },
  {
    name: "GET /api/groups/:id/members",
    method: "GET",
    path: (id) => `/api/groups/${id}/members`,
    expected: { anonymous: 401, stranger: 403, member: 200, owner: 200 },
  },
  {
    name: "DELETE /api/groups/:id/members/:self",
    method: "DELETE",
    path: (id, caller) => `/api/groups/${id}/members/${idOf(caller)}`,
    expected: { anonymous: 401, stranger: 403, member: 204, owner: 409 },
  },
  {
    name: "DELETE /api/groups/:id",
    method: "DELETE",
    path: (id) => `/api/groups/${id}`,
    expected: { anonymous: 401, stranger: 403, member: 403, owner: 204 },
  },
];

const table = routes.flatMap((r) =>
  (["anonymous", "stranger", "member", "owner"] as const).map((who) => [r.name, who, r] as const),
);

describe("who may call what", () => {
  it.each(table)("%s as %s", async (_name, who, route) => {
    const groupId = await groupOf();
    const res = await clientOf(who).request(route.method, route.path(groupId, who), route.body);
    expect(res.status).toBe(route.expected[who]);
    if (res.status >= 400) expect(typeof res.body.message).toBe("string");
  });

  const groupScoped = routes.filter((r) => r.name.includes(":id"));
  it.each(groupScoped.map((r) => [r.name, r] as const))(
    "%s: 400 for a malformed id, 404 for an unknown group",
    async (_name, route) => {
      const path = (id: string) => route.path(1, "member").replace("/api/groups/1", `/api/groups/${id}`);
      const malformed = await member.client.request(route.method, path("abc"), route.body);
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe(ERRORS.invalidId);
      const unknown = await member.client.request(route.method, path("999999"), route.body);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(ERRORS.groupNotFound);
    },
  );

  it("a stranger learns nothing about the group from the refusal", async () => {
    const groupId = await groupOf();
    const res = await stranger.client.get(`/api/groups/${groupId}`);
    expect(res.body).toEqual({ message: ERRORS.notGroupMember });
  });
});

describe("creating a group", () => {
  it("stores every field of the Create dialog and makes the caller its owner, in one go", async () => {
    const payload = {
      name: "  European Adventure  ",
      description: "Trains from Lisbon to Vienna",
      status: "active",
      startDate: "2027-06-01T12:00:00.000Z",
      endDate: "2027-06-21T12:00:00.000Z",
      coverImageUrl: "https://images.example.com/alps.jpg",
      destinationName: "Vienna",
      destinationAddress: "Vienna, Austria",
      destinationLatitude: 48.2082,
      destinationLongitude: 16.3738,
      destinationPlaceId: "geonames:2761369",
      // Never taken from the client:
      id: 4242,
      ownerId: stranger.user.id,
      createdAt: "2000-01-01T00:00:00.000Z",
    };
    const res = await owner.client.post("/api/groups", payload);
    expect(res.status).toBe(201);
    const group = res.body;
    expect(group).toEqual({
      id: expect.any(Number),
      name: "European Adventure",
      description: "Trains from Lisbon to Vienna",
      coverImageUrl: "https://images.example.com/alps.jpg",
      ownerId: owner.user.id,
      status: "active",
      startDate: "2027-06-01T12:00:00.000Z",
      endDate: "2027-06-21T12:00:00.000Z",
      destinationName: "Vienna",
      destinationAddress: "Vienna, Austria",
      destinationLatitude: expect.closeTo(48.2082, 3),
      destinationLongitude: expect.closeTo(16.3738, 3),
      destinationPlaceId: "geonames:2761369",
      arrivalRadiusMeters: 300,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(group.id).not.toBe(4242);
    expect(new Date(group.createdAt).getFullYear()).toBeGreaterThan(2000);
    expect((await owner.client.get(`/api/groups/${group.id}`)).body).toEqual(group);
    const members = (await owner.client.get(`/api/groups/${group.id}/members`)).body;
    expect(members).toEqual([expect.objectContaining({ userId: owner.user.id, role: "owner" })]);
  });

  it("defaults to planning and stores empty optional fields as none", async () => {
    const res = await owner.client.post("/api/groups", {
      name: "Weekend",
      description: "",
      coverImageUrl: "",
      startDate: "",
      endDate: null,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "planning",
      description: null,
      coverImageUrl: null,
      startDate: null,
      endDate: null,
      destinationName: null,
      destinationLatitude: null,
    });
  });

  it.each([
    [{}, VALIDATION.groupNameRequired],
    [{ name: "   " }, VALIDATION.groupNameRequired],
    [{ name: 42 }, VALIDATION.groupNameRequired],
    [{ name: "x".repeat(256) }, VALIDATION.groupNameTooLong],
    [{ name: "ok", status: "finalized" }, VALIDATION.groupStatusInvalid],
    [{ name: "ok", startDate: "next tuesday" }, VALIDATION.invalidDate],
    [{ name: "ok", startDate: "2027-02-30" }, VALIDATION.invalidDate],
    [{ name: "ok", startDate: "2027-06-10", endDate: "2027-06-01" }, VALIDATION.endBeforeStart],
    [{ name: "ok", coverImageUrl: "http://example.com/a.jpg" }, VALIDATION.coverImageUrlHttps],
    [{ name: "ok", coverImageUrl: "javascript:alert(1)" }, VALIDATION.coverImageUrlHttps],
    [{ name: "ok", coverImageUrl: `https://e.com/${"a".repeat(2100)}` }, VALIDATION.coverImageUrlTooLong],
    [{ name: "ok", description: "d".repeat(5001) }, VALIDATION.descriptionTooLong],
    [{ name: "ok", destinationName: "n".repeat(501) }, VALIDATION.destinationTooLong],
    [{ name: "ok", destinationLatitude: 90.5 }, VALIDATION.latitudeRange],
    [{ name: "ok", destinationLatitude: "north" }, VALIDATION.latitudeRange],
    [{ name: "ok", destinationLongitude: -181 }, VALIDATION.longitudeRange],
    [{ name: "ok", destinationPlaceId: "p".repeat(256) }, VALIDATION.placeIdTooLong],
  ])("%j -> 400 %s", async (body, message) => {
    const before = await app.db.getRepository(Group).count();
    const res = await owner.client.post("/api/groups", body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await app.db.getRepository(Group).count()).toBe(before);
  });

  it("refuses a body that is not an object", async () => {
    const res = await owner.client.post("/api/groups", [{ name: "x" }]);
    expect(res.status).toBe(400);
  });
});

describe("the dashboard list", () => {
  it("lists only the caller's groups, newest first, with member count and first four members, owner first", async () => {
    const solo = await buildUser(app, { firstName: "Ana" });
    const friends = await Promise.all([1, 2, 3, 4, 5].map((n) => buildUser(app, { firstName: `Friend${n}` })));
    const older = await buildGroup(app, solo, { name: "Older" });
    const big = await buildGroup(app, owner, { name: "Big", members: [...friends, solo] });
    await buildGroup(app, stranger, { name: "Not hers" });
    await app.db.getRepository(Group).update({ id: older }, { createdAt: new Date("2020-01-01T00:00:00Z") });

    const res = await solo.client.get("/api/groups");
    expect(res.status).toBe(200);
    expect(res.body.map((g: { name: string }) => g.name)).toEqual(["Big", "Older"]);
    const [card, mine] = res.body;
    expect(card.id).toBe(big);
    expect(card.memberCount).toBe(7);
    expect(card.members).toHaveLength(4);
    expect(card.members[0]).toEqual({
      userId: owner.user.id,
      firstName: "Olga",
      lastName: "Owner",
      profileImageUrl: null,
    });
    expect(card.members.slice(1).map((m: { firstName: string }) => m.firstName)).toEqual([
      "Friend1",
      "Friend2",
      "Friend3",
    ]);
    for (const m of card.members)
      expect(Object.keys(m).sort()).toEqual(["firstName", "lastName", "profileImageUrl", "userId"]);
    expect(mine).toMatchObject({
      id: older,
      memberCount: 1,
      members: [expect.objectContaining({ userId: solo.user.id })],
    });
  });

  it("costs the same number of queries for one group as for many (no query per card)", async () => {
    const countQueries = async (client: TestClient) => {
      const logger = app.db.logger;
      let n = 0;
      const counting = Object.create(logger, {
        logQuery: { value: (...args: Parameters<typeof logger.logQuery>) => ((n += 1), logger.logQuery(...args)) },
      });
      Object.defineProperty(app.db, "logger", { value: counting, configurable: true, writable: true });
      try {
        expect((await client.get("/api/groups")).status).toBe(200);
      } finally {
        Object.defineProperty(app.db, "logger", { value: logger, configurable: true, writable: true });
      }
      return n;
    };
    const one = await buildUser(app);
    const many = await buildUser(app);
    await buildGroup(app, one, { members: [member] });
    for (let i = 0; i < 6; i += 1) await buildGroup(app, many, { members: [member, stranger] });
    const forOne = await countQueries(one.client);
    expect(forOne).toBeGreaterThan(0);
    expect(await countQueries(many.client)).toBe(forOne);
  });

  it("counts messages of the last 24 hours in the caller's groups only", async () => {
    const reader = await buildUser(app);
    const mine = await buildGroup(app, owner, { members: [reader] });
    const alsoMine = await buildGroup(app, reader);
    const notMine = await buildGroup(app, stranger);
    const messages = app.db.getRepository(GroupMessage);
    expect((await reader.client.get("/api/groups/stats")).body).toEqual({ recentMessages: 0 });
    await messages.save([
      { groupId: mine, userId: owner.user.id, content: "hello" },
      { groupId: mine, userId: reader.user.id, content: "hi" },
      { groupId: alsoMine, userId: reader.user.id, content: "note to self" },
      { groupId: notMine, userId: stranger.user.id, content: "elsewhere" },
    ]);
    const old = await messages.save({ groupId: mine, userId: owner.user.id, content: "last week" });
    await app.db.query(`UPDATE group_messages SET created_at = now() - interval '25 hours' WHERE id = $1`, [old.id]);
    expect((await reader.client.get("/api/groups/stats")).body).toEqual({ recentMessages: 3 });
  });
});

describe("one group", () => {
  it("members see the group; the member list puts the owner first and shows fellow members' e-mails only", async () => {
    const groupId = await groupOf();
    const res = await member.client.get(`/api/groups/${groupId}/members`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        userId: owner.user.id,
        role: "owner",
        joinedAt: expect.any(String),
        arrivedAt: null,
        user: { firstName: "Olga", lastName: "Owner", email: owner.user.email, profileImageUrl: null },
      },
      {
        userId: member.user.id,
        role: "member",
        joinedAt: expect.any(String),
        arrivedAt: null,
        user: { firstName: "Milo", lastName: "Member", email: member.user.email, profileImageUrl: null },
      },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(stranger.user.email);
    expect(JSON.stringify(res.body)).not.toMatch(/hashedPassword|argon2/);
  });

  it("any member changes the main destination; only destination fields change; the room hears group:updated", async () => {
    const groupId = await groupOf();
    const before = (await owner.client.get(`/api/groups/${groupId}`)).body;
    const res = await member.client.patch(`/api/groups/${groupId}`, {
      destinationName: "Porto",
      destinationAddress: "Porto, Portugal",
      destinationLatitude: 41.1579,
      destinationLongitude: -8.6291,
      destinationPlaceId: "geonames:2735943",
      ownerId: member.user.id,
      createdAt: "2001-01-01T00:00:00.000Z",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: before.name,
      status: before.status,
      ownerId: owner.user.id,
      destinationName: "Porto",
      destinationAddress: "Porto, Portugal",
      destinationPlaceId: "geonames:2735943",
    });
    expect(res.body.destinationLatitude).toBeCloseTo(41.1579, 3);
    expect((await owner.client.get(`/api/groups/${groupId}`)).body).toEqual(res.body);
    expect(events).toEqual([
      { room: `group:${groupId}`, event: "group:updated", payload: res.body },
      {
        room: `user:${owner.user.id}`,
        event: "notification:created",
        payload: expect.objectContaining({
          kind: "destination-changed",
          text: `Milo set ${before.name}'s destination to Porto`,
        }),
      },
    ]);

    const cleared = await owner.client.patch(`/api/groups/${groupId}`, {
      destinationName: null,
      destinationAddress: "",
    });
    expect(cleared.body).toMatchObject({
      destinationName: null,
      destinationAddress: null,
      destinationPlaceId: "geonames:2735943",
    });
  });

  it.each([
    [{ destinationLatitude: -91 }, VALIDATION.latitudeRange],
    [{ destinationLongitude: 180.01 }, VALIDATION.longitudeRange],
    [{ destinationName: "n".repeat(501) }, VALIDATION.destinationTooLong],
    [{ destinationAddress: "a".repeat(1001) }, VALIDATION.addressTooLong],
  ])("PATCH %j -> 400 %s and nothing changes", async (body, message) => {
    const groupId = await groupOf();
    const res = await member.client.patch(`/api/groups/${groupId}`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(events).toEqual([]);
  });

  it("the owner edits the name, description, status and dates; the room hears group:updated", async () => {
    // Active, as the Create dialog makes a group by default.
    const groupId = await buildGroup(app, owner, { members: [member], status: "active" });
    const res = await owner.client.patch(`/api/groups/${groupId}`, {
      name: "  Alps by Rail  ",
      description: "Slow trains, high passes",
      status: "planning",
      startDate: "2027-07-01T12:00:00.000Z",
      endDate: "2027-07-14T12:00:00.000Z",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Alps by Rail",
      description: "Slow trains, high passes",
      status: "planning",
      startDate: "2027-07-01T12:00:00.000Z",
      endDate: "2027-07-14T12:00:00.000Z",
      ownerId: owner.user.id,
    });
    expect((await member.client.get(`/api/groups/${groupId}`)).body).toEqual(res.body);
    expect(events).toEqual([{ room: `group:${groupId}`, event: "group:updated", payload: res.body }]);

    // A planning group takes proposals: the way a group created as active gets to vote.
    expect((await member.client.post(`/api/groups/${groupId}/proposals`, { destinationName: "Zermatt" })).status).toBe(
      201,
    );

    // null clears the description and a date; the same values again change nothing and tell nobody.
    events.length = 0;
    const cleared = await owner.client.patch(`/api/groups/${groupId}`, { description: "", endDate: null });
    expect(cleared.body).toMatchObject({ description: null, endDate: null, startDate: "2027-07-01T12:00:00.000Z" });
    events.length = 0;
    const same = await owner.client.patch(`/api/groups/${groupId}`, {
      name: "Alps by Rail",
      status: "planning",
      startDate: "2027-07-01",
    });
    expect(same.status).toBe(200);
    expect(same.body.startDate).toBe("2027-07-01T00:00:00.000Z");
    events.length = 0;
    expect((await owner.client.patch(`/api/groups/${groupId}`, { name: "Alps by Rail" })).status).toBe(200);
    expect(events).toEqual([]);
  });

  it.each([
    [{ name: "Renamed" }],
    [{ description: "Taken over" }],
    [{ description: null }],
    [{ status: "completed" }],
    [{ startDate: "2027-07-01T12:00:00.000Z" }],
    [{ endDate: null }],
    [{ arrivalRadiusMeters: 500 }],
    [{ destinationName: "Porto", name: "Renamed with the destination" }],
  ])("a member who is not the owner sends %j: 403, and nothing changes", async (body) => {
    const groupId = await buildGroup(app, owner, {
      members: [member],
      description: "Kept",
      startDate: new Date("2027-06-01T12:00:00Z"),
      endDate: new Date("2027-06-21T12:00:00Z"),
    });
    const before = (await owner.client.get(`/api/groups/${groupId}`)).body;
    const res = await member.client.patch(`/api/groups/${groupId}`, body);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ERRORS.ownerOnly);
    expect((await owner.client.get(`/api/groups/${groupId}`)).body).toEqual(before);
    expect(events).toEqual([]);
  });

  it.each([
    [{ name: "" }, "name", VALIDATION.groupNameRequired],
    [{ name: "   " }, "name", VALIDATION.groupNameRequired],
    [{ name: null }, "name", VALIDATION.groupNameRequired],
    [{ name: "x".repeat(256) }, "name", VALIDATION.groupNameTooLong],
    [{ description: "d".repeat(5001) }, "description", VALIDATION.descriptionTooLong],
    [{ status: "finalized" }, "status", VALIDATION.groupStatusInvalid],
    [{ status: null }, "status", VALIDATION.groupStatusInvalid],
    [{ startDate: "2027-02-30" }, "startDate", VALIDATION.invalidDate],
    [{ startDate: "2027-07-01", endDate: "2027-06-01" }, "endDate", VALIDATION.endBeforeStart],
    // Sent alone, each date is checked against the other as stored (June 1 to 21).
    [{ endDate: "2027-05-01T12:00:00.000Z" }, "endDate", VALIDATION.endBeforeStart],
    [{ startDate: "2027-07-01T12:00:00.000Z" }, "endDate", VALIDATION.endBeforeStart],
  ])("the owner's PATCH %j -> 400 on %s, and nothing changes", async (body, field, message) => {
    const groupId = await buildGroup(app, owner, {
      members: [member],
      startDate: new Date("2027-06-01T12:00:00Z"),
      endDate: new Date("2027-06-21T12:00:00Z"),
    });
    const before = (await owner.client.get(`/api/groups/${groupId}`)).body;
    const res = await owner.client.patch(`/api/groups/${groupId}`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toMatchObject({ [field]: message });
    expect((await owner.client.get(`/api/groups/${groupId}`)).body).toEqual(before);
    expect(events).toEqual([]);
  });

  it("deleting takes everything of the group with it, tells the room, then empties it", async () => {
    const groupId = await groupOf();
    const other = await groupOf();
    const seed = async (id: number) => {
      await app.db.getRepository(GroupMessage).save({ groupId: id, userId: member.user.id, content: "see you" });
      await app.db.getRepository(UserLocation).save({ groupId: id, userId: member.user.id, latitude: 1, longitude: 2 });
      await app.db.getRepository(GroupInvite).save({
        groupId: id,
        inviterUserId: owner.user.id,
        inviteToken: `tok-${id}`,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      const list = await app.db.getRepository(GroupChecklist).save({ groupId: id, title: "Pack" });
      await app.db.getRepository(ChecklistItem).save({ checklistId: list.id, text: "Socks" });
      const proposal = await app.db
        .getRepository(TripProposal)
        .save({ groupId: id, proposedBy: member.user.id, destinationName: "Oslo" });
      await app.db
        .getRepository(TripProposalVote)
        .save({ proposalId: proposal.id, userId: owner.user.id, vote: "yes" });
    };
    await seed(groupId);
    await seed(other);
    const counts = async (id: number) => {
      const q = async (sql: string) => Number((await app.db.query(sql, [id]))[0].n);
      return [
        await q(`SELECT count(*) AS n FROM group_memberships WHERE group_id = $1`),
        await q(`SELECT count(*) AS n FROM group_messages WHERE group_id = $1`),
        await q(`SELECT count(*) AS n FROM user_locations WHERE group_id = $1`),
        await q(`SELECT count(*) AS n FROM group_invites WHERE group_id = $1`),
        await q(
          `SELECT count(*) AS n FROM checklist_items i JOIN group_checklists c ON c.id = i.checklist_id WHERE c.group_id = $1`,
        ),
        await q(
          `SELECT count(*) AS n FROM trip_proposal_votes v JOIN trip_proposals p ON p.id = v.proposal_id WHERE p.group_id = $1`,
        ),
      ];
    };
    expect(await counts(groupId)).toEqual([2, 1, 1, 1, 1, 1]);

    const res = await owner.client.delete(`/api/groups/${groupId}`);
    expect(res.status).toBe(204);
    expect(await app.db.getRepository(Group).findOneBy({ id: groupId })).toBeNull();
    expect(await counts(groupId)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await app.db.query(`SELECT 1 FROM group_checklists WHERE group_id = $1`, [groupId])).toEqual([]);
    expect(await app.db.query(`SELECT 1 FROM trip_proposals WHERE group_id = $1`, [groupId])).toEqual([]);
    expect(await counts(other)).toEqual([2, 1, 1, 1, 1, 1]);
    expect(events).toEqual([{ room: `group:${groupId}`, event: "group:deleted", payload: { groupId } }]);
    expect(evicted).toEqual([{ room: `group:${groupId}`, userId: undefined }]);
    expect((await member.client.get(`/api/groups/${groupId}`)).status).toBe(404);
  });

  it("a member who leaves loses access and their shared location; the room hears member:left", async () => {
    const groupId = await groupOf();
    await app.db.getRepository(UserLocation).save({ groupId, userId: member.user.id, latitude: 10, longitude: 20 });
    const res = await member.client.delete(`/api/groups/${groupId}/members/${member.user.id}`);
    expect(res.status).toBe(204);
    expect(await app.db.getRepository(GroupMembership).countBy({ groupId, userId: member.user.id })).toBe(0);
    expect(await app.db.getRepository(UserLocation).countBy({ groupId, userId: member.user.id })).toBe(0);
    expect((await member.client.get(`/api/groups/${groupId}`)).status).toBe(403);
    expect((await member.client.get("/api/groups")).body.map((g: { id: number }) => g.id)).not.toContain(groupId);
    expect(events).toEqual([
      { room: `group:${groupId}`, event: "member:left", payload: { groupId, userId: member.user.id } },
      {
        room: `user:${owner.user.id}`,
        event: "notification:created",
        payload: expect.objectContaining({ kind: "member-left", text: expect.stringMatching(/^Milo left /) }),
      },
    ]);
    expect(evicted).toEqual([{ room: `group:${groupId}`, userId: member.user.id }]);
  });

  it("a member removes nobody else (the owner does: invite-management tests), and the owner is told to delete rather than leave", async () => {
    const groupId = await groupOf();
    const kick = await member.client.delete(`/api/groups/${groupId}/members/${owner.user.id}`);
    expect(kick).toMatchObject({ status: 403, body: { message: ERRORS.leaveSelfOnly } });
    const ownerLeave = await owner.client.delete(`/api/groups/${groupId}/members/${owner.user.id}`);
    expect(ownerLeave).toMatchObject({ status: 409, body: { message: ERRORS.ownerCannotLeave } });
    expect(await app.db.getRepository(GroupMembership).countBy({ groupId })).toBe(2);
    expect(events).toEqual([]);
  });
});
