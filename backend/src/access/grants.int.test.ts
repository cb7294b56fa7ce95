import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ERRORS, rooms } from "@caravan/common";
import { buildUser, freshDatabase, startTestApp, type BuiltUser, type TestApp } from "../../test/harness.js";
import { buildGroup } from "../../test/factories.js";
import { sameSession, startInstance } from "../../test/servers.js";
import { EventLog, openSocket, type TestSocket } from "../../test/sockets.js";

/**
 * The location calls reuse recent grants (a session, a membership) instead of asking the database each time. Each
 * test warms the grant with a call that succeeds, ends it the way the product does, and expects the very next call
 * refused: on the same instance, and on another one that only hears of it through Redis.
 */
const here = { latitude: 59.9139, longitude: 10.7522, address: "Karl Johans gate" };
const postLocation = (client: BuiltUser["client"], groupId: number) =>
  client.post(`/api/groups/${groupId}/locations`, here);

/** Posts twice, so the second call is served from the grants the first one kept. */
async function warm(client: BuiltUser["client"], groupId: number): Promise<void> {
  for (let i = 0; i < 2; i++) expect((await postLocation(client, groupId)).status).toBe(200);
}

describe("grants on one instance", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(
      process.env.TEST_REDIS_URL
        ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `caravan-test-${randomBytes(6).toString("hex")}` }
        : {},
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it("refuses the session cookie once its owner has signed out", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    await warm(owner.client, groupId);
    const kept = sameSession(owner.client, app.url);

    expect((await owner.client.post("/api/logout")).status).toBe(204);
    const res = await postLocation(kept, groupId);
    expect(res.status).toBe(401);
    expect((await kept.get(`/api/groups/${groupId}/locations`)).status).toBe(401);
  });

  it("refuses a member who was removed, and one who left", async () => {
    const owner = await buildUser(app);
    const removed = await buildUser(app);
    const leaver = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [removed, leaver] });
    await warm(removed.client, groupId);
    await warm(leaver.client, groupId);

    expect((await owner.client.delete(`/api/groups/${groupId}/members/${removed.user.id}`)).status).toBe(204);
    expect((await leaver.client.delete(`/api/groups/${groupId}/members/${leaver.user.id}`)).status).toBe(204);

    for (const { client } of [removed, leaver]) {
      const res = await postLocation(client, groupId);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ERRORS.notGroupMember);
      expect((await client.get(`/api/groups/${groupId}/locations`)).status).toBe(403);
    }
    // The owner's grant was not touched.
    expect((await postLocation(owner.client, groupId)).status).toBe(200);
  });

  it("answers 404 for a deleted group to everyone who held a grant for it", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    await warm(owner.client, groupId);
    await warm(member.client, groupId);

    expect((await owner.client.delete(`/api/groups/${groupId}`)).status).toBe(204);

    for (const { client } of [owner, member]) {
      const res = await postLocation(client, groupId);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ERRORS.groupNotFound);
    }
  });

  it("refuses every session of a deleted account", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const other = app.client();
    expect((await other.post("/api/auth/signin", { email: owner.user.email, password: owner.password })).status).toBe(
      200,
    );
    await warm(owner.client, groupId);
    await warm(other, groupId);

    const deleted = await owner.client.request("DELETE", "/api/auth/user", { password: owner.password });
    expect(deleted.status).toBe(204);

    expect((await postLocation(other, groupId)).status).toBe(401);
  });

  it("keeps a group's read for the next readers, and drops it when a location changes or a member goes", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    const names = async () =>
      ((await owner.client.get(`/api/groups/${groupId}/locations`)).body as Array<{ address: string }>)
        .map((l) => l.address)
        .sort();
    await postLocation(owner.client, groupId);
    expect(await names()).toEqual(["Karl Johans gate"]);

    // Kept: the next read does not ask the database.
    const query = vi.spyOn(app.db, "query");
    await names();
    expect(query.mock.calls.filter(([sql]) => String(sql).includes('FROM "user_locations"'))).toEqual([]);
    query.mockRestore();

    await member.client.post(`/api/groups/${groupId}/locations`, { ...here, address: "Aker Brygge" });
    expect(await names()).toEqual(["Aker Brygge", "Karl Johans gate"]);
    expect((await member.client.delete(`/api/groups/${groupId}/locations/me`)).status).toBe(204);
    expect(await names()).toEqual(["Karl Johans gate"]);
    await member.client.post(`/api/groups/${groupId}/locations`, { ...here, address: "Aker Brygge" });
    expect(await names()).toEqual(["Aker Brygge", "Karl Johans gate"]);
    expect((await owner.client.delete(`/api/groups/${groupId}/members/${member.user.id}`)).status).toBe(204);
    expect(await names()).toEqual(["Karl Johans gate"]);
  });
});

/** Two instances sharing PostgreSQL and Redis; the grant is warmed on B and ended through A. */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  "grants across instances (needs TEST_DATABASE_URL and TEST_REDIS_URL)",
  () => {
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    let a: TestApp;
    let b: TestApp;
    let owner: BuiltUser;
    let ownerOnB: { socket: TestSocket; log: EventLog };

    /**
     * A marker pushed by A to the owner's socket on B. A publishes its revocations on the same Redis connection
     * before it, and B handles them in order, so once the marker is here B has applied them.
     */
    const flushAtoB = async () => {
      const tag = randomBytes(4).toString("hex");
      a.services.realtime.publish(rooms.user(owner.user.id), "member:left", { groupId: 0, userId: tag });
      await ownerOnB.log.waitFor("member:left", (e) => e.userId === tag);
    };

    beforeAll(async () => {
      db = await freshDatabase();
      if (db.target === "memory") throw new Error("unreachable: skipped without TEST_DATABASE_URL");
      const env = {
        REDIS_URL: process.env.TEST_REDIS_URL!,
        REDIS_PREFIX: `caravan-test-${randomBytes(6).toString("hex")}`,
      };
      a = await startInstance(db.target, env);
      b = await startInstance(db.target, env);
      owner = await buildUser(a);
      const socket = await openSocket(b.url, { as: sameSession(owner.client, b.url) });
      ownerOnB = { socket, log: new EventLog(socket) };
    });
    afterAll(async () => {
      ownerOnB?.socket.close();
      await a?.close();
      await b?.close();
      await db?.drop();
    });

    it("ends a membership granted on B when the member is removed through A", async () => {
      const member = await buildUser(a);
      const groupId = await buildGroup(a, owner, { members: [member] });
      const memberOnB = sameSession(member.client, b.url);
      await warm(memberOnB, groupId);

      expect((await memberOnB.get(`/api/groups/${groupId}/locations`)).status).toBe(200);

      expect((await owner.client.delete(`/api/groups/${groupId}/members/${member.user.id}`)).status).toBe(204);
      await flushAtoB();

      // The read has no write of its own to refuse it: only the grant decides.
      expect((await memberOnB.get(`/api/groups/${groupId}/locations`)).status).toBe(403);
      expect((await postLocation(memberOnB, groupId)).status).toBe(403);
    });

    it("B's kept group read follows a location stored or removed through A", async () => {
      const member = await buildUser(a);
      const groupId = await buildGroup(a, owner, { members: [member] });
      const ownerOnBClient = sameSession(owner.client, b.url);
      const read = async () =>
        ((await ownerOnBClient.get(`/api/groups/${groupId}/locations`)).body as Array<{ address: string }>).map(
          (l) => l.address,
        );
      await postLocation(member.client, groupId);
      expect(await read()).toEqual(["Karl Johans gate"]);

      await member.client.post(`/api/groups/${groupId}/locations`, { ...here, address: "Aker Brygge" });
      await flushAtoB();

      expect(await read()).toEqual(["Aker Brygge"]);

      expect((await member.client.delete(`/api/groups/${groupId}/locations/me`)).status).toBe(204);
      await flushAtoB();

      expect(await read()).toEqual([]);
    });

    it("ends a session granted on B when it signs out through A", async () => {
      const member = await buildUser(a);
      const groupId = await buildGroup(a, owner, { members: [member] });
      const memberOnB = sameSession(member.client, b.url);
      await warm(memberOnB, groupId);

      expect((await member.client.post("/api/logout")).status).toBe(204);
      await flushAtoB();

      expect((await postLocation(memberOnB, groupId)).status).toBe(401);
    });
  },
);
