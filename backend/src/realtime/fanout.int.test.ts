import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESYNC_EVENT, rooms } from "@caravan/common";
import { buildUser, freshDatabase, type BuiltUser, type TestApp } from "../../test/harness.js";
import { buildGroup } from "../../test/factories.js";
import { hasCommand, sameSession, startInstance, startRedisServer, type RedisServer } from "../../test/servers.js";
import { EventLog, openSocket, subscribe, type TestSocket } from "../../test/sockets.js";

/**
 * Two app instances sharing a PostgreSQL database and a private redis-server, which the test kills and restarts.
 * Every socket is on instance A; writes go through B unless said otherwise.
 * The embedded database serves one process only, so this needs TEST_DATABASE_URL.
 */
const missing = [
  !process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL (two instances must share a PostgreSQL database)",
  !hasCommand("redis-server") && "redis-server",
].filter(Boolean);

interface Watcher {
  user: BuiltUser;
  socket: TestSocket;
  log: EventLog;
}

describe.skipIf(missing.length > 0)(
  `fan-out across instances through Redis${missing.length ? `: needs ${missing.join(", ")}` : ""}`,
  () => {
    let redis: RedisServer;
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    let a: TestApp;
    let b: TestApp;
    let owner: BuiltUser;
    let groupId: number;
    let member: Watcher;
    let leavesInOutage: Watcher;
    let leavesQuietly: Watcher;
    const sockets: TestSocket[] = [];

    const post = async (app: TestApp, content: string) => {
      const res = await sameSession(owner.client, app.url).post(`/api/groups/${groupId}/messages`, {
        content,
        messageType: "text",
      });
      expect(res.status).toBe(201);
    };
    const leaveVia = async (app: TestApp, who: Watcher) => {
      const res = await sameSession(who.user.client, app.url).delete(
        `/api/groups/${groupId}/members/${who.user.user.id}`,
      );
      expect(res.status).toBe(204);
    };
    /**
     * A marker sent to the watcher's own room from `app`. Events `app` sent that watcher's socket before travel the
     * same path, so once the marker is here they would have arrived.
     */
    const flush = async (app: TestApp, who: Watcher) => {
      const tag = randomBytes(4).toString("hex");
      app.services.realtime.publish(rooms.user(who.user.user.id), "member:left", { groupId: 0, userId: tag });
      await who.log.waitFor("member:left", (e) => e.userId === tag);
    };
    const contents = (who: Watcher) => who.log.of("message:created").map((m) => m.content);
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
      const users = [await buildUser(a), await buildUser(a), await buildUser(a)];
      groupId = await buildGroup(a, owner, { members: users });
      const watchers: Watcher[] = [];
      for (const user of users) {
        const socket = await openSocket(a.url, { as: user.client });
        sockets.push(socket);
        expect(await subscribe(socket, { groupId })).toEqual({ ok: true });
        watchers.push({ user, socket, log: new EventLog(socket) });
      }
      [member, leavesInOutage, leavesQuietly] = watchers as [Watcher, Watcher, Watcher];
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await a?.close();
      await b?.close();
      await redis?.kill();
      await db?.drop();
    });

    it("delivers an event caused on one instance to a socket on the other", async () => {
      await post(b, "from B");
      expect(await member.log.waitFor("message:created", (m) => m.content === "from B")).toMatchObject({ groupId });
      expect(await redisCheck(a)).toBe("ok");
    });

    it("pushes a location stored through B to the sockets on both, in order, with no Socket.IO message of its own", async () => {
      // Everything the instances publish on the Socket.IO adapter's channels, as sent.
      const spy = new Redis(redis.url);
      const adapterMessages: string[] = [];
      spy.on("pmessageBuffer", (_pattern: Buffer, channel: Buffer, message: Buffer) => {
        if (channel.toString().includes(":socket.io#")) adapterMessages.push(message.toString("latin1"));
      });
      await spy.psubscribe("*");
      const onB = await openSocket(b.url, { as: owner.client });
      sockets.push(onB);
      expect(await subscribe(onB, { groupId })).toEqual({ ok: true });
      const writerLog = new EventLog(onB);
      try {
        await post(b, "before the location");
        const written = await sameSession(owner.client, b.url).post(`/api/groups/${groupId}/locations`, {
          latitude: 59.9139,
          longitude: 10.7522,
        });
        expect(written.status).toBe(200);
        await post(b, "after the location");

        for (const log of [member.log, writerLog]) {
          await log.waitFor("message:created", (m) => m.content === "after the location");
          const around = log.events
            .filter((e) => e.event === "location:updated" || e.event === "message:created")
            .map((e) => (e.event === "location:updated" ? "location" : (e.payload as { content: string }).content));
          expect(around.slice(-3)).toEqual(["before the location", "location", "after the location"]);
          expect(log.of("location:updated").at(-1)).toMatchObject({
            groupId,
            userId: owner.user.id,
            latitude: 59.9139,
          });
        }
        expect(adapterMessages.some((m) => m.includes("message:created"))).toBe(true);
        expect(adapterMessages.some((m) => m.includes("location:updated"))).toBe(false);
      } finally {
        onB.close();
        await spy.quit();
      }
    });

    it("keeps serving while Redis is down, keeps access rules without it, and resumes fan-out when it returns", async () => {
      await redis.kill();
      await until(async () => (await redisCheck(a)) === "failing" && (await redisCheck(b)) === "failing");
      // Degraded, not out of rotation: REST keeps working without Redis.
      const ready = await a.client().get("/readyz");
      expect(ready.status).toBe(200);
      expect(ready.body.status).toBe("degraded");

      // Writes still succeed: publishing and evicting while Redis is away neither throw nor fail the request.
      await post(b, "while Redis is down, via B");
      await leaveVia(b, leavesInOutage);

      // A never heard of that eviction; it checks membership before pushing, so only current members get this.
      await post(a, "while Redis is down, via A");
      await member.log.waitFor("message:created", (m) => m.content === "while Redis is down, via A");
      await flush(a, leavesInOutage);
      expect(contents(leavesInOutage)).not.toContain("while Redis is down, via A");

      // Left through B with nothing pushed on A before Redis returns: A finds out when it checks its rooms then.
      await leaveVia(b, leavesQuietly);

      await redis.start();
      // A repairs its rooms, then tells its clients to refetch: what B published meanwhile never reached them.
      await member.log.waitFor(RESYNC_EVENT);
      await until(async () => (await redisCheck(a)) === "ok" && (await redisCheck(b)) === "ok");

      await post(b, "after Redis returned");
      await member.log.waitFor("message:created", (m) => m.content === "after Redis returned");
      await flush(b, leavesQuietly);
      expect(contents(leavesQuietly)).not.toContain("after Redis returned");
    });

    it("evicts on every instance: a member who leaves through B stops receiving on A", async () => {
      await leaveVia(b, member);
      await member.log.waitFor("member:left", (e) => e.groupId === groupId);

      await post(b, "after leaving");
      await flush(b, member);
      expect(contents(member)).not.toContain("after leaving");
    });
  },
);
