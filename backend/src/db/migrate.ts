import type { DataSource } from "typeorm";

/** Any constant shared by every node: the key of the session-level advisory lock taken while migrating. */
const MIGRATION_LOCK_KEY = 7_304_551_020;

/**
 * Runs pending migrations. Several nodes may start together on an empty database: on a PostgreSQL server one node
 * migrates under an advisory lock while the others wait, then find nothing left to do. The embedded database serves
 * one process (and one connection), so it needs no lock.
 */
export async function migrate(db: DataSource, { shared }: { shared: boolean }): Promise<string[]> {
  if (!shared) return (await db.runMigrations()).map((m) => m.name);
  const lock = db.createQueryRunner();
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    return (await db.runMigrations()).map((m) => m.name);
  } finally {
    await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.release();
  }
}
