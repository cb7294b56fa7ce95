import { randomUUID } from "node:crypto";
import type { Middleware } from "koa";
import { ERRORS, fromEnglish } from "@caravan/common";
import type { Logger } from "../logger.js";
import { UNMATCHED_ROUTE, type Metrics } from "../observability/metrics.js";
import { AccessDenied } from "../access/errors.js";
import { fromDatabaseError, HttpError } from "./errors.js";
import { requestLocale } from "./locale.js";
import { isInsecureCookieError } from "./security.js";

/**
 * Gives each request an id, logs one access line for it, counts it in the metrics, and turns every thrown error
 * into `{"message": ...}`. Every response carries the id in X-Request-Id; server errors (5xx) also in the body as
 * `requestId`, so a user's report leads to the log line. Unknown errors are logged with the request id and
 * answered 500 without details. The access line's format is documented in docs/ops/logs.md.
 */
export function errorMiddleware(log: Logger, metrics?: Metrics): Middleware {
  // The access line's fields are fixed and hold nothing to redact (no cookie, no password): its logger skips the
  // redaction walk over every field, on every request. Errors keep it.
  const accessLog = log.child({}, { redact: [] });
  return async (ctx, next) => {
    const requestId = randomUUID();
    const started = performance.now();
    ctx.state.requestId = requestId;
    ctx.set("X-Request-Id", requestId);
    metrics?.httpInFlight.inc();
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith("/api/")) {
        ctx.status = 404;
        ctx.body = { message: fromEnglish(ERRORS.notFound, requestLocale(ctx)) };
      }
    } catch (err) {
      const known = toHttpError(err);
      if (known) {
        ctx.status = known.status;
        // Messages are English where they are made; each goes out in the reader's language.
        const locale = requestLocale(ctx);
        const message = fromEnglish(known.message, locale);
        const errors = known.details?.errors;
        ctx.body = errors
          ? {
              message,
              errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, fromEnglish(v, locale)])),
            }
          : { message };
        if (known.status >= 500) (ctx.body as Record<string, unknown>).requestId = requestId;
        for (const [k, v] of Object.entries(known.details?.headers ?? {})) ctx.set(k, v);
      } else {
        const path = (ctx as { _matchedRoute?: string })._matchedRoute ?? ctx.path;
        log.error({ err, requestId, method: ctx.method, path }, "unhandled error");
        ctx.status = 500;
        ctx.body = { message: fromEnglish(ERRORS.internal, requestLocale(ctx)), requestId };
      }
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const route = (ctx as { _matchedRoute?: string })._matchedRoute;
      metrics?.httpInFlight.dec();
      metrics?.httpDuration.observe(
        { method: ctx.method, route: route ?? UNMATCHED_ROUTE, status: String(ctx.status) },
        seconds,
      );
      accessLog.info(
        {
          requestId,
          method: ctx.method,
          // The route's pattern when one matched: invite and share tokens in paths are credentials, not log lines.
          path: route ?? ctx.path,
          route: route ?? null,
          status: ctx.status,
          ms: Math.round(seconds * 1000),
          // The account, never its e-mail; null for visitors.
          userId: readUserId(ctx),
        },
        "request",
      );
    }
  };
}

/** The signed-in caller's id as the session middleware found it (or the guard loaded it); null for visitors. */
function readUserId(ctx: { state: { user?: { id?: unknown }; userId?: string | null } }): string | null {
  const fromGuard = ctx.state.user?.id;
  if (typeof fromGuard === "string") return fromGuard;
  return ctx.state.userId ?? null;
}

/** HttpError as is; a refused access decision as 404 or 403; body-parser and koa errors that carry a 4xx status keep it. */
function toHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof AccessDenied) return new HttpError(err.reason === "notFound" ? 404 : 403, err.message);
  // secureTransport refuses these requests before any cookie is set; this answers the same for any it did not see.
  if (isInsecureCookieError(err)) return new HttpError(403, ERRORS.notOverHttps);
  const fromDb = fromDatabaseError(err);
  if (fromDb) return fromDb;
  const e = err as { status?: unknown; expose?: unknown; message?: unknown; type?: unknown };
  if (typeof e?.status === "number" && e.status >= 400 && e.status < 500) {
    if (e.status === 413) return new HttpError(413, ERRORS.payloadTooLarge);
    if (e.type === "entity.parse.failed") return new HttpError(400, "Request body is not valid JSON");
    return new HttpError(e.status, e.expose && typeof e.message === "string" ? e.message : "Bad request");
  }
  return null;
}
