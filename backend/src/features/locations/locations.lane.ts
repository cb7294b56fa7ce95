import coBody from "co-body";
import type { Middleware } from "koa";
import type { Config } from "../../config.js";
import type { AppContext, AppState } from "../../http/context.js";
import { badRequest } from "../../http/errors.js";
import { idOf } from "../../http/guards.js";
import { inspect } from "../../http/input-guard.js";
import { fromAnotherSite } from "../../http/security.js";
import { SESSION_COOKIE, settledSessionUser, type SessionStore } from "../../http/session-store.js";
import { LOCATION_WRITE_ROUTE, writeLocation } from "./locations.routes.js";

/** The body parser's settings (`JSON_BODY` in app.ts), which the lane parses with too (co-body is @koa/bodyparser's parser). */
export interface BodyLimits {
  jsonLimit: string;
  encoding: "utf-8";
}

const WRITE_PATH = /^\/api\/groups\/([^/]+)\/locations$/;

/**
 * The location write, taken before the session, body-parser and router middlewares: every traveller's device posts
 * its position every few seconds, and the layers around the write cost more than a third of its CPU
 * (docs/decisions/0016-hot-path.md). The lane takes the common case only: a POST to exactly
 * `/api/groups/{id}/locations` with no query string, a JSON body sent as it is, not from another site, with a
 * signed session cookie whose session koa-session would use as it is (not due for renewal). It then parses the body
 * as @koa/bodyparser does, refuses what inputGuard refuses, and ends in the route's own handler (`writeLocation`),
 * under the same error, header, compression, log and metrics middlewares, which sit in front of it.
 *
 * Anything else goes on, untouched and with its body unread, to the regular middlewares and the route, which answer
 * it as before: a signed-out caller, a session to renew, a cross-site call, another content type.
 */
export function locationWriteLane(
  sessions: SessionStore,
  config: Pick<Config, "publicUrl" | "sessionMaxAgeMs">,
  body: BodyLimits,
): Middleware<AppState> {
  return async (ctx, next) => {
    const groupId = ctx.method === "POST" && ctx.querystring === "" ? groupIdOf(ctx.path) : null;
    if (groupId === null || !sentAsJson(ctx) || fromAnotherSite(ctx, config)) return next();
    const sid = ctx.cookies.get(SESSION_COOKIE, { signed: true });
    const userId = sid ? settledSessionUser(await sessions.get(sid), config.sessionMaxAgeMs) : null;
    if (!userId) return next();

    ctx.state.userId = userId;
    // The route's pattern, for the access log and the metrics, as the router would have set it.
    (ctx as { _matchedRoute?: string })._matchedRoute = LOCATION_WRITE_ROUTE;
    ctx.request.body = await coBody.json(ctx, { limit: body.jsonLimit, encoding: body.encoding, strict: true });
    const problem = inspect(ctx.request.body);
    if (problem) throw badRequest(problem);
    ctx.state.member = { userId, groupId };
    await writeLocation(ctx as AppContext);
  };
}

function groupIdOf(path: string): number | null {
  const match = WRITE_PATH.exec(path);
  return match ? idOf(match[1]) : null;
}

/** `application/json` exactly (a charset may follow), not compressed: other bodies take the regular path. */
function sentAsJson(ctx: { get(field: string): string }): boolean {
  const type = ctx.get("Content-Type");
  const encoding = ctx.get("Content-Encoding");
  return (
    (encoding === "" || encoding === "identity") &&
    (type === "application/json" || /^application\/json;\s*charset=utf-8$/i.test(type))
  );
}
