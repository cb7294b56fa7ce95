import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { ERRORS } from "@caravan/common";
import type { Config, RateLimitRules } from "../config.js";
import { HttpError } from "./errors.js";

export type LimitName = keyof RateLimitRules;

/**
 * Named request limits, counted in Redis when REDIS_URL is set (so every node sees the same count) and in process
 * memory otherwise. Keys are a client address or an account id, never global, so people behind one proxy do not lock
 * each other out. A Redis outage falls back to per-node counting rather than failing requests.
 * With RATE_LIMITS=off every call is a no-op.
 */
export class RateLimits {
  private readonly limiters = new Map<LimitName, RateLimiterAbstract>();
  private readonly redis: Redis | null;

  constructor(rules: RateLimitRules | null, redisUrl: string | null, prefix: string) {
    this.redis =
      rules && redisUrl
        ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
        : null;
    // ioredis reports connection errors as events; the insurance limiter covers the outage.
    this.redis?.on("error", () => {});
    for (const [name, rule] of Object.entries(rules ?? {}) as Array<[LimitName, RateLimitRules[LimitName]]>) {
      const options = { keyPrefix: `${prefix}:limit:${name}`, points: rule.points, duration: rule.seconds };
      const memory = new RateLimiterMemory(options);
      this.limiters.set(
        name,
        this.redis ? new RateLimiterRedis({ ...options, storeClient: this.redis, insuranceLimiter: memory }) : memory,
      );
    }
  }

  static fromConfig(config: Config): RateLimits {
    return new RateLimits(config.rateLimits, config.redisUrl, config.redisPrefix);
  }

  get enabled(): boolean {
    return this.limiters.size > 0;
  }

  /** Counts one hit for `key`; throws 429 with Retry-After once the rule's hits are used up. */
  async consume(name: LimitName, key: string, message: string = ERRORS.tooManyRequests): Promise<void> {
    const limiter = this.limiters.get(name);
    if (!limiter) return;
    try {
      await limiter.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw tooMany(message, res.msBeforeNext);
      throw res;
    }
  }

  /** Throws 429 when `key` has used up its hits, without counting one (sign-in counts failures only). */
  async check(name: LimitName, key: string, message: string = ERRORS.tooManyRequests): Promise<void> {
    const limiter = this.limiters.get(name);
    const res = await limiter?.get(key);
    if (limiter && res && res.consumedPoints >= limiter.points) throw tooMany(message, res.msBeforeNext);
  }

  /** Counts one hit without refusing this request: the next `check` refuses. */
  async penalize(name: LimitName, key: string): Promise<void> {
    await this.limiters.get(name)?.penalty(key);
  }

  async reset(name: LimitName, key: string): Promise<void> {
    await this.limiters.get(name)?.delete(key);
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => this.redis!.disconnect());
  }
}

function tooMany(message: string, msBeforeNext: number): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpError(429, message, { headers: { "Retry-After": String(seconds) } });
}
