import coBody from "co-body";
import type { Context, Middleware } from "koa";
import { LRUCache } from "lru-cache";
import type { Config } from "../../config.js";
import type { AppContext, AppState } from "../../http/context.js";
import { badRequest } from "../../http/errors.js";
import { idOf } from "../../http/guards.js";
import { inspect } from "../../http/input-guard.js";
import { fromAnotherSite } from "../../http/security.js";
import { SESSION_COOKIE, type SessionStore } from "../../http/session-store.js";
import { LOCATION_READ_ROUTE, LOCATION_WRITE_ROUTE, readLocations, writeLocation } from "./locations.routes.js";

/** The body parser's settings (`JSON_BODY` in app.ts), which the lane parses with too (co-body is @koa/bodyparser's parser). */
export interface BodyLimits {
  jsonLimit: string;
  encoding: "utf-8";
}

const LOCATIONS_PATH = /^\/api\/groups\/([^/]+)\/locations$/;
/** Cookie headers remembered with their session id, in characters at most, and one header at most. */
const CHECKED_HEADERS_CHARS = 4_000_000;
const CHECKED_HEADER_MAX_CHARS = 1_024;

/**
 * The location calls, taken before the session, body-parser and router middlewares: every traveller's device posts
 * its position every few seconds, a member whose socket is down reads the group's every few seconds, and the layers
 * around either call cost more than a third of its CPU (docs/decisions/0016-hot-path.md). The lane takes the common
 * case only: a GET or a POST to exactly `/api/groups/{id}/locations` with no query string, by a signed session
 * cookie whose session koa-session would use as it is (not due for renewal); a POST also with a JSON body sent as
 * it is, not from another site. A read then ends in the route's own handler (`readLocations`); a write is parsed as
 * @koa/bodyparser parses it, refused where inputGuard refuses it, and ends in its route's handler
 * (`writeLocation`). Both run under the same error, header, compression, log and metrics middlewares, which sit in
 * front of the lane.
 *
 * Anything else goes on, untouched and with its body unread, to the regular middlewares and the route, which answer
 * it as before: a signed-out caller, a session to renew, a cross-site call, another content type, a HEAD.
 */
export function locationLane(
  sessions: SessionStore,
  config: Pick<Config, "publicUrl" | "sessionMaxAgeMs">,
  body: BodyLimits,
): Middleware<AppState> {
  const checked: CheckedHeaders = new LRUCache({
    maxSize: CHECKED_HEADERS_CHARS,
    maxEntrySize: CHECKED_HEADER_MAX_CHARS,
    sizeCalculation: (_sid, header) => header.length,
  });
  return async (ctx, next) => {
    const reading = ctx.method === "GET";
    if (!reading && ctx.method !== "POST") return next();
    const groupId = ctx.querystring === "" ? groupIdOf(ctx.path) : null;
    if (groupId === null || (!reading && (!sentAsJson(ctx) || fromAnotherSite(ctx, config)))) return next();
    const sid = sessionIdOf(ctx, checked);
    const userId = sid ? await sessions.settledUser(sid, config.sessionMaxAgeMs) : null;
    if (!userId) return next();

    ctx.state.userId = userId;
    // The route's pattern, for the access log and the metrics, as the router would have set it.
    (ctx as { _matchedRoute?: string })._matchedRoute = reading ? LOCATION_READ_ROUTE : LOCATION_WRITE_ROUTE;
    if (reading) {
      await ctx.services.access.member(userId, groupId);
      ctx.state.member = { userId, groupId };
      await readLocations(ctx as AppContext);
      return;
    }
    ctx.request.body = await coBody.json(ctx, { limit: body.jsonLimit, encoding: body.encoding, strict: true });
    const problem = inspect(ctx.request.body);
    if (problem) throw badRequest(problem);
    ctx.state.member = { userId, groupId };
    await writeLocation(ctx as AppContext);
  };
}

type CheckedHeaders = LRUCache<string, string>;

/**
 * The session id in a signed session cookie, as `ctx.cookies.get` gives it, remembered by the whole Cookie header:
 * a device sends the same header with every post, and finding the cookie in it and checking its signature (even with
 * the digests CookieKeys remembers) was about 3 % of a write. The keys do not change while the process runs, so a
 * header once checked names the same session for good; whether that session still holds is asked every time. Only
 * a cookie signed with the current key is remembered: for one signed with an older key, `ctx.cookies.get` signs it
 * again in the answer, and does so for each request that still carries it.
 */
function sessionIdOf(ctx: Context, checked: CheckedHeaders): string | undefined {
  const header = ctx.req.headers.cookie;
  if (!header) return undefined;
  const known = checked.get(header);
  if (known !== undefined) return known;
  const sid = ctx.cookies.get(SESSION_COOKIE, { signed: true });
  if (sid && !ctx.res.hasHeader("Set-Cookie")) checked.set(header, sid);
  return sid;
}

function groupIdOf(path: string): number | null {
  const match = LOCATIONS_PATH.exec(path);
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
