import argon2 from "argon2";
import pLimit from "p-limit";

const HASH_OPTIONS = { type: argon2.argon2id } as const;

/**
 * argon2id with at most `concurrency` hashes at once. Each takes 64 MiB and a core for a while: without a cap,
 * a burst of sign-ins starves every other request (32 at once held a real user's sign-in for seconds).
 * Calls past the cap wait in line.
 */
export class PasswordHasher {
  private readonly gate: pLimit.Limit;

  constructor(concurrency: number) {
    this.gate = pLimit(concurrency);
  }

  hash(password: string): Promise<string> {
    return this.gate(() => argon2.hash(password, HASH_OPTIONS));
  }

  /** False for a wrong password and for a malformed hash alike. */
  verify(hash: string, password: string): Promise<boolean> {
    return this.gate(() => argon2.verify(hash, password).catch(() => false));
  }

  /** Hashes waiting for their turn plus those running. */
  get load(): number {
    return this.gate.activeCount + this.gate.pendingCount;
  }
}
