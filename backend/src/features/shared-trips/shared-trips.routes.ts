import { randomBytes } from "node:crypto";
import Router from "@koa/router";
import type { Middleware } from "koa";
import { VALIDATION } from "@caravan/common";
import { unauthorized } from "../../http/errors.js";
import type { AppContext, AppRouter, AppState } from "../../http/context.js";
import { currentUser, ownShareAccess, requireUser } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { MessageDto } from "../messages/messages.dto.js";
import { CreateSharedTripDto, SharedTripLocationDto } from "./shared-trips.dto.js";
import { rateLimit } from "../../http/rate-limit.js";

/** As requireUser, with the text the shared page shows to a signed-out watcher. */
const requireSignInToChat: Middleware<AppState> = async (ctx, next) => {
  if (!(await currentUser(ctx as AppContext))) throw unauthorized(VALIDATION.loginToSendMessages);
  await next();
};

/** A random id per browser, only for counting who opened a share; sent back only to the share calls. */
const VIEWER_COOKIE = "caravan.viewer";
const VIEWER_ID = /^[A-Za-z0-9_-]{22}$/;
const YEAR_MS = 365 * 86_400_000;

function browserId(ctx: AppContext): string {
  const existing = ctx.cookies.get(VIEWER_COOKIE);
  if (existing && VIEWER_ID.test(existing)) return existing;
  const id = randomBytes(16).toString("base64url");
  ctx.cookies.set(VIEWER_COOKIE, id, {
    httpOnly: true,
    sameSite: "lax",
    path: "/api/shared-trips",
    maxAge: YEAR_MS,
    secure: ctx.services.config.publicUrl.startsWith("https:"),
    signed: false,
    overwrite: true,
  });
  return id;
}

/**
 * The sharer's calls need an account; the token calls are public, because the link is the credential. A link holder
 * learns only what the presenters whitelist.
 */
export function sharedTripsRoutes(): AppRouter {
  const router = new Router<AppState>();

  router.post("/api/shared-trips", requireUser, rateLimit("shares"), async (ctx) => {
    const dto = await validateBody(CreateSharedTripDto, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.services.sharedTrips.create(ctx.state.user, dto.durationHours, dto.destination ?? null);
  });

  router.get("/api/shared-trips", requireUser, async (ctx) => {
    ctx.body = await ctx.services.sharedTrips.listMine(ctx.state.user.id);
  });

  router.post("/api/shared-trips/:id/stop", requireUser, async (ctx) => {
    ctx.body = await ctx.services.sharedTrips.stop(await ownShareAccess(ctx as AppContext));
  });

  router.get("/api/shared-trips/:token", async (ctx) => {
    const viewer = await currentUser(ctx as AppContext);
    const info = await ctx.services.sharedTrips.info(ctx.params.token!, viewer?.id ?? null);
    if (info.isActive) {
      await ctx.services.sharedTrips.recordView(ctx.params.token!, browserId(ctx as AppContext), viewer?.id ?? null);
    }
    ctx.body = info;
  });

  router.get("/api/shared-trips/:id/trail.gpx", requireUser, async (ctx) => {
    const trip = await ownShareAccess(ctx as AppContext);
    ctx.body = await ctx.services.sharedTrips.trailGpx(trip);
    ctx.type = "application/gpx+xml; charset=utf-8";
    ctx.set("Content-Disposition", `attachment; filename="caravan-trail-${trip.id}.gpx"`);
    ctx.set("Cache-Control", "private, no-store");
  });

  router.get("/api/shared-trips/:token/locations", async (ctx) => {
    ctx.body = await ctx.services.sharedTrips.locations(ctx.params.token!);
  });

  router.get("/api/shared-trips/:token/messages", async (ctx) => {
    const reader = await currentUser(ctx as AppContext);
    ctx.body = await ctx.services.sharedTrips.messages(ctx.params.token!, reader?.id ?? null);
  });

  router.post("/api/shared-trips/:token/locations", requireUser, rateLimit("locations"), async (ctx) => {
    const dto = await validateBody(SharedTripLocationDto, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.services.sharedTrips.postLocation(ctx.params.token!, ctx.state.user, dto);
  });

  router.post("/api/shared-trips/:token/messages", requireSignInToChat, rateLimit("messages"), async (ctx) => {
    const dto = await validateBody(MessageDto, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.services.sharedTrips.postMessage(
      ctx.params.token!,
      ctx.state.user,
      dto.content,
      dto.messageType,
    );
  });

  return router;
}
