/**
 * `npm run bench -- hotpath`: the location calls at tracker speed. The app is started as `npm start` starts it
 * (backend/dist/main.js, built if needed) with RATE_LIMITS=off: on this machine's PostgreSQL and Redis with its
 * default number of workers there (one per core, less one for the local PostgreSQL) and with the other choice (a
 * worker on every core), and on the embedded database; each next to a bare node:http
 * server that answers the same requests with a fixed JSON body, the ceiling of this machine, in the same run. Each call is driven by autocannon with 50 connections, each
 * its own signed-in member (groups of 10), for BENCH_SECONDS (10) after a warm-up; on PostgreSQL also by a fleet of
 * 40,000 members writing in turn, none remembered by the app. On PostgreSQL it then stores
 * 1,000,000 trail points (the history a share keeps) and reads the group again, and once more after deleting them.
 * Writes bench/results/hotpath.md.
 *
 * With BENCH_BEFORE=<another checkout> (e.g. `git worktree add /tmp/before main`, its node_modules linked to this
 * one's), an A/B comparison instead: the location write on the default setup (PostgreSQL + Redis, the default number
 * of workers), that checkout and this one started and measured in turn for BENCH_ROUNDS (4) alternating rounds, each
 * round with the bare ceiling too, on the same database and with the same members. Writes bench/results/hotpath-ab.md.
 * A benchmark, not a test: nothing passes or fails on a number.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import pg from "pg";
import * as prettier from "prettier";
import { describeMachine, ensureBuilt, freshDatabase, root, type Machine, sparePort, START_ARGS } from "./lib.js";
import { autoWorkers } from "../backend/src/config.js";
import { seedMembers } from "./seed-members.js";

const OUT = path.join(root, "bench/results/hotpath.md");
const AB_OUT = path.join(root, "bench/results/hotpath-ab.md");
const CONNECTIONS = 50;
const GROUP_SIZE = 10;
const WARMUP_SECONDS = 3;
/**
 * Writes a second for the A/B's paced row: a busy hour of a large deployment (about 2,500 travellers posting every
 * five seconds) on one worker, well below saturation, so the row gives the wait a traveller feels.
 */
const PACED_RATE = 500;
const HISTORY_POINTS = 1_000_000;
const PASSWORD = "Hotpath2026";
/**
 * Members of the tracker-fleet row, each posting once in turn: at these rates each comes back after longer than a
 * session or membership is remembered (GRANT_TTL_MS, 10 s), as a tracker posting every minute or so would.
 */
const FLEET = 40_000;
/** The app's session secret on PostgreSQL, so that sessions written straight into the database are its own. */
const SESSION_SECRET = randomBytes(32).toString("hex");

const seconds = (() => {
  const raw = Number(process.env.BENCH_SECONDS || 10);
  if (!Number.isInteger(raw) || raw < 1 || raw > 120) throw new Error("BENCH_SECONDS must be a whole number 1-120");
  return raw;
})();

/** Settings of the calling shell that would point the app elsewhere or change it; the app gets only what is set here. */
const INHERITED_OUT =
  /^(DATABASE_URL|REDIS_URL|REDIS_PREFIX|RATE_LIMIT|TRUST_PROXY|SMTP_URL|S3_|HASH_|STATIC_DIR|LOG_LEVEL|WORKERS|(GOOGLE|MICROSOFT|YAHOO)_)/;

const children = new Set<ChildProcess>();
process.once("exit", () => children.forEach((c) => c.kill("SIGKILL")));

interface Running {
  url: string;
  stop(): Promise<void>;
  /** The app's process, for its CPU time (absent for the bare server). */
  pid?: number;
}

function track(child: ChildProcess, cleanup: () => void = () => {}): () => Promise<void> {
  children.add(child);
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    children.delete(child);
    cleanup();
  };
}

async function waitReady(url: string, child: ChildProcess, what: string): Promise<void> {
  for (let i = 0; i < 720; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${what} did not become ready within 3 minutes`);
}

/** The app as `npm start` runs it: its own process, its defaults, on the given database. */
async function startApp(extraEnv: Record<string, string>, checkout = root): Promise<Running> {
  const port = await sparePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-hotpath-"));
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !INHERITED_OUT.test(k)));
  const child = spawn(process.execPath, START_ARGS, {
    cwd: checkout,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, RATE_LIMITS: "off", ...extraEnv },
  });
  const stop = track(child, () => fs.rmSync(dataDir, { recursive: true, force: true }));
  await waitReady(`${url}/readyz`, child, "the app");
  return { url, stop, pid: child.pid };
}

/** The ceiling: node:http reading the request body and answering a small JSON body, nothing else. */
const BARE_SERVER = `
const http = require("node:http");
http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = JSON.stringify({ ok: true, received: Buffer.concat(chunks).length });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

async function startBare(): Promise<Running> {
  const port = await sparePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["-e", BARE_SERVER], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { PORT: String(port) },
  });
  const stop = track(child);
  await waitReady(url, child, "the bare server");
  return { url, stop };
}

interface Member {
  cookie: string;
  groupId: number;
}

async function call(url: string, method: string, urlPath: string, body?: unknown, cookie = "") {
  const res = await fetch(url + urlPath, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  return { json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, cookies };
}

/** Members sign up and in, and join their groups, through the API as people do. */
async function seed(url: string): Promise<Member[]> {
  const tag = randomBytes(3).toString("hex");
  const signIn = async (i: number) => {
    const email = `hotpath-${tag}-${i}@example.com`;
    await call(url, "POST", "/api/auth/signup", {
      firstName: "Member",
      lastName: String(i),
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    return (await call(url, "POST", "/api/auth/signin", { email, password: PASSWORD })).cookies;
  };
  const members: Member[] = [];
  for (let g = 0; g < CONNECTIONS / GROUP_SIZE; g++) {
    const ownerCookie = await signIn(g * GROUP_SIZE);
    const group = await call(url, "POST", "/api/groups", { name: `Hot path ${g}` }, ownerCookie);
    const groupId = group.json.id as number;
    const link = await call(url, "POST", `/api/groups/${groupId}/invites/link`, {}, ownerCookie);
    members.push({ cookie: ownerCookie, groupId });
    for (let i = 1; i < GROUP_SIZE; i++) {
      const cookie = await signIn(g * GROUP_SIZE + i);
      await call(url, "POST", `/api/invites/${link.json.inviteToken as string}/accept`, {}, cookie);
      members.push({ cookie, groupId });
    }
  }
  // Everyone has a location, so a read returns the whole group.
  for (const [i, m] of members.entries()) {
    await call(url, "POST", `/api/groups/${m.groupId}/locations`, position(i), m.cookie);
  }
  return members;
}

const position = (i: number) => ({
  latitude: 59.9 + ((i * 7919) % 1000) / 10_000,
  longitude: 10.7 + ((i * 104_729) % 1000) / 10_000,
});

type Kind = "write" | "read" | "user" | "fleet";

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
}

/** autocannon, 50 connections; connection i speaks for member i (its cookie, its group). */
async function load(
  url: string,
  members: Member[],
  kind: Kind,
  durationSeconds: number,
  connections = CONNECTIONS,
  overallRate?: number,
): Promise<Load> {
  let next = 0;
  let seq = 0;
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    ...(overallRate ? { overallRate } : {}),
    setupClient: (client) => {
      const member = members[next++ % members.length]!;
      const headers = { cookie: member.cookie, "content-type": "application/json" };
      if (kind === "fleet") {
        // Every request by the next member of the fleet, in their group: nobody is seen twice within seconds.
        client.setRequests([
          {
            method: "POST",
            setupRequest: (req) => {
              const m = members[seq % members.length]!;
              return {
                ...req,
                path: `/api/groups/${m.groupId}/locations`,
                headers: { cookie: m.cookie, "content-type": "application/json" },
                body: JSON.stringify(position(seq++)),
              };
            },
          },
        ]);
      } else if (kind === "write") {
        client.setRequests([
          {
            method: "POST",
            path: `/api/groups/${member.groupId}/locations`,
            headers,
            // A different position every time: each write is a real change.
            setupRequest: (req) => ({ ...req, body: JSON.stringify(position(seq++)) }),
          },
        ]);
      } else if (kind === "read") {
        client.setRequests([{ method: "GET", path: `/api/groups/${member.groupId}/locations`, headers }]);
      } else {
        client.setRequests([{ method: "GET", path: "/api/auth/user", headers }]);
      }
    },
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result["2xx"],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Half the members write while the other half read, each member of every group on its own connection: the group
 * reads then meet the changes the writes announce.
 */
async function measureMixed(url: string, members: Member[]): Promise<{ write: Load; read: Load }> {
  const writers = members.filter((_, i) => i % 2 === 0);
  const readers = members.filter((_, i) => i % 2 === 1);
  const half = CONNECTIONS / 2;
  await Promise.all([
    load(url, writers, "write", WARMUP_SECONDS, half),
    load(url, readers, "read", WARMUP_SECONDS, half),
  ]);
  const [write, read] = await Promise.all([
    load(url, writers, "write", seconds, half),
    load(url, readers, "read", seconds, half),
  ]);
  return { write, read };
}

async function measure(url: string, members: Member[], kind: Kind): Promise<Load> {
  await load(url, members, kind, WARMUP_SECONDS);
  return load(url, members, kind, seconds);
}

/** The bare server gets the same requests (same bodies, same cookies) so only the app's work differs. */
async function measureBare(members: Member[]): Promise<{ write: Load; read: Load }> {
  const bare = await startBare();
  try {
    return { write: await measure(bare.url, members, "write"), read: await measure(bare.url, members, "read") };
  } finally {
    await bare.stop();
  }
}

/**
 * 1,000,000 trail points on a share of one member, straight into the database (recording them is not the point),
 * then vacuumed and analyzed.
 */
async function storeHistory(databaseUrl: string, url: string, member: Member): Promise<number> {
  const share = await call(url, "POST", "/api/shared-trips", { durationHours: 24 }, member.cookie);
  const shareId = share.json.id as number;
  await onTrail(databaseUrl, (client) =>
    client.query(
      `INSERT INTO "shared_trip_locations" ("shared_trip_id", "latitude", "longitude", "created_at")
       SELECT $1, 59.9 + (n % 1000) / 10000.0, 10.7 + (n % 997) / 10000.0, now() - n * interval '1 second'
         FROM generate_series(1, $2::int) AS n`,
      [shareId, HISTORY_POINTS],
    ),
  );
  return shareId;
}

/** The trail points of `shareId` deleted again, so that the group can be read empty once more. */
async function dropHistory(databaseUrl: string, shareId: number): Promise<void> {
  await onTrail(databaseUrl, (client) =>
    client.query(`DELETE FROM "shared_trip_locations" WHERE "shared_trip_id" = $1`, [shareId]),
  );
}

/**
 * Changes the trail table, then vacuums and analyzes it, as after any bulk change: where autovacuum is on (it is
 * PostgreSQL's default), it would otherwise visit the million rows during the reads that follow, and the row would
 * measure that one-off pass on a shared CPU rather than what a read costs with the history stored.
 */
async function onTrail(databaseUrl: string, change: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await change(client);
    await client.query(`VACUUM (ANALYZE) "shared_trip_locations"`);
  } finally {
    await client.end();
  }
}

interface Row {
  setup: string;
  call: string;
  load: Load;
  /** The bare server's answers to the same setup's POSTs and GETs. */
  bare?: { post: Load; get: Load };
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const msText = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

function describeHistory({ before, full, after }: { before: Load; full: Load; after: Load }): string {
  const rate = (load: Load) => `${fmt(load.requestsPerSecond)}/s, p99 ${msText(load.p99)}`;
  const empty = higher(before, after);
  const ratio = (empty.requestsPerSecond / full.requestsPerSecond).toFixed(2);
  return (
    `A group read after ${fmt(HISTORY_POINTS)} trail points were stored for one of its members (and vacuumed, as ` +
    `after any bulk load): ${rate(full)}, against ${rate(before)} before they were stored and ${rate(after)} once ` +
    `they were deleted again (and vacuumed): ${ratio}x the cost per read of the faster empty read.`
  );
}

function table(rows: Row[]): string {
  const lines = [
    "| setup | call | requests/s | p50 | p99 | failed | share of the bare POST ceiling | share of the bare GET ceiling |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  const share = (load: Load, ceiling: Load | undefined) =>
    ceiling ? `${((100 * load.requestsPerSecond) / ceiling.requestsPerSecond).toFixed(1)} %` : "";
  for (const r of rows) {
    const isRead = r.call.startsWith("GET");
    lines.push(
      `| ${r.setup} | ${r.call} | ${fmt(r.load.requestsPerSecond)} | ${msText(r.load.p50)} | ${msText(r.load.p99)} | ${r.load.failed} | ${share(r.load, r.bare?.post)} | ${isRead ? share(r.load, r.bare?.get) : ""} |`,
    );
  }
  return lines.join("\n");
}

const higher = (a: Load, b: Load) => (a.requestsPerSecond >= b.requestsPerSecond ? a : b);

/**
 * One setup: the app on `env`, its members, the bare ceiling with their requests, then each call, then the ceiling
 * again; with `fleet`, the fleet row; `after` runs with the app still up. A shared machine's ceiling can move by a
 * third between two runs a minute apart, so each share is taken of the higher of the two ceilings around it.
 */
async function measureSetup(
  setup: string,
  env: Record<string, string>,
  rows: Row[],
  { fleet, after }: { fleet?: Member[]; after?: (app: Running, members: Member[], read: Load) => Promise<void> } = {},
): Promise<void> {
  const app = await startApp(env);
  try {
    const members = await seed(app.url);
    const before = await measureBare(members);
    /** The setup's rows, each with whether it is a share of the ceilings (taken once both are measured). */
    const measured: Array<{ row: Row; shared: boolean }> = [];
    const add = (call: string, load: Load, shared = true) => measured.push({ row: { setup, call, load }, shared });
    const write = await measure(app.url, members, "write");
    const read = await measure(app.url, members, "read");
    add("POST /api/groups/{id}/locations", write);
    add("GET /api/groups/{id}/locations", read);
    add("GET /api/auth/user", await measure(app.url, members, "user"));
    const mixed = await measureMixed(app.url, members);
    add(`POST, ${CONNECTIONS / 2} connections, while the others read`, mixed.write, false);
    add(`GET, ${CONNECTIONS / 2} connections, while the others write`, mixed.read, false);
    if (fleet)
      add(`POST by ${fmt(fleet.length)} members in turn, nobody remembered`, await measure(app.url, fleet, "fleet"));
    const afterwards = await measureBare(members);
    const ceilings = { post: higher(before.write, afterwards.write), get: higher(before.read, afterwards.read) };
    rows.push({ setup: "bare node:http, before", call: "POST (same body)", load: before.write });
    rows.push({ setup: "bare node:http, before", call: "GET", load: before.read });
    rows.push(...measured.map(({ row, shared }) => (shared ? { ...row, bare: ceilings } : row)));
    rows.push({ setup: "bare node:http, after", call: "POST (same body)", load: afterwards.write });
    rows.push({ setup: "bare node:http, after", call: "GET", load: afterwards.read });
    await after?.(app, members, read);
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  await ensureBuilt();

  const adminUrl =
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
  const db = await freshDatabase(adminUrl);
  const machine: Machine = await describeMachine(db.url, redisUrl);
  const rows: Row[] = [];
  /** The group read while the trail is empty (before it is stored, and again once deleted) and while it is full. */
  let history: { before: Load; full: Load; after: Load } | undefined;
  const onPostgres = {
    SESSION_SECRET,
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `caravan-hotpath-${randomBytes(4).toString("hex")}`,
  };
  // npm start's own choice here (one worker per core, less one for a PostgreSQL on this machine), and the other
  // choice for comparison: a worker on every core, or one worker when that is the default.
  const cores = os.availableParallelism();
  const byDefault = autoWorkers(db.url, cores);
  const other = byDefault === cores ? 1 : cores;
  const named = (n: number) => `PostgreSQL + Redis, ${n} worker${n === 1 ? "" : "s"}`;
  try {
    console.log(`seeding ${fmt(FLEET)} members`);
    const fleet = await seedMembers(db.url, FLEET, GROUP_SIZE, SESSION_SECRET);
    const storeAndRead = async (app: Running, members: Member[], read: Load) => {
      console.log(`storing ${fmt(HISTORY_POINTS)} trail points`);
      const shareId = await storeHistory(db.url, app.url, members[0]!);
      const full = await measure(app.url, members, "read");
      // The machine's speed drifts over minutes: the empty group is read again right after, and the full one is
      // held against the faster of the two empty reads.
      console.log("deleting them again");
      await dropHistory(db.url, shareId);
      history = { before: read, full, after: await measure(app.url, members, "read") };
    };
    console.log(`${named(byDefault)}, the default`);
    await measureSetup(`${named(byDefault)} (default)`, onPostgres, rows, { fleet, after: storeAndRead });
    console.log(named(other));
    await measureSetup(named(other), { ...onPostgres, WORKERS: String(other) }, rows, { fleet });
    console.log("embedded database");
    await measureSetup("embedded", {}, rows);
  } finally {
    await db.drop();
  }

  const historyText = history ? describeHistory(history) : "";
  const markdown = `# The location hot path

Written by \`npm run bench -- hotpath\` (bench/hotpath.ts); run it again to refresh this file.

The app as \`npm start\` runs it (\`RATE_LIMITS=off\`; on PostgreSQL with Redis its default number of workers,
one per core less one for the PostgreSQL on this machine, and for comparison ${other} worker${other === 1 ? "" : "s"}; the embedded database in one process), driven by autocannon in the benchmark process with
${CONNECTIONS} connections, each its own signed-in member (groups of ${GROUP_SIZE}, everyone with a location), for ${seconds} s after a
${WARMUP_SECONDS} s warm-up. A write is \`POST /api/groups/{id}/locations\` with a new position each time: acknowledged after
it commits, and pushed to the group's room. The bare node:http server gets the same requests and answers each with
a small JSON body; each setup's ceiling is measured just before it and again just after, and each share is taken of
the higher of the two (a shared machine's ceiling moves between runs a minute apart). The goal is stated against the bare POST
(a body read, a JSON answer); a bare GET, with no body to read, goes faster still, and its column is shown for the
reads. The reads in the rows above run while nobody writes, so they are mostly answered from the group's kept read
(decision 16); the next two rows of each setup split the connections between writers and readers of the same
groups, so reads meet the changes. On PostgreSQL the last row is a fleet of trackers: every write is by the next of
${fmt(FLEET)} members (signed in, their sessions written straight into the database), so none comes back before what
the app remembers of sessions and memberships has expired, as for trackers that post every minute or so.
"Failed" counts non-2xx answers, errors and timeouts.

${table(rows)}

${historyText}

Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB memory, ${machine.os}, Node ${machine.node},
PostgreSQL ${machine.postgres}, Redis ${machine.redis}, all on loopback; autocannon shares the CPUs with the app,
PostgreSQL and Redis. Load average when the run started: ${machine.loadAverage}. Date: ${machine.date}.
`;
  const formatted = await prettier.format(markdown, { ...(await prettier.resolveConfig(OUT)), filepath: OUT });
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, formatted);
  console.log(`\n${formatted}\nwritten to ${path.relative(root, OUT)}`);
}

/** The figures of one checkout in one round of the A/B comparison. */
interface AbSample {
  round: number;
  checkout: "before" | "this build";
  write: Load;
  /** The app's CPU time (user and system, its worker processes included) per 1,000 writes, in ms. */
  cpuPerThousand: number;
  /** The same writes at PACED_RATE a second: what a traveller waits for when the server is busy but not saturated. */
  paced: Load;
}

/**
 * CPU time used so far by a process and its children (the cluster's workers), in ms, from /proc. Unlike requests per
 * second, it hardly moves when other work shares the machine: it counts what the app spent, not what it was given.
 */
function cpuMs(pid: number): number {
  const ticksPerSecond = 100; // USER_HZ, 100 on every Linux this runs on
  const own = (p: number) => {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ");
      // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
    } catch {
      return 0;
    }
  };
  const children = fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => {
      try {
        return fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
      } catch {
        return [];
      }
    })
    .map(Number);
  return own(pid) + children.reduce((sum, child) => sum + own(child), 0);
}

/**
 * The A/B comparison (BENCH_BEFORE): the two checkouts take turns, the one that goes first alternating from round to
 * round, so that a drift of the shared machine's speed over the run weighs on both alike.
 */
async function compareBuilds(before: string): Promise<void> {
  const rounds = (() => {
    const raw = Number(process.env.BENCH_ROUNDS || 4);
    if (!Number.isInteger(raw) || raw < 1 || raw > 20) throw new Error("BENCH_ROUNDS must be a whole number 1-20");
    return raw;
  })();
  const checkouts = { before: path.resolve(before), "this build": root } as const;
  await ensureBuilt(checkouts.before);
  await ensureBuilt(root);
  const adminUrl =
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
  const db = await freshDatabase(adminUrl);
  const machine: Machine = await describeMachine(db.url, redisUrl);
  const onPostgres = (name: string) => ({
    SESSION_SECRET,
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `caravan-hotpath-ab-${name}-${randomBytes(4).toString("hex")}`,
  });
  const samples: AbSample[] = [];
  const bare: Load[] = [];
  let members: Member[] | null = null;
  try {
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 === 1 ? (["before", "this build"] as const) : (["this build", "before"] as const);
      for (const checkout of order) {
        console.log(`round ${round}: ${checkout}`);
        const app = await startApp(onPostgres(checkout === "before" ? "a" : "b"), checkouts[checkout]);
        try {
          // The same members, sessions and groups for both: the first app started signs them up.
          members ??= await seed(app.url);
          await load(app.url, members, "write", WARMUP_SECONDS);
          const cpuBefore = cpuMs(app.pid!);
          const write = await load(app.url, members, "write", seconds);
          const cpu = cpuMs(app.pid!) - cpuBefore;
          const paced = await load(app.url, members, "write", seconds, CONNECTIONS, PACED_RATE);
          samples.push({
            round,
            checkout,
            write,
            paced,
            cpuPerThousand: (1000 * cpu) / Math.max(1, write.ok + write.failed),
          });
        } finally {
          await app.stop();
        }
      }
      bare.push((await measureBare(members!)).write);
    }
  } finally {
    await db.drop();
  }

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const rateOf = (checkout: AbSample["checkout"]) =>
    samples.filter((s) => s.checkout === checkout).map((s) => s.write.requestsPerSecond);
  const medianBefore = median(rateOf("before"));
  const medianAfter = median(rateOf("this build"));
  const change = (100 * (medianAfter - medianBefore)) / medianBefore;
  const cpuOf = (checkout: AbSample["checkout"]) =>
    median(samples.filter((s) => s.checkout === checkout).map((s) => s.cpuPerThousand));
  const [cpuBefore, cpuAfter] = [cpuOf("before"), cpuOf("this build")];
  const pacedOf = (checkout: AbSample["checkout"]) => {
    const mine = samples.filter((s) => s.checkout === checkout);
    return { p50: median(mine.map((s) => s.paced.p50)), p99: median(mine.map((s) => s.paced.p99)) };
  };
  const [pacedBefore, pacedAfter] = [pacedOf("before"), pacedOf("this build")];
  const cpuChange = (100 * (cpuAfter - cpuBefore)) / cpuBefore;
  const lines = [
    `| round | checkout | requests/s | p50 | p99 | failed | share of the round's bare POST | app CPU per 1,000 writes | at ${PACED_RATE}/s: p50 | p99 |`,
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...samples.map(
      (s) =>
        `| ${s.round} | ${s.checkout} | ${fmt(s.write.requestsPerSecond)} | ${msText(s.write.p50)} | ${msText(s.write.p99)} | ${s.write.failed} | ${((100 * s.write.requestsPerSecond) / bare[s.round - 1]!.requestsPerSecond).toFixed(1)} % | ${fmt(s.cpuPerThousand)} ms | ${msText(s.paced.p50)} | ${msText(s.paced.p99)} |`,
    ),
  ];
  const markdown = `# The location write, before and after a change (A/B)

Written by \`BENCH_BEFORE=<checkout> npm run bench -- hotpath\` (bench/hotpath.ts); run it again to refresh this file.

\`POST /api/groups/{id}/locations\` on the default setup (PostgreSQL + Redis, the default number of workers,
\`RATE_LIMITS=off\`), as in hotpath.md: ${CONNECTIONS} connections, each its own signed-in member (groups of ${GROUP_SIZE}), a new
position each time, for ${seconds} s after a ${WARMUP_SECONDS} s warm-up. "before" is the checkout at \`${path.basename(checkouts.before)}\`, "this
build" the checkout this file is in. Both ran on the same database with the same members, taking turns for ${rounds}
rounds, the one going first alternating; each round ends with the bare node:http ceiling for the same requests.
"app CPU" is the user and system time the app's process spent during the measured seconds, per 1,000 writes: it
moves less than requests per second when other work shares the machine. The last two columns are the same writes
paced at ${PACED_RATE} a second, well below what either build can take: the wait a traveller's phone sees on a busy server.

${lines.join("\n")}

Median requests/s: before ${fmt(medianBefore)}, this build ${fmt(medianAfter)} (${change >= 0 ? "+" : ""}${change.toFixed(1)} %).
Median wait at ${PACED_RATE} writes/s: p50 before ${msText(pacedBefore.p50)}, this build ${msText(pacedAfter.p50)}; p99 before ${msText(pacedBefore.p99)}, this build ${msText(pacedAfter.p99)}.
Median app CPU per 1,000 writes: before ${fmt(cpuBefore)} ms, this build ${fmt(cpuAfter)} ms (${cpuChange >= 0 ? "+" : ""}${cpuChange.toFixed(1)} %).
Bare node:http POST ceiling per round: ${bare.map((b) => fmt(b.requestsPerSecond)).join(", ")}.

Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB memory, ${machine.os}, Node ${machine.node},
PostgreSQL ${machine.postgres}, Redis ${machine.redis}, all on loopback; autocannon shares the CPUs with the app,
PostgreSQL and Redis, and other work on the machine may run at the same time. Load average when the run started:
${machine.loadAverage}. Date: ${machine.date}.
`;
  const formatted = await prettier.format(markdown, { ...(await prettier.resolveConfig(AB_OUT)), filepath: AB_OUT });
  fs.mkdirSync(path.dirname(AB_OUT), { recursive: true });
  fs.writeFileSync(AB_OUT, formatted);
  console.log(`\n${formatted}\nwritten to ${path.relative(root, AB_OUT)}`);
}

if (process.env.BENCH_BEFORE) await compareBuilds(process.env.BENCH_BEFORE);
else await main();
