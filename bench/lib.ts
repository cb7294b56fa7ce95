/** Shared by the benchmarks: the machine, percentiles, backend processes, a fresh database. */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createDatabase, type ScratchDatabase } from "../backend/test/databases.js";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The node command line of `npm start` (package.json), from the checkout's root: a larger young generation (V8
 * collects it less often under load: about half the garbage-collection time of a location write), source maps.
 */
export const START_ARGS = [
  "--max-semi-space-size=64",
  "--enable-source-maps",
  // BENCH_PROFILE_DIR: each app process writes a CPU profile there when it stops (open it in Chrome's DevTools).
  ...(process.env.BENCH_PROFILE_DIR
    ? [
        process.env.BENCH_PROFILE_KIND === "heap" ? "--heap-prof" : "--cpu-prof",
        `--${process.env.BENCH_PROFILE_KIND === "heap" ? "heap" : "cpu"}-prof-dir=${process.env.BENCH_PROFILE_DIR}`,
      ]
    : []),
  "backend/dist/main.js",
];

/** Builds the checkout at `dir` if its build is missing or stale, as `npm start` does (scripts/ensure-built.mjs). */
export async function ensureBuilt(dir = root): Promise<void> {
  const built = spawn(process.execPath, ["scripts/ensure-built.mjs"], { cwd: dir, stdio: "inherit" });
  const code = await new Promise<number | null>((resolve) => built.once("exit", resolve));
  if (code !== 0) throw new Error(`scripts/ensure-built.mjs exited with ${code} in ${dir}`);
}

/** A TCP port nobody listens on right now. */
export async function sparePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Machine {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  os: string;
  postgres: string;
  redis: string;
  /** The 1-minute load average when the run started: other work on the machine skews the numbers. */
  loadAverage: number;
}

export async function describeMachine(databaseUrl: string, redisUrl: string): Promise<Machine> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>("SHOW server_version");
  await client.end();
  let redis = "unknown";
  try {
    const info = execFileSync("redis-cli", ["-u", redisUrl, "INFO", "server"], { encoding: "utf8" });
    redis = /redis_version:(\S+)/.exec(info)?.[1] ?? redis;
  } catch {
    // redis-cli is optional; the version is only reported
  }
  return {
    date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? "unknown",
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    postgres: rows[0]?.server_version ?? "unknown",
    redis,
    loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
  };
}

/** The load averages over 1, 5 and 15 minutes, as the results files print them. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

export interface Summary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles, in milliseconds. */
export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
  return { count: sorted.length, p50: at(50), p90: at(90), p99: at(99), max: sorted[sorted.length - 1] ?? NaN };
}

export const ms = (n: number) =>
  Number.isNaN(n) ? "-" : n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`;

/** A new database on the server of `adminUrl`, dropped by `drop()`. */
export const freshDatabase = (adminUrl: string): Promise<ScratchDatabase> => createDatabase(adminUrl, "caravan_bench");

export interface Backend {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.once("exit", () => children.forEach((c) => c.kill("SIGKILL")));

/**
 * One backend instance (one process, one worker) started as `npm start` starts it (START_ARGS: the built app, its young
 * generation and source maps); resolves once /readyz answers 200. The caller builds the app first (`ensureBuilt`).
 */
export const startBackend = (port: number, env: Record<string, string>): Promise<Backend> =>
  startServer("backend", START_ARGS, port, { WORKERS: "1", ...env });

/**
 * A Node.js server process (`args` after the node binary, run in the checkout) on `port`, which it reads from PORT;
 * resolves once its /readyz answers 200. It is killed if the benchmark exits first.
 */
export async function startServer(
  what: string,
  args: string[],
  port: number,
  env: Record<string, string>,
): Promise<Backend> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} on port ${port} exited`);
    try {
      const res = await fetch(`${url}/readyz`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      children.delete(child);
    },
  };
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function inBatches<T>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

/**
 * A request over node:http with a kept-alive agent, for the calls a benchmark drives by the thousand. Node's fetch
 * costs several times the CPU per call (its streams and headers objects), and that CPU is taken from the app it
 * measures on the same cores.
 */
export function httpCall(
  agent: http.Agent,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method: init.method ?? "GET", headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/** A kept-alive agent for httpCall, with at most `sockets` connections per instance. */
export const keptAliveAgent = (sockets: number) => new http.Agent({ keepAlive: true, maxSockets: sockets });
