import type { DataSource } from "typeorm";
import { hasOwnSessions } from "./data-source.js";

interface PgPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * A statement of the hot path, prepared once per connection under `name` and then only executed: PostgreSQL
 * parses it once and, after a few runs, keeps one generic plan instead of planning every call (for the location
 * write, planning cost more than running it). Goes to TypeORM's own pg pool, so it shares its connections; the rows
 * come back as `db.query` returns them. Where all connections share one session (the embedded database) a name
 * prepared by one would collide with the next, so there it runs unnamed, as `db.query` would run it.
 */
export async function preparedQuery<T>(db: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  if (!hasOwnSessions(db)) return db.query(text, values);
  const pool = (db.driver as unknown as { master?: PgPool }).master;
  if (!pool) throw new Error("the database is not connected");
  const { rows } = await pool.query({ name, text, values });
  return rows as T[];
}
