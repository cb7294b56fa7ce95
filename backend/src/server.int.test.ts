import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase, TEST_ENV, TestClient } from "../test/harness.js";
import { loadConfig } from "./config.js";
import { DataDirLockedError } from "./data-dir.js";
import { createLogger } from "./logger.js";
import { startServer, type RunningServer } from "./server.js";

/** The embedded default as a newcomer runs it: PGlite persisted in DATA_DIR, secrets generated there. */
const dirs: string[] = [];
const running: RunningServer[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function start(dataDir: string, env: Record<string, string> = {}) {
  const config = loadConfig({ PORT: "0", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...env });
  return startServer({ config, log: createLogger("silent") });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("several nodes on one PostgreSQL database", () => {
  it("start together on an empty database: one migrates, the others wait for it", async () => {
    const fresh = await freshDatabase();
    try {
      const nodes = await Promise.all(
        [1, 2, 3].map(() => {
          const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-node-"));
          dirs.push(dataDir);
          const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir });
          return startServer({ config, log: createLogger("silent"), database: fresh.target });
        }),
      );
      running.push(...nodes);
      const [{ n }] = await nodes[0]!.db.query(`SELECT count(*)::int AS n FROM migrations`);
      expect(n).toBe(nodes[0]!.db.migrations.length);
    } finally {
      for (const r of running.splice(0)) await r.close();
      await fresh.drop();
    }
  });
});

describe("the embedded default", () => {
  it("keeps accounts across a restart, and generates its secrets once, readable by this user only", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-persist-"));
    dirs.push(dataDir);
    const first = await start(dataDir);
    const c = new TestClient(first.url);
    const account = {
      firstName: "Pia",
      lastName: "Holm",
      email: "pia@example.com",
      password: "Fjord2026",
      confirmPassword: "Fjord2026",
    };
    expect((await c.post("/api/auth/signup", account)).status).toBe(201);
    const secrets = fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8");
    expect(fs.statSync(path.join(dataDir, "secrets.json")).mode & 0o077).toBe(0);
    await first.close();

    const second = await start(dataDir);
    running.push(second);
    const again = new TestClient(second.url);
    const res = await again.post("/api/auth/signin", { email: account.email, password: account.password });
    expect(res.status).toBe(200);
    expect(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8")).toBe(secrets);
  });

  it("refuses a second process on the same DATA_DIR, naming the one that holds it", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-lock-"));
    dirs.push(dataDir);
    // A live process other than this one holds the lock (our parent, which outlives the test).
    fs.writeFileSync(path.join(dataDir, "caravan.lock"), String(process.ppid));
    const err = await start(dataDir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toContain(`pid ${process.ppid}`);
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-stale-"));
    dirs.push(dataDir);
    fs.writeFileSync(path.join(dataDir, "caravan.lock"), "999999999");
    const r = await start(dataDir);
    running.push(r);
    expect(fs.readFileSync(path.join(dataDir, "caravan.lock"), "utf8")).toBe(String(process.pid));
  });

  it("serves the built frontend with an SPA fallback, and JSON 404s under /api", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-static-"));
    dirs.push(dataDir);
    const staticDir = path.join(dataDir, "web");
    fs.mkdirSync(path.join(staticDir, "assets"), { recursive: true });
    fs.writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>app shell</title>");
    fs.writeFileSync(path.join(staticDir, "assets", "app-abc123.js"), "console.log(1)");
    const r = await start(dataDir, { ...TEST_ENV, PORT: "0", STATIC_DIR: staticDir });
    running.push(r);
    const c = new TestClient(r.url);
    const deep = await c.get("/groups/42");
    expect(deep.status).toBe(200);
    expect(deep.body).toContain("app shell");
    expect(deep.headers.get("cache-control")).toBe("no-cache");
    const asset = await c.get("/assets/app-abc123.js");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect((await c.get("/assets/missing.js")).status).toBe(404);
    expect((await c.get("/api/nothing")).body).toEqual({ message: "Not found" });
  });

  it("serves the service worker and the web app manifest with their types, never cached, and allows them", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-pwa-"));
    dirs.push(dataDir);
    const staticDir = path.join(dataDir, "web");
    fs.mkdirSync(path.join(staticDir, "icons"), { recursive: true });
    fs.writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>app shell</title>");
    fs.writeFileSync(path.join(staticDir, "sw.js"), "self.addEventListener('fetch', () => {});");
    fs.writeFileSync(path.join(staticDir, "manifest.webmanifest"), JSON.stringify({ name: "Caravan" }));
    fs.writeFileSync(path.join(staticDir, "icons", "icon-192.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const r = await start(dataDir, { ...TEST_ENV, PORT: "0", STATIC_DIR: staticDir });
    running.push(r);
    const c = new TestClient(r.url);
    const sw = await c.get("/sw.js");
    expect(sw.status).toBe(200);
    expect(sw.headers.get("content-type")).toMatch(/^(application|text)\/javascript/);
    expect(sw.headers.get("cache-control")).toBe("no-cache");
    const manifest = await c.get("/manifest.webmanifest");
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    const icon = await c.get("/icons/icon-192.png");
    expect(icon.headers.get("content-type")).toBe("image/png");
    const csp = sw.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
