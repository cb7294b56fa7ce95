import Router from "@koa/router";
import type { Middleware } from "koa";
import { VALIDATION } from "@caravan/common";
import { unauthorized } from "../../http/errors.js";
import type { AppContext, AppRouter, AppState } from "../../http/context.js";
import { currentUser, parseId, requireUser } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { CreateSharedTripDto, SharedTripLocationDto, SharedTripMessageDto } from "./shared-trips.dto.js";

/** As requireUser, with the text the shared page shows to a signed-out watcher. */
const requireSignInToChat: Middleware<AppState> = async (ctx, next) => {
  if (!(await currentUser(ctx as AppContext))) throw unauthorized(VALIDATION.loginToSendMessages);
  await next();
};

/**
 * The sharer's calls need an account; the token calls are public, because the link is the credential. A link holder
 * learns only what the presenters whitelist.
 */
export function sharedTripsRoutes(): AppRouter {
  const router = new Router<AppState>();

  router.post("/api/shared-trips", requireUser, async (ctx) => {
    const dto = await validateBody(CreateSharedTripDto, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.services.sharedTrips.create(ctx.state.user, dto.durationHours);
  });

  router.get("/api/shared-trips", requireUser, async (ctx) => {
    ctx.body = await ctx.services.sharedTrips.listMine(ctx.state.user.id);
  });

  router.post("/api/shared-trips/:id/stop", requireUser, async (ctx) => {
    ctx.body = await ctx.services.sharedTrips.stop(parseId(ctx.params.id), ctx.state.user);
  });

  router.get("/api/shared-trips/:token", async (ctx) => {
    ctx.body = await ctx.services.sharedTrips.info(ctx.params.token!);
  });

  router.get("/api/shared-trips/:token/locations", async (ctx) => {
    ctx.body = await ctx.services.sharedTrips.locations(ctx.params.token!);
  });

  router.get("/api/shared-trips/:token/messages", async (ctx) => {
    ctx.body = await ctx.services.sharedTrips.messages(ctx.params.token!);
  });

  router.post("/api/shared-trips/:token/locations", requireUser, async (ctx) => {
    const dto = await validateBody(SharedTripLocationDto, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.services.sharedTrips.postLocation(ctx.params.token!, ctx.state.user, dto);
  });

  router.post("/api/shared-trips/:token/messages", requireSignInToChat, async (ctx) => {
    const dto = await validateBody(SharedTripMessageDto, ctx.request.body);
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
