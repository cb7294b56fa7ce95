import argon2 from "argon2";
import pLimit from "p-limit";
import type { HashCost } from "../../config.js";

/** The parameters of an argon2 hash in the PHC string format: `$argon2id$v=19$m=65536,p=4,t=3$salt$hash`. */
const PHC_PARAMS = /^\$argon2id?\$v=\d+\$([a-z]=\d+(?:,[a-z]=\d+)*)\$/;

/** OWASP's least argon2id cost for passwords (Password Storage Cheat Sheet: 19 MiB, 2 passes, 1 lane). */
export const LEAST_RECOMMENDED_HASH_COST: HashCost = { memoryMib: 19, passes: 2 };

/** True when `cost` is below OWASP's least recommended argon2id cost (fit for tests, not for real passwords). */
export function belowRecommendedCost(cost: HashCost): boolean {
  return cost.memoryMib < LEAST_RECOMMENDED_HASH_COST.memoryMib || cost.passes < LEAST_RECOMMENDED_HASH_COST.passes;
}

/**
 * argon2id at `cost`, with at most `concurrency` hashes at once. Each takes its memory (64 MiB by default) and a core
 * for a while: without a cap, a burst of sign-ins starves every other request (32 at once held a real user's sign-in
 * for seconds). Calls past the cap wait in line. A hash keeps the cost it was made with, so a changed cost applies to
 * new passwords and every stored one still verifies.
 */
export class PasswordHasher {
  private readonly gate: pLimit.Limit;
  private readonly options: argon2.HashOptions;

  constructor(concurrency: number, cost: HashCost) {
    this.gate = pLimit(concurrency);
    this.options = { type: argon2.argon2id, memoryCost: cost.memoryMib * 1024, timeCost: cost.passes };
  }

  hash(password: string): Promise<string> {
    return this.gate(() => argon2.hash(password, this.options));
  }

  /** False for a wrong password and for a malformed hash alike. */
  verify(hash: string, password: string): Promise<boolean> {
    return this.gate(() => argon2.verify(hash, password).catch(() => false));
  }

  /**
   * True when `hash` was made with less memory or fewer passes than this hasher's cost: worth making again from the
   * password at the next sign-in, so that a raised cost reaches stored passwords too. A hash made at a higher cost
   * is kept; so is anything that is not an argon2 hash this hasher can read.
   */
  isWeakerThanCost(hash: string): boolean {
    const params = PHC_PARAMS.exec(hash)?.[1];
    if (!params) return false;
    const value = new Map(params.split(",").map((pair) => [pair[0], Number(pair.slice(2))]));
    const memory = value.get("m");
    const passes = value.get("t");
    if (memory === undefined || passes === undefined) return false;
    return memory < this.options.memoryCost! || passes < this.options.timeCost!;
  }

  /** Hashes waiting for their turn plus those running. */
  get load(): number {
    return this.gate.activeCount + this.gate.pendingCount;
  }
}
