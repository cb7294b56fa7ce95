/**
 * Once per run of the integration suite on the embedded database: a migrated database directory that every test app
 * starts from a copy of (harness.ts). Making an embedded database is most of a test app's start there (PGlite's
 * initdb, then every migration: about 4 s each time on two cores, against about 1 s to copy and open this one).
 * The template is migrated from an empty database on every run, by the app's own `migrate`. On PostgreSQL
 * (TEST_DATABASE_URL) nothing is made here: a new database there is migrated in a few hundred milliseconds.
 */
import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDataSource, EMBEDDED_POOL_SIZE } from "../src/db/data-source.js";
import { startEmbeddedPostgres } from "../src/db/embedded.js";
import { migrate } from "../src/db/migrate.js";

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("embeddedDatabaseTemplate", "");
    return undefined;
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-template-"));
  const dir = path.join(root, "db");
  const embedded = await startEmbeddedPostgres(dir, EMBEDDED_POOL_SIZE + 2);
  try {
    const db = createDataSource(
      { socketDir: embedded.socketDir, port: embedded.port, username: "postgres", database: "postgres" },
      EMBEDDED_POOL_SIZE,
    );
    await db.initialize();
    try {
      await migrate(db, { shared: false });
    } finally {
      await db.destroy();
    }
  } finally {
    await embedded.stop();
  }
  project.provide("embeddedDatabaseTemplate", dir);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
