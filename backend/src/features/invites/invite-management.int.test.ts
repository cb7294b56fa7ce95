import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS, rooms, SUBSCRIBE_ERRORS } from "@caravan/common";
import { GroupMembership, UserLocation } from "../../db/entities/index.js";
import { buildGroup } from "../../../test/factories.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../../test/harness.js";
import { EventLog, openSocket, subscribe, type TestSocket } from "../../../test/sockets.js";

/** With TEST_REDIS_URL the app fans out through Redis, on channels of its own so parallel test files never meet. */
const redisEnv = (): Record<string, string> =>
  process.env.TEST_REDIS_URL
    ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `caravan-test-${randomBytes(6).toString("hex")}` }
    : {};

let app: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  app = await startTestApp(redisEnv());
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app?.close();
});

async function socketOf(user: BuiltUser): Promise<{ socket: TestSocket; log: EventLog }> {
  const socket = await openSocket(app.url, { as: user.client });
  sockets.push(socket);
  return { socket, log: new EventLog(socket) };
}

/** Events published before this marker reach the same connection before it. */
async function flush(log: EventLog, user: BuiltUser): Promise<void> {
  const marker = randomBytes(4).toString("hex");
  app.services.realtime.publish(rooms.user(user.user.id), "member:left", { groupId: 0, userId: marker });
  await log.waitFor("member:left", (e) => e.userId === marker);
}

const newLink = async (user: BuiltUser, groupId: number): Promise<string> => {
  const res = await user.client.post(`/api/groups/${groupId}/invites/link`, {});
  expect(res.status).toBe(201);
  return res.body.inviteToken;
};

describe("GET /api/groups/{id}/invites", () => {
  it("lists the owner's pending e-mail invites and links, with expiry, use count and who made them", async () => {
    const owner = await buildUser(app, { firstName: "Olga", lastName: "Owner" });
    const member = await buildUser(app, { firstName: "Max", lastName: "Member" });
    const groupId = await buildGroup(app, owner, { members: [member] });
    const token = await newLink(member, groupId);
    expect((await owner.client.post(`/api/groups/${groupId}/invites`, { email: "pal@example.com" })).status).toBe(201);
    const used = await owner.client.post(`/api/groups/${groupId}/invites`, { email: "used@example.com" });
    expect(used.status).toBe(201);
    // Another group's invites never show here.
    const elsewhere = await buildGroup(app, owner);
    await newLink(owner, elsewhere);

    for (const joiner of [await buildUser(app), await buildUser(app)]) {
      expect((await joiner.client.post(`/api/invites/${token}/accept`)).status).toBe(200);
    }
    const [usedRow] = (await app.db.query(`SELECT invite_token FROM group_invites WHERE email = $1`, [
      "used@example.com",
    ])) as Array<{ invite_token: string }>;
    expect((await (await buildUser(app)).client.post(`/api/invites/${usedRow!.invite_token}/accept`)).status).toBe(200);
    // An expired link is not pending.
    await app.db.query(
      `INSERT INTO group_invites (group_id, inviter_user_id, email, invite_token, expires_at)
      VALUES ($1, $2, NULL, $3, now() - interval '1 minute')`,
      [groupId, owner.user.id, randomBytes(32).toString("base64url")],
    );

    const res = await owner.client.get(`/api/groups/${groupId}/invites`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toEqual([
      {
        id: expect.any(Number),
        kind: "email",
        email: "pal@example.com",
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        useCount: 0,
        invitedBy: { firstName: "Olga", lastName: "Owner", email: owner.user.email, profileImageUrl: null },
      },
      {
        id: expect.any(Number),
        kind: "link",
        email: null,
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        useCount: 2,
        invitedBy: { firstName: "Max", lastName: "Member", email: member.user.email, profileImageUrl: null },
      },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(token);
    expect(new Date(res.body[1].expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it("is for the owner only: a member 403, a stranger 403, signed out 401", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const stranger = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    expect((await member.client.get(`/api/groups/${groupId}/invites`)).body).toEqual({ message: ERRORS.ownerOnly });
    expect((await member.client.get(`/api/groups/${groupId}/invites`)).status).toBe(403);
    expect((await stranger.client.get(`/api/groups/${groupId}/invites`)).status).toBe(403);
    expect((await app.client().get(`/api/groups/${groupId}/invites`)).status).toBe(401);
  });
});

describe("DELETE /api/groups/{id}/invites/{inviteId}", () => {
  it("revokes a link: it stops working at once, and people who joined through it stay", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const token = await newLink(owner, groupId);
    const early = await buildUser(app);
    expect((await early.client.post(`/api/invites/${token}/accept`)).status).toBe(200);
    const [invite] = (await owner.client.get(`/api/groups/${groupId}/invites`)).body;

    expect((await owner.client.delete(`/api/groups/${groupId}/invites/${invite.id}`)).status).toBe(204);
    expect((await app.client().get(`/api/invites/${token}`)).status).toBe(404);
    const late = await buildUser(app);
    const refused = await late.client.post(`/api/invites/${token}/accept`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: ERRORS.inviteNotFound });
    expect(await app.db.getRepository(GroupMembership).countBy({ groupId, userId: late.user.id })).toBe(0);
    expect(await app.db.getRepository(GroupMembership).countBy({ groupId, userId: early.user.id })).toBe(1);
    expect((await owner.client.get(`/api/groups/${groupId}/invites`)).body).toEqual([]);
  });

  it("revokes an e-mail invite", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    expect((await owner.client.post(`/api/groups/${groupId}/invites`, { email: "x@example.com" })).status).toBe(201);
    const [invite] = (await owner.client.get(`/api/groups/${groupId}/invites`)).body;
    const [row] = (await app.db.query(`SELECT invite_token FROM group_invites WHERE id = $1`, [invite.id])) as Array<{
      invite_token: string;
    }>;
    expect((await owner.client.delete(`/api/groups/${groupId}/invites/${invite.id}`)).status).toBe(204);
    expect((await (await buildUser(app)).client.post(`/api/invites/${row!.invite_token}/accept`)).status).toBe(404);
  });

  it("refuses members and strangers, and answers 404 for another group's invite or a missing one", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    const token = await newLink(owner, groupId);
    const [invite] = (await owner.client.get(`/api/groups/${groupId}/invites`)).body;
    expect((await member.client.delete(`/api/groups/${groupId}/invites/${invite.id}`)).status).toBe(403);
    expect((await (await buildUser(app)).client.delete(`/api/groups/${groupId}/invites/${invite.id}`)).status).toBe(
      403,
    );
    expect((await app.client().delete(`/api/groups/${groupId}/invites/${invite.id}`)).status).toBe(401);

    const otherOwner = await buildUser(app);
    const otherGroup = await buildGroup(app, otherOwner);
    const foreign = await otherOwner.client.delete(`/api/groups/${otherGroup}/invites/${invite.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: ERRORS.inviteGone });
    expect((await owner.client.delete(`/api/groups/${groupId}/invites/2147483647`)).status).toBe(404);
    expect((await owner.client.delete(`/api/groups/${groupId}/invites/abc`)).status).toBe(400);
    // Nothing was revoked by the refused calls.
    expect((await app.client().get(`/api/invites/${token}`)).status).toBe(200);
  });
});

describe("DELETE /api/groups/{id}/members/{userId} by the owner", () => {
  it("removes the member: sockets leave the room at once, location deleted, member:left published", async () => {
    const owner = await buildUser(app);
    const stays = await buildUser(app);
    const removed = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [stays, removed] });
    const location = { latitude: 45.9, longitude: 6.87, address: "Chamonix", notes: null };
    expect((await removed.client.post(`/api/groups/${groupId}/locations`, location)).status).toBe(200);
    const watcher = await socketOf(stays);
    const gone = await socketOf(removed);
    expect(await subscribe(watcher.socket, { groupId })).toEqual({ ok: true });
    expect(await subscribe(gone.socket, { groupId })).toEqual({ ok: true });

    const res = await owner.client.delete(`/api/groups/${groupId}/members/${removed.user.id}`);
    expect(res.status).toBe(204);
    expect(await watcher.log.waitFor("member:left")).toEqual({ groupId, userId: removed.user.id });
    expect(await app.db.getRepository(GroupMembership).countBy({ groupId, userId: removed.user.id })).toBe(0);
    expect(await app.db.getRepository(UserLocation).countBy({ groupId, userId: removed.user.id })).toBe(0);

    const message = { content: "after you went", messageType: "text" };
    expect((await owner.client.post(`/api/groups/${groupId}/messages`, message)).status).toBe(201);
    await watcher.log.waitFor("message:created");
    await flush(gone.log, removed);
    expect(gone.log.of("message:created")).toEqual([]);
    expect(await subscribe(gone.socket, { groupId })).toEqual({ ok: false, error: SUBSCRIBE_ERRORS.notMember });
    expect((await removed.client.get(`/api/groups/${groupId}`)).status).toBe(403);
    expect((await stays.client.get(`/api/groups/${groupId}/members`)).body.map((m: any) => m.userId)).toEqual([
      owner.user.id,
      stays.user.id,
    ]);
  });

  it("a removed member's old link lets them back in only once invited again", async () => {
    const owner = await buildUser(app);
    const removed = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const oldLink = await newLink(owner, groupId);
    expect((await removed.client.post(`/api/invites/${oldLink}/accept`)).status).toBe(200);
    expect((await owner.client.delete(`/api/groups/${groupId}/members/${removed.user.id}`)).status).toBe(204);

    const again = await removed.client.post(`/api/invites/${oldLink}/accept`);
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ message: ERRORS.removedFromGroup });
    expect(await app.db.getRepository(GroupMembership).countBy({ groupId, userId: removed.user.id })).toBe(0);
    // The old link still works for everybody else.
    expect((await (await buildUser(app)).client.post(`/api/invites/${oldLink}/accept`)).status).toBe(200);

    const newInvite = await newLink(owner, groupId);
    expect((await removed.client.post(`/api/invites/${newInvite}/accept`)).status).toBe(200);
    expect(await app.db.getRepository(GroupMembership).countBy({ groupId, userId: removed.user.id })).toBe(1);
  });

  it("a member who left on their own rejoins with the old link", async () => {
    const owner = await buildUser(app);
    const leaver = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const link = await newLink(owner, groupId);
    expect((await leaver.client.post(`/api/invites/${link}/accept`)).status).toBe(200);
    expect((await leaver.client.delete(`/api/groups/${groupId}/members/${leaver.user.id}`)).status).toBe(204);
    expect((await leaver.client.post(`/api/invites/${link}/accept`)).status).toBe(200);
  });

  it("the owner cannot remove themself; a member cannot remove others; unknown people are 404", async () => {
    const owner = await buildUser(app);
    const a = await buildUser(app);
    const b = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [a, b] });
    const self = await owner.client.delete(`/api/groups/${groupId}/members/${owner.user.id}`);
    expect(self.status).toBe(409);
    expect(self.body).toEqual({ message: ERRORS.ownerCannotLeave });
    const byMember = await a.client.delete(`/api/groups/${groupId}/members/${b.user.id}`);
    expect(byMember.status).toBe(403);
    expect(byMember.body).toEqual({ message: ERRORS.leaveSelfOnly });
    const stranger = await buildUser(app);
    for (const id of [stranger.user.id, "00000000-0000-4000-8000-000000000000", "not-a-user"]) {
      const res = await owner.client.delete(`/api/groups/${groupId}/members/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: ERRORS.memberNotFound });
    }
    // A NUL character is refused before any route sees it.
    const nul = await owner.client.delete(`/api/groups/${groupId}/members/%00`);
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({ message: ERRORS.nulCharacter });
    expect(await app.db.getRepository(GroupMembership).countBy({ groupId })).toBe(3);
  });
});
