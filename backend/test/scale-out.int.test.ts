/**
 * The scaled-out shape on this machine: two backend processes on the real PostgreSQL and Redis, nginx in front
 * with the configuration derived from nginx.conf. A browser-like client talks only to nginx.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Group } from "@caravan/common";
import { findNginx, writeLocalNginxConfig } from "../../scripts/nginx-local.mjs";
import { createDataSource } from "../src/db/data-source.js";
import { buildUser, freshDatabase, TEST_ENV, TestClient, type BuiltUser, type TestApp } from "./harness.js";
import { startBackend, startProcess, waitUntilServing, type Proc } from "./processes.js";
import { sameSession, sparePort, waitForPort } from "./servers.js";
import { EventLog, next, openSocket, subscribe, type TestSocket } from "./sockets.js";

const nginx: string | null = findNginx();
const missing = [
  !process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL",
  !process.env.TEST_REDIS_URL && "TEST_REDIS_URL",
  !nginx && "nginx",
].filter(Boolean);

describe.skipIf(missing.length > 0)(
  `scale-out behind nginx${missing.length ? `: needs ${missing.join(", ")}` : ""}`,
  () => {
    const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-scale-out-"));
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    let ports: { a: number; b: number; nginx: number };
    let env: (port: number) => Record<string, string>;
    let a: Proc;
    let b: Proc;
    let proxy: Proc;
    let entry: string;
    let owner: BuiltUser;
    let member: BuiltUser;
    let groupId: number;
    let socket: TestSocket;
    let log: EventLog;

    const direct = (port: number) => `http://127.0.0.1:${port}`;

    beforeAll(async () => {
      db = await freshDatabase();
      if (db.target === "memory" || !("url" in db.target))
        throw new Error("unreachable: skipped without TEST_DATABASE_URL");
      const databaseUrl = db.target.url;
      ports = { a: await sparePort(), b: await sparePort(), nginx: await sparePort() };
      entry = direct(ports.nginx);
      const prefix = `caravan-scale-${randomBytes(6).toString("hex")}`;
      env = (port) => ({
        ...TEST_ENV,
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        REDIS_URL: process.env.TEST_REDIS_URL!,
        REDIS_PREFIX: prefix,
        PUBLIC_URL: entry,
        TRUST_PROXY: "true",
        LOG_LEVEL: "warn",
        DATA_DIR: path.join(runDir, `data-${port}`),
      });

      // Migrated here, so that the two instances can start together without racing to create the schema.
      const migrator = createDataSource({ url: databaseUrl }, 1);
      await migrator.initialize();
      await migrator.runMigrations();
      await migrator.destroy();
      a = startBackend(env(ports.a));
      b = startBackend(env(ports.b));
      await Promise.all([
        waitUntilServing(a, `${direct(ports.a)}/readyz`),
        waitUntilServing(b, `${direct(ports.b)}/readyz`),
      ]);

      // nginx knows only A until the socket is connected, so the socket lands on A; then it is reloaded with both.
      const nginxConfig = (backendPorts: number[]): string[] =>
        writeLocalNginxConfig({ listenPort: ports.nginx, backendPorts, runDir: path.join(runDir, "nginx") });
      proxy = startProcess(nginx!, nginxConfig([ports.a]));
      await waitForPort(ports.nginx, () => true);

      const viaNginx = { client: () => new TestClient(entry) } as TestApp;
      owner = await buildUser(viaNginx);
      member = await buildUser(viaNginx);
      const created = await owner.client.post("/api/groups", { name: "Coast road" });
      expect(created.status).toBe(201);
      groupId = created.body.id;
      const link = await owner.client.post(`/api/groups/${groupId}/invites/link`, {});
      expect(link.status).toBe(201);
      expect((await member.client.post(`/api/invites/${link.body.inviteToken}/accept`)).status).toBe(200);

      socket = await openSocket(entry, { as: member.client, origin: entry, reconnection: true });
      log = new EventLog(socket);
      expect(await subscribe(socket, { groupId })).toEqual({ ok: true });

      // Reloading keeps established connections on the old workers; new ones may now reach B too.
      nginxConfig([ports.a, ports.b]);
      proxy.child.kill("SIGHUP");
    }, 120_000);

    afterAll(async () => {
      socket?.close();
      await Promise.all([a?.stop(), b?.stop(), proxy?.stop("SIGTERM")]);
      await db?.drop();
      fs.rmSync(runDir, { recursive: true, force: true });
    });

    const patchOnB = async (user: BuiltUser, destinationName: string) => {
      const res = await sameSession(user.client, direct(ports.b)).patch(`/api/groups/${groupId}`, { destinationName });
      expect(res.status).toBe(200);
    };

    it("draws a member's group page on each instance run from source, as `npm run dev` runs one", async () => {
      // Run from source, a node resolves packages under the app's own export condition: a generic one ("source")
      // would also pick TypeScript that some of the page drawing module's dependencies name and do not publish.
      for (const port of [ports.a, ports.b]) {
        const res = await fetch(`${direct(port)}/groups/${groupId}`, {
          headers: { cookie: owner.client.cookieHeader },
        });
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toMatch(/<div id="root"><div data-server-rendered="group" data-rendered-at="\d+">/);
        expect(html).toContain("Coast road");
      }
      expect(a.output() + b.output()).not.toContain("could not be loaded");
    });

    it("delivers to a socket on one instance the event of a REST call served by the other", async () => {
      await patchOnB(owner, "Lisbon");
      const update = await log.waitFor("group:updated", (g) => g.destinationName === "Lisbon");
      expect(update).toMatchObject({ id: groupId, destinationName: "Lisbon" });
    });

    it("reconnects through nginx after its instance is killed, and resyncs what it missed", async () => {
      const dropped = next(socket, "disconnect");
      await a.stop("SIGKILL");
      await dropped;

      // Changed while the client has no subscription: no event can carry this to it.
      await patchOnB(owner, "Porto");
      if (!socket.connected) await next(socket, "connect");

      // What the web client does on every reconnect: subscribe again, then refetch what the page shows.
      expect(await subscribe(socket, { groupId })).toEqual({ ok: true });
      const refetched = await member.client.get<Group>(`/api/groups/${groupId}`);
      expect(refetched.status).toBe(200);
      expect(refetched.body.destinationName).toBe("Porto");
      expect(log.of("group:updated").map((g) => g.destinationName)).not.toContain("Porto");

      // Live again, now on B.
      await patchOnB(member, "Faro");
      expect(await log.waitFor("group:updated", (g) => g.destinationName === "Faro")).toMatchObject({ id: groupId });
    });
  },
);
