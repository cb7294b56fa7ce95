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
 * True when every connection of `db` has its own session: a PostgreSQL server, reached by URL. The embedded database
 * (reached by its socket directory) runs all connections in one session through pglite-socket, where a statement one
 * connection prepares by name exists for all of them, so the hot path's statements run unnamed there (prepared.ts).
 */
export const hasOwnSessions = (db: DataSource): boolean => "url" in db.options && Boolean(db.options.url);

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
  return new DataSource(options);
}
