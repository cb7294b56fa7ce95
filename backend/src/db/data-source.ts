import { DataSource, type DataSourceOptions } from "typeorm";
import { entities } from "./entities/index.js";
import { migrations } from "./migrations/index.js";
import { SnakeNamingStrategy } from "./naming.js";

export type DatabaseTarget =
  | { url: string }
  | { socketDir: string; port: number; username: string; database: string };

export const POOL_SIZE = 10;

export function createDataSource(target: DatabaseTarget): DataSource {
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
    extra: { max: POOL_SIZE, connectionTimeoutMillis: 10_000 },
  };
  return new DataSource(options);
}
