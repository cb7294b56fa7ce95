import Router from "@koa/router";
import type { AppState } from "../../http/context.js";
import { requireMembership } from "../../http/guards.js";
import { callerKey } from "../../http/rate-limit.js";
import { validateBody } from "../../http/validate.js";
import { LocationUpdateDto } from "./locations.dto.js";

export function locationsRoutes() {
  const router = new Router<AppState>();

  // Read every few seconds by a member whose socket is down: answered from the cached group read (location-reads.ts).
  router.get("/api/groups/:id/locations", requireMembership(), async (ctx) => {
    ctx.type = "application/json";
    ctx.body = await ctx.services.locations.listJson(ctx.state.member!.groupId);
  });

  // Every traveller's device posts here every few seconds. The write admits members only (location-writes.ts), so
  // the membership is asked only when it fails.
  router.post(
    "/api/groups/:groupId/locations",
    requireMembership("groupId", { checkedByTheCall: true }),
    async (ctx) => {
      await ctx.services.rateLimits.consume("locations", callerKey(ctx));
      const { groupId, userId } = ctx.state.member!;
      const body: unknown = ctx.request.body;
      ctx.body = await ctx.services.access.asMember(userId, groupId, async () =>
        ctx.services.locations.update(groupId, userId, await validateBody(LocationUpdateDto, body)),
      );
    },
  );

  router.delete("/api/groups/:groupId/locations/me", requireMembership("groupId"), async (ctx) => {
    const { groupId, userId } = ctx.state.member!;
    await ctx.services.locations.stopSharing(groupId, userId);
    ctx.status = 204;
  });

  return router;
}
