/**
 * Settings, parsed and validated once. Nothing else in the backend reads process.env.
 * Every setting has an embedded default that really works; .env.example mirrors this file.
 */
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SIGNIN_FAILURE_WINDOW_MS, SIGNIN_MAX_FAILURES, type OAuthProvider } from "@caravan/common";

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** Overrides of the provider's endpoints, for self-hosted identity providers. */
  authorizeUrl?: string;
  accessUrl?: string;
  profileUrl?: string;
}

/** argon2id's cost per password hash (`HASH_MEMORY_MIB`, `HASH_PASSES`); argon2 keeps it in each hash it makes. */
export interface HashCost {
  memoryMib: number;
  passes: number;
}

export interface Config {
  /** HTTP port. */
  port: number;
  /** Where the embedded database, uploads, outbox and generated secrets live. */
  dataDir: string;
  /** Origin used in links and checked on state-changing calls. */
  publicUrl: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** PostgreSQL connection string; unset means the embedded database in DATA_DIR/db. */
  databaseUrl: string | null;
  /** Redis connection string; unset means one process with the in-memory Socket.IO adapter. */
  redisUrl: string | null;
  /** Prefix of the Redis channels that carry events; deployments sharing one Redis need different prefixes. */
  redisPrefix: string;
  s3: { endPoint: string; accessKey: string; secretKey: string; bucket: string } | null;
  smtpUrl: string | null;
  mailFrom: string;
  googleMapsApiKey: string | null;
  tileUrl: string | null;
  /**
   * A PMTiles vector extract served to the maps as their basemap when the file exists; DATA_DIR/basemap.pmtiles
   * unless BASEMAP_FILE names another. Looked for on each request, so dropping a file in needs no restart.
   */
  basemapFile: string;
  oauth: Partial<Record<OAuthProvider, OAuthClientConfig>>;
  /** Unset means a secret generated once into DATA_DIR (mode 0600). */
  sessionSecret: string | null;
  /**
   * Earlier session secrets, still accepted when verifying a session cookie but never used to sign one
   * (SESSION_SECRET_PREVIOUS, comma-separated): rotating SESSION_SECRET signs nobody out.
   */
  sessionSecretsPrevious: string[];
  /** 32 bytes, base64 or hex; unset means a key generated once into DATA_DIR (mode 0600). */
  dataEncryptionKey: string | null;
  /**
   * Keys DATA_ENCRYPTION_KEY replaced (DATA_ENCRYPTION_KEY_PREVIOUS, comma-separated): they still decrypt stored
   * text until `npm run rotate-data-key` has re-encrypted it with the current key.
   */
  dataEncryptionKeysPrevious: string[];
  sessionMaxAgeMs: number;
  inviteTtlDays: number;
  shareRetentionHours: number;
  /** Trust X-Forwarded-* from the reverse proxy in front (nginx). */
  trustProxy: boolean;
  /**
   * How many proxies in front append to X-Forwarded-For: the client address is taken that many entries from the
   * right, so entries a client wrote itself are never believed. 0 when TRUST_PROXY is off.
   */
  proxyHops: number;
  /** Per-address and per-account request limits; null when RATE_LIMITS=off (load tests only, never production). */
  rateLimits: RateLimitRules | null;
  /** Password hashes (argon2id) computed at once; more wait their turn. */
  hashConcurrency: number;
  /** argon2id's cost: the memory each hash takes and its passes over it (argon2's own defaults: 64 MiB, 3). */
  hashCost: HashCost;
  /** Where the built frontend is served from. */
  staticDir: string;
  /**
   * The module, built with the frontend, that draws pages on the server (backend/src/http/pages.ts): PAGE_RENDERER,
   * by default frontend/dist-server/server-render.js; null with PAGE_RENDERER=off, when the app draws every page.
   */
  pageRenderer: string | null;
  /** This node's name in logs and metrics (NODE_NAME); by default host:port. */
  nodeName: string;
  /**
   * HTTP worker processes sharing PORT (node:cluster). WORKERS, by default `auto` on PostgreSQL with Redis
   * (workers share events, revocations and rate limits through Redis; see autoWorkers) and 1 otherwise: the embedded
   * database lives inside the one process.
   */
  workers: number;
  /** GET /metrics answers only with `Authorization: Bearer <this>`; null means /metrics is a 404. */
  metricsToken: string | null;
}

/** `points` hits per `seconds`; past that, 429 until the window has room again. */
export interface RateLimitRule {
  points: number;
  seconds: number;
}

/** Each rule's setting is RATE_LIMIT_<NAME> written as `points/seconds`; see RATE_LIMIT_DEFAULTS. */
export interface RateLimitRules {
  /** Sign-ups per client address. */
  signup: RateLimitRule;
  /** Failed sign-ins per account and client address together. */
  signin: RateLimitRule;
  /** Failed sign-ins per account, from any address: rotating addresses does not help a guesser. */
  signinAccount: RateLimitRule;
  /** Failed sign-ins per client address, over any accounts. */
  signinAddress: RateLimitRule;
  /** E-mail and link invites per account. */
  invites: RateLimitRule;
  /** Group and share chat messages per account. */
  messages: RateLimitRule;
  /** Location writes per account (group and share): well above a tracker's one every few seconds, bursts allowed. */
  locations: RateLimitRule;
  /** Shares started per account. */
  shares: RateLimitRule;
  /** Points a tracker app delivers per tracker: room for a backlog queued offline, arriving back to back. */
  trackerPoints: RateLimitRule;
}

export const RATE_LIMIT_DEFAULTS: RateLimitRules = {
  signup: { points: 10, seconds: 3600 },
  signin: { points: SIGNIN_MAX_FAILURES, seconds: SIGNIN_FAILURE_WINDOW_MS / 1000 },
  signinAccount: { points: 20, seconds: 900 },
  signinAddress: { points: 100, seconds: 900 },
  invites: { points: 30, seconds: 3600 },
  messages: { points: 30, seconds: 60 },
  locations: { points: 20, seconds: 5 },
  shares: { points: 10, seconds: 3600 },
  trackerPoints: { points: 600, seconds: 60 },
};

/** RATE_LIMIT_SIGNIN_ACCOUNT for signinAccount, and so on. */
export const rateLimitSetting = (name: string) => `RATE_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join("\n  ")}`);
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

/** The built frontend, found from this file whether it runs from src/ or dist/. */
const DEFAULT_STATIC_DIR = fileURLToPath(new URL("../../frontend/dist", import.meta.url));
/** The frontend's page-drawing module (frontend/build/prerender.ts: SERVER_OUT_DIR, SERVER_RENDER_FILE). */
const DEFAULT_PAGE_RENDERER = fileURLToPath(new URL("../../frontend/dist-server/server-render.js", import.meta.url));

/** The vector basemap's file name inside DATA_DIR when BASEMAP_FILE is unset. */
export const DEFAULT_BASEMAP_FILE = "basemap.pmtiles";

/** node:cluster workers at most; more than the cores only adds switching. */
const MAX_WORKERS = 64;

/**
 * WORKERS=auto: one worker per core, less one when PostgreSQL runs on this machine (a loopback host, or a socket
 * directory), whose share of the location writes is about a core's worth: on a 2-core machine serving its own
 * PostgreSQL, one worker wrote more locations than two (a quarter to a third more when each write is by another
 * member), while two served more group reads (decision 17).
 */
export function autoWorkers(databaseUrl: string | null, cores = os.availableParallelism()): number {
  return Math.max(1, cores - (databaseUrl && databaseOnThisMachine(databaseUrl) ? 1 : 0));
}

function databaseOnThisMachine(databaseUrl: string): boolean {
  const url = new URL(databaseUrl);
  const host = url.searchParams.get("host") ?? url.hostname.replace(/^\[|\]$/g, "");
  const loopback = host === "localhost" || host === "::1" || (net.isIPv4(host) && host.startsWith("127."));
  return host === "" || host.startsWith("/") || loopback;
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export function loadConfig(env: Env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const str = (name: string): string | null => {
    const v = env[name]?.trim();
    return v ? v : null;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = str(name);
    if (raw === null) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = str(name);
    if (raw === null) return null;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) throw new Error();
      return raw;
    } catch {
      problems.push(`${name} must be a ${protocols.join(" or ")} URL (got "${raw}")`);
      return null;
    }
  };

  const port = int("PORT", 5000, 0, 65535);
  const dataDir = path.resolve(cwd, str("DATA_DIR") ?? "data");
  const publicUrlRaw = url("PUBLIC_URL", ["http:", "https:"]) ?? `http://localhost:${port}`;
  const publicUrl = new URL(publicUrlRaw).origin;

  const logLevelRaw = str("LOG_LEVEL") ?? "info";
  const logLevel = (LOG_LEVELS as readonly string[]).includes(logLevelRaw)
    ? (logLevelRaw as Config["logLevel"])
    : (problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got "${logLevelRaw}")`), "info");

  const s3Names = ["S3_ENDPOINT", "S3_ACCESS_KEY", "S3_SECRET_KEY", "S3_BUCKET"] as const;
  const s3Set = s3Names.filter((n) => str(n) !== null);
  let s3: Config["s3"] = null;
  if (s3Set.length > 0 && s3Set.length < s3Names.length) {
    problems.push(`${s3Names.filter((n) => str(n) === null).join(", ")} must be set together with ${s3Set.join(", ")}`);
  } else if (s3Set.length === s3Names.length) {
    url("S3_ENDPOINT", ["http:", "https:"]);
    s3 = {
      endPoint: str("S3_ENDPOINT")!,
      accessKey: str("S3_ACCESS_KEY")!,
      secretKey: str("S3_SECRET_KEY")!,
      bucket: str("S3_BUCKET")!,
    };
  }

  const oauth: Config["oauth"] = {};
  for (const provider of ["google", "microsoft", "yahoo"] as const) {
    const P = provider.toUpperCase();
    const clientId = str(`${P}_CLIENT_ID`);
    const clientSecret = str(`${P}_CLIENT_SECRET`);
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) {
      problems.push(`${P}_CLIENT_ID and ${P}_CLIENT_SECRET must be set together`);
      continue;
    }
    const endpoint = (suffix: string) => url(`${P}_${suffix}`, ["http:", "https:"]) ?? undefined;
    oauth[provider] = {
      clientId,
      clientSecret,
      authorizeUrl: endpoint("AUTHORIZE_URL"),
      accessUrl: endpoint("ACCESS_URL"),
      profileUrl: endpoint("PROFILE_URL"),
    };
  }

  const redisPrefix = (): string => {
    const raw = str("REDIS_PREFIX") ?? "caravan";
    if (/^[A-Za-z0-9_.:-]{1,64}$/.test(raw)) return raw;
    problems.push(`REDIS_PREFIX must be 1 to 64 letters, digits, '_', '.', ':' or '-' (got "${raw}")`);
    return "caravan";
  };

  const dataEncryptionKey = str("DATA_ENCRYPTION_KEY");
  if (dataEncryptionKey !== null && decodeKey(dataEncryptionKey) === null) {
    problems.push("DATA_ENCRYPTION_KEY must be 32 bytes written as 64 hex digits or base64");
  }
  const dataEncryptionKeysPrevious = (str("DATA_ENCRYPTION_KEY_PREVIOUS") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (dataEncryptionKeysPrevious.length > 0 && dataEncryptionKey === null) {
    problems.push(
      "DATA_ENCRYPTION_KEY_PREVIOUS needs DATA_ENCRYPTION_KEY: it lists the keys DATA_ENCRYPTION_KEY replaced",
    );
  }
  if (dataEncryptionKeysPrevious.some((k) => decodeKey(k) === null)) {
    problems.push("every key in DATA_ENCRYPTION_KEY_PREVIOUS must be 32 bytes written as 64 hex digits or base64");
  }
  const sessionSecret = str("SESSION_SECRET");
  if (sessionSecret !== null && sessionSecret.length < 32) {
    problems.push("SESSION_SECRET must be at least 32 characters");
  }
  const sessionSecretsPrevious = (str("SESSION_SECRET_PREVIOUS") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (sessionSecretsPrevious.length > 0 && sessionSecret === null) {
    problems.push("SESSION_SECRET_PREVIOUS needs SESSION_SECRET: it lists the secrets SESSION_SECRET replaced");
  }
  if (sessionSecretsPrevious.some((s) => s.length < 32)) {
    problems.push("every secret in SESSION_SECRET_PREVIOUS must be at least 32 characters");
  }
  const metricsToken = str("METRICS_TOKEN");
  if (metricsToken !== null && metricsToken.length < 16) {
    problems.push("METRICS_TOKEN must be at least 16 characters");
  }
  const nodeName = str("NODE_NAME") ?? `${os.hostname()}:${port}`;
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(nodeName)) {
    problems.push(`NODE_NAME must be 1 to 64 letters, digits, '_', '.', ':' or '-' (got "${nodeName}")`);
  }

  const databaseUrl = url("DATABASE_URL", ["postgres:", "postgresql:"]);
  const redisUrl = url("REDIS_URL", ["redis:", "rediss:"]);
  const workers = (): number => {
    const raw = str("WORKERS")?.toLowerCase() ?? (databaseUrl && redisUrl ? "auto" : "1");
    const n = raw === "auto" ? autoWorkers(databaseUrl) : Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS) {
      problems.push(`WORKERS must be auto or a whole number from 1 to ${MAX_WORKERS} (got "${raw}")`);
      return 1;
    }
    if (n === 1) return 1;
    if (!databaseUrl) {
      // "auto" without DATABASE_URL is one process, as documented; a number above 1 is a mistake worth naming.
      if (raw === "auto") return 1;
      problems.push("WORKERS above 1 needs DATABASE_URL: the embedded database runs inside one process");
    } else if (!redisUrl) {
      if (raw === "auto") return 1;
      problems.push("WORKERS above 1 needs REDIS_URL: workers share events, revocations and rate limits through Redis");
    }
    return n;
  };

  const proxyHops = (): number => {
    const raw = str("TRUST_PROXY")?.toLowerCase() ?? "false";
    if (["0", "false", "no"].includes(raw)) return 0;
    if (["true", "yes"].includes(raw)) return 1;
    const n = Number(raw);
    if (Number.isInteger(n) && n >= 1 && n <= 10) return n;
    problems.push(`TRUST_PROXY must be false, true (one proxy) or the number of proxies from 1 to 10 (got "${raw}")`);
    return 0;
  };
  const hops = proxyHops();
  if (publicUrl.startsWith("https:") && hops === 0) {
    problems.push(
      "PUBLIC_URL is https but TRUST_PROXY is not set: Caravan serves plain HTTP, so a TLS proxy must be in front; " +
        "set TRUST_PROXY=true (or the number of proxies) so secure session cookies work, or use an http PUBLIC_URL",
    );
  }

  const rateLimits = (): RateLimitRules | null => {
    const raw = str("RATE_LIMITS")?.toLowerCase() ?? "on";
    if (raw === "off") return null;
    if (raw !== "on") problems.push(`RATE_LIMITS must be on or off (got "${raw}")`);
    const rules = { ...RATE_LIMIT_DEFAULTS };
    for (const name of Object.keys(rules) as Array<keyof RateLimitRules>) {
      const setting = rateLimitSetting(name);
      const value = str(setting);
      if (value === null) continue;
      const m = /^(\d{1,9})\/(\d{1,9})$/.exec(value);
      if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
        problems.push(`${setting} must be written as hits/seconds, e.g. 10/60 (got "${value}")`);
        continue;
      }
      rules[name] = { points: Number(m[1]), seconds: Number(m[2]) };
    }
    return rules;
  };

  const config: Config = {
    port,
    dataDir,
    publicUrl,
    logLevel,
    databaseUrl,
    redisUrl,
    redisPrefix: redisPrefix(),
    s3,
    smtpUrl: url("SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: str("MAIL_FROM") ?? `Caravan <no-reply@${new URL(publicUrl).hostname}>`,
    googleMapsApiKey: str("GOOGLE_MAPS_API_KEY"),
    tileUrl: str("TILE_URL"),
    basemapFile: path.resolve(dataDir, str("BASEMAP_FILE") ?? DEFAULT_BASEMAP_FILE),
    oauth,
    sessionSecret,
    sessionSecretsPrevious,
    dataEncryptionKey,
    dataEncryptionKeysPrevious,
    sessionMaxAgeMs: int("SESSION_MAX_AGE_DAYS", 30, 1, 365) * 86_400_000,
    inviteTtlDays: int("INVITE_TTL_DAYS", 7, 1, 365),
    shareRetentionHours: int("SHARE_RETENTION_HOURS", 24, 0, 24 * 365),
    trustProxy: hops > 0,
    proxyHops: hops,
    rateLimits: rateLimits(),
    hashConcurrency: int("HASH_CONCURRENCY", 2, 1, 64),
    hashCost: { memoryMib: int("HASH_MEMORY_MIB", 64, 1, 4096), passes: int("HASH_PASSES", 3, 1, 16) },
    staticDir: str("STATIC_DIR") ? path.resolve(cwd, str("STATIC_DIR")!) : DEFAULT_STATIC_DIR,
    pageRenderer:
      str("PAGE_RENDERER") === "off"
        ? null
        : str("PAGE_RENDERER")
          ? path.resolve(cwd, str("PAGE_RENDERER")!)
          : DEFAULT_PAGE_RENDERER,
    nodeName,
    metricsToken,
    workers: workers(),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** A 32-byte key from 64 hex digits or base64; null when it is neither. */
export function decodeKey(raw: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, "hex");
  const b = Buffer.from(raw, "base64");
  return b.length === 32 ? b : null;
}
