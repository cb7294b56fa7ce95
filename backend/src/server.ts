import "reflect-metadata";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { DataSource } from "typeorm";
import { loadCatalog, PSEUDO_LOCALE, rooms, SUPPORTED_LOCALES } from "@caravan/common";
import { createApp } from "./app.js";
import { decodeKey, type Config } from "./config.js";
import { lockDataDir, loadOrCreateSecrets } from "./data-dir.js";
import { configureDataKey } from "./db/crypto.js";
import { createDataSource, EMBEDDED_POOL_SIZE, POOL_SIZE, type DatabaseTarget } from "./db/data-source.js";
import { migrate } from "./db/migrate.js";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./db/embedded.js";
import { loadPageRenderer } from "./http/pages.js";
import { deleteExpiredSessions } from "./http/session-store.js";
import type { Logger } from "./logger.js";
import { attachRealtime } from "./realtime/socket-server.js";
import { createServices, type Services } from "./services.js";
import { startNotificationJobs } from "./features/notifications/notifications.jobs.js";
import { startSharedTripJobs } from "./features/shared-trips/shared-trips.jobs.js";
import { startUploadJobs } from "./features/uploads/uploads.jobs.js";

export interface StartOptions {
  config: Config;
  log: Logger;
  /** Tests: connect here instead of what the config says (a fresh database per test file). */
  database?: DatabaseTarget | "memory";
}

export interface RunningServer {
  url: string;
  server: http.Server;
  services: Services;
  db: DataSource;
  /** Stops accepting, finishes in-flight requests, closes the database; resolves when all is down. */
  close(): Promise<void>;
}

const SESSION_SWEEP_MS = 60 * 60_000;

export async function startServer({ config, log, database }: StartOptions): Promise<RunningServer> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn();
  };
  try {
    // Loading the page drawing module takes seconds on a small machine (React's server renderer and the UI library
    // come with it): it loads while the database starts, and the node serves once it is in, so that the first page
    // drawn after a start or a rolling restart does not wait for it.
    const renderer = loadPageRenderer(config.pageRenderer, log);
    // Every language's texts, for answers, e-mails and notifications in each reader's language.
    const catalogues = Promise.all([...SUPPORTED_LOCALES, PSEUDO_LOCALE].map((locale) => loadCatalog(locale)));
    const needsDataDir = !database && !config.databaseUrl;
    if (needsDataDir) cleanups.push(lockDataDir(config.dataDir));
    const secrets = config.sessionSecret && config.dataEncryptionKey ? null : loadOrCreateSecrets(config.dataDir);
    // The current secret signs session cookies; previous ones (SESSION_SECRET_PREVIOUS) still verify them.
    const sessionKeys = [config.sessionSecret ?? secrets!.sessionSecret, ...config.sessionSecretsPrevious];
    configureDataKey(
      decodeKey(config.dataEncryptionKey ?? secrets!.dataEncryptionKey)!,
      config.dataEncryptionKeysPrevious.map((k) => decodeKey(k)!),
    );

    let embedded: EmbeddedPostgres | null = null;
    let target: DatabaseTarget;
    if (database && database !== "memory") target = database;
    else if (!database && config.databaseUrl) target = { url: config.databaseUrl };
    else {
      embedded = await startEmbeddedPostgres(
        database === "memory" ? null : path.join(config.dataDir, "db"),
        POOL_SIZE + 2,
      );
      cleanups.push(() => embedded!.stop());
      target = { socketDir: embedded.socketDir, port: embedded.port, username: "postgres", database: "postgres" };
    }
    const db = createDataSource(target, embedded ? EMBEDDED_POOL_SIZE : POOL_SIZE);
    await db.initialize();
    cleanups.push(() => db.destroy());
    const ran = await migrate(db, { shared: !embedded });
    if (ran.length > 0) log.info({ migrations: ran }, "database migrated");

    const services = createServices(config, db, log);
    cleanups.push(() => services.metrics.close());
    cleanups.push(() => services.rateLimits.close());
    const app = createApp(services, sessionKeys);
    const server = http.createServer(app.callback());
    server.keepAliveTimeout = 65_000;
    const realtime = await attachRealtime(server, {
      config,
      db,
      log,
      sessionKeys,
      metrics: services.metrics,
      grants: services.grants,
    });
    services.realtime = realtime;
    if (realtime.channel) {
      // Stored locations reach the other instances' cached reads and sockets on a channel of their own.
      const bus = services.locations.bus;
      const send = realtime.channel("locations", (message) => bus.receive(message));
      bus.connect(send, (location) => realtime.pushHere(rooms.group(location.groupId), "location:updated", location));
    }
    cleanups.push(() => realtime.close());
    await Promise.all([renderer, catalogues]);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, resolve);
    });
    const { port } = server.address() as AddressInfo;

    const sweep = setInterval(() => {
      deleteExpiredSessions(db).catch((err: unknown) => log.warn({ err }, "session sweep failed"));
    }, SESSION_SWEEP_MS);
    sweep.unref();
    cleanups.push(() => clearInterval(sweep));
    cleanups.push(startSharedTripJobs(services));
    cleanups.push(startNotificationJobs(services));
    cleanups.push(startUploadJobs(services));

    let closing: Promise<void> | null = null;
    return {
      url: `http://127.0.0.1:${port}`,
      server,
      services,
      db,
      close() {
        closing ??= (async () => {
          // From now on /readyz answers 503 (draining), for load balancers that check it.
          services.draining = true;
          // Stops accepting; each keep-alive connection closes as soon as its request in flight is answered.
          const idle = setInterval(() => server.closeIdleConnections(), 100);
          const stopped = new Promise<void>((resolve) => {
            server.close(() => {
              clearInterval(idle);
              resolve();
            });
            server.closeIdleConnections();
          });
          // Open sockets would keep the server from closing; dropping them lets their clients reconnect elsewhere.
          realtime.disconnectClients();
          await stopped;
          await cleanup();
        })();
        return closing;
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
