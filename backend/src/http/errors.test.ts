import Koa from "koa";
import type { AddressInfo } from "node:net";
import { QueryFailedError } from "typeorm";
import { describe, expect, it } from "vitest";
import { ERRORS } from "@caravan/common";
import { createLogger } from "../logger.js";
import { errorMiddleware } from "./error-middleware.js";
import { fromDatabaseError, PG, RETRY_AFTER_SECONDS } from "./errors.js";

/** What TypeORM throws when PostgreSQL refuses a statement: the driver's error, with its SQLSTATE, inside. */
const queryFailed = (code: string) =>
  new QueryFailedError("UPDATE x", [], Object.assign(new Error("refused"), { code }));

describe("a transaction that lost a deadlock or a serialization conflict", () => {
  it.each([
    ["deadlock", "40P01"],
    ["serialization failure", "40001"],
  ])("%s is a 503 with Retry-After, from TypeORM's error or the driver's", (_, code) => {
    for (const err of [queryFailed(code), Object.assign(new Error("raw"), { code })]) {
      const answer = fromDatabaseError(err);
      expect(answer?.status).toBe(503);
      expect(answer?.message).toBe(ERRORS.unavailable);
      expect(answer?.details?.headers).toEqual({ "Retry-After": String(RETRY_AFTER_SECONDS) });
    }
  });

  it("reaches the client as 503 with Retry-After and the message, not as a 500", async () => {
    const app = new Koa();
    app.use(errorMiddleware(createLogger("silent")));
    app.use(() => {
      throw queryFailed("40P01");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/anything`);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
      expect(await res.json()).toEqual({ message: ERRORS.unavailable, requestId: expect.any(String) });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("other refusals keep their answers", () => {
    expect(fromDatabaseError(queryFailed(PG.uniqueViolation))?.status).toBe(409);
    expect(fromDatabaseError(queryFailed("42P01"))).toBeNull();
  });
});
