/**
 * `npm run bench`: runs the benchmarks on this machine's loopback PostgreSQL and Redis and writes their tables to
 * bench/results/. Bounded in count and time; not a test (nothing here passes or fails on a number).
 *
 *   npm run bench                       all benchmarks
 *   npm run bench -- realtime           one of them (realtime, gazetteer, lighthouse, hostile-input, hotpath,
 *                                       tracking-latency)
 *
 * Settings: BENCH_DATABASE_URL (a PostgreSQL server where a scratch database may be created; default
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL (default TEST_REDIS_URL,
 * else redis://127.0.0.1:6379), BENCH_CLIENTS (1000, at most 20,000), BENCH_GROUP_SIZE (20), BENCH_WRITES_PER_SECOND
 * (100), BENCH_SECONDS (20), BENCH_MODES (bare,push,polling), BENCH_CLIENT_THREADS (2: the threads holding the sockets).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { POLL_MS } from "@caravan/common";
import { describeMachine, freshDatabase, ms, root, type Machine, sparePort } from "./lib.js";
import { REALTIME_MODES, runRealtimeBench, WARMUP_MS, type ModeResult, type RealtimeBenchOptions } from "./realtime.js";

const TIME_LIMIT_MS = 10 * 60_000;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

function setting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

function loopbackUrl(name: string, value: string): string {
  if (!LOOPBACK.has(new URL(value).hostname))
    throw new Error(`${name} must point at this machine (loopback): ${value}`);
  return value;
}

/** A table with padded columns, as Prettier writes them. */
function markdownTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** How long the polling phase's first round took, which no row measures: every client's new connection and session. */
function firstRound(results: ModeResult[]): string {
  const ms = results.find((r) => r.firstRoundMs !== undefined)?.firstRoundMs;
  return ms === undefined
    ? ""
    : ` (here ${(ms / 1000).toFixed(1)} s after the pollers started: the first round opens every client's connection and reads every session)`;
}

/** The push rows' warm-ups, which the rows leave out: what the first writes after the connections met. */
function warmups(results: ModeResult[]): string {
  const warmed = results.filter((r) => r.warmup);
  if (warmed.length === 0) return "";
  const each = warmed.map((r) => {
    const w = r.warmup!;
    return `${r.mode.split(":")[0]!}: ${w.delivered} / ${w.expected} delivered, p50 ${ms(w.latency.p50)}, p99 ${ms(w.latency.p99)}, max ${ms(w.latency.max)}, ${w.failedWrites} failed writes`;
  });
  return `\n\nThe warm-ups (${WARMUP_MS / 1000} s of writes at the same rate before each push row's, not in the rows): ${each.join("; ")}.`;
}

function realtimeTable(machine: Machine, options: RealtimeBenchOptions, results: ModeResult[]): string {
  const groups = Math.ceil(options.clients / options.groupSize);
  const table = markdownTable(
    ["mode", "deliveries", "p50", "p90", "p99", "max", "write response p50 / p99", "failed writes"],
    results.map((r) => [
      r.mode,
      `${r.delivered} / ${r.expected}`,
      ms(r.latency.p50),
      ms(r.latency.p90),
      ms(r.latency.p99),
      ms(r.latency.max),
      `${ms(r.writeLatency.p50)} / ${ms(r.writeLatency.p99)}`,
      String(r.failedWrites),
    ]),
  );
  return `# Real-time delivery latency

Written by \`npm run bench -- realtime\` (bench/realtime.ts); run it again to refresh this file.

From a member's location write (POST /api/groups/{id}/locations) until each other member of the group has it, measured
in the benchmark process on one clock. ${options.clients} clients in ${groups} groups of ${options.groupSize}, spread over two
backend instances (separate processes, each started as \`npm start\` starts the built app, with one worker) that share
PostgreSQL and Redis; ${options.writesPerSecond} writes per second for
${options.durationMs / 1000} s, each by a different member, alternating instances, so half of the deliveries cross instances
through Redis. Before the measured writes of each push row come ${WARMUP_MS / 1000} s of writes at the same rate, delivered
and timed the same way and reported below the table, not in the row: after thousands of connections the instances
run the write and delivery paths for the first time, and V8 compiles them on its helper threads for several seconds
while the writes go on.

- bare: the reference, measured in the same run once the app's phases are done: two processes in place of the
  instances, each node:http and ws (the WebSocket library under Socket.IO's server) sharing Redis
  (bench/realtime-bare-server.mjs). A write's body is parsed and answered, and the same event is sent to the group's
  sockets held there and published once to Redis for the other process. No database, sessions or Socket.IO; each
  client holds a plain ws WebSocket in its group's room from the start, in the same threads as below. It shows what
  this machine delivers at this rate with nothing of the app in the way;
- push: every client holds a Socket.IO connection subscribed to its group: a plain ws WebSocket, as above, speaking
  the Socket.IO protocol over it as socket.io-client does (bench/realtime-clients.mjs), without that library's
  manager and timers per socket, so both rows spend alike on their clients; the sockets live in ${process.env.BENCH_CLIENT_THREADS || 2} worker
  threads of the benchmark process, so receiving does not delay the writes, and times are taken on one shared clock.
  A write's own instance pushes it to its sockets; the other instance pushes it from the news of the locations
  stored in that batch, which Redis carries to it (decision 16), not from a Socket.IO broadcast of its own;
- polling: the same clients instead read GET /api/groups/{id}/locations every 5 s (the fallback while a socket is
  down), each from a random starting moment and over a kept-alive connection of its own, in the same worker threads;
  a poll that returns the writer's newer location also counts for the
  older write (locations are current-only). That is ${Math.round(options.clients / (POLL_MS.groupLocations / 1000))} reads per second on top of the writes, which begin
  once every client's first poll has been answered${firstRound(results)}. Each poller polls as the app does
  (TanStack Query's \`refetchInterval\`): a late answer skips the polls it spanned rather than sending them at once.

The write response column is measured in the same phase: it shows how busy the instances were. The benchmark sends
its writes and polls over kept-alive node:http connections, which cost its own CPU (shared with the instances) a
fraction of what Node's fetch does.

${table}${warmups(results)}

Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB memory, ${machine.os}, Node ${machine.node},
PostgreSQL ${machine.postgres}, Redis ${machine.redis}, all on loopback; the benchmark's clients share the CPUs with both
instances, PostgreSQL and Redis. Load average when the run started: ${machine.loadAverage}. Date: ${machine.date}.
`;
}

/** BENCH_MODES: any of "bare", "push" and "polling" (comma-separated; all three by default). */
function realtimeModes(): RealtimeBenchOptions["modes"] {
  const raw = (process.env.BENCH_MODES || REALTIME_MODES.join(",")).split(",").map((m) => m.trim());
  const modes = REALTIME_MODES.filter((m) => raw.includes(m));
  if (modes.length === 0 || modes.length !== raw.length) {
    throw new Error(`BENCH_MODES must list some of ${REALTIME_MODES.join(", ")}`);
  }
  return modes;
}

async function realtime(): Promise<void> {
  const adminUrl = loopbackUrl(
    "BENCH_DATABASE_URL",
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
  );
  const redisUrl = loopbackUrl(
    "BENCH_REDIS_URL",
    process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379",
  );
  const db = await freshDatabase(adminUrl);
  try {
    const options: RealtimeBenchOptions = {
      databaseUrl: db.url,
      redisUrl,
      clients: setting("BENCH_CLIENTS", 1000, 2, 20_000),
      groupSize: setting("BENCH_GROUP_SIZE", 20, 2, 500),
      writesPerSecond: setting("BENCH_WRITES_PER_SECOND", 100, 1, 2000),
      durationMs: setting("BENCH_SECONDS", 20, 1, 120) * 1000,
      ports: [await sparePort(), await sparePort()],
      modes: realtimeModes(),
    };
    const machine = await describeMachine(db.url, redisUrl);
    const results = await runRealtimeBench(options);
    const table = realtimeTable(machine, options, results);
    // The default run writes realtime.md; others name their clients, write rate and phases, so runs of several
    // sizes can stand side by side.
    const isDefault =
      options.clients === 1000 &&
      options.writesPerSecond === 100 &&
      options.modes.length === REALTIME_MODES.length &&
      options.groupSize === 20;
    const name = isDefault
      ? "realtime"
      : `realtime-${options.clients}-clients-${options.writesPerSecond}-writes-${options.modes.join("-")}`;
    const out = path.join(root, `bench/results/${name}.md`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, table);
    console.log(`\n${table}\nwritten to ${path.relative(root, out)}`);
  } finally {
    await db.drop();
  }
}

/** A benchmark that is a script of its own: it runs in a child process, as it would alone. */
function script(file: string): () => Promise<void> {
  return () =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ["--conditions=@caravan/source", "--import", "tsx", file], {
        cwd: root,
        stdio: "inherit",
      });
      child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited with ${code}`))));
    });
}

const benchmarks: Record<string, () => Promise<void>> = {
  realtime,
  gazetteer: script("bench/gazetteer.ts"),
  lighthouse: script("bench/lighthouse.ts"),
  "hostile-input": script("bench/hostile-input.ts"),
  hotpath: script("bench/hotpath.ts"),
  "tracking-latency": script("bench/tracking-latency.ts"),
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(", ")} (known: ${Object.keys(benchmarks).join(", ")})`);
  process.exit(2);
}
const limit = setTimeout(() => {
  console.error(`the benchmarks took longer than ${TIME_LIMIT_MS / 60_000} minutes; stopped`);
  process.exit(1);
}, TIME_LIMIT_MS);
try {
  for (const name of chosen.length > 0 ? chosen : Object.keys(benchmarks)) {
    console.log(`== ${name}`);
    await benchmarks[name]!();
  }
} finally {
  clearTimeout(limit);
}
