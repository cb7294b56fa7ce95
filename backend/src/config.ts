/**
 * Settings, parsed and validated once. Nothing else in the backend reads process.env.
 * Every setting has an embedded default that really works; .env.example mirrors this file.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OAuthProvider } from "@caravan/common";

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** Overrides of the provider's endpoints, for self-hosted identity providers. */
  authorizeUrl?: string;
  accessUrl?: string;
  profileUrl?: string;
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
  oauth: Partial<Record<OAuthProvider, OAuthClientConfig>>;
  /** Unset means a secret generated once into DATA_DIR (mode 0600). */
  sessionSecret: string | null;
  /** 32 bytes, base64 or hex; unset means a key generated once into DATA_DIR (mode 0600). */
  dataEncryptionKey: string | null;
  sessionMaxAgeMs: number;
  inviteTtlDays: number;
  shareRetentionHours: number;
  /** Trust X-Forwarded-* from the reverse proxy in front (nginx). */
  trustProxy: boolean;
  /** Where the built frontend is served from. */
  staticDir: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join("\n  ")}`);
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

/** The built frontend, found from this file whether it runs from src/ or dist/. */
const DEFAULT_STATIC_DIR = fileURLToPath(new URL("../../frontend/dist", import.meta.url));

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
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = str(name)?.toLowerCase();
    if (raw === undefined || raw === null) return fallback;
    if (["1", "true", "yes"].includes(raw)) return true;
    if (["0", "false", "no"].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
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
  const sessionSecret = str("SESSION_SECRET");
  if (sessionSecret !== null && sessionSecret.length < 32) {
    problems.push("SESSION_SECRET must be at least 32 characters");
  }

  const config: Config = {
    port,
    dataDir,
    publicUrl,
    logLevel,
    databaseUrl: url("DATABASE_URL", ["postgres:", "postgresql:"]),
    redisUrl: url("REDIS_URL", ["redis:", "rediss:"]),
    redisPrefix: redisPrefix(),
    s3,
    smtpUrl: url("SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: str("MAIL_FROM") ?? `Caravan <no-reply@${new URL(publicUrl).hostname}>`,
    googleMapsApiKey: str("GOOGLE_MAPS_API_KEY"),
    tileUrl: str("TILE_URL"),
    oauth,
    sessionSecret,
    dataEncryptionKey,
    sessionMaxAgeMs: int("SESSION_MAX_AGE_DAYS", 30, 1, 365) * 86_400_000,
    inviteTtlDays: int("INVITE_TTL_DAYS", 7, 1, 365),
    shareRetentionHours: int("SHARE_RETENTION_HOURS", 24, 0, 24 * 365),
    trustProxy: bool("TRUST_PROXY", false),
    staticDir: str("STATIC_DIR") ? path.resolve(cwd, str("STATIC_DIR")!) : DEFAULT_STATIC_DIR,
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
