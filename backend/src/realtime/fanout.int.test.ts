import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESYNC_EVENT } from "@caravan/common";
import { buildUser, freshDatabase, type BuiltUser, type TestApp } from "../../test/harness.js";
import { buildGroup } from "../../test/factories.js";
import { hasCommand, sameSession, startInstance, startRedisServer, type RedisServer } from "../../test/servers.js";
import { EventLog, openSocket, subscribe, type TestSocket } from "../../test/sockets.js";

/**
 * Two app instances sharing a PostgreSQL database and a private redis-server, which the test kills and restarts.
 * The embedded database serves one process only, so this needs TEST_DATABASE_URL.
 */
const missing = [
  !process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL (two instances must share a PostgreSQL database)",
  !hasCommand("redis-server") && "redis-server",
].filter(Boolean);

describe.skipIf(missing.length > 0)(`fan-out across instances through Redis${missing.length ? `: needs ${missing.join(", ")}` : ""}`, () => {
  let redis: RedisServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let owner: BuiltUser;
  let member: BuiltUser;
  let groupId: number;
  let otherGroupId: number;
  let socket: TestSocket;
  let log: EventLog;

  /** The owner writes through instance B; the member's socket is on instance A. */
  const postViaB = async (gid: number, content: string) => {
    const res = await sameSession(owner.client, b.url).post(`/api/groups/${gid}/messages`, { content, messageType: "text" });
    expect(res.status).toBe(201);
  };
  const redisCheck = async (app: TestApp) => (await app.client().get("/readyz")).body.checks.redis as string;
  const until = async (condition: () => Promise<boolean>) => {
    while (!(await condition())) await new Promise((r) => setTimeout(r, 100));
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    db = await freshDatabase();
    if (db.target === "memory") throw new Error("unreachable: skipped without TEST_DATABASE_URL");
    a = await startInstance(db.target, { REDIS_URL: redis.url });
    b = await startInstance(db.target, { REDIS_URL: redis.url });
    owner = await buildUser(a);
    member = await buildUser(a);
    groupId = await buildGroup(a, owner, { members: [member] });
    otherGroupId = await buildGroup(a, owner, { members: [member] });
    socket = await openSocket(a.url, { as: member.client });
    log = new EventLog(socket);
    expect(await subscribe(socket, { groupId })).toEqual({ ok: true });
    expect(await subscribe(socket, { groupId: otherGroupId })).toEqual({ ok: true });
  });
  afterAll(async () => {
    socket?.close();
    await a?.close();
    await b?.close();
    await redis?.kill();
    await db?.drop();
  });

  it("delivers an event caused on one instance to a socket on the other", async () => {
    await postViaB(groupId, "from B");
    expect(await log.waitFor("message:created", (m) => m.content === "from B")).toMatchObject({ groupId });
    expect(await redisCheck(a)).toBe("ok");
  });

  it("keeps serving REST and local sockets while Redis is down, and resumes fan-out when it returns", async () => {
    await redis.kill();
    await until(async () => (await redisCheck(a)) === "failing" && (await redisCheck(b)) === "failing");
    expect((await a.client().get("/readyz")).status).toBe(503);

    // Writes still succeed: publishing while Redis is away neither throws nor fails the request.
    await postViaB(groupId, "while Redis is down, via B");
    // Sockets on the instance that served the write still get it.
    const res = await owner.client.post(`/api/groups/${groupId}/messages`, { content: "while Redis is down, via A", messageType: "text" });
    expect(res.status).toBe(201);
    await log.waitFor("message:created", (m) => m.content === "while Redis is down, via A");
    await b.services.realtime.evict("group:0");

    await redis.start();
    // Instance A tells its clients to refetch: what B published meanwhile never reached them.
    await log.waitFor(RESYNC_EVENT);
    await until(async () => (await redisCheck(a)) === "ok" && (await redisCheck(b)) === "ok");

    await postViaB(groupId, "after Redis returned");
    await log.waitFor("message:created", (m) => m.content === "after Redis returned");
  });

  it("evicts on every instance: a member who leaves through B stops receiving on A", async () => {
    const leave = await sameSession(member.client, b.url).delete(`/api/groups/${groupId}/members/${member.user.id}`);
    expect(leave.status).toBe(204);
    await log.waitFor("member:left", (e) => e.groupId === groupId);

    await postViaB(groupId, "after leaving");
    // Published after the first through the same Redis connection, so it arrives after it would have.
    await postViaB(otherGroupId, "marker");
    await log.waitFor("message:created", (m) => m.content === "marker");
    expect(log.of("message:created").map((m) => m.content)).not.toContain("after leaving");
  });
});
