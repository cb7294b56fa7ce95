import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, freshDatabase, type TestApp } from "../../../test/harness.js";
import { buildGroup } from "../../../test/factories.js";
import { hasCommand, sameSession, startInstance, startRedisServer, type RedisServer } from "../../../test/servers.js";
import { EventLog, next, openSocket, subscribe, type TestSocket } from "../../../test/sockets.js";

/**
 * Deleting an account while signed in on two nodes, and a share's watchers counted over both: two app instances sharing a PostgreSQL database and a private
 * redis-server. The embedded database serves one process only, so this needs TEST_DATABASE_URL.
 */
const missing = [
  !process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL (two instances must share a PostgreSQL database)",
  !hasCommand("redis-server") && "redis-server",
].filter(Boolean);

describe.skipIf(missing.length > 0)(
  `account deletion and share watchers over two nodes${missing.length ? `: needs ${missing.join(", ")}` : ""}`,
  () => {
    let redis: RedisServer;
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    let a: TestApp;
    let b: TestApp;
    const sockets: TestSocket[] = [];

    beforeAll(async () => {
      redis = await startRedisServer();
      db = await freshDatabase();
      if (db.target === "memory") throw new Error("unreachable: skipped without TEST_DATABASE_URL");
      a = await startInstance(db.target, { REDIS_URL: redis.url });
      b = await startInstance(db.target, { REDIS_URL: redis.url });
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await a?.close();
      await b?.close();
      await redis?.kill();
      await db?.drop();
    });

    it("ends the sessions and sockets on every node and tells the heir wherever they are connected", async () => {
      const me = await buildUser(a, { firstName: "Nora" });
      const heir = await buildUser(a);
      const groupId = await buildGroup(a, me, { members: [heir], name: "Two nodes" });
      // A second device, signed in through the other node.
      const onB = b.client();
      expect((await onB.post("/api/auth/signin", { email: me.user.email, password: me.password })).status).toBe(200);

      const mySocketA = await openSocket(a.url, { as: me.client });
      const mySocketB = await openSocket(b.url, { as: onB });
      const heirSocket = await openSocket(a.url, { as: heir.client });
      sockets.push(mySocketA, mySocketB, heirSocket);
      const heirLog = new EventLog(heirSocket);
      expect(await subscribe(heirSocket, { groupId })).toEqual({ ok: true });
      expect(await subscribe(mySocketA, { groupId })).toEqual({ ok: true });
      const closedA = next(mySocketA, "disconnect");
      const closedB = next(mySocketB, "disconnect");

      const res = await sameSession(me.client, b.url).request("DELETE", "/api/auth/user", { password: me.password });
      expect(res.status).toBe(204);

      expect(await closedA).toBe("io server disconnect");
      expect(await closedB).toBe("io server disconnect");
      expect((await me.client.get("/api/auth/user")).status).toBe(401);
      expect((await onB.get("/api/auth/user")).status).toBe(401);
      expect((await heirLog.waitFor("notification:created")).kind).toBe("owner-changed");
      expect((await heirLog.waitFor("group:updated")).ownerId).toBe(heir.user.id);
      expect((await heir.client.get(`/api/groups/${groupId}`)).body.ownerId).toBe(heir.user.id);
    });

    it("counts a share's watchers connected to either node", async () => {
      const sharer = await buildUser(a);
      const created = await sharer.client.post("/api/shared-trips", { durationHours: 1 });
      const token = created.body.shareToken as string;
      const onA = await openSocket(a.url);
      const onB = await openSocket(b.url);
      sockets.push(onA, onB);
      expect(await subscribe(onA, { shareToken: token })).toEqual({ ok: true });
      expect(await subscribe(onB, { shareToken: token })).toEqual({ ok: true });
      for (const node of [a, b]) {
        const list = await sameSession(sharer.client, node.url).get("/api/shared-trips");
        expect(list.body.find((t: { id: number }) => t.id === created.body.id).watchersNow).toBe(2);
      }
    });
  },
);
