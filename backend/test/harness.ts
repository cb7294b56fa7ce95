/**
 * Boots the real app for a test file: an ephemeral port, a fresh database (in-memory embedded PostgreSQL, or a new
 * database on TEST_DATABASE_URL's server), real sessions, real argon2. Tests talk to it over HTTP like a browser.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { inject } from "vitest";
import { loadConfig, type Config } from "../src/config.js";
import type { DatabaseTarget } from "../src/db/data-source.js";
import { createLogger } from "../src/logger.js";
import { startServer, type RunningServer } from "../src/server.js";
import { createDatabase } from "./databases.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database directory to copy (global-setup.ts), or "" on PostgreSQL. */
    embeddedDatabaseTemplate: string;
    /** The name of a migrated database on TEST_DATABASE_URL's server to copy (global-setup.ts), or "". */
    postgresTemplate: string;
  }
}

export interface TestApp extends RunningServer {
  config: Config;
  client(): TestClient;
}

export const TEST_ENV = {
  PORT: "0",
  LOG_LEVEL: "silent",
  SESSION_SECRET: "test-session-secret-that-is-long-enough-0123456789",
  DATA_ENCRYPTION_KEY: "11".repeat(32),
  // Tests make many calls from one address; the rate-limit suite turns limits on with RATE_LIMITS: "on".
  RATE_LIMITS: "off",
  // The least argon2id cost: tests sign up and in thousands of times, and the default cost (64 MiB, 3 passes) is a
  // quarter of a second of CPU each. password-hasher.test.ts hashes at the default cost.
  HASH_MEMORY_MIB: "1",
  HASH_PASSES: "1",
};

/**
 * A fresh database for this test: a new one on the PostgreSQL server when TEST_DATABASE_URL is set, empty, or
 * with `migrated` a copy of the run's migrated template (global-setup.ts).
 */
export async function freshDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ target: DatabaseTarget | "memory"; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { target: "memory", drop: async () => {} };
  const template = options.migrated ? inject("postgresTemplate") || undefined : undefined;
  const db = await createDatabase(adminUrl, "caravan_t", template);
  return { target: { url: db.url }, drop: db.drop };
}

/** Every line an app logs, parsed: give it to startTestApp as `log` (with a LOG_LEVEL that writes them). */
export class LogLines extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    for (const line of chunk.toString().split("\n")) if (line.trim()) this.lines.push(JSON.parse(line));
    done();
  }
}

export async function startTestApp(
  env: Record<string, string> = {},
  options: { log?: LogLines } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-test-"));
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...env });
  const db = await freshDatabase({ migrated: true });
  // On the embedded database, the app starts from a copy of the run's migrated database (global-setup.ts), kept in
  // its DATA_DIR as `npm start` keeps it; on PostgreSQL, from a copy of the run's migrated template database.
  const template = db.target === "memory" ? inject("embeddedDatabaseTemplate") : "";
  if (template) fs.cpSync(template, path.join(dataDir, "db"), { recursive: true });
  const database = template ? undefined : db.target;
  const log = options.log ? createLogger(config.logLevel, config.nodeName, options.log) : createLogger(config.logLevel);
  const running = await startServer({ config, log, database });
  return {
    ...running,
    config,
    client: () => new TestClient(running.url),
    async close() {
      await running.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like client: keeps its cookies, sends JSON. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request<T = any>(
    method: string,
    urlPath: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: "manual" };
    const h = init.headers as Record<string, string>;
    if (this.cookies.size) h.cookie = this.cookieHeader;
    if (body !== undefined) {
      h["content-type"] ??= "application/json";
      init.body = typeof body === "string" ? body : JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + urlPath, init);
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get("content-type")?.includes("json")) parsed = text ? JSON.parse(text) : null;
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(p: string, headers?: Record<string, string>) => this.request<T>("GET", p, undefined, headers);
  post = <T = any>(p: string, body?: unknown, headers?: Record<string, string>) =>
    this.request<T>("POST", p, body ?? {}, headers);
  put = <T = any>(p: string, body?: unknown) => this.request<T>("PUT", p, body ?? {});
  patch = <T = any>(p: string, body?: unknown) => this.request<T>("PATCH", p, body ?? {});
  delete = <T = any>(p: string) => this.request<T>("DELETE", p);
}

let userSeq = 0;

export interface BuiltUser {
  client: TestClient;
  user: { id: string; email: string; firstName: string; lastName: string };
  password: string;
}

/** Signs a new user up and in through the API; returns their signed-in client. */
export async function buildUser(
  app: TestApp,
  overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
): Promise<BuiltUser> {
  userSeq += 1;
  const password = overrides.password ?? "Travel2026";
  const payload = {
    firstName: overrides.firstName ?? `Tess${userSeq}`,
    lastName: overrides.lastName ?? "Traveller",
    email: overrides.email ?? `user${userSeq}-${randomBytes(3).toString("hex")}@example.com`,
    password,
    confirmPassword: password,
  };
  const client = app.client();
  const signup = await client.post("/api/auth/signup", payload);
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const signin = await client.post("/api/auth/signin", { email: payload.email, password });
  if (signin.status !== 200) throw new Error(`signin failed: ${signin.status} ${JSON.stringify(signin.body)}`);
  return { client, user: signin.body, password };
}
