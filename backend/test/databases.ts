/**
 * Scratch databases on a PostgreSQL server, for the tests (harness.ts) and the benchmarks (bench/lib.ts): each one
 * new, named so it never meets another run's, and dropped with whatever is still connected to it.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Runs one statement as the user of `adminUrl` (CREATE and DROP DATABASE cannot run inside a transaction). */
async function runAsAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the server of `adminUrl` (any database there its user may connect to), empty or a copy of
 * `template` (a database nobody is connected to).
 */
export async function createDatabase(adminUrl: string, prefix: string, template?: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await runAsAdmin(adminUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => runAsAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
