import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

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
  ])("names the bad setting in %j", (env, name) => {
    expect(problems(env).join("\n")).toContain(name);
  });

  it("reports every bad setting at once", () => {
    expect(problems({ PORT: "x", LOG_LEVEL: "y" })).toHaveLength(2);
  });

  it("reads production settings", () => {
    const c = loadConfig(
      {
        PORT: "8080",
        PUBLIC_URL: "https://trips.example.org/",
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
});
