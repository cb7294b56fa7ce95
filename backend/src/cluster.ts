/**
 * One node on every core (node:cluster). The primary forks WORKERS processes that share PORT (the primary accepts
 * connections and hands them out in turn), replaces a worker that dies, replaces them all one at a time on SIGHUP,
 * and stops them on SIGTERM / SIGINT. It serves no request itself: it only sums the workers' metrics for the worker
 * that answers /metrics, so a scrape of the node sees the whole node.
 *
 * Workers are nodes of one deployment like the instances of `npm run cluster`: events, access revocations and rate
 * limits reach the other workers through Redis, which is why more than one worker needs REDIS_URL (config.ts).
 * Socket.IO clients use WebSocket only, so no request of a connection can land on another worker.
 */
import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry, type Registry } from "prom-client";
import type { Config } from "./config.js";
import { loadOrCreateSecrets } from "./data-dir.js";
import type { Logger } from "./logger.js";

const METRICS_REQUEST = "caravan:metrics";
const METRICS_REPLY = "caravan:metrics-reply";
/** A worker that dies after it served is replaced after this long (doubling while it keeps dying, up to a minute). */
const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 60_000;
/** A replacement that served this long resets the delay. */
const STABLE_AFTER_MS = 60_000;
/** Workers get this long to drain on shutdown (their own deadline is 10 s) before they are killed. */
const STOP_DEADLINE_MS = 15_000;
const METRICS_TIMEOUT_MS = 6_000;

interface MetricsRequest {
  type: typeof METRICS_REQUEST;
  id: number;
}
interface MetricsReply {
  type: typeof METRICS_REPLY;
  id: number;
  body?: string;
  error?: string;
}

const isMessage = <T extends { type: string }>(message: unknown, type: T["type"]): message is T =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === type;

/** Runs the primary: forks the workers and looks after them until SIGTERM / SIGINT. Never returns. */
export function runPrimary(config: Config, log: Logger): void {
  // Workers starting together would each try to generate the secrets; the primary does it once before forking.
  if (!config.sessionSecret || !config.dataEncryptionKey) loadOrCreateSecrets(config.dataDir);

  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: unknown) => {
    if (!isMessage<MetricsRequest>(message, METRICS_REQUEST)) return;
    const reply = (fields: Omit<MetricsReply, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: METRICS_REPLY, id: message.id, ...fields });
    };
    aggregator.clusterMetrics().then(
      (body) => reply({ body }),
      (err: unknown) => reply({ error: err instanceof Error ? err.message : String(err) }),
    );
  });

  const served = new Set<number>();
  /** Workers on their way out (shutdown or rolling restart): their exit is expected. */
  const retiring = new Set<number>();
  let stopping = false;
  let exitCode = 0;
  let restartDelay = RESTART_DELAY_MS;
  let everyoneUp = false;

  const fork = () => cluster.fork();

  cluster.on("listening", (worker) => {
    served.add(worker.id);
    log.debug({ worker: worker.id, pid: worker.process.pid }, "worker listening");
    if (!everyoneUp && served.size >= config.workers) {
      everyoneUp = true;
      log.info(
        { port: config.port, workers: config.workers, publicUrl: config.publicUrl, database: "postgresql" },
        `Caravan is listening on http://localhost:${config.port} with ${config.workers} workers`,
      );
    }
    const id = worker.id;
    setTimeout(() => {
      if (cluster.workers?.[id]) restartDelay = RESTART_DELAY_MS;
    }, STABLE_AFTER_MS).unref();
  });

  cluster.on("exit", (worker, code, signal) => {
    const expected = stopping || retiring.delete(worker.id);
    const hadServed = served.delete(worker.id);
    if (expected) {
      if (code !== 0 && !signal) exitCode = exitCode || code;
      if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    if (!hadServed) {
      // A worker that never got to serve fails the same way again (bad setting, database unreachable at start):
      // stop with its exit code instead of starting it over and over.
      log.fatal({ worker: worker.id, code, signal }, "a worker failed to start; stopping");
      stop(code || 1);
      return;
    }
    log.error({ worker: worker.id, code, signal, restartIn: restartDelay }, "a worker died; starting another");
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelay);
    restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
  });

  const stop = (code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill("SIGTERM");
    setTimeout(() => {
      log.error("workers took too long to stop; killing them");
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
  };

  /** Replaces the workers one at a time: each new one serves before the one it replaces starts draining. */
  let restarting = false;
  const rollingRestart = async () => {
    if (restarting || stopping) return;
    restarting = true;
    log.info({ workers: config.workers }, "rolling restart");
    try {
      for (const old of Object.values(cluster.workers ?? {})) {
        if (!old || stopping) continue;
        const fresh = fork();
        // Until it serves, its failure is this restart's to report, not a reason to stop the node.
        retiring.add(fresh.id);
        const up = await new Promise<boolean>((resolve) => {
          fresh.once("listening", () => resolve(true));
          fresh.once("exit", () => resolve(false));
        });
        retiring.delete(fresh.id);
        if (!up) {
          log.error({ worker: fresh.id }, "a new worker did not start; the old ones keep serving");
          return;
        }
        retiring.add(old.id);
        const gone = new Promise<void>((resolve) => old.once("exit", () => resolve()));
        old.process.kill("SIGTERM");
        await gone;
      }
      log.info("rolling restart done");
    } finally {
      restarting = false;
    }
  };

  process.on("SIGTERM", () => stop());
  process.on("SIGINT", () => stop());
  process.on("SIGHUP", () => void rollingRestart());

  for (let i = 0; i < config.workers; i++) fork();
}

/**
 * In a worker: the node's metrics as the primary sums them over all workers. The primary asks every worker for its
 * registry (prom-client's cluster protocol), so this one's registry is offered too.
 */
export function metricsThroughPrimary(registry: Registry): () => Promise<string> {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  let next = 0;
  const waiting = new Map<number, (reply: MetricsReply) => void>();
  process.on("message", (message: unknown) => {
    if (isMessage<MetricsReply>(message, METRICS_REPLY)) waiting.get(message.id)?.(message);
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("the primary did not answer with the metrics"));
      }, METRICS_TIMEOUT_MS);
      waiting.set(id, (reply) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (reply.body !== undefined) resolve(reply.body);
        else reject(new Error(reply.error ?? "no metrics"));
      });
      process.send!({ type: METRICS_REQUEST, id } satisfies MetricsRequest);
    });
}
