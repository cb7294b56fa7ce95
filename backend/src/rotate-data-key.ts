/**
 * `npm run rotate-data-key`: re-encrypts stored text from DATA_ENCRYPTION_KEY_PREVIOUS to DATA_ENCRYPTION_KEY, with
 * the same settings as the app (DATABASE_URL, or the embedded database in DATA_DIR, which must be stopped first).
 * See docs/ops/runbook.md, "Rotating DATA_ENCRYPTION_KEY".
 */
import path from "node:path";
import { ConfigError, decodeKey, loadConfig } from "./config.js";
import { DataDirLockedError, lockDataDir } from "./data-dir.js";
import { createDataSource } from "./db/data-source.js";
import { startEmbeddedPostgres } from "./db/embedded.js";
import { reencryptStoredText, UnreadableValueError } from "./db/rotate-data-key.js";

async function main() {
  const config = loadConfig(process.env);
  if (!config.dataEncryptionKey || config.dataEncryptionKeysPrevious.length === 0) {
    console.error(
      "Set DATA_ENCRYPTION_KEY to the new key and DATA_ENCRYPTION_KEY_PREVIOUS to the key (or keys) it replaces.",
    );
    process.exit(64);
  }
  const current = decodeKey(config.dataEncryptionKey)!;
  const previous = config.dataEncryptionKeysPrevious.map((k) => decodeKey(k)!);

  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    let db;
    if (config.databaseUrl) db = createDataSource({ url: config.databaseUrl }, 2);
    else {
      cleanups.push(lockDataDir(config.dataDir));
      const embedded = await startEmbeddedPostgres(path.join(config.dataDir, "db"), 3);
      cleanups.push(() => embedded.stop());
      db = createDataSource(
        { socketDir: embedded.socketDir, port: embedded.port, username: "postgres", database: "postgres" },
        1,
      );
    }
    await db.initialize();
    cleanups.push(() => db.destroy());
    const started = Date.now();
    const result = await reencryptStoredText(
      db,
      { current, previous },
      {
        onBatch: (column, done) => console.log(`${column}: ${done} values checked`),
      },
    );
    for (const [column, counts] of Object.entries(result.columns)) {
      console.log(`${column}: ${counts.reencrypted} re-encrypted, ${counts.alreadyCurrent} already under the new key`);
    }
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Every stored value is now under DATA_ENCRYPTION_KEY: ` +
        "remove DATA_ENCRYPTION_KEY_PREVIOUS from the nodes' settings and restart them.",
    );
  } finally {
    for (const fn of cleanups.reverse()) await fn();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof UnreadableValueError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
