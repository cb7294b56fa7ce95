import { randomUUID } from "node:crypto";
import type { Middleware } from "koa";
import { ERRORS } from "@caravan/common";
import type { Logger } from "../logger.js";
import { HttpError } from "./errors.js";

/**
 * Gives each request an id, logs it, and turns every thrown error into `{"message": ...}`.
 * Unknown errors are logged with the request id and answered 500 without details.
 */
export function errorMiddleware(log: Logger): Middleware {
  return async (ctx, next) => {
    const requestId = randomUUID();
    const started = performance.now();
    ctx.state.requestId = requestId;
    ctx.set("X-Request-Id", requestId);
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith("/api/")) {
        ctx.status = 404;
        ctx.body = { message: ERRORS.notFound };
      }
    } catch (err) {
      const known = toHttpError(err);
      if (known) {
        ctx.status = known.status;
        ctx.body = known.details?.errors
          ? { message: known.message, errors: known.details.errors }
          : { message: known.message };
        for (const [k, v] of Object.entries(known.details?.headers ?? {})) ctx.set(k, v);
      } else {
        log.error({ err, requestId, method: ctx.method, path: ctx.path }, "unhandled error");
        ctx.status = 500;
        ctx.body = { message: ERRORS.internal };
      }
    } finally {
      log.info(
        {
          requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    }
  };
}

/** HttpError as is; body-parser and koa errors that carry a 4xx status keep it. */
function toHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  const e = err as { status?: unknown; expose?: unknown; message?: unknown; type?: unknown };
  if (typeof e?.status === "number" && e.status >= 400 && e.status < 500) {
    if (e.status === 413) return new HttpError(413, ERRORS.payloadTooLarge);
    if (e.type === "entity.parse.failed") return new HttpError(400, "Request body is not valid JSON");
    return new HttpError(e.status, e.expose && typeof e.message === "string" ? e.message : "Bad request");
  }
  return null;
}
