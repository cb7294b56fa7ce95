/**
 * Operations drills on the scaled-out shape, run as an operator runs it: `npm run cluster` (two nodes from source,
 * nginx in front from nginx.conf) on a PostgreSQL reached through a TCP proxy this test can cut (the machine's
 * PostgreSQL itself is never restarted) and a private redis-server this test can kill. A member's socket and an
 * owner's steady writes go through nginx; every drill counts failed calls and the longest silence of live events.
 *
 * Drills, in order: scraping each node; a rolling restart (SIGHUP to the manager); Redis down 30 s; PostgreSQL
 * unreachable (a restart); a node killed with SIGKILL.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS, type Group } from "@caravan/common";
import { findNginx } from "../../scripts/nginx-local.mjs";
import { buildUser, freshDatabase, TEST_ENV, TestClient, type BuiltUser, type TestApp } from "./harness.js";
import { startProcess, type Proc } from "./processes.js";
import { sameSession, startRedisServer, startTcpProxy, type RedisServer, type TcpProxy } from "./servers.js";
import { openSocket, subscribe, type TestSocket } from "./sockets.js";

const nginx: string | null = findNginx();
const missing = [
  !process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL",
  !process.env.TEST_REDIS_URL && "TEST_REDIS_URL",
  !nginx && "nginx",
].filter(Boolean);

const METRICS_TOKEN = randomBytes(24).toString("hex");
/** The promise of the drills: live events never stop for longer than this, and come back within it. */
const MAX_SILENCE_MS = 5_000;
const REDIS_OUTAGE_MS = 30_000;

/** Three consecutive free ports: nginx on the first, the two nodes on the next (as `npm run cluster` lays out). */
async function consecutivePorts(n: number): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once("error", () => resolve(false));
      s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
    });
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    let ok = true;
    for (let i = 0; i < n && ok; i++) ok = await free(base + i);
    if (ok) return base;
  }
}

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

interface Call {
  at: number;
  ms: number;
  status: number;
  retryAfter: string | null;
  value: string;
}

/** Whether a call failed because the server closed its kept-alive connection before answering (undici's words). */
function closedBeforeAnswering(err: unknown): boolean {
  const cause = err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code === "UND_ERR_SOCKET" && cause.message === "other side closed";
}

/** An owner changing the group's destination again and again, one call after the other. */
class SteadyWrites {
  readonly calls: Call[] = [];
  private running = true;
  private loop: Promise<void>;
  private n = 0;
  /** Calls sent again after their kept-alive connection closed under them. */
  resent = 0;

  constructor(
    private client: TestClient,
    private groupId: number,
    private label: string,
  ) {
    this.loop = this.run();
  }

  private async run() {
    while (this.running) {
      const value = `${this.label}-${++this.n}`;
      const at = Date.now();
      let status: number;
      let retryAfter: string | null = null;
      try {
        const res = await this.send(value);
        status = res.status;
        retryAfter = res.headers.get("retry-after");
      } catch {
        status = 0; // the connection failed
      }
      this.calls.push({ at, ms: Date.now() - at, status, retryAfter, value });
      await sleep(100);
    }
  }

  /**
   * One call, as a browser makes it. A kept-alive connection can be closed by nginx (each reload retires its old
   * workers, which close their idle connections) just as the next call goes out on it; the call then fails before
   * any byte of an answer. Browsers send such a call once more on a new connection (Chromium:
   * HttpNetworkTransaction::ShouldResendRequest, for any method); Node's fetch does not, so this does it here.
   * Any other failure, and a second one, counts.
   */
  private async send(value: string) {
    const call = () => this.client.patch(`/api/groups/${this.groupId}`, { destinationName: value });
    try {
      return await call();
    } catch (err) {
      if (!closedBeforeAnswering(err)) throw err;
      this.resent += 1;
      return call();
    }
  }

  async stop(): Promise<Call[]> {
    this.running = false;
    await this.loop;
    return this.calls;
  }

  get failed(): Call[] {
    return this.calls.filter((c) => c.status !== 200);
  }

  get lastSaved(): string | undefined {
    return this.calls.filter((c) => c.status === 200).at(-1)?.value;
  }
}

/** The longest time without a live event between `from` and `to` (both ends count as edges). */
function longestSilence(times: number[], from: number, to: number): number {
  const inside = times.filter((t) => t >= from && t <= to);
  let last = from;
  let longest = 0;
  for (const t of [...inside, to]) {
    longest = Math.max(longest, t - last);
    last = t;
  }
  return longest;
}

describe.skipIf(missing.length > 0)(
  `operations drills on npm run cluster${missing.length ? `: needs ${missing.join(", ")}` : ""}`,
  () => {
    const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-drills-"));
    const pidFile = path.join(runDir, "cluster.pid");
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    let pg: TcpProxy;
    let redis: RedisServer;
    let manager: Proc;
    let entry: string;
    let nodePorts: number[];
    let owner: BuiltUser;
    let member: BuiltUser;
    let groupId: number;
    let socket: TestSocket;
    /** Each live group:updated event that reached the member's socket, and when. */
    const received: Array<{ at: number; value: string | null }> = [];
    const eventTimes = () => received.map((e) => e.at);
    /** When the socket (re)connected, and what the refetch that follows each reconnect found. */
    const reconnects: Array<{ at: number; destinationName: string | null }> = [];
    let disconnects: number[] = [];

    const direct = (port: number) => `http://127.0.0.1:${port}`;
    const managerSaid = (text: string | RegExp) =>
      typeof text === "string" ? manager.output().includes(text) : text.test(manager.output());
    /** The pid of each node now, from the manager's "ready" lines (the latest per port). */
    const nodePids = (): Map<number, number> => {
      const pids = new Map<number, number>();
      for (const m of manager.output().matchAll(/is ready on port (\d+) \(pid (\d+)\)/g)) {
        pids.set(Number(m[1]), Number(m[2]));
      }
      return pids;
    };
    const scrape = async (port: number): Promise<string> => {
      const res = await fetch(`${direct(port)}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      return res.text();
    };
    const readiness = async (port: number): Promise<string> =>
      ((await (await fetch(`${direct(port)}/readyz`)).json()) as { status: string }).status;
    /** The node holding the member's socket, from each node's connection gauge. */
    const socketNode = async (): Promise<number> => {
      for (const port of nodePorts) {
        // A killed node does not answer: it holds nobody.
        const text = await scrape(port).catch(() => "");
        if (/^caravan_socketio_connections\{[^}]*\} 1$/m.test(text)) return port;
      }
      throw new Error("no node reports the socket");
    };

    beforeAll(async () => {
      db = await freshDatabase();
      if (db.target === "memory" || !("url" in db.target)) throw new Error("unreachable: needs TEST_DATABASE_URL");
      const databaseUrl = new URL(db.target.url);
      pg = await startTcpProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) });
      databaseUrl.host = `127.0.0.1:${pg.port}`;
      redis = await startRedisServer();
      const port = await consecutivePorts(3);
      entry = direct(port);
      nodePorts = [port + 1, port + 2];

      manager = startProcess(process.execPath, ["scripts/cluster.mjs", "--from-source"], {
        ...TEST_ENV,
        PORT: String(port),
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: redis.url,
        REDIS_PREFIX: `caravan-drills-${randomBytes(6).toString("hex")}`,
        PUBLIC_URL: entry,
        DATA_DIR: path.join(runDir, "data"),
        CLUSTER_PID_FILE: pidFile,
        METRICS_TOKEN,
        LOG_LEVEL: "warn",
      });
      await until(() => managerSaid("Caravan cluster:"), 100_000, `the cluster to start:\n${manager.output()}`);

      const viaNginx = { client: () => new TestClient(entry) } as TestApp;
      owner = await buildUser(viaNginx);
      member = await buildUser(viaNginx);
      const created = await owner.client.post("/api/groups", { name: "Drill" });
      expect(created.status).toBe(201);
      groupId = created.body.id;
      const link = await owner.client.post(`/api/groups/${groupId}/invites/link`, {});
      expect((await member.client.post(`/api/invites/${link.body.inviteToken}/accept`)).status).toBe(200);

      socket = await openSocket(entry, { as: member.client, origin: entry, reconnection: true });
      socket.on("group:updated", (g) => received.push({ at: Date.now(), value: g.destinationName }));
      socket.on("disconnect", () => disconnects.push(Date.now()));
      // What the web client does on every reconnect: subscribe again, then refetch what the page shows.
      socket.io.on("reconnect", () => {
        const at = Date.now();
        void subscribe(socket, { groupId }).then(async () => {
          const group = await member.client.get<Group>(`/api/groups/${groupId}`);
          reconnects.push({ at, destinationName: group.status === 200 ? group.body.destinationName : null });
        });
      });
      expect(await subscribe(socket, { groupId })).toEqual({ ok: true });
    }, 150_000);

    afterAll(async () => {
      socket?.close();
      await manager?.stop("SIGTERM");
      await redis?.kill();
      await pg?.close();
      await db?.drop();
      fs.rmSync(runDir, { recursive: true, force: true });
    }, 60_000);

    it("lets the scraper read each node on its own port, labelled with it, and keeps /metrics off nginx", async () => {
      expect(fs.readFileSync(pidFile, "utf8").trim()).toBe(String(manager.child.pid));
      for (const port of nodePorts) {
        const text = await scrape(port);
        expect(text).toContain(`caravan_http_requests_in_flight{node="${os.hostname()}:${port}"} 1`);
        expect((await fetch(`${direct(port)}/metrics`)).status).toBe(404);
      }
      const viaNginx = await fetch(`${entry}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(viaNginx.status).toBe(404);
    });

    it("replaces every node on SIGHUP, one at a time, without a failed call or 5 s without live events", async () => {
      const before = nodePids();
      const writes = new SteadyWrites(owner.client, groupId, "roll");
      await sleep(1_000);
      const from = Date.now();
      // The documented command: it signals the manager whose pid is in CLUSTER_PID_FILE.
      const restart = startProcess(process.execPath, ["scripts/cluster-restart.mjs"], { CLUSTER_PID_FILE: pidFile });
      await new Promise((resolve) => restart.child.once("exit", resolve));
      expect(restart.child.exitCode, restart.output()).toBe(0);
      await until(() => managerSaid("rolling restart done"), 120_000, `the rolling restart:\n${manager.output()}`);
      await sleep(1_000);
      const to = Date.now();
      await writes.stop();

      const after = nodePids();
      for (const port of nodePorts) expect(after.get(port), `node on ${port} replaced`).not.toBe(before.get(port));
      expect(writes.failed, "failed calls").toEqual([]);
      expect(writes.calls.length).toBeGreaterThan(10);
      expect(longestSilence(eventTimes(), from, to)).toBeLessThanOrEqual(MAX_SILENCE_MS);
      for (const port of nodePorts) expect((await fetch(`${direct(port)}/readyz`)).status).toBe(200);
    }, 150_000);

    it("keeps REST working through 30 s without Redis, stays in rotation as degraded, and resumes events within 5 s", async () => {
      // Writes served by the node without the socket reach it only through Redis.
      const held = await socketNode();
      const other = nodePorts.find((p) => p !== held)!;
      const viaNginx = new SteadyWrites(owner.client, groupId, "redis-nginx");
      const viaOther = new SteadyWrites(sameSession(owner.client, direct(other)), groupId, "redis-other");
      try {
        await sleep(500);
        await redis.kill();
        const outage = Date.now();
        await until(async () => (await readiness(held)) === "degraded", 10_000, "/readyz to say degraded");
        const ready = await fetch(`${direct(other)}/readyz`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toMatchObject({ status: "degraded", checks: { database: "ok", redis: "failing" } });
        await sleep(REDIS_OUTAGE_MS - (Date.now() - outage));

        await redis.start();
        const back = Date.now();
        // Live again: an event of a write the other node served after Redis returned reaches the socket.
        const sentAfter = (value: string | null) => viaOther.calls.some((c) => c.value === value && c.at > back);
        await until(() => received.some((e) => e.at > back && sentAfter(e.value)), 15_000, "events to resume");
        const resumed = received.find((e) => e.at > back && sentAfter(e.value))!.at;
        expect(resumed - back, "events resume after Redis returns").toBeLessThanOrEqual(MAX_SILENCE_MS);
      } finally {
        await viaNginx.stop();
        await viaOther.stop();
      }
      expect(viaNginx.failed, "failed calls through nginx").toEqual([]);
      expect(viaOther.failed, "failed calls on the node without the socket").toEqual([]);
      await until(async () => (await readiness(held)) === "ready", 10_000, "/readyz to say ready again");
    }, 120_000);

    it("answers 503 with Retry-After while PostgreSQL restarts, never hangs, and recovers by itself", async () => {
      const writes = new SteadyWrites(owner.client, groupId, "pg");
      await sleep(500);
      await pg.cut();
      const cut = Date.now();
      await sleep(5_000);
      const during = await member.client.get(`/api/groups/${groupId}`);
      expect(during.status).toBe(503);
      expect(during.headers.get("retry-after")).toBe("5");
      expect(during.body).toMatchObject({ message: ERRORS.unavailable });
      await pg.restore();
      const restored = Date.now();
      await until(() => writes.calls.some((c) => c.at > restored && c.status === 200), 15_000, "a saved write");
      const recovered = writes.calls.find((c) => c.at > restored && c.status === 200)!.at;
      await sleep(1_000);
      await writes.stop();

      const gap = writes.calls.filter((c) => c.at > cut + 200 && c.at < restored - 200);
      expect(gap.length, "calls made during the gap").toBeGreaterThan(3);
      for (const call of writes.failed) {
        expect(call.status, JSON.stringify(call)).toBe(503);
        expect(call.retryAfter).toBe("5");
      }
      expect(Math.max(...writes.calls.map((c) => c.ms)), "longest call").toBeLessThan(5_000);
      expect(recovered - restored, "pool recovered by itself").toBeLessThan(10_000);
      expect(writes.calls.filter((c) => c.at > recovered).every((c) => c.status === 200)).toBe(true);
    }, 60_000);

    it("moves the clients of a node killed with SIGKILL to another node within 5 s, and they miss nothing", async () => {
      const held = await socketNode();
      const pid = nodePids().get(held)!;
      const writes = new SteadyWrites(owner.client, groupId, "kill");
      await sleep(500);
      disconnects = [];
      const reconnectsBefore = reconnects.length;
      process.kill(pid, "SIGKILL");
      const killed = Date.now();
      await until(() => reconnects.length > reconnectsBefore, 10_000, "the socket to reconnect and refetch");
      const back = reconnects[reconnectsBefore]!;
      expect(back.at - killed, "back on another node").toBeLessThanOrEqual(MAX_SILENCE_MS);
      await sleep(1_500);
      const to = Date.now();
      await writes.stop();

      expect(await socketNode()).not.toBe(held);
      // A call in flight on the killed node is lost with it (nginx does not resend a PATCH); nothing else fails.
      expect(writes.failed.length, JSON.stringify(writes.failed)).toBeLessThanOrEqual(1);
      for (const call of writes.failed) expect([0, 502]).toContain(call.status);
      expect(longestSilence(eventTimes(), killed, to)).toBeLessThanOrEqual(MAX_SILENCE_MS);
      // Nothing missed: the refetch on reconnect found a write at least as recent as the last event before the
      // kill, and live events carry the client to the last saved write.
      const order = (value: string | null) => Number(value?.split("-").at(-1) ?? -1);
      const beforeKill = received.filter((e) => e.at < killed).at(-1)?.value ?? null;
      if (beforeKill?.startsWith("kill-"))
        expect(order(back.destinationName)).toBeGreaterThanOrEqual(order(beforeKill));
      await until(
        () => received.at(-1)?.value === writes.lastSaved,
        MAX_SILENCE_MS,
        `the last write's event (${writes.lastSaved}; received ${JSON.stringify(received.slice(-3))}, ` +
          `reconnects ${JSON.stringify(reconnects.slice(reconnectsBefore))})`,
      );
    }, 60_000);
  },
);
