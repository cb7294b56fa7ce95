/**
 * Delivery latency from a REST write to the other members' screens: pushed over Socket.IO (two instances, Redis
 * fan-out) next to the polling fallback, measured the same way on the same machine and data.
 *
 * The write is the product's hot path, a member posting their location (POST /api/groups/{id}/locations). Latency is
 * taken in this process, on one clock: from just before the write is sent until another member of the group has it
 * (the event arrived on their socket, or their poll of GET /api/groups/{id}/locations returned it). Members'
 * locations are current-only, so a poll that returns a newer location of the same member also counts as having
 * caught up with the older write.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { POLL_MS } from "@caravan/common";
import {
  ensureBuilt,
  httpCall,
  keptAliveAgent,
  sparePort,
  startBackend,
  startServer,
  summarize,
  type Backend,
  type Summary,
} from "./lib.js";
import { seedMembers } from "./seed-members.js";

export interface RealtimeBenchOptions {
  databaseUrl: string;
  redisUrl: string;
  clients: number;
  groupSize: number;
  writesPerSecond: number;
  durationMs: number;
  ports: [number, number];
  /** Which phases to run: the bare reference, push, polling. */
  modes: RealtimeMode[];
}

export const REALTIME_MODES = ["bare", "push", "polling"] as const;
export type RealtimeMode = (typeof REALTIME_MODES)[number];

export interface ModeResult {
  mode: string;
  writes: number;
  failedWrites: number;
  expected: number;
  delivered: number;
  latency: Summary;
  writeLatency: Summary;
  /** Polling: from the start of the pollers until every client's first poll was answered, when the writes begin. */
  firstRoundMs?: number;
  /** Push: the writes of the warm-up (WARMUP_MS) before the measured ones, timed apart from the row. */
  warmup?: { writes: number; failedWrites: number; expected: number; delivered: number; latency: Summary };
}

const SESSION_SECRET = randomBytes(32).toString("hex");
const DATA_ENCRYPTION_KEY = randomBytes(32).toString("hex");
const DRAIN_MS = 5_000;
/**
 * Writes before the measured ones in the push phases, at the same rate and delivered the same way. After thousands
 * of connections the instances run the write and delivery paths for the first time, on statements each pooled
 * connection prepares for the first time, and V8 compiles that code on its helper threads while the writes go on: at
 * 10,000 clients the two instances' helper threads took 6-42 % of a core over the first 16 s of writes, 2-11 % after
 * (docs/decisions/0016-hot-path.md). Reported beside the rows, so the cold start stays in the results.
 */
export const WARMUP_MS = 10_000;
/** Sequence numbers of the warm-up's writes (the measured ones start at 0, the polling phase's at 10,000,000). */
const WARMUP_SEQ = 20_000_000;
/** Connections per instance the writes may use at once (kept alive, as a browser keeps its own). */
const WRITE_CONNECTIONS = 64;
/**
 * The young generation of each client thread: a thread receiving thousands of events a second allocates fast, and with
 * V8's default it spends a sixth of its time collecting (as `npm start` gives the app its own larger one).
 */
const CLIENT_THREAD_YOUNG_MB = 96;

interface Member {
  id: string;
  index: number;
  groupId: number;
  cookie: string;
  /** The instance this member's socket or poller talks to. */
  instance: number;
}

interface Write {
  seq: number;
  writer: Member;
  t0: number;
}

/**
 * Members, groups and signed-in sessions straight into the database (signing up 1,000 people is not the point), each
 * member on one of the instances in turn.
 */
async function seed(databaseUrl: string, clients: number, groupSize: number, instances: number): Promise<Member[]> {
  const members = await seedMembers(databaseUrl, clients, groupSize, SESSION_SECRET);
  return members.map((m) => ({ ...m, instance: m.index % instances }));
}

/**
 * Sends writes at a steady rate for the duration, each by a different member, alternating instances. `skip` writers
 * go first elsewhere (the warm-up): the members after them write now.
 */
async function writeSteadily(
  members: Member[],
  backends: Backend[],
  options: RealtimeBenchOptions,
  firstSeq: number,
  onWrite: (w: Write) => void,
  skip = 0,
): Promise<{ writes: number; failed: number; latency: number[] }> {
  const count = Math.round((options.writesPerSecond * options.durationMs) / 1000);
  const interval = 1000 / options.writesPerSecond;
  const latency: number[] = [];
  let failed = 0;
  const inFlight: Promise<void>[] = [];
  const agent = keptAliveAgent(WRITE_CONNECTIONS);
  const start = performance.now();
  for (let k = 0; k < count; k += 1) {
    const due = start + k * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    // A stride coprime with the member count visits every member before repeating one.
    const writer = members[((skip + k) * 7919) % members.length]!;
    const seq = firstSeq + k;
    const backend = backends[k % backends.length]!;
    const t0 = performance.now();
    onWrite({ seq, writer, t0 });
    inFlight.push(
      httpCall(agent, `${backend.url}/api/groups/${writer.groupId}/locations`, {
        method: "POST",
        // The bare reference has no sessions: it names the writer by the header, which the app ignores.
        headers: { cookie: writer.cookie, "content-type": "application/json", "x-bench-member": writer.id },
        body: JSON.stringify({
          latitude: 38.7 + (k % 100) * 0.001,
          longitude: -9.1 - (k % 100) * 0.001,
          address: "Bench road",
          notes: `b${seq}`,
        }),
      }).then(
        (res) => {
          latency.push(performance.now() - t0);
          if (res.status < 200 || res.status > 299) failed += 1;
        },
        () => void (failed += 1),
      ),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { writes: count, failed, latency };
}

/** Threads holding the sockets (BENCH_CLIENT_THREADS): each takes an equal share of the members. */
function clientThreads(): number {
  const raw = Number(process.env.BENCH_CLIENT_THREADS || 2);
  if (!Number.isInteger(raw) || raw < 1 || raw > 16) throw new Error("BENCH_CLIENT_THREADS must be 1-16");
  return raw;
}

/**
 * The client threads (`file`, beside this one), each given an equal share of the members: their ids, groups, cookies
 * and the URL of the instance each talks to, plus `extra` in its workerData.
 */
function clientWorkers(
  file: string,
  members: Member[],
  backends: Backend[],
  extra: Record<string, unknown> = {},
): Worker[] {
  const threads = clientThreads();
  return Array.from({ length: threads }, (_, t) => {
    const share = members
      .filter((_, i) => i % threads === t)
      .map((m) => ({ id: m.id, groupId: m.groupId, cookie: m.cookie, url: backends[m.instance]!.url }));
    return new Worker(new URL(file, import.meta.url), {
      workerData: { members: share, ...extra },
      resourceLimits: { maxYoungGenerationSizeMb: CLIENT_THREAD_YOUNG_MB },
    });
  });
}

/**
 * Each member's socket in the client threads (`clientsFile`), then writes at the steady rate, each delivery timed.
 * `mode` names the row.
 */
async function measurePush(
  members: Member[],
  backends: Backend[],
  options: RealtimeBenchOptions,
  clientsFile: string,
  mode: string,
): Promise<ModeResult> {
  /** When each write was sent, on the clock every thread shares: the measured ones, and the warm-up's apart. */
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const warmSentAt = new Map<number, number>();
  const warmLatencies: number[] = [];
  const workers = clientWorkers(clientsFile, members, backends);
  const ready = workers.map(
    (worker) =>
      new Promise<{ ready: number; refused: number }>((resolve, reject) => {
        worker.once("error", reject);
        worker.on("message", (message: { ready?: number; refused?: number; deliveries?: Array<[number, number]> }) => {
          if (message.ready !== undefined) resolve({ ready: message.ready, refused: message.refused ?? 0 });
          for (const [seq, at] of message.deliveries ?? []) {
            const t0 = sentAt.get(seq);
            if (t0 !== undefined) latencies.push(at - t0);
            const warm = warmSentAt.get(seq);
            if (warm !== undefined) warmLatencies.push(at - warm);
          }
        });
      }),
  );
  const counts = await Promise.all(ready);
  const refused = counts.reduce((n, c) => n + c.refused, 0);
  if (refused > 0) throw new Error(`${refused} subscriptions were refused`);
  const connected = counts.reduce((n, c) => n + c.ready, 0);
  console.log(
    `  ${connected} sockets connected and subscribed in ${workers.length} threads; warming up for ${WARMUP_MS / 1000} s, then writing for ${options.durationMs / 1000} s`,
  );

  const warm = await writeSteadily(members, backends, { ...options, durationMs: WARMUP_MS }, WARMUP_SEQ, (w) =>
    warmSentAt.set(w.seq, performance.timeOrigin + w.t0),
  );
  const result = await writeSteadily(
    members,
    backends,
    options,
    0,
    (w) => sentAt.set(w.seq, performance.timeOrigin + w.t0),
    warm.writes,
  );
  const expected = result.writes * (options.groupSize - 1);
  const warmExpected = warm.writes * (options.groupSize - 1);
  const drainUntil = performance.now() + DRAIN_MS;
  while ((latencies.length < expected || warmLatencies.length < warmExpected) && performance.now() < drainUntil)
    await sleep(100);
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          worker.once("exit", () => resolve());
          worker.postMessage("close");
        }),
    ),
  );
  return {
    mode,
    writes: result.writes,
    failedWrites: result.failed,
    expected,
    delivered: latencies.length,
    latency: summarize(latencies),
    writeLatency: summarize(result.latency),
    warmup: {
      writes: warm.writes,
      failedWrites: warm.failed,
      expected: warmExpected,
      delivered: warmLatencies.length,
      latency: summarize(warmLatencies),
    },
  };
}

async function measurePolling(
  members: Member[],
  backends: Backend[],
  options: RealtimeBenchOptions,
): Promise<ModeResult> {
  const interval = POLL_MS.groupLocations;
  /** Per writer, when each of their writes of this phase was sent, on the clock every thread shares. */
  const byWriter = new Map<string, Array<{ seq: number; sentAt: number }>>();
  const latencies: number[] = [];
  let pollFailures = 0;
  const pollersStarted = performance.now();
  const workers = clientWorkers("./realtime-pollers.mjs", members, backends, { intervalMs: interval });
  const polledOnce: Promise<void>[] = [];
  const closed = workers.map(
    (worker) =>
      new Promise<void>((resolve, reject) => {
        worker.once("error", reject);
        let firstRoundDone: () => void;
        polledOnce.push(new Promise<void>((done) => (firstRoundDone = done)));
        worker.on(
          "message",
          (message: {
            seen?: Array<[string, number, number, number]>;
            polledOnce?: boolean;
            closed?: boolean;
            failures?: number;
          }) => {
            if (message.polledOnce) firstRoundDone();
            // A poll that returns a member's newer write has caught up with every earlier one of theirs too.
            for (const [userId, before, seq, at] of message.seen ?? []) {
              for (const w of byWriter.get(userId) ?? []) {
                if (w.seq > before && w.seq <= seq) latencies.push(at - w.sentAt);
              }
            }
            if (message.closed) {
              pollFailures += message.failures ?? 0;
              resolve();
            }
          },
        );
      }),
  );

  console.log(
    `  ${members.length} clients polling every ${interval / 1000} s in ${workers.length} threads; writing for ${options.durationMs / 1000} s`,
  );
  // The writes begin once every poller's first poll has been answered, as on a node whose clients have been polling
  // for a while: otherwise the first seconds of the phase (2,000 new connections, sessions not yet in memory, every
  // poller starting within one interval) are what the write latency measures. How long that took is reported.
  await Promise.all(polledOnce);
  const firstRoundMs = performance.now() - pollersStarted;
  console.log(`  every client's first poll answered ${(firstRoundMs / 1000).toFixed(1)} s after the pollers started`);
  const firstSeq = 10_000_000;
  const result = await writeSteadily(members, backends, options, firstSeq, (w) => {
    const list = byWriter.get(w.writer.id) ?? [];
    list.push({ seq: w.seq, sentAt: performance.timeOrigin + w.t0 });
    byWriter.set(w.writer.id, list);
  });
  const expected = result.writes * (options.groupSize - 1);
  // One full polling round after the last write, so every poller has had its chance.
  const drainUntil = performance.now() + interval + DRAIN_MS;
  while (latencies.length < expected && performance.now() < drainUntil) await sleep(100);
  for (const worker of workers) worker.postMessage("close");
  await Promise.all(closed);
  if (pollFailures > 0) console.log(`  ${pollFailures} polls failed`);
  return {
    mode: `polling fallback: GET every ${interval / 1000} s`,
    writes: result.writes,
    failedWrites: result.failed,
    expected,
    delivered: latencies.length,
    latency: summarize(latencies),
    writeLatency: summarize(result.latency),
    firstRoundMs,
  };
}

/** One instance of the bare reference (realtime-bare-server.mjs) on a spare port, answering once it listens. */
async function startBareInstance(redisUrl: string): Promise<Backend> {
  const args = ["--max-semi-space-size=64", "bench/realtime-bare-server.mjs"];
  const channel = `caravan-bench-bare-${process.pid}`;
  return startServer("bare server", args, await sparePort(), { REDIS_URL: redisUrl, CHANNEL: channel });
}

export async function runRealtimeBench(options: RealtimeBenchOptions): Promise<ModeResult[]> {
  console.log(`seeding ${options.clients} members in groups of ${options.groupSize}`);
  const members = await seed(options.databaseUrl, options.clients, options.groupSize, 2);
  const env = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: `caravan-bench-${randomBytes(4).toString("hex")}`,
    SESSION_SECRET,
    DATA_ENCRYPTION_KEY,
    LOG_LEVEL: "warn",
    // The bench drives far more writes per member than tracking does: it measures throughput, not the limits.
    RATE_LIMITS: "off",
    DATA_DIR: `/tmp/caravan-bench-${process.pid}`,
  };
  const results: ModeResult[] = [];
  await ensureBuilt();
  console.log("starting two backend instances");
  const backends = await Promise.all(options.ports.map((port) => startBackend(port, env)));
  try {
    if (options.modes.includes("push")) {
      console.log("push");
      results.push(
        await measurePush(members, backends, options, "./realtime-clients.mjs", "push: Socket.IO over Redis"),
      );
    }
    if (options.modes.includes("polling")) {
      console.log("polling");
      results.push(await measurePolling(members, backends, options));
    }
  } finally {
    await Promise.all(backends.map((b) => b.stop()));
  }
  // The reference runs last, so the app's phases meet the machine as they did before it was added.
  if (options.modes.includes("bare")) {
    console.log("bare reference: two node:http + ws servers sharing Redis");
    const bare = await Promise.all([startBareInstance(options.redisUrl), startBareInstance(options.redisUrl)]);
    try {
      const mode = "bare: node:http + ws, Redis";
      results.unshift(await measurePush(members, bare, options, "./realtime-bare-clients.mjs", mode));
    } finally {
      await Promise.all(bare.map((b) => b.stop()));
    }
  }
  return results;
}
