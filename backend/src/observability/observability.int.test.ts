import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "@caravan/common";
import { loadConfig } from "../config.js";
import { createLogger } from "../logger.js";
import { startServer } from "../server.js";
import { buildGroup } from "../../test/factories.js";
import {
  buildUser,
  freshDatabase,
  LogLines,
  startTestApp,
  TEST_ENV,
  TestClient,
  type TestApp,
} from "../../test/harness.js";
import { repoRoot } from "../../test/processes.js";
import { startTcpProxy } from "../../test/servers.js";
import { EventLog, openSocket, subscribe, type TestSocket } from "../../test/sockets.js";

const TOKEN = "metrics-token-for-tests-0123456789";

/** The value of one series in Prometheus text format, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

describe("GET /metrics", () => {
  let app: TestApp;
  let socket: TestSocket | undefined;

  beforeAll(async () => {
    const redis: Record<string, string> = process.env.TEST_REDIS_URL
      ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `caravan-metrics-${randomBytes(6).toString("hex")}` }
      : {};
    app = await startTestApp({ METRICS_TOKEN: TOKEN, NODE_NAME: "node-a", ...redis });
  });
  afterAll(async () => {
    socket?.close();
    await app?.close();
  });

  const scrape = async (authorization?: string) =>
    app.client().get<string>("/metrics", authorization ? { authorization } : {});

  it("answers only with the bearer token; without it, or with another, it is a 404 like any unknown path", async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, "Bearer", `Bearer ${TOKEN.slice(1)}`]) {
      const res = await scrape(auth);
      expect(res.status, String(auth)).toBe(404);
      expect(res.body).toEqual({ message: ERRORS.notFound });
    }
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toContain("# TYPE caravan_http_request_duration_seconds histogram");
  });

  it("counts requests by route pattern, never by raw path, and labels every series with the node", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    for (const name of ["Lyon", "Nice"]) {
      expect((await owner.client.patch(`/api/groups/${groupId}`, { destinationName: name })).status).toBe(200);
    }
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(
      sample(text, "caravan_http_request_duration_seconds_count", {
        route: "/api/groups/:id",
        method: "PATCH",
        status: "200",
        node: "node-a",
      }),
    ).toBe(2);
    expect(text).not.toContain(`/api/groups/${groupId}"`);
    // The scrape itself is in flight while it renders.
    expect(sample(text, "caravan_http_requests_in_flight", { node: "node-a" })).toBe(1);
    for (const line of text.split("\n").filter((l) => l && !l.startsWith("#"))) {
      expect(line, "every series names its node").toContain('node="node-a"');
    }
  });

  it("reports sockets, subscriptions by room kind, events published and delivered, pool, event loop and process", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    socket = await openSocket(app.url, { as: member.client });
    const log = new EventLog(socket);
    expect(await subscribe(socket, { groupId })).toEqual({ ok: true });
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    const published = (t: string) =>
      sample(t, "caravan_realtime_events_published_total", { event: "group:updated" }) ?? 0;
    const delivered = (t: string) =>
      sample(t, "caravan_realtime_events_delivered_total", { event: "group:updated" }) ?? 0;

    expect((await owner.client.patch(`/api/groups/${groupId}`, { destinationName: "Oslo" })).status).toBe(200);
    await log.waitFor("group:updated", (g) => g.destinationName === "Oslo");
    const text = (await scrape(`Bearer ${TOKEN}`)).body;

    expect(sample(text, "caravan_socketio_connections")).toBe(1);
    expect(sample(text, "caravan_socketio_subscriptions", { kind: "group" })).toBe(1);
    expect(sample(text, "caravan_socketio_subscriptions", { kind: "share" })).toBe(0);
    expect(published(text) - published(before)).toBe(1);
    expect(delivered(text) - delivered(before)).toBe(1);
    expect(sample(text, "caravan_db_pool_size")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "caravan_db_pool_in_use")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "caravan_db_pool_waiting")).toBe(0);
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    if (app.config.redisUrl) expect(sample(text, "caravan_redis_adapter_up")).toBe(1);
    else expect(sample(text, "caravan_redis_adapter_up")).toBeUndefined();
  });

  it("has every series the shipped Grafana dashboard reads", async () => {
    const dashboard = fs.readFileSync(path.join(repoRoot, "docs/ops/grafana-dashboard.json"), "utf8");
    const used = new Set(
      [...dashboard.matchAll(/\b((?:caravan|nodejs|process)_[a-z0-9_]+)/g)].map((m) =>
        m[1]!.replace(/_(bucket|count|sum)$/, ""),
      ),
    );
    expect(used.size).toBeGreaterThan(10);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    for (const name of used) {
      // Only nodes with Redis have the adapter's gauge.
      if (name === "caravan_redis_adapter_up" && !app.config.redisUrl) continue;
      expect(text, name).toContain(`# TYPE ${name} `);
    }
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("is a 404 whatever the caller sends", async () => {
    for (const authorization of ["", "Bearer ", "Bearer undefined", "Bearer null"]) {
      expect((await app.client().get("/metrics", { authorization })).status).toBe(404);
    }
  });
});

describe("access log", () => {
  const out = new LogLines();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ NODE_NAME: "node-log", LOG_LEVEL: "info" }, { log: out });
  });
  afterAll(() => app?.close());

  it("writes one line per request with its id, node, route pattern, status, duration and user id, never the e-mail", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const res = await owner.client.get(`/api/groups/${groupId}`);
    expect(res.status).toBe(200);
    const requestId = res.headers.get("x-request-id");
    const lines = out.lines.filter((l) => l.requestId === requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: "request",
      node: "node-log",
      method: "GET",
      route: "/api/groups/:id",
      path: "/api/groups/:id",
      status: 200,
      userId: owner.user.id,
    });
    expect(typeof lines[0]!.ms).toBe("number");
    expect(JSON.stringify(out.lines)).not.toContain(owner.user.email);

    const visitor = await app.client().get("/api/groups");
    const visitorLine = out.lines.find((l) => l.requestId === visitor.headers.get("x-request-id"));
    expect(visitorLine).toMatchObject({ status: 401, userId: null, route: "/api/groups" });

    // A location write is logged under its route pattern like any other call.
    const write = await owner.client.post(`/api/groups/${groupId}/locations`, { latitude: 45.9, longitude: 6.12 });
    expect(write.status).toBe(200);
    const writeLines = out.lines.filter((l) => l.requestId === write.headers.get("x-request-id"));
    expect(writeLines).toEqual([
      expect.objectContaining({
        msg: "request",
        node: "node-log",
        method: "POST",
        route: "/api/groups/:groupId/locations",
        path: "/api/groups/:groupId/locations",
        status: 200,
        userId: owner.user.id,
      }),
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL restarting", () => {
  it("answers 503 with Retry-After at once while the database is unreachable, and recovers by itself", async () => {
    const db = await freshDatabase();
    const url = new URL((db.target as { url: string }).url);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-pg-"));
    const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir });
    const running = await startServer({ config, log: createLogger("silent"), database: { url: url.toString() } });
    try {
      const app = { ...running, config, client: () => new TestClient(running.url) } as TestApp;
      const owner = await buildUser(app);
      const ready = async () => (await app.client().get("/readyz")).status;
      expect(await ready()).toBe(200);

      await proxy.cut();
      for (const call of [
        () => owner.client.get("/api/groups"),
        () => owner.client.post("/api/groups", { name: "Gap" }),
      ]) {
        const started = Date.now();
        const res = await call();
        expect(Date.now() - started, "never hangs").toBeLessThan(5_000);
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("5");
        expect(res.body).toEqual({ message: ERRORS.unavailable, requestId: res.headers.get("x-request-id") });
      }
      expect(await ready()).toBe(503);

      await proxy.restore();
      // The pool drops the dead connections and opens new ones on its own.
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) status = (await owner.client.get("/api/groups")).status;
      expect(status).toBe(200);
      expect((await owner.client.post("/api/groups", { name: "After" })).status).toBe(201);
      expect(await ready()).toBe(200);
    } finally {
      await running.close();
      await proxy.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
