import { ERRORS, SIGNIN_FAILURE_WINDOW_MS, SIGNIN_MAX_FAILURES } from "@caravan/common";
import { HttpError } from "../../http/errors.js";

interface Entry {
  failures: number;
  windowStart: number;
}

/**
 * Counts failed sign-ins per (e-mail, client address) in a sliding window; past the limit, sign-in answers 429 with
 * Retry-After until the window ends. Kept in process memory: each node throttles what it serves.
 */
export class SigninThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxFailures = SIGNIN_MAX_FAILURES,
    private readonly windowMs = SIGNIN_FAILURE_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 when this key has used up its failures. */
  check(key: string): void {
    const e = this.current(key);
    if (e && e.failures >= this.maxFailures) {
      const retryAfter = Math.ceil((e.windowStart + this.windowMs - this.now()) / 1000);
      throw new HttpError(429, ERRORS.tooManySignins, { headers: { "Retry-After": String(Math.max(1, retryAfter)) } });
    }
  }

  fail(key: string): void {
    const e = this.current(key);
    if (e) e.failures += 1;
    else this.entries.set(key, { failures: 1, windowStart: this.now() });
    if (this.entries.size > 10_000) this.prune();
  }

  succeed(key: string): void {
    this.entries.delete(key);
  }

  private current(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (e && this.now() - e.windowStart >= this.windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  private prune(): void {
    for (const key of [...this.entries.keys()]) this.current(key);
  }
}
