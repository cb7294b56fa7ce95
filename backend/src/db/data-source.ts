import { DataSource, type DataSourceOptions } from "typeorm";
import { entities } from "./entities/index.js";
import { migrations } from "./migrations/index.js";
import { SnakeNamingStrategy } from "./naming.js";

export type DatabaseTarget = { url: string } | { socketDir: string; port: number; username: string; database: string };

export const POOL_SIZE = 10;
/**
 * The embedded database gets one connection. pglite-socket runs every connection in the same PGlite session and
 * interleaves the extended-protocol messages (Parse, Bind, Execute) of concurrent connections outside transactions,
 * so two connections can receive each other's results. One connection serialises them; PGlite is single-threaded,
 * so nothing is lost. (docs/decisions/0001-embedded-database.md)
 */
export const EMBEDDED_POOL_SIZE = 1;

/**
 * Data sources whose connections all share one database session (the embedded database, through pglite-socket):
 * a statement one connection prepares by name exists for all of them, so they run the hot path's statements
 * unnamed (prepared.ts).
 */
const oneSession = new WeakSet<DataSource>();

/** True when every connection of `db` has its own session, as with a PostgreSQL server. */
export const hasOwnSessions = (db: DataSource): boolean => !oneSession.has(db);

export function createDataSource(target: DatabaseTarget, poolSize: number = POOL_SIZE): DataSource {
  const connection =
    "url" in target
      ? { url: target.url }
      : { host: target.socketDir, port: target.port, username: target.username, database: target.database };
  const options: DataSourceOptions = {
    type: "postgres",
    ...connection,
    entities,
    migrations,
    migrationsTransactionMode: "each",
    synchronize: false,
    migrationsRun: false,
    namingStrategy: new SnakeNamingStrategy(),
    installExtensions: false,
    uuidExtension: "pgcrypto",
    logging: false,
    extra: { max: poolSize, connectionTimeoutMillis: 10_000 },
  };
  const db = new DataSource(options);
  if (!("url" in target)) oneSession.add(db);
  return db;
}
