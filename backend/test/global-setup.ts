/**
 * Once per run of a project that starts test apps: a migrated database that every test app starts from a copy of
 * (harness.ts), migrated from an empty database on every run by the app's own `migrate`.
 * On the embedded database, a database directory: making an embedded database is most of a test app's start there
 * (PGlite's initdb, then every migration: about 4 s each time on two cores, against about 1 s to copy and open this
 * one). On PostgreSQL (TEST_DATABASE_URL), a template database on that server, copied by `CREATE DATABASE ...
 * TEMPLATE`: each app then finds its migrations done instead of running them all.
 */
import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDataSource, EMBEDDED_POOL_SIZE } from "../src/db/data-source.js";
import { startEmbeddedPostgres } from "../src/db/embedded.js";
import { migrate } from "../src/db/migrate.js";
import { createDatabase } from "./databases.js";

export default async function setup(project: TestProject): Promise<() => void | Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createDatabase(adminUrl, "caravan_template");
    const db = createDataSource({ url: template.url }, 1);
    await db.initialize();
    try {
      await migrate(db, { shared: false });
    } finally {
      await db.destroy();
    }
    project.provide("embeddedDatabaseTemplate", "");
    project.provide("postgresTemplate", template.name);
    return () => template.drop();
  }
  project.provide("postgresTemplate", "");
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
