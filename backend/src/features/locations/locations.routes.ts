import Router from "@koa/router";
import type { AppContext, AppState } from "../../http/context.js";
import { requireMembership } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { LocationUpdateDto, plainLocationUpdate } from "./locations.dto.js";
import { callerKey } from "../../http/rate-limit.js";

/** The location write's route: every traveller's device posts here every few seconds. */
export const LOCATION_WRITE_ROUTE = "/api/groups/:groupId/locations";
/** The group's locations, read every few seconds by a member whose socket is down. */
export const LOCATION_READ_ROUTE = "/api/groups/:id/locations";

export function locationsRoutes() {
  const router = new Router<AppState>();

  router.get(LOCATION_READ_ROUTE, requireMembership(), readLocations);

  // The write admits members only (location-writes.ts), so the membership is asked only when it fails.
  router.post(LOCATION_WRITE_ROUTE, requireMembership("groupId", { checkedByTheCall: true }), writeLocation);

  router.delete("/api/groups/:groupId/locations/me", requireMembership("groupId"), async (ctx) => {
    const { groupId, userId } = ctx.state.member!;
    await ctx.services.locations.stopSharing(groupId, userId);
    ctx.status = 204;
  });

  return router;
}

/** The group's locations once the member (ctx.state.member) is known: the route above and the lane both end here. */
export async function readLocations(ctx: AppContext): Promise<void> {
  ctx.type = "application/json";
  ctx.body = await ctx.services.locations.listJson(ctx.state.member!.groupId);
}

/**
 * The location write once the member (ctx.state.member) and the parsed body are known: its rate limit, the body's
 * validation and the write. The route above and the lane in front of the app (locations.lane.ts) both end here.
 */
export async function writeLocation(ctx: AppContext): Promise<void> {
  await ctx.services.rateLimits.consume("locations", callerKey(ctx));
  const { groupId, userId } = ctx.state.member!;
  const body: unknown = ctx.request.body;
  ctx.body = await ctx.services.access.asMember(userId, groupId, async () =>
    ctx.services.locations.update(
      groupId,
      userId,
      plainLocationUpdate(body) ?? (await validateBody(LocationUpdateDto, body)),
    ),
  );
}
