import Router from "@koa/router";
import type { AppContext, AppRouter, AppState } from "../../http/context.js";
import { badRequest } from "../../http/errors.js";
import { parseId, requireMember, requireUser } from "../../http/guards.js";
import { inspect } from "../../http/input-guard.js";
import { validateBody } from "../../http/validate.js";
import { ERRORS } from "@caravan/common";
import { readLimitedBody } from "../../http/read-body.js";
import { CreateTrackerDto, TrackerSharingDto } from "./trackers.dto.js";
import {
  basicPassword,
  isTraccarJson,
  osmAndToken,
  parseOsmAnd,
  parseOwnTracks,
  parseTraccarJson,
} from "./trackers.ingest.js";

/**
 * The owner's calls need an account. The ingest calls are made by the apps: the token is their only credential,
 * and their paths and answers are fixed by the apps' documented settings. An ingest call's token is checked before
 * its point is read: without a working token a request is answered 401, and none of its values reaches a parser.
 */
export function trackersRoutes(): AppRouter {
  const router = new Router<AppState>();

  router.post("/api/trackers", requireUser, async (ctx) => {
    const dto = await validateBody(CreateTrackerDto, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.services.trackers.create(ctx.state.user, dto.name);
  });

  router.get("/api/trackers", requireUser, async (ctx) => {
    ctx.body = await ctx.services.trackers.list(ctx.state.user.id);
  });

  router.delete("/api/trackers/:id", requireUser, async (ctx) => {
    await ctx.services.trackers.remove(ctx.state.user.id, parseId(ctx.params.id));
    ctx.status = 204;
  });

  router.get("/api/groups/:id/tracker-sharing", requireMember(), async (ctx) => {
    ctx.body = await ctx.services.trackers.sharing(ctx.state.groupAccess!.group.id, ctx.state.user.id);
  });

  router.put("/api/groups/:id/tracker-sharing", requireMember(), async (ctx) => {
    const dto = await validateBody(TrackerSharingDto, ctx.request.body);
    ctx.body = await ctx.services.trackers.setSharing(ctx.state.groupAccess!.group.id, ctx.state.user.id, dto.enabled);
  });

  // OwnTracks queues and retries a point forever on any non-2xx, so every well-formed point is answered 200 `[]`
  // (past the rate limit it keeps the point and sends it again after Retry-After).
  router.post("/api/ingest/owntracks", async (ctx) => {
    const tracker = await trackerOf(ctx, basicPassword(ctx.get("Authorization")));
    const point = parseOwnTracks(ctx.request.body);
    if (point) await ctx.services.trackers.ingest(tracker, point);
    ctx.body = [];
  });

  const osmand = async (ctx: AppContext) => {
    const fields = await osmandFields(ctx);
    const tracker = await trackerOf(ctx, osmAndToken(fields));
    const point = isTraccarJson(fields) ? parseTraccarJson(fields) : parseOsmAnd(fields);
    await ctx.services.trackers.ingest(tracker, point);
    ctx.status = 200;
    ctx.body = "";
  };
  router.get("/api/ingest/osmand", osmand);
  router.post("/api/ingest/osmand", osmand);

  return router;
}

/** The tracker a token names (401 otherwise), once its points are within their limit (429 otherwise). */
async function trackerOf(ctx: AppContext, token: string | null) {
  const tracker = await ctx.services.trackers.byToken(token);
  await ctx.services.rateLimits.consume("trackerPoints", `tracker:${tracker.id}`);
  return tracker;
}

/** The same ceiling as JSON bodies (app.ts): a form of a dozen numbers is far below it. */
const FORM_BODY_LIMIT_BYTES = 100 * 1024;

/**
 * Query string, form body or Traccar Client's JSON body, merged (the body wins). The input guard has checked the
 * query string and a JSON body; a form body is read only here, so its values get the same check here.
 */
async function osmandFields(ctx: AppContext): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = { ...ctx.query };
  if (ctx.method !== "POST") return fields;
  if (ctx.is("application/x-www-form-urlencoded")) {
    const raw = await readLimitedBody(ctx.req, FORM_BODY_LIMIT_BYTES, ERRORS.payloadTooLarge);
    const form = Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
    const problem = inspect(form);
    if (problem) throw badRequest(problem);
    Object.assign(fields, form);
  } else if (ctx.request.body && typeof ctx.request.body === "object" && !Array.isArray(ctx.request.body)) {
    Object.assign(fields, ctx.request.body);
  }
  return fields;
}
