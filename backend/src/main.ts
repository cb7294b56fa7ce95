/**
 * Process entry: read the settings, start, and stop cleanly on SIGTERM / SIGINT. With WORKERS above 1 this process
 * becomes the cluster's primary and each worker runs the same entry (cluster.ts).
 */
import cluster from "node:cluster";
import { metricsThroughPrimary, runPrimary } from "./cluster.js";
import { ConfigError, loadConfig } from "./config.js";
import { DataDirLockedError } from "./data-dir.js";
import { belowRecommendedCost, LEAST_RECOMMENDED_HASH_COST } from "./features/auth/password-hasher.js";
import { createLogger } from "./logger.js";
import { startServer } from "./server.js";

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const nodeLog = createLogger(config.logLevel, config.nodeName);
  if (cluster.isPrimary && belowRecommendedCost(config.hashCost)) {
    nodeLog.warn(
      { hashCost: config.hashCost, leastRecommended: LEAST_RECOMMENDED_HASH_COST },
      "HASH_MEMORY_MIB or HASH_PASSES is below the least recommended cost of password hashing: for tests only",
    );
  }
  if (cluster.isPrimary && config.workers > 1) {
    runPrimary(config, nodeLog);
    return;
  }
  const log = cluster.isWorker ? nodeLog.child({ worker: cluster.worker!.id }) : nodeLog;
  let running;
  try {
    running = await startServer({ config, log });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      log.fatal(err.message);
      process.exit(75);
    }
    throw err;
  }
  const { port } = running.server.address() as { port: number };
  if (cluster.isWorker) {
    running.services.metrics.aggregateAcrossWorkers(metricsThroughPrimary(running.services.metrics.registry));
  } else {
    log.info(
      { port, publicUrl: config.publicUrl, database: config.databaseUrl ? "postgresql" : "embedded" },
      `Caravan is listening on http://localhost:${port}`,
    );
  }

  const stop = (signal: string) => {
    log.info({ signal }, "shutting down");
    setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
