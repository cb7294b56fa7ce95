/** DATA_DIR housekeeping: the single-process lock and the secrets generated on first start. */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Caravan process (pid ${pid}). ` +
        `The embedded database serves one process only: stop that process, choose another DATA_DIR, ` +
        `or set DATABASE_URL to share a PostgreSQL server between nodes.`,
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes DATA_DIR/caravan.lock for this process. A lock left by a process that no longer runs (kill -9, power loss)
 * is taken over; a live holder makes start-up fail with its pid. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, "caravan.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx", 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

export interface GeneratedSecrets {
  sessionSecret: string;
  dataEncryptionKey: string;
}

/** Secrets made once per DATA_DIR and kept in a file only this user can read. */
export function loadOrCreateSecrets(dataDir: string): GeneratedSecrets {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, "secrets.json");
  if (fs.existsSync(file)) {
    return JSON.parse(fs.readFileSync(file, "utf8")) as GeneratedSecrets;
  }
  const secrets: GeneratedSecrets = {
    sessionSecret: randomBytes(48).toString("base64url"),
    dataEncryptionKey: randomBytes(32).toString("hex"),
  };
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: "wx" });
  return secrets;
}
