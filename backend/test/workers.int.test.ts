/**
 * One node on every core: the app started as `npm start` starts it (backend/dist's entry, here from source) on
 * PostgreSQL and Redis with WORKERS=2. Both workers serve the one port, an event written through one reaches sockets
 * held by the other, /metrics answers for the whole node, a worker that dies is replaced, SIGHUP replaces them one at
 * a time without a failed call, and SIGTERM stops them all.
 */
import { randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, freshDatabase, TEST_ENV, TestClient, type BuiltUser, type TestApp } from "./harness.js";
import { startBackend, waitUntilServing, type Proc } from "./processes.js";
import { sparePort } from "./servers.js";
import { openSocket, subscribe, type TestSocket } from "./sockets.js";

const missing = [!process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL", !process.env.TEST_REDIS_URL && "TEST_REDIS_URL"]
  .filter(Boolean)
  .join(", ");
const METRICS_TOKEN = randomBytes(24).toString("hex");

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

describe.skipIf(missing !== "")(`a node with two workers${missing ? `: needs ${missing}` : ""}`, () => {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-workers-"));
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let node: Proc;
  let url: string;
  let owner: BuiltUser;
  let member: BuiltUser;
  let groupId: number;
  const sockets: TestSocket[] = [];

  /** The pids of the node's workers now. */
  const workerPids = (): number[] => {
    try {
      return execFileSync("pgrep", ["-x", "node", "-P", String(node.child.pid)], { encoding: "utf8" })
        .split("\n")
        .filter(Boolean)
        .map(Number);
    } catch {
      return []; // pgrep exits 1 when there are none
    }
  };
  /**
   * The access lines' worker ids for requests to `pathname`, in order. A worker killed in the middle of writing a line
   * leaves its start on the shared output, and the next worker's line follows on the same line: such a line is no
   * one's access line.
   */
  const servedBy = (pathname: string): number[] =>
    node
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"request"') && line.includes(`"path":"${pathname}"`))
      .flatMap((line) => {
        try {
          return [(JSON.parse(line) as { worker: number }).worker];
        } catch {
          return [];
        }
      });
  /** A call on a connection of its own, so that it goes to whichever worker is next in turn. */
  const fresh = (pathname: string, init: RequestInit = {}) =>
    fetch(`${url}${pathname}`, { ...init, headers: { ...init.headers, connection: "close" } });
  const scrape = async () =>
    (await fresh("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();

  beforeAll(async () => {
    db = await freshDatabase();
    if (db.target === "memory" || !("url" in db.target)) throw new Error("unreachable: needs TEST_DATABASE_URL");
    const port = await sparePort();
    url = `http://127.0.0.1:${port}`;
    node = startBackend({
      ...TEST_ENV,
      PORT: String(port),
      DATABASE_URL: db.target.url,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_PREFIX: `caravan-workers-${randomBytes(6).toString("hex")}`,
      PUBLIC_URL: url,
      DATA_DIR: path.join(runDir, "data"),
      METRICS_TOKEN,
      WORKERS: "2",
      LOG_LEVEL: "info",
    });
    await waitUntilServing(node, `${url}/readyz`);
    await until(() => node.output().includes("with 2 workers"), 60_000, "both workers to listen");

    const app = { client: () => new TestClient(url) } as TestApp;
    owner = await buildUser(app);
    member = await buildUser(app);
    const created = await owner.client.post("/api/groups", { name: "Two workers" });
    groupId = created.body.id;
    const link = await owner.client.post(`/api/groups/${groupId}/invites/link`, {});
    expect((await member.client.post(`/api/invites/${link.body.inviteToken}/accept`)).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await node?.stop("SIGKILL");
    await db?.drop();
    fs.rmSync(runDir, { recursive: true, force: true });
  }, 60_000);

  it("serves the one port from both workers, each access line naming its worker", async () => {
    for (let i = 0; i < 10; i++) expect((await fresh("/healthz")).status).toBe(200);
    await until(() => servedBy("/healthz").length >= 10, 5_000, "the access lines");
    expect(new Set(servedBy("/healthz"))).toEqual(new Set([1, 2]));
    expect(workerPids()).toHaveLength(2);
  });

  it("pushes a location written through one worker to the sockets held by both", async () => {
    // New connections go to the workers in turn: four sockets in a row are two on each.
    for (let i = 0; i < 4; i++) {
      const socket = await openSocket(url, { as: member.client, origin: url });
      expect(await subscribe(socket, { groupId })).toEqual({ ok: true });
      sockets.push(socket);
    }
    const delivered = sockets.map(
      (socket) =>
        new Promise<number>((resolve) =>
          socket.on("location:updated", (event) => {
            if ("latitude" in event) resolve(event.latitude);
          }),
        ),
    );
    const written = await owner.client.post(`/api/groups/${groupId}/locations`, { latitude: 45.9, longitude: 6.12 });
    expect(written.status).toBe(200);
    expect(await Promise.all(delivered)).toEqual([45.9, 45.9, 45.9, 45.9]);
  });

  it("answers /metrics for the whole node: every worker's requests and sockets, summed", async () => {
    for (let i = 0; i < 6; i++) expect((await fresh("/api/auth/user")).status).toBe(401);
    await until(() => servedBy("/api/auth/user").length >= 6, 5_000, "the access lines");
    expect(new Set(servedBy("/api/auth/user"))).toEqual(new Set([1, 2]));
    const text = await scrape();
    const count =
      /^caravan_http_request_duration_seconds_count\{method="GET",route="\/api\/auth\/user",status="401"[^}]*\} (\d+)$/m;
    expect(count.exec(text)?.[1]).toBe("6");
    expect(text).toMatch(/^caravan_socketio_connections\{[^}]*\} 4$/m);
    expect(text).toMatch(/^caravan_redis_adapter_up\{[^}]*\} 1$/m);
  });

  it("replaces a worker that dies, and the node keeps serving", async () => {
    const [victim, survivor] = workerPids();
    process.kill(victim!, "SIGKILL");
    await until(() => node.output().includes("a worker died; starting another"), 5_000, "the primary to notice");
    // The survivor answers meanwhile; the replacement (worker 3) takes its turn once it listens.
    await until(
      async () => (await fresh("/healthz")).status === 200 && servedBy("/healthz").includes(3),
      // A new worker loads the app and the page drawing, then connects to PostgreSQL and Redis: seconds on a quiet
      // machine, several times that beside a browser suite on the same two cores.
      45_000,
      "the replacement to serve",
    );
    expect(workerPids()).toHaveLength(2);
    expect(workerPids()).toContain(survivor);
    expect(workerPids()).not.toContain(victim);
  }, 60_000);

  it("replaces every worker on SIGHUP, one at a time, without a failed call", async () => {
    const old = workerPids();
    let running = true;
    const statuses: number[] = [];
    const calls = (async () => {
      while (running) {
        statuses.push(
          await fresh("/healthz").then(
            (r) => r.status,
            () => 0,
          ),
        );
        await sleep(20);
      }
    })();
    process.kill(node.child.pid!, "SIGHUP");
    await until(() => node.output().includes("rolling restart done"), 60_000, "the rolling restart");
    running = false;
    await calls;
    const now = workerPids();
    expect(now).toHaveLength(2);
    expect(now.filter((pid) => old.includes(pid))).toEqual([]);
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  }, 90_000);

  it("stops every worker on SIGTERM and exits 0", async () => {
    const pids = workerPids();
    await node.stop("SIGTERM");
    expect(node.child.exitCode).toBe(0);
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  }, 30_000);
});

describe.skipIf(missing !== "")(`a node whose workers cannot start${missing ? `: needs ${missing}` : ""}`, () => {
  it("stops with the workers' exit code instead of starting them over and over", async () => {
    const port = await sparePort();
    const closed = await sparePort(); // nothing listens there
    const node = startBackend({
      ...TEST_ENV,
      PORT: String(port),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/caravan`,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "caravan-workers-")),
      WORKERS: "2",
      LOG_LEVEL: "info",
    });
    await new Promise((resolve) => node.child.once("exit", resolve));
    expect(node.child.exitCode).toBe(1);
    expect(node.output()).toContain("a worker failed to start; stopping");
    // The suites hash passwords at the least cost (TEST_ENV), which start-up says is for tests only.
    expect(node.output()).toContain("below the least recommended cost of password hashing");
    expect(node.output()).not.toContain("a worker died; starting another");
  }, 60_000);
});
