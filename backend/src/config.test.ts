import os from "node:os";
import { describe, expect, it } from "vitest";
import { autoWorkers, ConfigError, loadConfig, RATE_LIMIT_DEFAULTS } from "./config.js";

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env, "/srv/caravan");
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe("loadConfig", () => {
  it("has working defaults with no settings at all", () => {
    const c = loadConfig({}, "/srv/caravan");
    expect(c.port).toBe(5000);
    expect(c.dataDir).toBe("/srv/caravan/data");
    expect(c.publicUrl).toBe("http://localhost:5000");
    expect(c.databaseUrl).toBeNull();
    expect(c.redisUrl).toBeNull();
    expect(c.s3).toBeNull();
    expect(c.oauth).toEqual({});
    expect(c.inviteTtlDays).toBe(7);
    expect(c.shareRetentionHours).toBe(24);
    expect(c.basemapFile).toBe("/srv/caravan/data/basemap.pmtiles");
  });

  it("reads BASEMAP_FILE relative to DATA_DIR, or as an absolute path", () => {
    expect(loadConfig({ DATA_DIR: "/var/lib/caravan", BASEMAP_FILE: "alps.pmtiles" }, "/srv").basemapFile).toBe(
      "/var/lib/caravan/alps.pmtiles",
    );
    expect(loadConfig({ BASEMAP_FILE: "/maps/europe.pmtiles" }, "/srv").basemapFile).toBe("/maps/europe.pmtiles");
    expect(loadConfig({ DATA_DIR: "state" }, "/srv").basemapFile).toBe("/srv/state/basemap.pmtiles");
  });

  it.each([
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ REDIS_URL: "localhost:6379" }, "REDIS_URL"],
    [{ PUBLIC_URL: "example.com" }, "PUBLIC_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ S3_ENDPOINT: "http://minio:9000" }, "S3_ACCESS_KEY"],
    [{ GOOGLE_CLIENT_ID: "id" }, "GOOGLE_CLIENT_SECRET"],
    [{ DATA_ENCRYPTION_KEY: "short" }, "DATA_ENCRYPTION_KEY"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "-1" }, "TRUST_PROXY"],
    [{ RATE_LIMITS: "sometimes" }, "RATE_LIMITS"],
    [{ RATE_LIMIT_SIGNUP: "10" }, "RATE_LIMIT_SIGNUP"],
    [{ RATE_LIMIT_SIGNIN_ACCOUNT: "0/60" }, "RATE_LIMIT_SIGNIN_ACCOUNT"],
    [{ HASH_CONCURRENCY: "0" }, "HASH_CONCURRENCY"],
    [{ HASH_MEMORY_MIB: "0" }, "HASH_MEMORY_MIB"],
    [{ HASH_PASSES: "many" }, "HASH_PASSES"],
    [{ SESSION_SECRET_PREVIOUS: "p".repeat(40) }, "SESSION_SECRET_PREVIOUS"],
    [{ SESSION_SECRET: "s".repeat(40), SESSION_SECRET_PREVIOUS: "short" }, "SESSION_SECRET_PREVIOUS"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN"],
    [{ DATA_ENCRYPTION_KEY_PREVIOUS: "11".repeat(32) }, "DATA_ENCRYPTION_KEY_PREVIOUS"],
    [{ DATA_ENCRYPTION_KEY: "11".repeat(32), DATA_ENCRYPTION_KEY_PREVIOUS: "short" }, "DATA_ENCRYPTION_KEY_PREVIOUS"],
    [{ NODE_NAME: "node one" }, "NODE_NAME"],
  ])("names the bad setting in %j", (env, name) => {
    expect(problems(env).join("\n")).toContain(name);
  });

  it("refuses an https PUBLIC_URL without TRUST_PROXY, naming both settings", () => {
    const [problem] = problems({ PUBLIC_URL: "https://trips.example.org" });
    expect(problem).toContain("PUBLIC_URL");
    expect(problem).toContain("TRUST_PROXY");
    expect(problems({ PUBLIC_URL: "https://trips.example.org", TRUST_PROXY: "1" })).toEqual([]);
  });

  it("trusts exactly the number of proxies given", () => {
    expect(loadConfig({}, "/srv").proxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "true" }, "/srv").proxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }, "/srv").proxyHops).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "false" }, "/srv").trustProxy).toBe(false);
  });

  it("reads each rate limit, and RATE_LIMITS=off switches them all off", () => {
    expect(loadConfig({}, "/srv").rateLimits).toEqual(RATE_LIMIT_DEFAULTS);
    const c = loadConfig({ RATE_LIMIT_SIGNIN_ACCOUNT: "7/60", RATE_LIMIT_LOCATIONS: "50/10" }, "/srv");
    expect(c.rateLimits?.signinAccount).toEqual({ points: 7, seconds: 60 });
    expect(c.rateLimits?.locations).toEqual({ points: 50, seconds: 10 });
    expect(loadConfig({ RATE_LIMITS: "off" }, "/srv").rateLimits).toBeNull();
  });

  it("reports every bad setting at once", () => {
    expect(problems({ PORT: "x", LOG_LEVEL: "y" })).toHaveLength(2);
  });

  it("reads production settings", () => {
    const c = loadConfig(
      {
        PORT: "8080",
        PUBLIC_URL: "https://trips.example.org/",
        TRUST_PROXY: "true",
        DATABASE_URL: "postgres://u:p@db:5432/caravan",
        REDIS_URL: "redis://cache:6379",
        S3_ENDPOINT: "http://minio:9000",
        S3_ACCESS_KEY: "a",
        S3_SECRET_KEY: "b",
        S3_BUCKET: "covers",
        GOOGLE_CLIENT_ID: "gid",
        GOOGLE_CLIENT_SECRET: "gsecret",
        DATA_ENCRYPTION_KEY: "ab".repeat(32),
      },
      "/srv",
    );
    expect(c.publicUrl).toBe("https://trips.example.org");
    expect(c.s3).toEqual({ endPoint: "http://minio:9000", accessKey: "a", secretKey: "b", bucket: "covers" });
    expect(Object.keys(c.oauth)).toEqual(["google"]);
  });

  it("reads earlier session secrets as a comma-separated list that only verifies, and none by default", () => {
    expect(loadConfig({}, "/srv").sessionSecretsPrevious).toEqual([]);
    const c = loadConfig(
      { SESSION_SECRET: "n".repeat(40), SESSION_SECRET_PREVIOUS: ` ${"a".repeat(40)} , ${"b".repeat(32)},` },
      "/srv",
    );
    expect(c.sessionSecret).toBe("n".repeat(40));
    expect(c.sessionSecretsPrevious).toEqual(["a".repeat(40), "b".repeat(32)]);
  });

  it("leaves a core to PostgreSQL when it runs on this machine", () => {
    for (const local of [
      "postgres://postgres@127.0.0.1:5432/caravan",
      "postgres://localhost/caravan",
      "postgresql://[::1]:5432/caravan",
      "postgres:///caravan?host=/var/run/postgresql",
      "postgres://db.internal/caravan?host=/run/postgresql",
    ]) {
      expect(autoWorkers(local, 8)).toBe(7);
      expect(autoWorkers(local, 2)).toBe(1);
      expect(autoWorkers(local, 1)).toBe(1);
    }
    for (const remote of [
      "postgres://db.internal/caravan",
      "postgres://10.0.0.5:5432/caravan",
      "postgres://[fd00::5]/c",
    ])
      expect(autoWorkers(remote, 8)).toBe(8);
  });

  it("runs one worker per core on PostgreSQL with Redis, and one process otherwise", () => {
    const pg = "postgres://db/caravan";
    const redis = "redis://cache:6379";
    expect(loadConfig({}, "/srv").workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: pg }, "/srv").workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: pg, REDIS_URL: redis }, "/srv").workers).toBe(os.availableParallelism());
    expect(loadConfig({ DATABASE_URL: pg, REDIS_URL: redis, WORKERS: "3" }, "/srv").workers).toBe(3);
    expect(loadConfig({ DATABASE_URL: pg, REDIS_URL: redis, WORKERS: "1" }, "/srv").workers).toBe(1);
    expect(loadConfig({ WORKERS: "auto" }, "/srv").workers).toBe(1);
    const local = "postgres://postgres@127.0.0.1:5432/caravan";
    expect(loadConfig({ DATABASE_URL: local, REDIS_URL: redis }, "/srv").workers).toBe(
      Math.max(1, os.availableParallelism() - 1),
    );
    expect(problems({ WORKERS: "2" })).toEqual([
      "WORKERS above 1 needs DATABASE_URL: the embedded database runs inside one process",
    ]);
    expect(problems({ WORKERS: "2", DATABASE_URL: pg })).toEqual([
      "WORKERS above 1 needs REDIS_URL: workers share events, revocations and rate limits through Redis",
    ]);
    expect(problems({ WORKERS: "0", DATABASE_URL: pg, REDIS_URL: redis })).toEqual([
      'WORKERS must be auto or a whole number from 1 to 64 (got "0")',
    ]);
  });

  it("names the node host:port unless NODE_NAME says otherwise, and has no metrics token by default", () => {
    const c = loadConfig({ PORT: "5002" }, "/srv");
    expect(c.nodeName).toMatch(/:5002$/);
    expect(c.metricsToken).toBeNull();
    expect(loadConfig({ NODE_NAME: "eu-1.b", METRICS_TOKEN: "t".repeat(16) }, "/srv")).toMatchObject({
      nodeName: "eu-1.b",
      metricsToken: "t".repeat(16),
    });
  });
});
