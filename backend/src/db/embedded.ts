/**
 * The embedded database: PGlite (PostgreSQL compiled to WASM) served in-process over a private unix socket by
 * pglite-socket, so TypeORM talks to it with its ordinary postgres driver, exactly as to a PostgreSQL server.
 * One process only (DATA_DIR is locked by data-dir.ts); PostgreSQL is the production database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface EmbeddedPostgres {
  /** Directory holding the socket; the postgres driver connects with host=socketDir. */
  socketDir: string;
  port: number;
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;

/**
 * @param dataDir where the database persists; null keeps it in memory (tests).
 * @param maxConnections at least the connection pool size, or larger pools fail with ECONNRESET.
 */
export async function startEmbeddedPostgres(dataDir: string | null, maxConnections: number): Promise<EmbeddedPostgres> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = await PGlite.create(dataDir ?? undefined);
  // The socket has no authentication: keep it in a directory only this user can enter.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-db-"));
  fs.chmodSync(socketDir, 0o700);
  const server = new PGLiteSocketServer({
    db,
    path: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    maxConnections,
  });
  await server.start();
  return {
    socketDir,
    port: SOCKET_PORT,
    async stop() {
      await server.stop();
      await db.close();
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
